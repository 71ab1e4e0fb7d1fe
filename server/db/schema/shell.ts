/** Tables of the app shell: feature flags, site settings and route rules (spec §2, §9). */
import { boolean, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, instant, updatedAt } from "./columns";

/** One row per flag that has ever been set; a missing row means "off" (spec §9: all off). */
export const featureFlags = pgTable("feature_flags", {
  key: text("key").primaryKey(),
  enabled: boolean("enabled").notNull().default(false),
  updatedAt: updatedAt(),
});

/** Small site-wide settings edited by admins (allowed domains, redirect allow-list…), as JSON values. */
export const siteSettings = pgTable("site_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: updatedAt(),
});

/** Configurable redirects run before every navigation (spec §2, check 3). */
export const routeRules = pgTable(
  "route_rules",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** An exact path (`/old`) or a prefix ending in `/*` (`/old/*`). */
    fromPath: text("from_path").notNull(),
    /** An internal path (`/pricing-plans`) or an absolute http(s) URL. */
    target: text("target").notNull(),
    permanent: boolean("permanent").notNull().default(false),
    enabled: boolean("enabled").notNull().default(true),
    note: text("note"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("route_rules_from_path_key").on(t.fromPath)],
);

/**
 * How often each table that feeds the run-time snapshot (server/db/runtime-snapshot.ts) has
 * changed. Database triggers bump the row in the writing transaction and announce the change on
 * the `atelier_changes` channel; processes that missed the announcement see the version move
 * (ADR 0026).
 */
export const runtimeChanges = pgTable("runtime_changes", {
  tableName: text("table_name").primaryKey(),
  version: integer("version").notNull().default(0),
  changedAt: instant("changed_at").notNull().defaultNow(),
});
