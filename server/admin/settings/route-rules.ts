/**
 * The route rules of the navigation checks (spec §2), kept on /admin/set-token-default: a path
 * (or path/*) that leads elsewhere. The back office, sign-in and the APIs can never be redirected.
 */
import { asc, eq } from "drizzle-orm";
import { AppError, type ErrorCode } from "../../app-error";
import type { Database } from "../../db/client";
import { routeRules } from "../../db/schema";
import { routeRuleInput } from "../../navigation/route-rules";
import { type Actor, recordAudit } from "../../audit/audit";
import { inSettingsTransaction } from "./settings-transaction";

export type RouteRuleRow = typeof routeRules.$inferSelect;

/** A refusal that belongs beside one field of the rule form. */
export class RouteRuleError extends AppError {
  constructor(
    readonly field: "fromPath" | "target" | null,
    message: string,
    code: ErrorCode = "invalid_input",
  ) {
    super(code, message, field ? { fields: { [field]: [message] } } : {});
    this.name = "RouteRuleError";
  }
}

export async function listAllRouteRules(db: Database): Promise<RouteRuleRow[]> {
  return db.select().from(routeRules).orderBy(asc(routeRules.fromPath));
}

/** The back office and sign-in stay reachable whatever the rules say, so no rule can lock admins out. */
function isProtectedPath(path: string): boolean {
  const p = path.replace(/\/\*$/, "").replace(/\/+$/, "") || "/";
  return p === "/admin" || p.startsWith("/admin/") || p === "/login" || p.startsWith("/api/") || p === "/api";
}

/** Adds a rule from the form's values, refused beside the field at fault. */
export async function addRouteRule(
  db: Database,
  actor: Actor,
  input: { fromPath: string; target: string; permanent?: boolean; note?: string },
): Promise<RouteRuleRow> {
  const parsed = routeRuleInput.safeParse(input);
  if (!parsed.success) {
    const fields: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) fields[String(issue.path[0])] ??= [issue.message];
    throw new AppError("invalid_input", "The rule needs fixing.", { fields });
  }
  const values = parsed.data;
  if (isProtectedPath(values.fromPath))
    throw new RouteRuleError("fromPath", "The back office, sign-in and API paths cannot be redirected");
  return inSettingsTransaction(db, async (tx) => {
    const [taken] = await tx
      .select({ id: routeRules.id })
      .from(routeRules)
      .where(eq(routeRules.fromPath, values.fromPath));
    if (taken)
      throw new RouteRuleError(
        "fromPath",
        "There is already a rule for this path: switch that one off or delete it first",
      );
    const [row] = await tx
      .insert(routeRules)
      .values({ ...values, note: values.note || null })
      .returning();
    await recordAudit(tx, actor, {
      action: "route-rule.create",
      entityType: "route-rule",
      entityId: String(row!.id),
      after: row,
    });
    return row!;
  });
}

async function lockRule(tx: Database, id: number): Promise<RouteRuleRow> {
  const [row] = Number.isSafeInteger(id)
    ? await tx.select().from(routeRules).where(eq(routeRules.id, id)).for("update")
    : [];
  if (!row) throw new RouteRuleError(null, "That rule does not exist.", "not_found");
  return row;
}

export async function setRouteRuleEnabled(
  db: Database,
  actor: Actor,
  id: number,
  enabled: boolean,
): Promise<RouteRuleRow> {
  return inSettingsTransaction(db, async (tx) => {
    const before = await lockRule(tx, id);
    const [after] = await tx
      .update(routeRules)
      .set({ enabled, updatedAt: new Date() })
      .where(eq(routeRules.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: enabled ? "route-rule.enable" : "route-rule.disable",
      entityType: "route-rule",
      entityId: String(id),
      before,
      after,
    });
    return after!;
  });
}

export async function deleteRouteRule(db: Database, actor: Actor, id: number): Promise<void> {
  await inSettingsTransaction(db, async (tx) => {
    const before = await lockRule(tx, id);
    await tx.delete(routeRules).where(eq(routeRules.id, id));
    await recordAudit(tx, actor, {
      action: "route-rule.delete",
      entityType: "route-rule",
      entityId: String(id),
      before,
    });
  });
}
