/**
 * Host matching for the allowed-domains list: the HTTP shell's same-origin check and the
 * navigation's domain check (spec §2) answer the same question the same way.
 */

/** The lower-case host name of an origin (IPv6 without brackets); null when it is not a URL. */
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
