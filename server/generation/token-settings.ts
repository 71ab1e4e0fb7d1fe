/**
 * Token defaults: the sign-up grant, the cost of an image per mode and size (1536, a member's
 * size, since issue 41), the per-user limit of concurrent jobs (a member's plan may allow more)
 * and the switch that pauses generation. Stored as one row of the settings
 * table (site_settings, key `token_defaults`) so admins change them without a restart
 * (/admin/set-token-default); missing or unreadable values fall back to these defaults.
 */
import { z } from "zod";
import type { CostTable } from "../../app/lib/generation";
import type { Database } from "../db/client";
import { objectSiteSetting } from "../db/site-setting";

const SETTINGS_KEY = "token_defaults";

const tokens = z.number().int().min(0).max(100_000);

/** A row saved before 1536 was a size (issue 41) prices it from its 1024: 4 → 7, about as 1536² is to 1024². */
export function largeSizeCost(cost1024: number): number {
  return Math.min(100_000, Math.ceil((cost1024 * 7) / 4));
}

const costRow = z
  .object({ "512": tokens, "768": tokens, "1024": tokens, "1536": tokens.optional() })
  .transform((row) => ({ ...row, "1536": row["1536"] ?? largeSizeCost(row["1024"]) }));

export const tokenSettingsSchema = z.object({
  signupGrant: tokens,
  /** Credited once when a pre-registered email becomes a verified account (pre-registration event). */
  preRegistrationBonus: tokens,
  costs: z.object({ text: costRow, image: costRow, doodle: costRow }),
  maxConcurrentJobs: z.number().int().min(1).max(20),
  generationPaused: z.boolean(),
});

export type TokenSettings = z.infer<typeof tokenSettingsSchema>;

/** Sensible starting values: 50 free tokens is a dozen small images or four large ones. */
export const DEFAULT_TOKEN_SETTINGS: TokenSettings = {
  signupGrant: 50,
  preRegistrationBonus: 100,
  costs: {
    text: { "512": 2, "768": 3, "1024": 4, "1536": 7 },
    image: { "512": 2, "768": 3, "1024": 4, "1536": 7 },
    doodle: { "512": 2, "768": 3, "1024": 4, "1536": 7 },
  } satisfies CostTable,
  maxConcurrentJobs: 3,
  generationPaused: false,
};

const setting = objectSiteSetting(SETTINGS_KEY, tokenSettingsSchema, DEFAULT_TOKEN_SETTINGS);

/** Token prices and grants, read after each change of site_settings. */
export const loadTokenSettings = setting.load;

/** Saves a change to some of the settings; the rest keep their values. */
export const saveTokenSettings: (db: Database, change: Partial<TokenSettings>) => Promise<TokenSettings> = setting.save;
