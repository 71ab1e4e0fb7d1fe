/**
 * The origin for links in the emails a request sends (verification, sign-in, password reset,
 * email change, pre-registration): the address the person is on when it is one of this
 * deployment's allowed domains — cookies belong to a host, so a link to another one would open
 * signed out — else PUBLIC_URL's. Emails sent outside a request (jobs) use PUBLIC_URL.
 */
import { getConfig } from "../config";
import { loadSiteSettings } from "../content/site-settings";
import { getDb } from "../db/client";
import { requestScope } from "../http/request-context";
import { isDomainAllowed } from "./domain-check";

export async function linkOrigin(): Promise<string> {
  const config = getConfig();
  const asked = requestScope.getStore()?.origin;
  if (asked && URL.canParse(asked)) {
    const { allowedDomains } = await loadSiteSettings(getDb(), config);
    if (isDomainAllowed(asked, allowedDomains)) return new URL(asked).origin;
  }
  return new URL(config.publicUrl).origin;
}

/** An absolute link to one of our pages, on the origin above. */
export async function emailLink(path: string, params: Record<string, string> = {}): Promise<string> {
  const url = new URL(path, await linkOrigin());
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.toString();
}
