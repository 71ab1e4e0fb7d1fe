/** The event and development switches of /admin/set-token-default. */
import { AppError } from "../../app-error";
import { type FlagKey, isFlagKey, loadFeatureFlags, setFeatureFlag } from "../../content/feature-flags";
import type { Database } from "../../db/client";
import { type Actor, recordAudit } from "../../audit/audit";
import { inSettingsTransaction } from "./settings-transaction";

/** Switches one flag by its key; a key that is not a flag is refused. */
export async function changeFlag(db: Database, actor: Actor, key: string, enabled: boolean): Promise<FlagKey> {
  if (!isFlagKey(key)) throw new AppError("invalid_input", "Unknown flag.");
  await inSettingsTransaction(db, async (tx) => {
    const before = (await loadFeatureFlags(tx))[key];
    await setFeatureFlag(tx, key, enabled);
    await recordAudit(tx, actor, {
      action: enabled ? "settings.flag-on" : "settings.flag-off",
      entityType: "settings",
      entityId: key,
      before: { [key]: before },
      after: { [key]: enabled },
    });
  });
  return key;
}
