import { PlannedPage } from "~/components/planned-page";

export const meta = () => [{ title: "Pricing plans · Atelier" }];

export default function PricingPlansPage() {
  return <PlannedPage title="Pricing plans" summary="Token packs in tiers, what each includes, and answers to common questions." />;
}
