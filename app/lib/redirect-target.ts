/**
 * The one check for every address a visitor or an admin gives us to send someone to (ADR 0028):
 * `redirectTo` on the sign-in pages and the OAuth round trip, and the targets of route rules.
 * Zod-free and DOM-free, so the browser can use it too (the OAuth buttons) without weighing on
 * public pages.
 *
 * The rule: parse with `new URL(value, origin)` — as a browser will — and keep the address only
 * when it stays on that origin; hand back the *parsed* path (pathname + search + hash), never the
 * raw text, so what we checked is what the browser follows. A path whose parsed form would start
 * with `//` (a host to a browser), or that holds a backslash or a control character, is refused
 * rather than repaired. Only an admin's route rule may leave the site, and only for an http(s)
 * address on the external redirect allow-list (EXTERNAL_REDIRECT_HOSTS, or what admins saved).
 */

/** Stands in for the site's origin when the caller has none to give: only paths pass then. */
export const PLACEHOLDER_ORIGIN = "http://atelier.invalid";

/** Longer addresses are refused outright (no legitimate path of ours comes close). */
export const REDIRECT_TARGET_MAX_LENGTH = 2000;

export type RedirectRefusal =
  /** Not a string, empty, or longer than REDIRECT_TARGET_MAX_LENGTH. */
  | "empty"
  | "too-long"
  /** A tab, line break, NUL or other control character, raw or percent-encoded in the path. */
  | "control-character"
  /** `\`, which browsers read as `/` (`/\host` is `//host`). */
  | "backslash"
  /** Neither a path starting with `/` nor an http(s) address (`javascript:`, `data:`, `evil.example`…). */
  | "not-a-path"
  | "scheme"
  /** Would be read as another host: `//host`, `/.//host`, `/x/..//host`, `/%2F/host`… */
  | "protocol-relative"
  | "malformed"
  /** An absolute address on another origin, where only this site's paths are accepted. */
  | "other-origin"
  /** An external address with `user:password@`. */
  | "credentials"
  /** A well-formed external http(s) address whose host is not on the allow-list. */
  | "host-not-allowed";

export type RedirectTarget =
  /** `location` is a path of this site: pathname + search + hash, starting with a single `/`. */
  | { ok: true; external: false; location: string; url: URL }
  /** `location` is the parsed absolute address (an admin's rule to an allow-listed host). */
  | { ok: true; external: true; location: string; host: string; url: URL }
  | { ok: false; reason: RedirectRefusal; host?: string };

export interface RedirectTargetOptions {
  /** The site's origin (the request's, or `window.location.origin`). Default: PLACEHOLDER_ORIGIN. */
  origin?: string;
  /**
   * Admins' route rules only: hosts an absolute http(s) address may lead to (`docs.example.com`,
   * `*.example.com` for its subdomains). Without it, nothing outside the origin is accepted.
   */
  externalHosts?: readonly string[];
}

// C0 controls, DEL, C1 controls, and the Unicode line and paragraph separators.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is what this pattern is for
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

function decodedPath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname; // a stray `%`: the path is kept as it is, and checked as it is
  }
}

/** True when a host matches an allow-list entry: exactly, or as a subdomain of `*.suffix`. */
export function isHostAllowed(host: string, allowList: readonly string[]): boolean {
  const h = host.toLowerCase().replace(/^\[(.*)\]$/, "$1");
  return allowList.some((entry) => {
    const allowed = entry.toLowerCase().replace(/^\[(.*)\]$/, "$1");
    return allowed.startsWith("*.") ? h.endsWith(allowed.slice(1)) : h === allowed;
  });
}

/**
 * Checks an address someone wants to be sent to. See the module's comment for the rule; the
 * answer says why when it refuses, so a form can say so.
 */
export function checkRedirectTarget(value: unknown, options: RedirectTargetOptions = {}): RedirectTarget {
  if (typeof value !== "string" || value === "") return { ok: false, reason: "empty" };
  if (value.length > REDIRECT_TARGET_MAX_LENGTH) return { ok: false, reason: "too-long" };
  if (CONTROL.test(value)) return { ok: false, reason: "control-character" };
  if (value.includes("\\")) return { ok: false, reason: "backslash" };
  const absolute = /^[a-z][a-z0-9+.-]*:/i.test(value);
  if (!absolute && !value.startsWith("/")) return { ok: false, reason: "not-a-path" };
  if (value.startsWith("//")) return { ok: false, reason: "protocol-relative" };

  let site: URL;
  let url: URL;
  try {
    site = new URL(options.origin ?? PLACEHOLDER_ORIGIN);
    url = new URL(value, site.origin);
  } catch {
    return { ok: false, reason: "malformed" };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return { ok: false, reason: "scheme" };

  if (url.origin === site.origin) {
    if (url.username || url.password) return { ok: false, reason: "credentials" };
    const location = `${url.pathname}${url.search}${url.hash}`;
    // What a browser, or anything that decodes or folds the path once more, would make of it.
    const decoded = decodedPath(url.pathname);
    const folded = decoded.normalize("NFKC");
    if (!location.startsWith("/") || location.startsWith("//") || decoded.startsWith("//") || folded.startsWith("//")) {
      return { ok: false, reason: "protocol-relative" };
    }
    if (decoded.includes("\\") || folded.includes("\\")) return { ok: false, reason: "backslash" };
    if (CONTROL.test(decoded)) return { ok: false, reason: "control-character" };
    return { ok: true, external: false, location, url };
  }

  if (!options.externalHosts || !absolute) return { ok: false, reason: "other-origin" };
  if (url.username || url.password) return { ok: false, reason: "credentials", host: url.hostname };
  if (!url.hostname) return { ok: false, reason: "malformed" };
  if (!isHostAllowed(url.hostname, options.externalHosts))
    return { ok: false, reason: "host-not-allowed", host: url.hostname };
  return { ok: true, external: true, location: url.href, host: url.hostname, url };
}

/**
 * A visitor's `redirectTo`: the parsed path when it stays on the site, else `fallback`.
 * Never an absolute address, never `//…`.
 */
export function safeRedirectPath(value: unknown, fallback = "/", origin?: string): string {
  const target = checkRedirectTarget(value, origin ? { origin } : {});
  return target.ok && !target.external ? target.location : fallback;
}

/** The sentence a form shows beside a refused target. */
export function redirectRefusalMessage(reason: RedirectRefusal, host?: string): string {
  switch (reason) {
    case "empty":
      return "Enter a path starting with / or an http(s) address";
    case "too-long":
      return `Use at most ${REDIRECT_TARGET_MAX_LENGTH} characters`;
    case "control-character":
      return "Remove the tab, line break or other control character: browsers drop them, and the address would lead somewhere else";
    case "backslash":
      return "Remove the backslash: browsers read \\ as /, so /\\host would send visitors to another site";
    case "not-a-path":
    case "scheme":
      return "Must be a path starting with / or an http(s) address";
    case "protocol-relative":
      return "A path must start with a single / (once . and .. are worked out): //host would send visitors to another site";
    case "malformed":
      return "This is not a valid address";
    case "other-origin":
      return "Must be a path on this site";
    case "credentials":
      return "Remove the user name or password (user:password@) from the address";
    case "host-not-allowed":
      return `${host ?? "This host"} is not on the list of hosts route rules may send visitors to`;
  }
}
