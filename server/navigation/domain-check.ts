/** The domain-availability check (spec §2 check 2, §7 checkDomain). */

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

export function hostnameOf(origin: string): string | null {
  try {
    return new URL(origin).hostname.toLowerCase().replace(/^\[(.*)\]$/, "$1");
  } catch {
    return null;
  }
}

/** True when the origin's host is listed; `*.example.com` allows every subdomain of example.com. */
export function isDomainAllowed(origin: string | null, allowedDomains: readonly string[]): boolean {
  if (!origin) return false;
  const host = hostnameOf(origin);
  if (!host) return false;
  return allowedDomains.some((entry) => {
    const allowed = entry.toLowerCase().replace(/^\[(.*)\]$/, "$1");
    if (allowed.startsWith("*.")) return host.endsWith(allowed.slice(1));
    return host === allowed;
  });
}
