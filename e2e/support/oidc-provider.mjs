// A real OpenID Connect provider for the browser tests (oidc-provider, in memory), so the generic
// OAuth sign-in runs end to end: discovery, login and consent pages, code + PKCE, token, userinfo.
// Plain http on 127.0.0.1: test use only. Every login name signs in as the same person.
import Provider from "oidc-provider";

const port = Number(process.env.OIDC_TEST_PORT ?? 3299);
const appPort = Number(process.env.E2E_PORT ?? 3210);
const issuer = `http://127.0.0.1:${port}`;

const clientId = process.env.OIDC_CLIENT_ID ?? "atelier-e2e";
const clientSecret = process.env.OIDC_CLIENT_SECRET ?? "atelier-e2e-secret";
/** The person every login name signs in as (e2e/oauth.spec.ts expects these). */
const person = { email: "oidc-user@example.test", email_verified: true, name: "Olive Idc" };

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: clientId,
      client_secret: clientSecret,
      redirect_uris: [`http://127.0.0.1:${appPort}/api/auth/oauth2/callback/oidc`],
      grant_types: ["authorization_code"],
      response_types: ["code"],
      // Better Auth sends client_id and client_secret in the token request's body.
      token_endpoint_auth_method: "client_secret_post",
    },
  ],
  async findAccount(_ctx, id) {
    return {
      accountId: id,
      async claims() {
        return { sub: `e2e-${id}`, ...person };
      },
    };
  },
  claims: {
    openid: ["sub"],
    email: ["email", "email_verified"],
    profile: ["name"],
  },
  features: { devInteractions: { enabled: true } },
  // The default long-lived cookie is SameSite=None, which browsers drop without https.
  cookies: {
    keys: ["atelier-e2e-oidc-cookie-key"],
    long: { httpOnly: true, sameSite: "lax" },
    short: { httpOnly: true, sameSite: "lax" },
  },
  // Its generated development signing keys are fine for a throwaway test provider.
  renderError(ctx, out) {
    ctx.type = "html";
    ctx.body = `<!doctype html><title>OIDC error</title><pre>${JSON.stringify(out, null, 2).replace(/</g, "&lt;")}</pre>`;
  },
});

// Keep test output readable: oidc-provider prints development warnings on start.
provider.on("server_error", (_ctx, error) => console.error("oidc-provider server_error", error));

const server = provider.listen(port, "127.0.0.1", () => {
  console.log(`test OpenID provider on ${issuer}`);
});

for (const signal of ["SIGTERM", "SIGINT"]) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
