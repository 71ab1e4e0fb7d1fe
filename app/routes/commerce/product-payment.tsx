import { PlannedPage } from "~/components/planned-page";

export const meta = () => [{ title: "Payment · Atelier" }];

export default function ProductPaymentPage() {
  return <PlannedPage title="Payment" summary="Pay securely and receive your tokens straight away." />;
}
