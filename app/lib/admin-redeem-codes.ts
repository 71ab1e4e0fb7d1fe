/** The back office's redeem-code form (/admin/redeem-codes): what a code needs, checked on the server. */
import { z } from "zod";

/** A `datetime-local` value read as UTC, as every admin time in Atelier is. */
const utcTime = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, `Enter when ${label} (UTC)`)
    .transform((v) => new Date(`${v.length === 16 ? `${v}:00` : v}Z`))
    .refine((d) => !Number.isNaN(d.getTime()), `Enter when ${label} (UTC)`);

export const redeemCodeForm = z
  .object({
    code: z
      .string()
      .trim()
      .transform((v) => v.toUpperCase())
      .pipe(
        z
          .string()
          .regex(/^[A-Z0-9][A-Z0-9_-]{2,39}$/, "3 to 40 letters, digits, - or _, starting with a letter or digit"),
      ),
    tokens: z.coerce
      .number({ error: "Enter a number of tokens" })
      .int("A whole number of tokens")
      .min(1, "At least 1 token")
      .max(100_000, "At most 100,000 tokens"),
    startsAt: utcTime("it opens"),
    endsAt: utcTime("it closes"),
    maxRedemptions: z
      .string()
      .trim()
      .transform((v) => (v === "" ? null : Number(v)))
      .refine(
        (v) => v === null || (Number.isInteger(v) && v >= 1 && v <= 10_000_000),
        "Empty for no limit, or a whole number from 1",
      ),
    maxPerPerson: z.coerce
      .number({ error: "Enter how many times one person may redeem it" })
      .int("A whole number of times")
      .min(1, "At least once")
      .max(100, "At most 100 times"),
  })
  .refine((v) => v.endsAt > v.startsAt, { message: "It must close after it opens", path: ["endsAt"] });
