/**
 * OAuth and OpenID Connect sign-in (spec §1): Google, Facebook, X and a generic provider,
 * each offered only when configured. Filled in by the OAuth work; until then none is offered.
 */
import type { BetterAuthOptions, BetterAuthPlugin } from "better-auth";

export interface SignInProvider {
  id: string;
  label: string;
}

/** Better Auth's socialProviders option, from configuration. */
export function socialProvidersFromConfig(): BetterAuthOptions["socialProviders"] {
  return {};
}

/** Plugins for providers Better Auth reaches through generic OAuth (the OpenID Connect one). */
export function oauthPlugins(): BetterAuthPlugin[] {
  return [];
}

/** The buttons the login page shows. */
export function listSignInProviders(): SignInProvider[] {
  return [];
}
