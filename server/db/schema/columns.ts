/**
 * Columns most tables share, written once (the owning account's key, `ownerId`, is in `auth.ts` beside the user table). Each is a function: a Drizzle column builder belongs
 * to the one table it is placed in.
 */
import { sql } from "drizzle-orm";
import { type AnyPgColumn, timestamp, uuid } from "drizzle-orm/pg-core";

/** A random UUID key, made by the database. */
export const uuidKey = () => uuid("id").primaryKey().default(sql`gen_random_uuid()`);

/** A moment in time: every timestamp is stored with its time zone (timestamptz), so it means one instant everywhere. */
export const instant = <Name extends string>(name: Name) => timestamp(name, { withTimezone: true });

/** When the row was made. */
export const createdAt = () => instant("created_at").notNull().defaultNow();

/** When the row last changed: set by the code that changes it. */
export const updatedAt = () => instant("updated_at").notNull().defaultNow();

/** The row this one is part of (an order's line, an artwork's reaction): it goes when that row does. */
export const parentKey = <Name extends string>(name: Name, parent: () => AnyPgColumn) =>
  uuid(name).notNull().references(parent, { onDelete: "cascade" });
