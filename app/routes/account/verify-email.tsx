import { PlannedPage } from "~/components/planned-page";

export const meta = () => [{ title: "Verify your email · Atelier" }];

export default function VerifyEmailPage() {
  return <PlannedPage title="Verify your email" summary="Confirm your email address with the link we sent you." />;
}
