/**
 * OAuth and OpenID Connect sign-in (spec §1): Google, Facebook, X and a generic OpenID Connect
 * provider, each offered only when configured (server/config.ts, `oauth`).
 *
 * The flow: the login page opens a popup on /api/oauth/start, which asks Better Auth for the
 * provider's authorisation URL (Better Auth keeps the state, PKCE verifier and where to go
 * afterwards) and redirects there with Better Auth's state cookie. The provider comes back to
 * Better Auth's callback, which signs the person in and redirects to /oauth/popup-complete; that
 * page tells the login page and closes. Without a popup the same flow runs in the tab.
 */
import type { BetterAuthOptions, BetterAuthPlugin } from "better-auth";
import { APIError } from "better-auth/api";
import { genericOAuth } from "better-auth/plugins";
import { safeRedirectPath } from "../../app/lib/redirect-target";
import { type Config, getConfig } from "../config";
import { logger } from "../logger";
// Circular on purpose and safe: each module only calls the other's functions at request time.
import { getAuth } from "./auth";

export type SignInProviderId = "google" | "facebook" | "twitter" | "oidc";

export interface SignInProvider {
  id: SignInProviderId;
  /** The name people know the provider by; buttons read "Continue with {label}". */
  label: string;
}

type OAuthConfig = Config["oauth"];

/** The page that ends a sign-in in a popup (and shows OAuth errors): app/routes/account/oauth-popup-complete.tsx. */
export const OAUTH_COMPLETE_PATH = "/oauth/popup-complete";

/** The generic provider's id in Better Auth: its callback is /api/auth/oauth2/callback/oidc. */
const OIDC_PROVIDER_ID = "oidc";

/** Better Auth's socialProviders option, from configuration. */
export function socialProvidersFromConfig(
  oauth: OAuthConfig = getConfig().oauth,
): NonNullable<BetterAuthOptions["socialProviders"]> {
  const { google, facebook, twitter } = oauth;
  return {
    ...(google ? { google: { clientId: google.clientId, clientSecret: google.clientSecret } } : {}),
    ...(facebook ? { facebook: { clientId: facebook.clientId, clientSecret: facebook.clientSecret } } : {}),
    ...(twitter ? { twitter: { clientId: twitter.clientId, clientSecret: twitter.clientSecret } } : {}),
  };
}

/** The OpenID provider's discovery document, from its issuer URL. */
export function oidcDiscoveryUrl(issuer: string): string {
  return `${issuer.replace(/\/+$/, "")}/.well-known/openid-configuration`;
}

/**
 * Better Auth sends OAuth errors it cannot attribute to a sign-in (the generic provider's
 * "access denied", a lost state cookie) to one error address; by default that is its own bare
 * HTML page, which would leave a popup stranded. Send them to the page that reports back.
 */
function oauthErrorPage(): BetterAuthPlugin {
  return {
    id: "atelier-oauth-error-page",
    init: () => ({ options: { onAPIError: { errorURL: OAUTH_COMPLETE_PATH } } }),
  };
}

type OAuthPlugin = ReturnType<typeof genericOAuth> | ReturnType<typeof oauthErrorPage>;

/** Plugins for providers Better Auth reaches through generic OAuth (the OpenID Connect one). */
export function oauthPlugins(oauth: OAuthConfig = getConfig().oauth): OAuthPlugin[] {
  const plugins: OAuthPlugin[] = [];
  if (oauth.oidc) {
    plugins.push(
      genericOAuth({
        config: [
          {
            providerId: OIDC_PROVIDER_ID,
            discoveryUrl: oidcDiscoveryUrl(oauth.oidc.issuer),
            clientId: oauth.oidc.clientId,
            clientSecret: oauth.oidc.clientSecret,
            scopes: ["openid", "email", "profile"],
            pkce: true,
          },
        ],
      }),
    );
  }
  if (listSignInProviders(oauth).length > 0) plugins.push(oauthErrorPage());
  return plugins;
}

/** The buttons the login page shows, in the order it shows them. */
export function listSignInProviders(oauth: OAuthConfig = getConfig().oauth): SignInProvider[] {
  const providers: SignInProvider[] = [];
  if (oauth.google) providers.push({ id: "google", label: "Google" });
  if (oauth.facebook) providers.push({ id: "facebook", label: "Facebook" });
  if (oauth.twitter) providers.push({ id: "twitter", label: "X" });
  if (oauth.oidc) providers.push({ id: "oidc", label: oauth.oidc.name });
  return providers;
}

export interface OAuthStart {
  /** The provider's id, as the login page sends it (unchecked). */
  provider: string | null;
  /** Ends on /oauth/popup-complete, which reports to the opener; otherwise on redirectTo. */
  popup: boolean;
  /** A same-site path (made safe by the caller; checked again here). */
  redirectTo: string;
}

/** Where the provider's sign-in ends, and where its errors go. */
export function oauthCallbackUrls(input: { provider: string; popup: boolean; redirectTo: string }) {
  const redirectTo = safeRedirectPath(input.redirectTo, "/");
  const complete = `${OAUTH_COMPLETE_PATH}?${new URLSearchParams({
    provider: input.provider,
    redirectTo,
    ...(input.popup ? { popup: "1" } : {}),
  })}`;
  return { callbackURL: input.popup ? complete : redirectTo, errorCallbackURL: complete };
}

/**
 * Starts a sign-in with a provider: a redirect to its authorisation page, carrying Better Auth's
 * state cookie. An unknown or failing provider redirects to the error page instead.
 */
export async function startOAuthSignIn(request: Request, input: OAuthStart): Promise<Response> {
  const provider = listSignInProviders().find((p) => p.id === input.provider);
  const { callbackURL, errorCallbackURL } = oauthCallbackUrls({
    provider: provider?.id ?? "",
    popup: input.popup,
    redirectTo: input.redirectTo,
  });
  const redirectTo = (location: string, headers = new Headers()) => {
    const response = new Response(null, { status: 302, headers: { Location: location, "Cache-Control": "no-store" } });
    for (const cookie of headers.getSetCookie()) response.headers.append("Set-Cookie", cookie);
    return response;
  };
  const withError = (code: string) => `${errorCallbackURL}&${new URLSearchParams({ error: code })}`;
  if (!provider) return redirectTo(withError("provider_unavailable"));

  try {
    const auth = getAuth();
    const body = { callbackURL, errorCallbackURL, disableRedirect: true };
    const { headers, response } =
      provider.id === "oidc"
        ? await auth.api.signInWithOAuth2({
            body: { ...body, providerId: OIDC_PROVIDER_ID },
            headers: request.headers,
            returnHeaders: true,
          })
        : await auth.api.signInSocial({
            body: { ...body, provider: provider.id },
            headers: request.headers,
            returnHeaders: true,
          });
    if (!response.url) throw new Error(`no authorisation URL from ${provider.id}`);
    return redirectTo(response.url, headers);
  } catch (error) {
    // A provider that is down or misconfigured (discovery failed…): say so instead of a 500.
    logger.warn(
      { err: error instanceof APIError ? error.message : error, provider: provider.id },
      "could not start an OAuth sign-in",
    );
    return redirectTo(withError("provider_unreachable"));
  }
}
