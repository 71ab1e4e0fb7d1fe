/** Feature flags (spec §1, §9): stored in the database, all off unless an admin turns one on. */
import { featureFlags } from "../db/schema";
import { announceChange } from "../db/change-feed";
import type { Database } from "../db/client";
import { cachedRead } from "../db/runtime-snapshot";
import { FLAG_KEYS, type FlagKey } from "~/lib/flags";

export { FLAG_KEYS, FLAG_LABELS, type FlagKey } from "~/lib/flags";

export type FeatureFlags = Record<FlagKey, boolean>;

export function isFlagKey(value: string): value is FlagKey {
  return (FLAG_KEYS as readonly string[]).includes(value);
}

export const ALL_FLAGS_OFF: FeatureFlags = Object.freeze({
  development_mode: false,
  countdown_timer_token_redeem: false,
  pre_registration: false,
  christmas_event: false,
});

/** Every flag, read in one query after each change; unknown rows are ignored, missing rows are off. */
export const loadFeatureFlags = cachedRead(["feature_flags"], async (db): Promise<FeatureFlags> => {
  const rows = await db.select({ key: featureFlags.key, enabled: featureFlags.enabled }).from(featureFlags);
  const flags: FeatureFlags = { ...ALL_FLAGS_OFF };
  for (const row of rows) if (isFlagKey(row.key)) flags[row.key] = row.enabled;
  return flags;
});

export async function setFeatureFlag(db: Database, key: FlagKey, enabled: boolean): Promise<void> {
  await db
    .insert(featureFlags)
    .values({ key, enabled })
    .onConflictDoUpdate({ target: featureFlags.key, set: { enabled, updatedAt: new Date() } });
  announceChange({ kind: "table", table: "feature_flags" });
}
