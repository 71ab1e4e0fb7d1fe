/**
 * Every generation as admins read it (the dashboard's figures lead here): filtered by status,
 * mode, engine, person, refund and UTC days, newest first, with the user's message and the
 * engine's own words for a failure.
 */
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from "drizzle-orm";
import type { GenerationListQuery } from "~/lib/admin-generations";
import type { Database } from "../db/client";
import { generationImages, generations, user } from "../db/schema";

export const GENERATION_PAGE_SIZE = 25;

function whereOf(query: GenerationListQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.status === "active") conditions.push(inArray(generations.status, ["queued", "running"]));
  else if (query.status !== "all") conditions.push(eq(generations.status, query.status));
  if (query.mode !== "all") conditions.push(eq(generations.mode, query.mode));
  if (query.engine) conditions.push(eq(generations.engineId, query.engine));
  if (query.refunded !== "all") conditions.push(eq(generations.refunded, query.refunded === "yes"));
  if (query.from) conditions.push(gte(generations.createdAt, new Date(`${query.from}T00:00:00Z`)));
  if (query.to)
    conditions.push(lt(generations.createdAt, new Date(new Date(`${query.to}T00:00:00Z`).getTime() + 86_400_000)));
  if (query.user) {
    const like = `%${query.user.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(user.email, like), ilike(user.name, like))!);
  }
  return conditions.length ? and(...conditions) : undefined;
}

export interface AdminGenerationRow {
  id: string;
  createdAt: string;
  finishedAt: string | null;
  status: string;
  mode: string;
  engineId: string;
  engineLabel: string;
  prompt: string;
  count: number;
  images: number;
  cost: number;
  refunded: boolean;
  attempts: number;
  error: string | null;
  errorDetail: string | null;
  userId: string;
  userEmail: string;
  userName: string;
}

export async function listGenerationsForAdmin(db: Database, query: GenerationListQuery) {
  const where = whereOf(query);
  const [totalRow] = await db
    .select({ n: count() })
    .from(generations)
    .innerJoin(user, eq(user.id, generations.userId))
    .where(where);
  const total = totalRow?.n ?? 0;
  const pages = Math.max(1, Math.ceil(total / GENERATION_PAGE_SIZE));
  const page = Math.min(query.page, pages);
  const direction = query.dir === "asc" ? asc : desc;
  const rows = await db
    .select({
      id: generations.id,
      createdAt: generations.createdAt,
      finishedAt: generations.finishedAt,
      status: generations.status,
      mode: generations.mode,
      engineId: generations.engineId,
      engineLabel: generations.engineLabel,
      prompt: sql<string>`left(${generations.prompt}, 160)`,
      count: generations.count,
      images:
        sql<number>`(select count(*) from ${generationImages} where ${generationImages.generationId} = ${generations.id})`.mapWith(
          Number,
        ),
      cost: generations.cost,
      refunded: generations.refunded,
      attempts: generations.attempts,
      error: generations.error,
      errorDetail: sql<string | null>`left(${generations.errorDetail}, 600)`,
      userId: generations.userId,
      userEmail: user.email,
      userName: user.name,
    })
    .from(generations)
    .innerJoin(user, eq(user.id, generations.userId))
    .where(where)
    .orderBy(direction(query.sort === "cost" ? generations.cost : generations.createdAt), desc(generations.id))
    .limit(GENERATION_PAGE_SIZE)
    .offset((page - 1) * GENERATION_PAGE_SIZE);
  const view: AdminGenerationRow[] = rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    finishedAt: r.finishedAt?.toISOString() ?? null,
  }));
  return { rows: view, total, page, pages };
}

/** The engines generations were made with (for the filter), by the label they last had. */
export async function listGenerationEngines(db: Database): Promise<{ id: string; label: string }[]> {
  return db
    .select({ id: generations.engineId, label: sql<string>`max(${generations.engineLabel})` })
    .from(generations)
    .groupBy(generations.engineId)
    .orderBy(generations.engineId);
}
