import { PlannedPage } from "~/components/planned-page";

export const meta = () => [{ title: "Enter your code · Atelier" }];

export default function EnterOtpPage() {
  return <PlannedPage title="Enter your code" summary="Type the 6-digit code from the email we sent you." />;
}
