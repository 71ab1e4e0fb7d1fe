/**
 * /admin/safety's form (issue 40, ADR 0059): the thresholds that turn the classifier's scores into
 * maturity, and the two word lists — terms refused outright and terms that make a prompt mature.
 * Checked whole, saved whole, audited, or refused beside each field. The fixed refusal of sexual
 * terms with terms for minors is not here: no one can edit it.
 */
import { THRESHOLD_FIELDS } from "../../../app/lib/safety-constants";
import { AppError } from "../../app-error";
import { type Actor, recordAudit } from "../../audit/audit";
import type { Database } from "../../db/client";
import { loadMatureTerms, saveMatureTerms } from "../../safety/prompt-terms";
import {
  loadSafetyThresholds,
  type SafetyThresholds,
  safetyThresholdsSchema,
  saveSafetyThresholds,
} from "../../safety/thresholds";
import { loadBlockedTerms, saveBlockedTerms, termListSchema } from "../../safety/word-filter";
import { inSettingsTransaction } from "./settings-transaction";

export interface SafetySettings {
  thresholds: SafetyThresholds;
  blockedTerms: string[];
  matureTerms: string[];
}

export async function loadSafetySettings(db: Database): Promise<SafetySettings> {
  const [thresholds, blockedTerms, matureTerms] = await Promise.all([
    loadSafetyThresholds(db),
    loadBlockedTerms(db),
    loadMatureTerms(db),
  ]);
  return { thresholds, blockedTerms, matureTerms };
}

/** A percentage as typed ("0.5", "50", "12,5") as a share of 1; NaN when it is not a number. */
const share = (value: string | undefined) => {
  const text = (value ?? "").trim().replace(",", ".").replace(/%$/, "");
  return text === "" || !/^\d+(\.\d+)?$/.test(text) ? Number.NaN : Number(text) / 100;
};

/** One term per line (or comma), trimmed, lower-cased, blanks and repeats dropped. */
const lines = (value: string | undefined) => [
  ...new Set(
    (value ?? "")
      .split(/[\n,]/)
      .map((t) => t.trim().toLowerCase())
      .filter(Boolean),
  ),
];

export async function saveSafetySettings(
  db: Database,
  actor: Actor,
  form: Record<string, string | undefined>,
): Promise<SafetySettings> {
  const fields: Record<string, string[]> = {};
  const thresholds = Object.fromEntries(THRESHOLD_FIELDS.map((name) => [name, share(form[name])]));
  const checked = safetyThresholdsSchema.safeParse(thresholds);
  if (!checked.success)
    for (const issue of checked.error.issues) fields[String(issue.path[0])] ??= ["A percentage from 0.01 to 100"];
  if (checked.success && checked.data.strictMatureAt > checked.data.matureAt)
    fields.strictMatureAt = ["The stricter threshold must be at or below the usual one"];
  if (checked.success && checked.data.strictExplicitAt > checked.data.explicitAt)
    fields.strictExplicitAt = ["The stricter threshold must be at or below the usual one"];
  const lists = { blockedTerms: lines(form.blockedTerms), matureTerms: lines(form.matureTerms) };
  for (const [name, terms] of Object.entries(lists)) {
    const parsed = termListSchema.safeParse(terms);
    if (!parsed.success) fields[name] = ["At most 1,000 terms of up to 60 characters each"];
  }
  if (Object.keys(fields).length > 0 || !checked.success)
    throw new AppError("invalid_input", "Some values need fixing.", { fields });
  return inSettingsTransaction(db, async (tx) => {
    const before = await loadSafetySettingsFresh(tx);
    const after: SafetySettings = {
      thresholds: await saveSafetyThresholds(tx, checked.data),
      blockedTerms: await saveBlockedTerms(tx, lists.blockedTerms),
      matureTerms: await saveMatureTerms(tx, lists.matureTerms),
    };
    await recordAudit(tx, actor, {
      action: "settings.safety",
      entityType: "safety",
      entityId: "picture_safety",
      before,
      after,
    });
    return after;
  });
}

async function loadSafetySettingsFresh(db: Database): Promise<SafetySettings> {
  return {
    thresholds: await loadSafetyThresholds.fresh(db),
    blockedTerms: await loadBlockedTerms.fresh(db),
    matureTerms: await loadMatureTerms.fresh(db),
  };
}
