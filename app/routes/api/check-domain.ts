import { getConfig } from "@server/config";
import { loadSiteSettings } from "@server/content/site-settings";
import { getDb } from "@server/db/client";
import { json } from "@server/http/api";
import { isDomainAllowed, originOfRequest } from "@server/navigation/domain-check";
import type { Route } from "./+types/check-domain";

/** GET /api/check-domain → {success}: is the request's Origin one this deployment serves (spec §7)? */
export async function loader({ request }: Route.LoaderArgs) {
  const { allowedDomains } = await loadSiteSettings(getDb(), getConfig());
  const success = isDomainAllowed(originOfRequest(request), allowedDomains);
  return json({ success }, { headers: { Vary: "Origin, Host" } });
}
