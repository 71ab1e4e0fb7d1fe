import { PlannedPage } from "~/components/planned-page";

export const meta = () => [{ title: "Choose a new password · Atelier" }];

export default function NewPasswordPage() {
  return <PlannedPage title="Choose a new password" summary="Set a new password for your account." />;
}
