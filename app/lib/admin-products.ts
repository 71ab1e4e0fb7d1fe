/**
 * What the product editor takes, shared by the form (instant field errors) and the server. The
 * price is typed as money ("9.99") and stored in minor units; features are one per line.
 */
import { z } from "zod";
import { pageNumber, sortDirection } from "./list-query";
import { formatCount } from "~/lib/format";

export const SHOP_CURRENCIES = ["USD", "EUR", "GBP"] as const;

const whole = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `Enter ${label} as a number` })
    .int(`Enter ${label} as a whole number`)
    .min(min, `${label[0]!.toUpperCase()}${label.slice(1)} must be at least ${formatCount(min)}`)
    .max(max, `${label[0]!.toUpperCase()}${label.slice(1)} must be at most ${formatCount(max)}`);

export const productForm = z.object({
  name: z.string().trim().min(1, "Name the product").max(60, "Keep the name under 60 characters"),
  description: z.string().trim().max(300, "Keep the description under 300 characters").default(""),
  price: z
    .string()
    .trim()
    .regex(/^\d{1,6}(\.\d{1,2})?$/, "Enter a price such as 9.99")
    .transform((v) => Math.round(Number(v) * 100))
    .refine((minor) => minor >= 50, "The price must be at least 0.50"),
  currency: z.enum(SHOP_CURRENCIES, { error: `Choose ${SHOP_CURRENCIES.join(", ")}` }).default("USD"),
  tokens: whole("tokens", 1, 1_000_000),
  bonusTokens: whole("bonus tokens", 0, 1_000_000).default(0),
  tier: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9-]{1,30}$/, "A tier is a short name of letters, digits and dashes"),
  features: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean),
    )
    .refine((list) => list.length <= 8, "List at most 8 features")
    .refine((list) => list.every((f) => f.length <= 80), "Keep each feature under 80 characters"),
  badge: z.string().trim().max(24, "Keep the badge under 24 characters").default(""),
  sortOrder: whole("the order", 0, 100_000).default(0),
  active: z
    .union([z.literal("on"), z.literal("true"), z.literal("false"), z.literal("")])
    .optional()
    .transform((v) => v === "on" || v === "true"),
});
export type ProductForm = z.output<typeof productForm>;

export const PRODUCT_SORTS = ["order", "name", "price", "tokens", "updated"] as const;
export const PRODUCT_STATUSES = ["all", "active", "inactive", "archived"] as const;

export const productListQuery = z.object({
  q: z.string().trim().max(60).optional().default(""),
  status: z.enum(PRODUCT_STATUSES).catch("all").default("all"),
  sort: z.enum(PRODUCT_SORTS).catch("order").default("order"),
  dir: sortDirection("asc"),
  page: pageNumber(10_000),
});
export type ProductListQuery = z.output<typeof productListQuery>;
