/**
 * The transaction history as admins read it: filters (status, dates, buyer, product, provider),
 * pages, one transaction with everything about it, and a CSV export safe to open in a
 * spreadsheet (cells that would start a formula are neutralised).
 */
import { and, asc, count, desc, eq, exists, gte, ilike, lt, or, type SQL } from "drizzle-orm";
import type { TransactionListQuery } from "~/lib/admin-transactions";
import type { Database } from "../db/client";
import { transactionLines, transactions, user } from "../db/schema";
import { getTransactionView, type TransactionView } from "./transactions";

export const TRANSACTION_PAGE_SIZE = 25;
const CSV_MAX_ROWS = 10_000;

function conditionsOf(query: TransactionListQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.status !== "all") conditions.push(eq(transactions.status, query.status));
  if (query.provider !== "all") conditions.push(eq(transactions.provider, query.provider));
  if (query.from) conditions.push(gte(transactions.createdAt, new Date(`${query.from}T00:00:00Z`)));
  if (query.to)
    conditions.push(lt(transactions.createdAt, new Date(new Date(`${query.to}T00:00:00Z`).getTime() + 86_400_000)));
  if (query.user) {
    const like = `%${query.user.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(user.email, like), ilike(user.name, like))!);
  }
  return conditions.length ? and(...conditions) : undefined;
}

export interface AdminTransactionRow {
  id: string;
  createdAt: string;
  status: string;
  provider: string;
  currency: string;
  totalMinor: number;
  discountMinor: number;
  tokens: number;
  discountCode: string | null;
  userId: string;
  userEmail: string;
  userName: string;
}

async function selectRows(
  db: Database,
  query: TransactionListQuery,
  limit: number,
  offset: number,
): Promise<AdminTransactionRow[]> {
  const column = query.sort === "total" ? transactions.totalMinor : transactions.createdAt;
  const direction = query.dir === "asc" ? asc : desc;
  const rows = await db
    .select({
      id: transactions.id,
      createdAt: transactions.createdAt,
      status: transactions.status,
      provider: transactions.provider,
      currency: transactions.currency,
      totalMinor: transactions.totalMinor,
      discountMinor: transactions.discountMinor,
      tokens: transactions.tokens,
      discountCode: transactions.discountCode,
      userId: transactions.userId,
      userEmail: user.email,
      userName: user.name,
    })
    .from(transactions)
    .innerJoin(user, eq(user.id, transactions.userId))
    .where(whereOf(db, query))
    .orderBy(direction(column), desc(transactions.id))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

function whereOf(db: Database, query: TransactionListQuery): SQL | undefined {
  const base = conditionsOf({ ...query, product: undefined });
  if (!query.product) return base;
  const hasLine = exists(
    db
      .select({ one: transactionLines.id })
      .from(transactionLines)
      .where(and(eq(transactionLines.transactionId, transactions.id), eq(transactionLines.productId, query.product))),
  );
  return base ? and(base, hasLine) : hasLine;
}

export async function listTransactionsForAdmin(db: Database, query: TransactionListQuery) {
  const [totalRow] = await db
    .select({ n: count() })
    .from(transactions)
    .innerJoin(user, eq(user.id, transactions.userId))
    .where(whereOf(db, query));
  const total = totalRow?.n ?? 0;
  const pages = Math.max(1, Math.ceil(total / TRANSACTION_PAGE_SIZE));
  const page = Math.min(query.page, pages);
  return {
    rows: await selectRows(db, query, TRANSACTION_PAGE_SIZE, (page - 1) * TRANSACTION_PAGE_SIZE),
    total,
    page,
    pages,
  };
}

/**
 * One CSV cell: quoted, quotes doubled, and a value that a spreadsheet would read as a formula
 * (starting with =, +, -, @, a tab or a carriage return) prefixed with an apostrophe.
 */
export function csvCell(value: string | number | null): string {
  let text = value === null ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export async function exportTransactionsCsv(db: Database, query: TransactionListQuery): Promise<string> {
  const rows = await selectRows(db, query, CSV_MAX_ROWS, 0);
  const header = [
    "id",
    "created_at",
    "status",
    "provider",
    "buyer_email",
    "buyer_name",
    "currency",
    "total_minor",
    "discount_minor",
    "discount_code",
    "tokens",
  ];
  const lines = rows.map((r) =>
    [
      r.id,
      r.createdAt,
      r.status,
      r.provider,
      r.userEmail,
      r.userName,
      r.currency,
      r.totalMinor,
      r.discountMinor,
      r.discountCode,
      r.tokens,
    ]
      .map(csvCell)
      .join(","),
  );
  return `${[header.map(csvCell).join(","), ...lines].join("\r\n")}\r\n`;
}

export interface AdminTransactionDetail extends TransactionView {
  buyer: { id: string; name: string; email: string };
  providerSessionId: string | null;
  providerPaymentId: string | null;
  providerRefundId: string | null;
}

export async function getTransactionForAdmin(db: Database, id: string): Promise<AdminTransactionDetail | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
  const [row] = await db
    .select({ t: transactions, name: user.name, email: user.email })
    .from(transactions)
    .innerJoin(user, eq(user.id, transactions.userId))
    .where(eq(transactions.id, id));
  if (!row) return null;
  const view = await getTransactionView(db, id);
  return {
    ...view!,
    buyer: { id: row.t.userId, name: row.name, email: row.email },
    providerSessionId: row.t.providerSessionId,
    providerPaymentId: row.t.providerPaymentId,
    providerRefundId: row.t.providerRefundId,
  };
}
