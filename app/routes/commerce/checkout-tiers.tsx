import { PlannedPage } from "~/components/planned-page";

export const meta = () => [{ title: "Choose your tier · Atelier" }];

export default function CheckoutTiersPage() {
  return <PlannedPage title="Choose your tier" summary="Pick a tier and a quantity; tokens and price update as you choose." />;
}
