import { signOut } from "@server/auth/accounts";
import { redirect } from "react-router";
import type { Route } from "./+types/logout";

/** POST /logout: ends the session (spec §4); the browser clears its stored keys before posting. */
export async function action({ request }: Route.ActionArgs) {
  const headers = await signOut(request);
  return redirect("/", { headers });
}

export function loader() {
  return redirect("/");
}
