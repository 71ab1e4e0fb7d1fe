/**
 * Better Auth, configured once. The rest of Atelier calls the small functions in
 * server/auth/guards.ts, never the library directly (docs/decisions/0011-accounts-library.md).
 */
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin, emailOTP } from "better-auth/plugins";
import { resolveAuthSecret } from "../app-secret";
import { getConfig } from "../config";
import { loadSiteSettings } from "../content/site-settings";
import { getDb } from "../db/client";
import { account, session, user, verification } from "../db/schema";
import { logger } from "../logger";
import { isDomainAllowed } from "../navigation/domain-check";
import { CODE_TTL_SECONDS, sendCodeEmail, sendPasswordChangedEmail } from "./auth-emails";
import { oauthPlugins, socialProvidersFromConfig } from "./oauth";
import { accountEvents } from "./account-events";

/** What a banned person is told wherever they try to sign in (form, dialog, API). */
export const ACCOUNT_SUSPENDED_MESSAGE =
  "This account is suspended, so it cannot sign in. If you think this is a mistake, contact us.";

export const MIN_PASSWORD_LENGTH = 10;

function createAuth() {
  const config = getConfig();
  return betterAuth({
    appName: "Atelier",
    // Better Auth logs wrong passwords as errors; they are ordinary events here.
    logger: {
      log: (level, message, ...args) => {
        const log = logger.child({ component: "better-auth" });
        if (level === "error" || level === "warn") log.warn({ details: args }, message);
        else if (level === "info") log.info({ details: args }, message);
        else log.debug({ details: args }, message);
      },
    },
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret: resolveAuthSecret(),
    database: drizzleAdapter(getDb(), { provider: "pg", schema: { user, session, account, verification } }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: 128,
      // New accounts start unverified; signing in with a password needs a verified email.
      requireEmailVerification: true,
      revokeSessionsOnPasswordReset: true,
      onPasswordReset: async ({ user }) => sendPasswordChangedEmail(user),
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      afterEmailVerification: async (user) => accountEvents().verified(getDb(), user),
    },
    user: {
      // What the person chose to see (issue 40): in the signed cookie copy, so lists read no table for
      // it; never set through Better Auth's own endpoints (server/safety/browsing-level.ts sets it).
      additionalFields: {
        browsingLevel: { type: "string", required: false, defaultValue: "general", input: false },
      },
      deleteUser: {
        enabled: true,
        // The account's rows go by foreign keys; what lives outside the database goes here.
        beforeDelete: async (user) => accountEvents().deleting(getDb(), user),
        afterDelete: async (user) => accountEvents().deleted(getDb(), user),
      },
    },
    databaseHooks: {
      user: {
        create: {
          // Every new account (password, OAuth or seeded) gets the sign-up grant once.
          after: async (created) => accountEvents().created(getDb(), created),
        },
      },
    },
    session: {
      expiresIn: 30 * 24 * 60 * 60, // "keep me signed in": 30 days, renewed while used
      updateAge: 24 * 60 * 60,
      // A signed copy of the session in a cookie spares the session table most page views (ADR 0026).
      cookieCache: { enabled: config.sessionCacheSeconds > 0, maxAge: Math.max(1, config.sessionCacheSeconds) },
    },
    socialProviders: socialProvidersFromConfig(),
    plugins: [
      ...oauthPlugins(),
      admin({ bannedUserMessage: ACCOUNT_SUSPENDED_MESSAGE }),
      emailOTP({
        otpLength: 6,
        expiresIn: CODE_TTL_SECONDS,
        allowedAttempts: 5,
        storeOTP: "hashed",
        disableSignUp: true,
        overrideDefaultEmailVerification: true,
        sendVerificationOTP: sendCodeEmail,
      }),
    ],
    // Sign-in requests may come from any host this deployment serves (the domain check's list).
    trustedOrigins: async (request) => {
      const origin = request?.headers.get("origin");
      if (!origin) return [];
      const { allowedDomains } = await loadSiteSettings(getDb(), config);
      return isDomainAllowed(origin, allowedDomains) ? [origin] : [];
    },
  });
}

let auth: ReturnType<typeof createAuth> | undefined;

export function getAuth() {
  auth ??= createAuth();
  return auth;
}
