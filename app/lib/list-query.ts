/**
 * Fields of the admin lists' address filters (shared by their pages and the server). A value that
 * does not fit falls back to its default, so a stale or hand-made address never is an error page.
 */
import { z } from "zod";

/** A UTC day typed in a date filter (YYYY-MM-DD); anything else means no bound. */
export const utcDay = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional()
  .catch(undefined);

/** The sort direction, `first` when the address names none. */
export const sortDirection = (first: "asc" | "desc") => z.enum(["asc", "desc"]).catch(first).default(first);

/** The page number, from 1 to `last`. */
export const pageNumber = (last: number) => z.coerce.number().int().min(1).max(last).catch(1).default(1);
