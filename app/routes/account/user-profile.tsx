import { PlannedPage } from "~/components/planned-page";

export const meta = () => [{ title: "Your profile · Atelier" }];

export default function UserProfilePage() {
  return <PlannedPage title="Your profile" summary="Your name, avatar, email, password, sign-in methods, sessions and token balance." />;
}
