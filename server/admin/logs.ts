/**
 * What the back office's log page reads: the audit log of admin actions and the error reports
 * (spec §3), each searchable, filterable and paged on the server.
 */
import { and, asc, count, desc, eq, gte, ilike, lt, or, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../db/client";
import { auditLog, errorReports } from "../db/schema";

export const LOG_PAGE_SIZE = 25;

export const logQuery = z.object({
  tab: z.enum(["audit", "errors"]).catch("audit").default("audit"),
  q: z.string().trim().max(120).optional().default(""),
  entity: z.string().trim().max(40).optional().default(""),
  /** The admin who acted, by email. */
  actor: z.string().trim().max(320).optional().default(""),
  /** A range of UTC days, both ends included. */
  from: z.iso.date().catch("").optional().default(""),
  to: z.iso.date().catch("").optional().default(""),
  platform: z.enum(["all", "Client", "Server"]).catch("all").default("all"),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});
export type LogQuery = z.output<typeof logQuery>;

const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function paging(total: number, page: number) {
  const pages = Math.max(1, Math.ceil(total / LOG_PAGE_SIZE));
  const current = Math.min(page, pages);
  return { pages, page: current, offset: (current - 1) * LOG_PAGE_SIZE };
}

export async function listAuditEntries(db: Database, query: LogQuery) {
  const conditions: SQL[] = [];
  if (query.q)
    conditions.push(
      or(
        ilike(auditLog.actorEmail, like(query.q)),
        ilike(auditLog.action, like(query.q)),
        ilike(auditLog.entityId, like(query.q)),
      )!,
    );
  if (query.entity) conditions.push(eq(auditLog.entityType, query.entity));
  if (query.actor) conditions.push(eq(auditLog.actorEmail, query.actor));
  if (query.from) conditions.push(gte(auditLog.createdAt, new Date(`${query.from}T00:00:00Z`)));
  if (query.to) conditions.push(lt(auditLog.createdAt, new Date(Date.parse(`${query.to}T00:00:00Z`) + 86_400_000)));
  const where = conditions.length ? and(...conditions) : undefined;
  const [totalRow] = await db.select({ n: count() }).from(auditLog).where(where);
  const total = totalRow?.n ?? 0;
  const { pages, page, offset } = paging(total, query.page);
  const rows = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(LOG_PAGE_SIZE)
    .offset(offset);
  return { rows: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })), total, pages, page };
}

/** The admins who have acted, for the log's filter. */
export async function listAuditActors(db: Database): Promise<string[]> {
  const rows = await db
    .selectDistinct({ email: auditLog.actorEmail })
    .from(auditLog)
    .orderBy(asc(auditLog.actorEmail))
    .limit(200);
  return rows.map((r) => r.email);
}

export async function listErrorReports(db: Database, query: LogQuery) {
  const conditions: SQL[] = [];
  if (query.q) {
    conditions.push(
      or(
        ilike(errorReports.errorReportBySystem, like(query.q)),
        ilike(errorReports.whatPage, like(query.q)),
        ilike(errorReports.whatFunction, like(query.q)),
        ilike(errorReports.errorReportByDev, like(query.q)),
      )!,
    );
  }
  if (query.platform !== "all") conditions.push(eq(errorReports.whatPlatform, query.platform));
  const where = conditions.length ? and(...conditions) : undefined;
  const [totalRow] = await db.select({ n: count() }).from(errorReports).where(where);
  const total = totalRow?.n ?? 0;
  const { pages, page, offset } = paging(total, query.page);
  const rows = await db
    .select()
    .from(errorReports)
    .where(where)
    .orderBy(desc(errorReports.createdDate), desc(errorReports.id))
    .limit(LOG_PAGE_SIZE)
    .offset(offset);
  return { rows: rows.map((r) => ({ ...r, createdDate: r.createdDate.toISOString() })), total, pages, page };
}
