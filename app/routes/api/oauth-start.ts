import { startOAuthSignIn } from "@server/auth/oauth";
import { jsonError } from "@server/http/api";
import { safeRedirectPath } from "~/lib/redirect-target";
import type { Route } from "./+types/oauth-start";

/**
 * GET /api/oauth/start?provider=google|facebook|twitter|oidc[&popup=1][&redirectTo=/path]:
 * a redirect to the provider's sign-in page, with Better Auth's state cookie. The login page
 * opens it in a popup (popup=1), or in the tab when popups are blocked.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return startOAuthSignIn(request, {
    provider: url.searchParams.get("provider"),
    popup: url.searchParams.get("popup") === "1",
    redirectTo: safeRedirectPath(url.searchParams.get("redirectTo"), "/", url.origin),
  });
}

export const action = () =>
  jsonError(405, "method_not_allowed", "Use GET for this address", { headers: { Allow: "GET" } });
