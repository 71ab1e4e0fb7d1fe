/**
 * Demo data written on first start (and safe to run again: every insert skips what exists).
 * Later domains add their demo content here: products, artworks.
 */
import { grantSignupTokens } from "./generation/ledger";
import { seedDemoPlans } from "./commerce/memberships/plans";
import { seedDemoShop } from "./commerce/products";
import { loadTokenSettings } from "./generation/token-settings";
import { randomBytes, randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import type { Logger } from "./logger";
import type { Database } from "./db/client";
import { account, routeRules, user } from "./db/schema";

/** Short addresses people type, sent to the spec's real paths by route rules (spec §2 check 3). */
export const DEMO_ROUTE_RULES = [
  { fromPath: "/pricing", target: "/pricing-plans", note: "Short address for the pricing page" },
  { fromPath: "/community", target: "/community/main", note: "The community's front page" },
  { fromPath: "/ai", target: "/ai/ai-text-to-art", note: "Start creating" },
  { fromPath: "/register", target: "/sign-up", note: "Common name for sign-up" },
  { fromPath: "/signin", target: "/login", note: "Common name for sign-in" },
] as const;

export const DEMO_ACCOUNTS = [
  { email: "admin@atelier.local", name: "Atelier Admin", role: "admin", handle: "atelier" },
  { email: "demo@atelier.local", name: "Demo Creator", role: "user", handle: "demo-creator" },
] as const;

export interface SeededAccount {
  email: string;
  password: string;
  role: "admin" | "user";
}

export interface SeedOptions {
  /** Passwords for the demo accounts; random ones are made (and returned once) when absent. */
  demoAdminPassword?: string;
  demoUserPassword?: string;
}

/** Creates the demo admin and demo user when missing; returns the accounts it created. */
export async function seedDemoAccounts(db: Database, options: SeedOptions = {}): Promise<SeededAccount[]> {
  const created: SeededAccount[] = [];
  for (const demo of DEMO_ACCOUNTS) {
    const password =
      (demo.role === "admin" ? options.demoAdminPassword : options.demoUserPassword) ??
      randomBytes(9).toString("base64url");
    const userId = randomUUID();
    const hash = await hashPassword(password);
    const made = await db.transaction(async (tx) => {
      const rows = await tx
        .insert(user)
        .values({
          id: userId,
          name: demo.name,
          email: demo.email,
          emailVerified: true,
          role: demo.role,
          // The site's own handles: "atelier" is reserved for everyone else.
          handle: demo.handle,
        })
        .onConflictDoNothing({ target: user.email })
        .returning({ id: user.id });
      if (rows.length === 0) return false; // already there (or another process just made it)
      await tx
        .insert(account)
        .values({ id: randomUUID(), accountId: userId, providerId: "credential", userId, password: hash });
      return true;
    });
    if (made) {
      // Demo accounts get the sign-up grant like any new account (idempotent per user).
      await grantSignupTokens(db, userId, (await loadTokenSettings(db)).signupGrant);
      created.push({ email: demo.email, password, role: demo.role });
    }
  }
  return created;
}

export async function seedDemoData(
  db: Database,
  log?: Logger,
  options: SeedOptions = {},
): Promise<{ accounts: SeededAccount[] }> {
  const inserted = await db
    .insert(routeRules)
    .values(DEMO_ROUTE_RULES.map((r) => ({ ...r, permanent: false, enabled: true })))
    .onConflictDoNothing()
    .returning({ id: routeRules.id });
  const accounts = await seedDemoAccounts(db, options);
  await seedDemoShop(db);
  await seedDemoPlans(db);
  if (inserted.length > 0 || accounts.length > 0) {
    log?.info({ routeRules: inserted.length, accounts: accounts.map((a) => a.email) }, "seeded demo data");
  }
  return { accounts };
}
