/**
 * How scores become a maturity (ADR 0059): the administrators' thresholds, one row of the settings
 * table (`safety_thresholds`), read after each change like the token defaults.
 *
 * - explicit: porn + hentai reach `explicitAt`;
 * - mature: sexy + porn + hentai reach `matureAt`;
 * - general: neither.
 * A prompt with a term that makes it mature is rated with the stricter pair (`strict…`).
 */
import { z } from "zod";
import type { Database } from "../db/client";
import { objectSiteSetting } from "../db/site-setting";
import type { Maturity, ScreeningScores } from "../db/schema";

const SETTINGS_KEY = "safety_thresholds";

/** A share of the classifier's belief, from 0.0001 (0.01 %) to 1 (100 %). */
const share = z.number().min(0.0001).max(1);

export const safetyThresholdsSchema = z.object({
  matureAt: share,
  explicitAt: share,
  strictMatureAt: share,
  strictExplicitAt: share,
});

export type SafetyThresholds = z.infer<typeof safetyThresholdsSchema>;

/**
 * Starting values, measured on 1,000 of Studio's pictures across its 14 styles (bench/safety.bench.ts,
 * docs/evaluations/picture-safety.md): the adult shares' median is ~0.2 % and their p99 ~8 %; one
 * picture in 1,000 (an ink sketch) reached mature, none explicit.
 */
export const DEFAULT_SAFETY_THRESHOLDS: SafetyThresholds = {
  matureAt: 0.5,
  explicitAt: 0.8,
  strictMatureAt: 0.25,
  strictExplicitAt: 0.5,
};

const setting = objectSiteSetting(SETTINGS_KEY, safetyThresholdsSchema, DEFAULT_SAFETY_THRESHOLDS);

export const loadSafetyThresholds = setting.load;

/** Saves a change to some of the thresholds; the rest keep their values. Audited by the caller. */
export const saveSafetyThresholds: (db: Database, change: Partial<SafetyThresholds>) => Promise<SafetyThresholds> =
  setting.save;

/** What the explicit and mature thresholds are compared with. */
export function adultShares(scores: ScreeningScores): { explicit: number; mature: number } {
  const explicit = scores.porn + scores.hentai;
  return { explicit, mature: explicit + scores.sexy };
}

/** The maturity of a picture with these scores; `strict` when its prompt has a term that makes it mature. */
export function rateScores(scores: ScreeningScores, thresholds: SafetyThresholds, strict = false): Maturity {
  const { explicit, mature } = adultShares(scores);
  if (explicit >= (strict ? thresholds.strictExplicitAt : thresholds.explicitAt)) return "explicit";
  if (mature >= (strict ? thresholds.strictMatureAt : thresholds.matureAt)) return "mature";
  return "general";
}

const ORDER: Record<Maturity, number> = { general: 0, mature: 1, explicit: 2 };

/** The higher of two ratings: a rating goes up on its own, down only on review. */
export function higherMaturity(a: Maturity, b: Maturity): Maturity {
  return ORDER[a] >= ORDER[b] ? a : b;
}
