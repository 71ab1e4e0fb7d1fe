/** The transaction history's filters, shared by the admin page, its CSV export and the server. */
import { z } from "zod";

export const TRANSACTION_FILTER_STATUSES = ["all", "pending", "paid", "failed", "canceled", "refunded"] as const;
export const TRANSACTION_FILTER_PROVIDERS = ["all", "sandbox", "stripe", "none"] as const;

const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional()
  .catch(undefined);

export const transactionListQuery = z.object({
  status: z.enum(TRANSACTION_FILTER_STATUSES).catch("all").default("all"),
  provider: z.enum(TRANSACTION_FILTER_PROVIDERS).catch("all").default("all"),
  from: day,
  to: day,
  user: z.string().trim().max(120).optional().default(""),
  product: z.uuid().optional().catch(undefined),
  sort: z.enum(["created", "total"]).catch("created").default("created"),
  dir: z.enum(["asc", "desc"]).catch("desc").default("desc"),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});
export type TransactionListQuery = z.output<typeof transactionListQuery>;

export const refundForm = z.object({
  reason: z
    .string()
    .trim()
    .min(3, "Say why, for the record (at least 3 characters)")
    .max(500, "Keep the reason under 500 characters"),
});
