/** /admin/set-token-default's token form and pause switch: what pictures cost and what accounts receive. */
import { GENERATION_MODES, IMAGE_SIZES } from "~/lib/generation";
import { AppError } from "../../app-error";
import type { Database } from "../../db/client";
import {
  loadTokenSettings,
  saveTokenSettings,
  type TokenSettings,
  tokenSettingsSchema,
} from "../../generation/token-settings";
import { type Actor, recordAudit } from "../../audit/audit";
import { inSettingsTransaction } from "./settings-transaction";

export async function changeTokenSettings(
  db: Database,
  actor: Actor,
  change: Partial<TokenSettings>,
): Promise<TokenSettings> {
  return inSettingsTransaction(db, async (tx) => {
    const before = await loadTokenSettings(tx);
    const after = await saveTokenSettings(tx, change);
    const action =
      Object.keys(change).length === 1 && "generationPaused" in change
        ? change.generationPaused
          ? "settings.pause-generation"
          : "settings.resume-generation"
        : "settings.token-defaults";
    await recordAudit(tx, actor, { action, entityType: "settings", entityId: "token_defaults", before, after });
    return after;
  });
}

const whole = (value: string | undefined) => (value !== undefined && value.trim() !== "" ? Number(value) : Number.NaN);

/**
 * The token form as typed (`signupGrant`, `preRegistrationBonus`, `maxConcurrentJobs`,
 * `cost-<mode>-<size>`): checked whole, saved whole, or refused with a message beside each field.
 */
export async function saveTokenDefaults(
  db: Database,
  actor: Actor,
  form: Record<string, string | undefined>,
): Promise<TokenSettings> {
  const candidate = {
    signupGrant: whole(form.signupGrant),
    preRegistrationBonus: whole(form.preRegistrationBonus),
    maxConcurrentJobs: whole(form.maxConcurrentJobs),
    costs: Object.fromEntries(
      GENERATION_MODES.map((mode) => [
        mode,
        Object.fromEntries(IMAGE_SIZES.map((size) => [`${size}`, whole(form[`cost-${mode}-${size}`])])),
      ]),
    ),
  };
  const parsed = tokenSettingsSchema.omit({ generationPaused: true }).safeParse(candidate);
  if (!parsed.success) {
    const fields: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const [first, mode, size] = issue.path.map(String);
      const name = first === "costs" ? `cost-${mode}-${size}` : String(first);
      fields[name] ??= [
        first === "maxConcurrentJobs" ? "A whole number from 1 to 20" : "A whole number from 0 to 100000",
      ];
    }
    throw new AppError("invalid_input", "Some values need fixing.", { fields });
  }
  return changeTokenSettings(db, actor, parsed.data);
}
