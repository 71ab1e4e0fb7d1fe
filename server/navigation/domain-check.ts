/** The domain-availability check (spec §2 check 2, §7 checkDomain). */
import { isDomainAllowed } from "../http/hosts";

export { hostnameOf, isDomainAllowed } from "../http/hosts";

/**
 * The origin a request claims: its Origin header, else the Host it was sent to.
 * Browsers omit Origin on same-origin GETs, so Host is the usual answer for page loads.
 */
export function originOfRequest(request: Request): string | null {
  const origin = request.headers.get("origin");
  if (origin && origin !== "null") return origin;
  const host = request.headers.get("host");
  if (!host) return null;
  return `${new URL(request.url).protocol}//${host}`;
}

/**
 * Where to send a visitor back to after a trip elsewhere (a payment page): the origin they are on
 * when this deployment serves it, else PUBLIC_URL's. Cookies belong to a host, so coming back on
 * another one (localhost after 127.0.0.1) would look like being signed out.
 */
export function returnOriginOf(request: Request, allowedDomains: readonly string[], publicUrl: string): string {
  const own = new URL(request.url).origin;
  return isDomainAllowed(own, allowedDomains) ? own : new URL(publicUrl).origin;
}

/**
 * Where a first visit on another of this deployment's hosts belongs when PUBLIC_URL names the
 * canonical one: the same page there (302: a later deployment may name another). Null to stay:
 * no canonical origin, already on its host (hosts compare, not schemes: behind a TLS proxy the
 * app may see http), not a page load (a form post, a client navigation's data request), or a
 * visitor who is signed in here — moving them would sign them out, mid-payment included.
 */
export function canonicalLocation(request: Request, canonicalOrigin: string | null): string | null {
  if (!canonicalOrigin || (request.method !== "GET" && request.method !== "HEAD")) return null;
  const url = new URL(request.url);
  const canonical = new URL(canonicalOrigin);
  if (url.host.toLowerCase() === canonical.host.toLowerCase()) return null;
  if (url.pathname.endsWith(".data")) return null;
  if (request.headers.get("cookie")?.includes("session_token=")) return null;
  return `${canonical.origin}${url.pathname}${url.search}`;
}
