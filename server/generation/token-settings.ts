/**
 * Token defaults: the sign-up grant, the cost of an image per mode and size, the per-user limit
 * of concurrent jobs and the switch that pauses generation. Stored as one row of the settings
 * table (site_settings, key `token_defaults`) so admins change them without a restart
 * (/admin/set-token-default); missing or unreadable values fall back to these defaults.
 */
import { z } from "zod";
import type { CostTable } from "../../app/lib/generation";
import type { Database } from "../db/client";
import { objectSiteSetting } from "../db/site-setting";

const SETTINGS_KEY = "token_defaults";

const tokens = z.number().int().min(0).max(100_000);
const costRow = z.object({ "512": tokens, "768": tokens, "1024": tokens });

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
    text: { "512": 2, "768": 3, "1024": 4 },
    image: { "512": 2, "768": 3, "1024": 4 },
    doodle: { "512": 2, "768": 3, "1024": 4 },
  } satisfies CostTable,
  maxConcurrentJobs: 3,
  generationPaused: false,
};

const setting = objectSiteSetting(SETTINGS_KEY, tokenSettingsSchema, DEFAULT_TOKEN_SETTINGS);

/** Token prices and grants, read after each change of site_settings. */
export const loadTokenSettings = setting.load;

/** Saves a change to some of the settings; the rest keep their values. */
export const saveTokenSettings: (db: Database, change: Partial<TokenSettings>) => Promise<TokenSettings> = setting.save;
