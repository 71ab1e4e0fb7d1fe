/**
 * Pre-registration (event flag): people leave their email, with consent, before launch; a
 * confirmation email says what they get. When that email later belongs to a verified account,
 * the bonus tokens are credited once (the ledger's idempotency key and `bonus_credited_at`).
 */
import { and, eq, isNull } from "drizzle-orm";
import { type Database, inTransaction } from "../db/client";
import { preRegistrations } from "../db/schema";
import { applyTokenMovementIn } from "../generation/ledger";
import { loadTokenSettings } from "../generation/token-settings";
import { logger } from "../logger";
import { emailLink } from "../navigation/link-origin";
import { queueTemplateEmail } from "../notify/send-email";
import { addNotification } from "../notify/notifications";

/** Registers an email; registering again is harmless and sends nothing new. Returns whether it was new. */
export async function preRegister(db: Database, email: string, now = new Date()): Promise<{ created: boolean }> {
  const normalized = email.trim().toLowerCase();
  const inserted = await db
    .insert(preRegistrations)
    .values({ email: normalized, consentAt: now })
    .onConflictDoNothing()
    .returning({ id: preRegistrations.id });
  if (inserted.length === 0) return { created: false };
  const { preRegistrationBonus } = await loadTokenSettings(db);
  await queueTemplateEmail(normalized, {
    kind: "pre-registration",
    bonusTokens: preRegistrationBonus,
    url: await emailLink("/sign-up"),
  });
  return { created: true };
}

/**
 * Credits the pre-registration bonus to a verified account whose email registered early; once.
 * Called when an email is verified and when an account is created already verified (OAuth).
 */
export async function creditPreRegistrationBonus(
  db: Database,
  account: { id: string; email: string; emailVerified: boolean },
): Promise<number> {
  if (!account.emailVerified) return 0;
  const { preRegistrationBonus } = await loadTokenSettings(db);
  const credited = await inTransaction(db, async (tx) => {
    const [claimed] = await tx
      .update(preRegistrations)
      .set({ userId: account.id, bonusCreditedAt: new Date() })
      .where(
        and(eq(preRegistrations.email, account.email.trim().toLowerCase()), isNull(preRegistrations.bonusCreditedAt)),
      )
      .returning({ id: preRegistrations.id });
    if (!claimed || preRegistrationBonus <= 0) return 0;
    await applyTokenMovementIn(tx, {
      userId: account.id,
      amount: preRegistrationBonus,
      reason: "event_bonus",
      idempotencyKey: `pre-registration:${claimed.id}`,
      reference: claimed.id,
      note: "Pre-registration bonus",
    });
    return preRegistrationBonus;
  });
  if (credited > 0) {
    await addNotification(db, account.id, {
      status: "success",
      title: "Pre-registration bonus",
      message: `Thank you for signing up early: ${credited} bonus tokens are on your account.`,
    }).catch((err: unknown) => logger.warn({ err }, "the pre-registration notification failed"));
  }
  return credited;
}
