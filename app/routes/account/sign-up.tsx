import { PlannedPage } from "~/components/planned-page";

export const meta = () => [{ title: "Create your account · Atelier" }];

export default function SignUpPage() {
  return <PlannedPage title="Create your account" summary="Join Atelier to generate artwork, keep your history and share with the community." />;
}
