/** The admin list of generations: its filters, shared by the page and the server. */
import { z } from "zod";
import { pageNumber, sortDirection, utcDay } from "./list-query";
import { GENERATION_MODES, GENERATION_STATUSES } from "./generation-constants";

export const GENERATION_FILTER_STATUSES = ["all", "active", ...GENERATION_STATUSES] as const;
export const GENERATION_FILTER_MODES = ["all", ...GENERATION_MODES] as const;

export const generationListQuery = z.object({
  /** "active": queued or running. */
  status: z.enum(GENERATION_FILTER_STATUSES).catch("all").default("all"),
  mode: z.enum(GENERATION_FILTER_MODES).catch("all").default("all"),
  engine: z.string().trim().max(80).optional().default(""),
  from: utcDay,
  to: utcDay,
  user: z.string().trim().max(120).optional().default(""),
  refunded: z.enum(["all", "yes", "no"]).catch("all").default("all"),
  sort: z.enum(["created", "cost"]).catch("created").default("created"),
  dir: sortDirection("desc"),
  page: pageNumber(100_000),
});
export type GenerationListQuery = z.output<typeof generationListQuery>;
