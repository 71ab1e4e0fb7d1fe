import { redirectAdminFromLoginArea } from "@server/auth/guards";
import { PlannedPage } from "~/components/planned-page";
import type { Route } from "./+types/login";

/** A signed-in admin opening the login area goes to the dashboard (spec §2, §6). */
export async function loader({ request }: Route.LoaderArgs) {
  await redirectAdminFromLoginArea(request);
  return null;
}

export const meta = () => [{ title: "Sign in · Atelier" }];

export default function LoginPage() {
  return <PlannedPage title="Sign in" summary="Sign in with your email and password, an email link, or Google, Facebook, X or your organisation's account." />;
}
