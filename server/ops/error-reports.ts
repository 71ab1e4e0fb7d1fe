/** Error reports (spec §3 error_report), from browsers ('Client') and from the server ('Server'). */
import { desc } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../db/client";
import { errorReports } from "../db/schema";

/** Field caps: a report is for diagnosis, not storage; longer text is cut, not refused. */
export const ERROR_REPORT_LIMITS = { message: 2_000, stack: 8_000, page: 2_000, fn: 200, userAgent: 500 } as const;

const capped = (max: number) =>
  z
    .string()
    .transform((v) => (v.length > max ? `${v.slice(0, max - 1)}…` : v))
    .nullish();

/** What a browser may send to POST /api/error-reports (snake_case, as the spec names the fields). */
export const clientErrorReportInput = z.object({
  error_report_by_dev: capped(ERROR_REPORT_LIMITS.message),
  error_report_by_system: z
    .string()
    .min(1, "error_report_by_system is required")
    .transform((v) => v.slice(0, ERROR_REPORT_LIMITS.message)),
  error_stack_report_by_system: capped(ERROR_REPORT_LIMITS.stack),
  what_page: capped(ERROR_REPORT_LIMITS.page),
  what_function: capped(ERROR_REPORT_LIMITS.fn),
});

export interface ErrorReportRecord {
  errorReportByDev?: string | null;
  errorReportBySystem: string;
  errorStackReportBySystem?: string | null;
  whatPlatform: "Client" | "Server";
  whatPage?: string | null;
  whatFunction?: string | null;
  requestId?: string | null;
  userAgent?: string | null;
}

export async function addErrorReport(db: Database, report: ErrorReportRecord) {
  const cut = (v: string | null | undefined, max: number) => (v == null ? null : v.slice(0, max));
  const [row] = await db
    .insert(errorReports)
    .values({
      errorReportByDev: cut(report.errorReportByDev, ERROR_REPORT_LIMITS.message),
      errorReportBySystem: cut(report.errorReportBySystem, ERROR_REPORT_LIMITS.message) ?? "Unknown error",
      errorStackReportBySystem: cut(report.errorStackReportBySystem, ERROR_REPORT_LIMITS.stack),
      whatPlatform: report.whatPlatform,
      whatPage: cut(report.whatPage, ERROR_REPORT_LIMITS.page),
      whatFunction: cut(report.whatFunction, ERROR_REPORT_LIMITS.fn),
      requestId: report.requestId ?? null,
      userAgent: cut(report.userAgent, ERROR_REPORT_LIMITS.userAgent),
    })
    .returning({ id: errorReports.id, createdDate: errorReports.createdDate });
  return row!;
}

/** Stores a server-side error; never throws (reporting must not turn one failure into two). */
export async function reportServerError(
  db: Database | undefined,
  error: unknown,
  where: { page?: string; fn?: string; requestId?: string },
): Promise<void> {
  if (!db) return;
  const err = error instanceof Error ? error : new Error(String(error));
  try {
    await addErrorReport(db, {
      errorReportBySystem: err.message || err.name,
      errorStackReportBySystem: err.stack ?? null,
      whatPlatform: "Server",
      whatPage: where.page ?? null,
      whatFunction: where.fn ?? null,
      requestId: where.requestId ?? null,
    });
  } catch {
    // The logger has the original error; a failing database must not crash the handler.
  }
}

export async function listErrorReports(db: Database, limit = 50) {
  return db.select().from(errorReports).orderBy(desc(errorReports.createdDate)).limit(limit);
}
