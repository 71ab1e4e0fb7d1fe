/** Operational tables: error reports (spec §3), rate-limit windows and idempotency keys. */
import { index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt, instant, uuidKey } from "./columns";

/** The spec's error_report document; column names follow the spec. */
export const errorReports = pgTable(
  "error_reports",
  {
    id: uuidKey(),
    createdDate: instant("created_date").notNull().defaultNow(),
    errorReportByDev: text("error_report_by_dev"),
    errorReportBySystem: text("error_report_by_system").notNull(),
    errorStackReportBySystem: text("error_stack_report_by_system"),
    whatPlatform: text("what_platform").notNull().default("Client"),
    whatPage: text("what_page"),
    whatFunction: text("what_function"),
    requestId: text("request_id"),
    userAgent: text("user_agent"),
  },
  (t) => [index("error_reports_created_date_idx").on(t.createdDate)],
);

/** Fixed-window counters shared by every process (rate limits must hold across processes). */
export const rateLimitWindows = pgTable(
  "rate_limit_windows",
  {
    key: text("key").notNull(),
    windowStart: instant("window_start").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/** Responses stored under a client's Idempotency-Key so a retried POST is answered, not re-run. */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    statusCode: integer("status_code"),
    responseBody: text("response_body"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
);
