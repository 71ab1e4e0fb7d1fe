import { redirectAdminFromLoginArea } from "@server/auth/guards";
import { PlannedPage } from "~/components/planned-page";
import type { Route } from "./+types/sign-up";

/** A signed-in admin opening the login area goes to the dashboard (spec §2, §6). */
export async function loader({ request }: Route.LoaderArgs) {
  await redirectAdminFromLoginArea(request);
  return null;
}

export const meta = () => [{ title: "Create your account · Atelier" }];

export default function SignUpPage() {
  return <PlannedPage title="Create your account" summary="Join Atelier to generate artwork, keep your history and share with the community." />;
}
