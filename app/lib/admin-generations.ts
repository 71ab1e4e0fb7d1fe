/** The admin list of generations: its filters, shared by the page and the server. */
import { z } from "zod";
import { GENERATION_MODES, GENERATION_STATUSES } from "./generation-constants";

export const GENERATION_FILTER_STATUSES = ["all", "active", ...GENERATION_STATUSES] as const;
export const GENERATION_FILTER_MODES = ["all", ...GENERATION_MODES] as const;

const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional()
  .catch(undefined);

export const generationListQuery = z.object({
  /** "active": queued or running. */
  status: z.enum(GENERATION_FILTER_STATUSES).catch("all").default("all"),
  mode: z.enum(GENERATION_FILTER_MODES).catch("all").default("all"),
  engine: z.string().trim().max(80).optional().default(""),
  from: day,
  to: day,
  user: z.string().trim().max(120).optional().default(""),
  refunded: z.enum(["all", "yes", "no"]).catch("all").default("all"),
  sort: z.enum(["created", "cost"]).catch("created").default("created"),
  dir: z.enum(["asc", "desc"]).catch("desc").default("desc"),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});
export type GenerationListQuery = z.output<typeof generationListQuery>;
