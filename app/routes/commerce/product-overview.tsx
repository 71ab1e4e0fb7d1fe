import { PlannedPage } from "~/components/planned-page";

export const meta = () => [{ title: "Your cart · Atelier" }];

export default function ProductOverviewPage() {
  return <PlannedPage title="Your cart" summary="Review what you are buying, apply a discount code and see the total." />;
}
