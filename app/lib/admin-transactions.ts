/** The transaction history's filters, shared by the admin page, its CSV export and the server. */
import { z } from "zod";
import { pageNumber, sortDirection, utcDay } from "./list-query";

export const TRANSACTION_FILTER_STATUSES = ["all", "pending", "paid", "failed", "canceled", "refunded"] as const;
export const TRANSACTION_FILTER_PROVIDERS = ["all", "sandbox", "stripe", "none"] as const;

export const transactionListQuery = z.object({
  status: z.enum(TRANSACTION_FILTER_STATUSES).catch("all").default("all"),
  provider: z.enum(TRANSACTION_FILTER_PROVIDERS).catch("all").default("all"),
  from: utcDay,
  to: utcDay,
  user: z.string().trim().max(120).optional().default(""),
  product: z.uuid().optional().catch(undefined),
  sort: z.enum(["created", "total"]).catch("created").default("created"),
  dir: sortDirection("desc"),
  page: pageNumber(100_000),
});
export type TransactionListQuery = z.output<typeof transactionListQuery>;

export const refundForm = z.object({
  reason: z
    .string()
    .trim()
    .min(3, "Say why, for the record (at least 3 characters)")
    .max(500, "Keep the reason under 500 characters"),
});
