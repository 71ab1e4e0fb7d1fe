/**
 * Columns most tables share, written once. Each is a function: a Drizzle column builder belongs
 * to the one table it is placed in.
 */
import { sql } from "drizzle-orm";
import { type AnyPgColumn, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";

/** A random UUID key, made by the database. */
export const uuidKey = () => uuid("id").primaryKey().default(sql`gen_random_uuid()`);

/** When the row was made. */
export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** When the row last changed: set by the code that changes it. */
export const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/** The account the row belongs to; the row goes when the account does. */
export const ownerId = () =>
  text("user_id")
    .notNull()
    .references(() => user.id, { onDelete: "cascade" });

/** The row this one is part of (an order's line, an artwork's reaction): it goes when that row does. */
export const parentKey = <Name extends string>(name: Name, parent: () => AnyPgColumn) =>
  uuid(name).notNull().references(parent, { onDelete: "cascade" });
