/**
 * Demo data written on first start (and safe to run again: every insert skips what exists).
 * Later domains add their demo content here: accounts, products, artworks.
 */
import type { Logger } from "../logger";
import type { Database } from "./client";
import { routeRules } from "./schema";

/** Short addresses people type, sent to the spec's real paths by route rules (spec §2 check 3). */
export const DEMO_ROUTE_RULES = [
  { fromPath: "/pricing", target: "/pricing-plans", note: "Short address for the pricing page" },
  { fromPath: "/community", target: "/community/main", note: "The community's front page" },
  { fromPath: "/ai", target: "/ai/ai-text-to-art", note: "Start creating" },
  { fromPath: "/register", target: "/sign-up", note: "Common name for sign-up" },
  { fromPath: "/signin", target: "/login", note: "Common name for sign-in" },
] as const;

export async function seedDemoData(db: Database, log?: Logger): Promise<void> {
  const inserted = await db
    .insert(routeRules)
    .values(DEMO_ROUTE_RULES.map((r) => ({ ...r, permanent: false, enabled: true })))
    .onConflictDoNothing()
    .returning({ id: routeRules.id });
  if (inserted.length > 0) log?.info({ routeRules: inserted.length }, "seeded demo data");
}
