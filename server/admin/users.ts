/**
 * Users as admins manage them: search and filter; one user's tokens, generations, purchases and
 * sessions; edit name, email and the admin role; adjust tokens with a reason (a ledger row);
 * ban (their sessions end) and unban; notify. Every change is audited in its own transaction.
 */
import { listApiTokens } from "../api-tokens/tokens";
import { and, asc, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { tokenAdjustmentForm, UserListQuery, userProfileForm } from "~/lib/admin-users";
import { type Database, inTransaction } from "../db/client";
import { generations, session, tokenAccounts, transactions, user } from "../db/schema";
import { applyTokenMovementIn, InsufficientTokensError, listTokenLedger } from "../generation/ledger";
import {
  customEmailInput,
  customEmailWithAttachmentInput,
  EmailRequestError,
  sendCustomEmail,
  sendCustomEmailWithAttachment,
} from "../notify/custom-email";
import { addNotification } from "../notify/notifications";
import { EXPLICIT_UPLOADS_FLAG_AT } from "../safety/flagged-accounts";
import { type Actor, recordAudit } from "../audit/audit";
import { formatCount } from "~/lib/format";
import { AppError, type ErrorCode } from "../app-error";

export const USER_PAGE_SIZE = 25;
const UUIDISH = /^[A-Za-z0-9_-]{1,100}$/;

export class UserAdminError extends AppError {
  constructor(message: string, field?: string, code: ErrorCode = "invalid_input") {
    super(code, message, field ? { fields: { [field]: [message] } } : {});
    this.name = "UserAdminError";
  }
}

export async function listUsersForAdmin(db: Database, query: UserListQuery) {
  const conditions: SQL[] = [];
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(user.email, like), ilike(user.name, like), eq(user.id, query.q))!);
  }
  if (query.role !== "all") conditions.push(eq(user.role, query.role));
  if (query.status === "banned") conditions.push(eq(user.banned, true));
  if (query.status === "unverified") conditions.push(eq(user.emailVerified, false));
  const where = conditions.length ? and(...conditions) : undefined;
  const [totalRow] = await db.select({ n: count() }).from(user).where(where);
  const total = totalRow?.n ?? 0;
  const pages = Math.max(1, Math.ceil(total / USER_PAGE_SIZE));
  const page = Math.min(query.page, pages);
  const column = { created: user.createdAt, name: user.name, email: user.email }[query.sort];
  const rows = await db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      role: user.role,
      banned: user.banned,
      emailVerified: user.emailVerified,
      createdAt: user.createdAt,
      tokens: tokenAccounts.balance,
    })
    .from(user)
    .leftJoin(tokenAccounts, eq(tokenAccounts.userId, user.id))
    .where(where)
    .orderBy((query.dir === "asc" ? asc : desc)(column), asc(user.id))
    .limit(USER_PAGE_SIZE)
    .offset((page - 1) * USER_PAGE_SIZE);
  return {
    rows: rows.map((r) => ({ ...r, tokens: r.tokens ?? 0, createdAt: r.createdAt.toISOString() })),
    total,
    page,
    pages,
  };
}

export async function getUserForAdmin(db: Database, id: string) {
  if (!UUIDISH.test(id)) return null;
  const [row] = await db.select().from(user).where(eq(user.id, id));
  if (!row) return null;
  const [balance, ledger, gens, genCount, purchases, sessions, apiTokens] = await Promise.all([
    db.select({ balance: tokenAccounts.balance }).from(tokenAccounts).where(eq(tokenAccounts.userId, id)),
    listTokenLedger(db, id, 20),
    db
      .select({
        id: generations.id,
        mode: generations.mode,
        status: generations.status,
        prompt: generations.prompt,
        cost: generations.cost,
        createdAt: generations.createdAt,
      })
      .from(generations)
      .where(eq(generations.userId, id))
      .orderBy(desc(generations.createdAt))
      .limit(10),
    db.select({ n: count() }).from(generations).where(eq(generations.userId, id)),
    db
      .select({
        id: transactions.id,
        status: transactions.status,
        totalMinor: transactions.totalMinor,
        currency: transactions.currency,
        tokens: transactions.tokens,
        createdAt: transactions.createdAt,
      })
      .from(transactions)
      .where(eq(transactions.userId, id))
      .orderBy(desc(transactions.createdAt))
      .limit(10),
    db
      .select({
        id: session.id,
        createdAt: session.createdAt,
        expiresAt: session.expiresAt,
        userAgent: session.userAgent,
        ipAddress: session.ipAddress,
      })
      .from(session)
      .where(eq(session.userId, id))
      .orderBy(desc(session.createdAt)),
    listApiTokens(db, id),
  ]);
  const iso = <T extends { createdAt: Date }>(r: T) => ({ ...r, createdAt: r.createdAt.toISOString() });
  return {
    user: {
      id: row.id,
      name: row.name,
      email: row.email,
      isAdmin: row.role === "admin",
      banned: row.banned,
      banReason: row.banReason,
      emailVerified: row.emailVerified,
      createdAt: row.createdAt.toISOString(),
      /** Uploads the safety check refused as explicit (issue 40): flagged from EXPLICIT_UPLOADS_FLAG_AT on. */
      explicitUploads: row.explicitUploads,
      explicitUploadsFlagged: row.explicitUploads >= EXPLICIT_UPLOADS_FLAG_AT,
    },
    balance: balance[0]?.balance ?? 0,
    ledger: ledger.map(iso),
    generations: gens.map(iso),
    generationCount: genCount[0]?.n ?? 0,
    purchases: purchases.map(iso),
    sessions: sessions.map((s) => ({ ...iso(s), expiresAt: s.expiresAt.toISOString() })),
    apiTokens,
  };
}

async function inTx<T>(db: Database, run: (tx: Database) => Promise<T>): Promise<T> {
  return inTransaction(db, run);
}

async function lockUser(tx: Database, id: string) {
  // The id comes from the page's address: one that cannot be an id (NUL, which PostgreSQL refuses) finds no one.
  const [row] = UUIDISH.test(id) ? await tx.select().from(user).where(eq(user.id, id)).for("update") : [];
  if (!row) throw new UserAdminError("That user does not exist.", undefined, "not_found");
  return row;
}

export async function updateUserByAdmin(
  db: Database,
  actor: Actor,
  id: string,
  form: z.output<typeof userProfileForm>,
) {
  return inTx(db, async (tx) => {
    const before = await lockUser(tx, id);
    if (id === actor.userUid && !form.isAdmin)
      throw new UserAdminError("You cannot take away your own admin role.", "isAdmin");
    const [taken] = await tx.select({ id: user.id }).from(user).where(eq(user.email, form.email));
    if (taken && taken.id !== id) throw new UserAdminError("Another account uses this email.", "email");
    const [after] = await tx
      .update(user)
      .set({ name: form.name, email: form.email, role: form.isAdmin ? "admin" : "user", updatedAt: new Date() })
      .where(eq(user.id, id))
      .returning();
    const pick = (u: typeof before) => ({ name: u.name, email: u.email, role: u.role });
    await recordAudit(tx, actor, {
      action: "user.update",
      entityType: "user",
      entityId: id,
      before: pick(before),
      after: pick(after!),
    });
  });
}

export async function adjustUserTokens(
  db: Database,
  actor: Actor,
  id: string,
  form: z.output<typeof tokenAdjustmentForm>,
): Promise<number> {
  return inTx(db, async (tx) => {
    await lockUser(tx, id);
    try {
      const movement = await applyTokenMovementIn(tx, {
        userId: id,
        amount: form.amount,
        reason: "admin_adjustment",
        idempotencyKey: `admin:${crypto.randomUUID()}`,
        reference: actor.userUid,
        note: form.reason,
      });
      await recordAudit(tx, actor, {
        action: "user.adjust-tokens",
        entityType: "user",
        entityId: id,
        before: { balance: movement.balance - form.amount },
        after: { balance: movement.balance, amount: form.amount, reason: form.reason },
      });
      return movement.balance;
    } catch (error) {
      if (error instanceof InsufficientTokensError)
        throw new UserAdminError(
          `They have ${formatCount(error.balance)} tokens: a balance cannot go below zero.`,
          "amount",
        );
      throw error;
    }
  });
}

/** Banning ends every session of the user at once; signing in is refused while banned. */
export async function setUserBanned(db: Database, actor: Actor, id: string, banned: boolean, reason: string) {
  return inTx(db, async (tx) => {
    const before = await lockUser(tx, id);
    if (id === actor.userUid) throw new UserAdminError("You cannot ban yourself.");
    await tx
      .update(user)
      .set({ banned, banReason: banned ? reason || null : null, updatedAt: new Date() })
      .where(eq(user.id, id));
    const ended = banned
      ? (await tx.delete(session).where(eq(session.userId, id)).returning({ id: session.id })).length
      : 0;
    await recordAudit(tx, actor, {
      action: banned ? "user.ban" : "user.unban",
      entityType: "user",
      entityId: id,
      before: { banned: before.banned },
      after: { banned, reason: reason || null, sessionsEnded: ended },
    });
    return ended;
  });
}

export async function notifyUserByAdmin(
  db: Database,
  actor: Actor,
  id: string,
  input: { title: string; message: string },
) {
  await inTx(db, async (tx) => {
    await lockUser(tx, id);
    await addNotification(tx, id, { status: "info", title: input.title, message: input.message });
    await recordAudit(tx, actor, { action: "user.notify", entityType: "user", entityId: id, after: input });
  });
}

/** A custom email to the user, with an optional attachment, through the spec's email calls; audited once queued. */
export async function emailUserByAdmin(
  db: Database,
  actor: Actor,
  id: string,
  input: { subject: string; message: string; attachment: { filename: string; bytes: Buffer } | null },
): Promise<void> {
  const [row] = UUIDISH.test(id) ? await db.select({ email: user.email }).from(user).where(eq(user.id, id)) : [];
  if (!row) throw new UserAdminError("That user does not exist.", undefined, "not_found");
  if (input.attachment) {
    const parsed = customEmailWithAttachmentInput.safeParse({
      email: row.email,
      subject: input.subject,
      message: input.message,
      attachment: {
        filename: input.attachment.filename,
        content: input.attachment.bytes.toString("base64"),
        encoding: "base64",
      },
    });
    if (!parsed.success)
      throw new UserAdminError(
        parsed.error.issues[0]?.message ?? "Check the email.",
        String(parsed.error.issues[0]?.path.at(-1) ?? "") === "filename" ? "attachment" : undefined,
      );
    try {
      await sendCustomEmailWithAttachment(db, parsed.data);
    } catch (error) {
      if (error instanceof EmailRequestError)
        throw new UserAdminError(error.message, error.code === "attachment_mismatch" ? "attachment" : undefined);
      throw error;
    }
  } else {
    const parsed = customEmailInput.safeParse({ email: row.email, subject: input.subject, message: input.message });
    if (!parsed.success)
      throw new UserAdminError(
        parsed.error.issues[0]?.message ?? "Check the email.",
        String(parsed.error.issues[0]?.path[0] ?? ""),
      );
    try {
      await sendCustomEmail(db, parsed.data);
    } catch (error) {
      if (error instanceof EmailRequestError) throw new UserAdminError(error.message);
      throw error;
    }
  }
  await inTx(db, (tx) =>
    recordAudit(tx, actor, {
      action: "user.email",
      entityType: "user",
      entityId: id,
      after: { subject: input.subject, attachment: input.attachment?.filename ?? null },
    }),
  );
}
