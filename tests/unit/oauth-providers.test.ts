import { describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import {
  listSignInProviders,
  oauthCallbackUrls,
  oauthPlugins,
  oidcDiscoveryUrl,
  socialProvidersFromConfig,
} from "../../server/auth/oauth";

const oauthOf = (env: Record<string, string>) => loadConfig(env).oauth;

const ALL = {
  GOOGLE_CLIENT_ID: "g-id",
  GOOGLE_CLIENT_SECRET: "g-secret",
  FACEBOOK_CLIENT_ID: "f-id",
  FACEBOOK_CLIENT_SECRET: "f-secret",
  TWITTER_CLIENT_ID: "t-id",
  TWITTER_CLIENT_SECRET: "t-secret",
  OIDC_ISSUER: "https://id.example.com/",
  OIDC_CLIENT_ID: "o-id",
  OIDC_CLIENT_SECRET: "o-secret",
  OIDC_NAME: "Example SSO",
};

describe("OAuth providers from configuration", () => {
  it("offers nothing when nothing is configured", () => {
    const oauth = oauthOf({});
    expect(listSignInProviders(oauth)).toEqual([]);
    expect(socialProvidersFromConfig(oauth)).toEqual({});
    expect(oauthPlugins(oauth)).toEqual([]);
  });

  it("offers a provider only when both its id and its secret are set", () => {
    const oauth = oauthOf({
      GOOGLE_CLIENT_ID: "g-id",
      FACEBOOK_CLIENT_SECRET: "f-secret",
      OIDC_ISSUER: "https://id.example.com",
      OIDC_CLIENT_ID: "o-id",
    });
    expect(listSignInProviders(oauth)).toEqual([]);
    expect(socialProvidersFromConfig(oauth)).toEqual({});
  });

  it("lists every configured provider, in order, with the generic one under its own name", () => {
    const oauth = oauthOf(ALL);
    expect(listSignInProviders(oauth)).toEqual([
      { id: "google", label: "Google" },
      { id: "facebook", label: "Facebook" },
      { id: "twitter", label: "X" },
      { id: "oidc", label: "Example SSO" },
    ]);
    expect(socialProvidersFromConfig(oauth)).toEqual({
      google: { clientId: "g-id", clientSecret: "g-secret" },
      facebook: { clientId: "f-id", clientSecret: "f-secret" },
      twitter: { clientId: "t-id", clientSecret: "t-secret" },
    });
  });

  it("reaches the OpenID provider through generic OAuth, by discovery, with PKCE", () => {
    const plugins = oauthPlugins(oauthOf(ALL));
    expect(plugins.map((p) => p.id)).toEqual(["generic-oauth", "atelier-oauth-error-page"]);
    const generic = plugins[0] as { options?: { config: unknown[] } };
    expect(generic.options?.config).toEqual([
      expect.objectContaining({
        providerId: "oidc",
        discoveryUrl: "https://id.example.com/.well-known/openid-configuration",
        clientId: "o-id",
        clientSecret: "o-secret",
        scopes: ["openid", "email", "profile"],
        pkce: true,
      }),
    ]);
  });

  it("names the generic provider 'your organisation' unless OIDC_NAME says otherwise", () => {
    const { OIDC_NAME: _, ...rest } = ALL;
    expect(listSignInProviders(oauthOf(rest)).at(-1)).toEqual({ id: "oidc", label: "your organisation" });
  });

  it("social providers alone still get the error page, but no generic OAuth", () => {
    const plugins = oauthPlugins(oauthOf({ TWITTER_CLIENT_ID: "t", TWITTER_CLIENT_SECRET: "s" }));
    expect(plugins.map((p) => p.id)).toEqual(["atelier-oauth-error-page"]);
    expect(listSignInProviders(oauthOf({ TWITTER_CLIENT_ID: "t", TWITTER_CLIENT_SECRET: "s" }))).toEqual([
      { id: "twitter", label: "X" },
    ]);
  });
});

describe("OAuth callback addresses", () => {
  it("a popup ends on the page that reports to its opener; a tab ends on redirectTo", () => {
    expect(oauthCallbackUrls({ provider: "google", popup: true, redirectTo: "/community/main" })).toEqual({
      callbackURL: "/oauth/popup-complete?provider=google&redirectTo=%2Fcommunity%2Fmain&popup=1",
      errorCallbackURL: "/oauth/popup-complete?provider=google&redirectTo=%2Fcommunity%2Fmain&popup=1",
    });
    expect(oauthCallbackUrls({ provider: "oidc", popup: false, redirectTo: "/community/main" })).toEqual({
      callbackURL: "/community/main",
      errorCallbackURL: "/oauth/popup-complete?provider=oidc&redirectTo=%2Fcommunity%2Fmain",
    });
  });

  it("builds the discovery address from the issuer, with or without a trailing slash", () => {
    expect(oidcDiscoveryUrl("https://id.example.com")).toBe("https://id.example.com/.well-known/openid-configuration");
    expect(oidcDiscoveryUrl("https://id.example.com/realms/art/")).toBe(
      "https://id.example.com/realms/art/.well-known/openid-configuration",
    );
  });
});
