/**
 * The filters of an admin list page, read from its address. A search box is no form: like the
 * community search, control characters become spaces (PostgreSQL refuses NUL) and a text too long
 * is cut to the schema's limit, so a bad filter narrows nothing and is never an error page.
 */
import type { z } from "zod";
import { stripControlCharacters } from "~/lib/plain-text";

export function parseListQuery<S extends z.ZodType>(schema: S, url: string | URL): z.output<S> {
  const raw: Record<string, string> = {};
  for (const [key, value] of new URL(url).searchParams) raw[key] = stripControlCharacters(value);
  const first = schema.safeParse(raw);
  if (first.success) return first.data;
  // Cut to the limit the schema names; anything else it refuses is dropped, so its default applies.
  for (const issue of first.error.issues) {
    const key = String(issue.path[0]);
    const value = raw[key];
    if (issue.code === "too_big" && issue.origin === "string" && value !== undefined)
      raw[key] = value.trim().slice(0, Number(issue.maximum));
    else delete raw[key];
  }
  const second = schema.safeParse(raw);
  return second.success ? second.data : schema.parse({});
}
