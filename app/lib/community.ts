/**
 * The community's shared rules: what publishing takes, how lists are sorted and filtered, and
 * the reasons a report can give. Shared by the browser (instant field errors) and the server.
 * The plain constants live in community-constants.ts (no zod) and are re-exported here.
 */
import { z } from "zod";
import {
  DESCRIPTION_MAX,
  LIST_PAGE_DEFAULT,
  LIST_PAGE_MAX,
  LIST_SORTS,
  REPORT_REASONS,
  TAG_MAX,
  TAGS_MAX,
  TITLE_MAX,
  VISIBILITIES,
} from "./community-constants";
import { GENERATION_MODES } from "./generation-constants";
import { hasControlCharacters, stripControlCharacters } from "./plain-text";

export * from "./community-constants";

/** Tags: trimmed, lower-case, letters, digits, spaces and dashes; duplicates dropped. */
const tagsField = z
  .union([z.array(z.string()), z.string()])
  .transform((v) => (Array.isArray(v) ? v : v.split(",")))
  .transform((tags) => [...new Set(tags.map((t) => t.trim().toLowerCase().replace(/\s+/g, " ")).filter(Boolean))])
  .pipe(
    z
      .array(
        z
          .string()
          .max(TAG_MAX, `Keep each tag under ${TAG_MAX} characters`)
          .regex(/^[\p{L}\p{N}][\p{L}\p{N} -]*$/u, "Tags use letters, digits, spaces and dashes"),
      )
      .max(TAGS_MAX, `Use at most ${TAGS_MAX} tags`),
  );

const checkbox = z.preprocess((v) => v === true || v === "true" || v === "on", z.boolean());

/** Publishing one image of a generation, or editing a published artwork. */
export const artworkInput = z.object({
  title: z
    .string({ error: "Give your artwork a title" })
    .trim()
    .min(1, "Give your artwork a title")
    .max(TITLE_MAX, `Keep the title under ${TITLE_MAX} characters`),
  description: z
    .string()
    .trim()
    .max(DESCRIPTION_MAX, `Keep the description under ${DESCRIPTION_MAX} characters`)
    .default(""),
  tags: tagsField.default([]),
  showPrompt: checkbox.default(true),
  visibility: z.enum(VISIBILITIES, { error: "Choose public or unlisted" }).default("public"),
  /** The creator marks it mature (ADR 0059): required when the safety check rated it so. */
  mature: checkbox.default(false),
});
export type ArtworkInput = z.output<typeof artworkInput>;

export const REVIEW_REASON_MAX = 500;

/** A creator's request to look again at their artwork's rating (issue 40): one per artwork, with a reason. */
export const reviewRequestInput = z.object({
  reason: z
    .string({ error: "Say why you think this rating is wrong" })
    .trim()
    .min(10, "Say why you think this rating is wrong (at least 10 characters)")
    .max(REVIEW_REASON_MAX, `Keep it under ${REVIEW_REASON_MAX} characters`),
});

export const publishInput = artworkInput.extend({
  generationId: z.guid({ error: "Choose a picture from your history" }),
  imageIndex: z.coerce.number().int().min(0).max(15).default(0),
});
export type PublishInput = z.output<typeof publishInput>;

export const listQuery = z.object({
  // A search or filter that cannot be used is dropped, never an error page (control characters: plain-text.ts).
  q: z.string().transform(stripControlCharacters).pipe(z.string().trim().max(200)).optional().catch(undefined),
  sort: z.enum(LIST_SORTS).catch("newest").default("newest"),
  mode: z.enum(GENERATION_MODES).optional().catch(undefined),
  style: z
    .string()
    .max(40)
    .refine((s) => !hasControlCharacters(s))
    .optional()
    .catch(undefined),
  christmas: z.preprocess((v) => v === "1" || v === "true", z.boolean()).optional(),
  cursor: z
    .string()
    .max(300)
    .refine((s) => !hasControlCharacters(s))
    .optional()
    .catch(undefined),
  limit: z.coerce.number().int().min(1).max(LIST_PAGE_MAX).catch(LIST_PAGE_DEFAULT).default(LIST_PAGE_DEFAULT),
});
export type ListQuery = z.output<typeof listQuery>;

export const reportInput = z.object({
  reason: z.enum(REPORT_REASONS, { error: "Choose a reason" }),
  details: z.string().trim().max(1000, "Keep the details under 1000 characters").default(""),
});
