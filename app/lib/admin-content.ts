/** What the FAQ editor takes, shared by its form and the server. */
import { z } from "zod";

export const faqForm = z.object({
  question: z
    .string()
    .trim()
    .min(5, "Write the question (at least 5 characters)")
    .max(200, "Keep the question under 200 characters"),
  answer: z
    .string()
    .trim()
    .min(5, "Write the answer (at least 5 characters)")
    .max(3000, "Keep the answer under 3,000 characters"),
  published: z
    .union([z.literal("on"), z.literal("true"), z.literal("")])
    .optional()
    .transform((v) => v === "on" || v === "true"),
});
export type FaqForm = z.output<typeof faqForm>;

const checkbox = z
  .union([z.literal("on"), z.literal("true"), z.literal("")])
  .optional()
  .transform((v) => v === "on" || v === "true");

/** A `datetime-local` value read as UTC (the back office shows every time in UTC); empty for none. */
const utcDateTime = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx) => {
    if (!v) return null;
    const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(v);
    const date = match
      ? new Date(Date.UTC(+match[1]!, +match[2]! - 1, +match[3]!, +match[4]!, +match[5]!, +(match[6] ?? 0)))
      : null;
    if (!date || Number.isNaN(date.getTime())) {
      ctx.addIssue({ code: "custom", message: "Use a date and time like 2026-12-01T09:00" });
      return z.NEVER;
    }
    return date;
  });

/** Where a slide leads: a path on this site or an https address. */
const slideLink = z
  .string()
  .trim()
  .max(500, "Keep the link under 500 characters")
  .optional()
  .default("")
  .refine((v) => v === "" || (/^\/(?!\/)/.test(v) && !/\s/.test(v)) || /^https:\/\/[^\s/]+\.[^\s]+$/i.test(v), {
    message: "Use a path on this site (like /community/main) or an https:// address",
  });

/** Slideshow pictures narrower than this would look blurred across the home page's hero. */
export const SLIDE_MIN_WIDTH = 1024;

export const slideForm = z
  .object({
    title: z.string().trim().min(1, "Give the slide a title").max(120, "Keep the title under 120 characters"),
    subtitle: z.string().trim().max(200, "Keep the subtitle under 200 characters").optional().default(""),
    linkUrl: slideLink,
    active: checkbox,
    startsAt: utcDateTime,
    endsAt: utcDateTime,
  })
  .refine((v) => !v.startsAt || !v.endsAt || v.endsAt > v.startsAt, {
    path: ["endsAt"],
    message: "The end must come after the start",
  });
export type SlideForm = z.output<typeof slideForm>;

/** A Date as the value of a `datetime-local` field, in UTC. */
export function toUtcDateTimeInput(date: Date | string | null): string {
  return date ? new Date(date).toISOString().slice(0, 16) : "";
}
