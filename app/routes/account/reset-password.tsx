import { PlannedPage } from "~/components/planned-page";

export const meta = () => [{ title: "Reset your password · Atelier" }];

export default function ResetPasswordPage() {
  return <PlannedPage title="Reset your password" summary="Ask for a link to choose a new password." />;
}
