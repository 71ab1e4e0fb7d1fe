/** What the discount editor takes, shared by its form and the server. Money is typed as "5.00". */
import { z } from "zod";
import { pageNumber, sortDirection } from "./list-query";
import { SHOP_CURRENCIES } from "./admin-products";

const money = z
  .string()
  .trim()
  .regex(/^\d{1,6}(\.\d{1,2})?$/, "Enter an amount such as 5.00")
  .transform((v) => Math.round(Number(v) * 100));

const moment = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx) => {
    if (!v) return null;
    const date = new Date(/Z|[+-]\d\d:\d\d$/.test(v) ? v : `${v}Z`);
    if (Number.isNaN(date.getTime())) {
      ctx.addIssue({ code: "custom", message: "Enter a date and time" });
      return z.NEVER;
    }
    return date;
  });

export const discountForm = z
  .object({
    code: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9_-]{3,40}$/, "3 to 40 letters, digits, dashes or underscores"),
    description: z.string().trim().max(200, "Keep the description under 200 characters").default(""),
    kind: z.enum(["percent", "fixed"], { error: "Choose percent or a fixed amount" }),
    value: z.string().trim().min(1, "Enter the discount"),
    currency: z.enum(SHOP_CURRENCIES).default("USD"),
    validFrom: moment,
    validUntil: moment,
    maxRedemptions: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? Number(v) : null))
      .refine(
        (v) => v === null || (Number.isInteger(v) && v >= 1 && v <= 10_000_000),
        "A whole number of at least 1, or empty for no limit",
      ),
    maxPerUser: z.coerce
      .number({ error: "Enter a number" })
      .int("A whole number")
      .min(1, "At least 1")
      .max(1000, "At most 1,000")
      .default(1),
    minOrder: z
      .string()
      .optional()
      .transform((v) => (v?.trim() ? v.trim() : "0"))
      .pipe(money),
    productIds: z.array(z.uuid()).default([]),
    active: z
      .union([z.literal("on"), z.literal("true"), z.literal("")])
      .optional()
      .transform((v) => v === "on" || v === "true"),
  })
  .transform((form, ctx) => {
    let value = 0;
    if (form.kind === "percent") {
      value = Number(form.value);
      if (!Number.isInteger(value) || value < 1 || value > 100)
        ctx.addIssue({ code: "custom", path: ["value"], message: "A percent from 1 to 100" });
    } else {
      const parsed = money.safeParse(form.value);
      if (!parsed.success || parsed.data < 1)
        ctx.addIssue({ code: "custom", path: ["value"], message: "Enter an amount such as 5.00" });
      else value = parsed.data;
    }
    if (form.validFrom && form.validUntil && form.validUntil <= form.validFrom)
      ctx.addIssue({ code: "custom", path: ["validUntil"], message: "The end must come after the start" });
    return { ...form, value };
  });
export type DiscountForm = z.output<typeof discountForm>;

export const discountListQuery = z.object({
  q: z.string().trim().max(40).optional().default(""),
  status: z.enum(["all", "active", "inactive", "expired"]).catch("all").default("all"),
  sort: z.enum(["created", "code", "redemptions"]).catch("created").default("created"),
  dir: sortDirection("desc"),
  page: pageNumber(10_000),
});
export type DiscountListQuery = z.output<typeof discountListQuery>;
