/**
 * One run-time setting kept as a row of site_settings (token defaults, safety thresholds, word
 * lists): read once per change of the table (runtime-snapshot.ts), falling back to its defaults
 * when the row is missing or unreadable, and saved whole with the change announced to every process.
 */
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { announceChange } from "./change-feed";
import type { Database } from "./client";
import { type CachedRead, cachedRead } from "./runtime-snapshot";
import { siteSettings } from "./schema";

export interface SiteSetting<T> {
  load: CachedRead<T>;
  /** Checks and stores the whole value; returns it as stored. */
  save(db: Database, value: unknown): Promise<T>;
}

/**
 * A setting whose stored value is read by `read` (a zod parse of the raw JSON that may fill in
 * defaults); an unreadable value gives `fallback`. `schema` checks what is saved.
 */
export function siteSetting<S extends z.ZodType>(
  key: string,
  schema: S,
  fallback: z.output<S>,
  read: (raw: unknown) => z.output<S> | undefined = (raw) => {
    const parsed = schema.safeParse(raw);
    return parsed.success ? parsed.data : undefined;
  },
): SiteSetting<z.output<S>> {
  const load = cachedRead(["site_settings"], async (db): Promise<z.output<S>> => {
    const [row] = await db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, key));
    return row ? (read(row.value) ?? fallback) : fallback;
  });
  return {
    load,
    async save(db, value) {
      const next = schema.parse(value);
      await db
        .insert(siteSettings)
        .values({ key, value: next })
        .onConflictDoUpdate({ target: siteSettings.key, set: { value: next, updatedAt: new Date() } });
      announceChange({ kind: "table", table: "site_settings" });
      return next;
    },
  };
}

/**
 * A setting that is an object of named values: a stored value missing some keys takes the
 * defaults for them, and a change names only the keys it changes.
 */
export function objectSiteSetting<S extends z.ZodObject>(key: string, schema: S, defaults: z.output<S>) {
  const setting = siteSetting(key, schema, defaults, (raw) => {
    const parsed = schema.partial().safeParse(raw);
    return parsed.success ? ({ ...defaults, ...parsed.data } as z.output<S>) : undefined;
  });
  return {
    load: setting.load,
    /** Saves a change to some of the values; the rest keep theirs. */
    save: async (db: Database, change: Partial<z.output<S>>): Promise<z.output<S>> =>
      setting.save(db, { ...(await setting.load.fresh(db)), ...change }),
  };
}
