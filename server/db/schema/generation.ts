/**
 * Generations and the token ledger.
 * - Every token movement is a `token_ledger` row; `token_accounts.balance` is their running sum,
 *   kept in the same transaction and held at or above zero by a CHECK constraint, so a balance can
 *   never go negative even when requests race (the UPDATE takes the row lock).
 * - A generation moves queued → running → succeeded | failed | canceled by conditional updates.
 */
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { ownerId, user } from "./auth";
import { createdAt, instant, parentKey, updatedAt, uuidKey } from "./columns";
import type { Maturity } from "./maturity";

export const tokenAccounts = pgTable(
  "token_accounts",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    balance: integer("balance").notNull().default(0),
    /** The part of the balance that is a membership's allowance (spent first, ends at `allowanceExpiresAt`). */
    allowance: integer("allowance").notNull().default(0),
    allowanceExpiresAt: instant("allowance_expires_at"),
    /** The expiry the member was told about a few days ahead, so they are told once. */
    allowanceNoticeFor: instant("allowance_notice_for"),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("token_accounts_balance_not_negative", sql`${t.balance} >= 0`),
    check("token_accounts_allowance_within_balance", sql`${t.allowance} >= 0 AND ${t.allowance} <= ${t.balance}`),
  ],
);

export const LEDGER_REASONS = [
  "signup_grant",
  "generation",
  "generation_refund",
  "purchase",
  "purchase_refund",
  "admin_adjustment",
  "event_bonus",
  "redeem_code",
  "challenge_prize",
  "membership_allowance",
  "allowance_expired",
  "membership_refund",
] as const;
export type LedgerReason = (typeof LEDGER_REASONS)[number];

export const tokenLedger = pgTable(
  "token_ledger",
  {
    id: uuidKey(),
    userId: ownerId(),
    /** Positive credits, negative debits; never zero. */
    amount: integer("amount").notNull(),
    balanceAfter: integer("balance_after").notNull(),
    /** The part of `amount` that moved the membership allowance (the rest moved bought tokens). */
    allowanceAmount: integer("allowance_amount").notNull().default(0),
    reason: text("reason").$type<LedgerReason>().notNull(),
    /** The generation this movement paid for or refunded. */
    generationId: uuid("generation_id"),
    /** Another reference (a purchase, an admin action). */
    reference: text("reference"),
    note: text("note"),
    /** Makes a movement happen once: "signup:{user}", "generation:{id}:refund"… */
    idempotencyKey: text("idempotency_key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("token_ledger_idempotency_key").on(t.idempotencyKey),
    index("token_ledger_user_idx").on(t.userId, t.createdAt),
    index("token_ledger_generation_idx").on(t.generationId),
    check("token_ledger_amount_not_zero", sql`${t.amount} <> 0`),
  ],
);

export const generations = pgTable(
  "generations",
  {
    id: uuidKey(),
    userId: ownerId(),
    mode: text("mode").notNull(),
    status: text("status").notNull().default("queued"),
    engineId: text("engine_id").notNull(),
    engineLabel: text("engine_label").notNull(),
    prompt: text("prompt").notNull(),
    negativePrompt: text("negative_prompt").notNull().default(""),
    style: text("style").notNull(),
    aspectRatio: text("aspect_ratio").notNull(),
    size: integer("size").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    count: integer("count").notNull(),
    seed: bigint("seed", { mode: "number" }).notNull(),
    strength: real("strength").notNull(),
    christmas: boolean("christmas").notNull().default(false),
    cost: integer("cost").notNull(),
    /** Storage key of the source picture (image mode) or the drawing (doodle mode). */
    sourceKey: text("source_key"),
    /** An edit of a part of the source picture (issue 31, ADR 0056): "inpaint" or "outpaint"; null otherwise. */
    editKind: text("edit_kind"),
    /** Outpaint: how far each side grows, in percent. */
    editSides: jsonb("edit_sides").$type<{ top: number; right: number; bottom: number; left: number }>(),
    /** Inpaint: storage key of the mask (one-channel PNG at the result's size, white = change). */
    maskKey: text("mask_key"),
    /** The history picture the edit started from (kept as a copy in `sourceKey`); null for an upload or once it is deleted. */
    editedFromGenerationId: uuid("edited_from_generation_id").references((): AnyPgColumn => generations.id, {
      onDelete: "set null",
    }),
    editedFromIndex: integer("edited_from_index"),
    progress: integer("progress"),
    stage: text("stage"),
    /** Plain words for the user. */
    error: text("error"),
    /** What the engine said, for admins. */
    errorDetail: text("error_detail"),
    /** What the backend reported about cost or tokens (OpenAI usage, Stability credits), for admins. */
    engineUsage: jsonb("engine_usage").$type<Record<string, unknown>>(),
    /** How Studio read the prompt, written with the pictures (the reading happens in the render thread, issue 28). */
    promptReading: jsonb("prompt_reading").$type<{ understood: string[]; notDrawn: string[] }>(),
    refunded: boolean("refunded").notNull().default(false),
    attempts: integer("attempts").notNull().default(0),
    /** The safety check held its pictures (one was rated explicit): refunded, not shown, waiting for review (ADR 0059). */
    heldAt: instant("held_at"),
    /** A backend asked us to come back later (Retry-After): no job claims the row before this. */
    notBefore: instant("not_before"),
    /** Written while running; a stale heartbeat means the worker died and the job is recovered. */
    heartbeatAt: instant("heartbeat_at"),
    createdAt: createdAt(),
    startedAt: instant("started_at"),
    finishedAt: instant("finished_at"),
  },
  (t) => [
    index("generations_user_idx").on(t.userId, t.createdAt),
    index("generations_status_idx").on(t.status, t.createdAt),
    // Deleting a generation sets its edits' link to null: found by this index, not a scan.
    index("generations_edited_from_idx")
      .on(t.editedFromGenerationId)
      .where(sql`${t.editedFromGenerationId} IS NOT NULL`),
  ],
);

export const generationImages = pgTable(
  "generation_images",
  {
    id: uuidKey(),
    generationId: parentKey("generation_id", () => generations.id),
    index: integer("index").notNull(),
    key: text("key").notNull(),
    thumbKey: text("thumb_key").notNull(),
    /** A tiny blurred WebP as a data: URL, shown while the image loads. */
    placeholder: text("placeholder").notNull(),
    mime: text("mime").notNull(),
    bytes: integer("bytes").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    seed: bigint("seed", { mode: "number" }),
    /** SHA-256 of the picture's bytes: its screening (picture_screenings); null until screened (ADR 0059). */
    sha256: text("sha256"),
    /** general | mature | explicit, rated from the screening at the thresholds then in force; null until screened. */
    maturity: text("maturity").$type<Maturity>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("generation_images_position").on(t.generationId, t.index),
    // The background screening walks the pictures not yet screened, by id.
    index("generation_images_unscreened_idx").on(t.id).where(sql`${t.maturity} IS NULL`),
  ],
);
