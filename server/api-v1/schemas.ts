/**
 * The public API's shapes (issue 31, ADR 0055): what /api/v1 takes and answers, as zod schemas.
 * The routes validate with these and build their answers to them, and the OpenAPI description
 * (document.ts) is generated from the same objects, so the two cannot drift. The limits are the
 * Studio's own (app/lib/generation-constants.ts, community-constants.ts); a request is then checked
 * by the Studio's form schema too (`generationInput`), so the API can never take what the Studio refuses.
 */
import { STYLE_IDS } from "@atelier/studio/styles";
import { z } from "zod";
import { API_SCOPES } from "~/lib/api-tokens";
import { DESCRIPTION_MAX, TAG_MAX, TAGS_MAX, TITLE_MAX, VISIBILITIES } from "~/lib/community-constants";
import {
  ASPECT_RATIOS,
  GENERATION_MODES,
  GENERATION_STATUSES,
  IMAGE_SIZES,
  MAX_IMAGES,
  NEGATIVE_PROMPT_MAX,
  PROMPT_MAX,
  SEED_MAX,
  STANDARD_MAX_SIZE,
  UPLOAD_MAX_BYTES,
} from "~/lib/generation-constants";
import { EDIT_KINDS, OUTPAINT_MAX_PERCENT, OUTPAINT_MIN_PERCENT, outpaintSidesProblem } from "~/lib/picture-edits";

/**
 * The largest request with a picture inside, as the HTTP shell takes uploads (MAX_UPLOAD_BODY_BYTES'
 * default): base64 makes a picture a third larger, so a picture of up to about 8 MB fits (the
 * Studio's own upload takes 10 MB as a file).
 */
export const REQUEST_MAX_BYTES = 11 * 1024 * 1024;
const IMAGE_BASE64_MAX = Math.min(REQUEST_MAX_BYTES, Math.ceil((UPLOAD_MAX_BYTES * 4) / 3));

export const errorBody = z
  .object({
    error: z.object({
      code: z.string().meta({ description: "Machine-readable: invalid_input, invalid_token, insufficient_scope…" }),
      message: z.string().meta({ description: "Words for people." }),
      fields: z
        .record(z.string(), z.array(z.string()))
        .optional()
        .meta({ description: "Messages by request field, for invalid_input." }),
    }),
  })
  .meta({ id: "Error", description: "Every refusal has this shape; the HTTP status and `code` say what happened." });

/** The options every mode takes. */
const pictureOptions = {
  prompt: z.string().max(PROMPT_MAX).default("").meta({ description: "What to paint; required for text." }),
  negativePrompt: z.string().max(NEGATIVE_PROMPT_MAX).default(""),
  style: z
    .enum(STYLE_IDS as [string, ...string[]])
    .optional()
    .meta({ description: "A style preset; left out, the prompt's own style word or the default." }),
  count: z.number().int().min(1).max(MAX_IMAGES).default(1),
  seed: z.number().int().min(0).max(SEED_MAX).optional().meta({ description: "Left out, a random one." }),
};
const base64Picture = (description: string) => z.string().max(IMAGE_BASE64_MAX).optional().meta({ description });

export const studioRequest = z
  .object({
    mode: z
      .enum(GENERATION_MODES)
      .meta({ description: "text: from the prompt; image: restyle `image`; doodle: paint the drawing in `image`." }),
    ...pictureOptions,
    aspectRatio: z.enum(ASPECT_RATIOS).default("1:1"),
    size: z
      .union(
        IMAGE_SIZES.map((s) => z.literal(s)) as [
          z.ZodLiteral<512>,
          z.ZodLiteral<768>,
          z.ZodLiteral<1024>,
          z.ZodLiteral<1536>,
        ],
      )
      .default(1024)
      .meta({
        description: `The long side, in pixels. Up to ${STANDARD_MAX_SIZE} for everyone; ${IMAGE_SIZES.filter((s) => s > STANDARD_MAX_SIZE).join(", ")} with a membership whose plan includes large pictures (others are refused with invalid_input beside \`size\`), on an engine that makes them.`,
      }),
    strength: z
      .number()
      .min(0)
      .max(1)
      .default(0.75)
      .meta({ description: "Image and doodle: 0 keeps the source, 1 is full style." }),
    christmas: z.boolean().default(false).meta({ description: "The christmas variants, while the event runs." }),
    image: base64Picture(
      "Image and doodle modes: the picture or drawing, base64 of a PNG, JPEG or WebP of at most 10 MB.",
    ),
  })
  .meta({ id: "PictureRequest", description: "Text to art, image to art or doodle to art." });

/** The modes of the API: the Studio's, and edits (image to art with an edit kind underneath). */
export const API_MODES = [...GENERATION_MODES, "edit"] as const;

const side = z.number().int().min(0).max(OUTPAINT_MAX_PERCENT).default(0);
const NO_SIZE = "An edit's size comes from its picture (and an outpaint's sides): leave this out.";

export const editRequest = z
  .object({
    mode: z.literal("edit").meta({ description: "edit: repaint a part of a picture, or widen it." }),
    edit: z.object({
      kind: z
        .enum(EDIT_KINDS)
        .meta({ description: "inpaint: repaint the area `mask` marks; outpaint: widen the picture by `sides`." }),
      sides: z
        .object({ top: side, right: side, bottom: side, left: side })
        .optional()
        .meta({
          description: `Outpaint: how far to widen each side, in percent of the picture's width or height — 0, or ${OUTPAINT_MIN_PERCENT} to ${OUTPAINT_MAX_PERCENT}; at least one side.`,
        }),
    }),
    image: base64Picture(
      "The picture to edit, base64 of a PNG, JPEG or WebP of at most 10 MB; or name one of yours in `from`.",
    ),
    from: z
      .object({
        generation: z.uuid().meta({ description: "A job of yours." }),
        index: z
          .number()
          .int()
          .min(0)
          .max(MAX_IMAGES - 1)
          .default(0)
          .meta({ description: "Which of its pictures." }),
      })
      .optional()
      .meta({ description: "A picture of one of your jobs to edit, instead of `image`." }),
    mask: base64Picture(
      "Inpaint: where to repaint, base64 of a picture (PNG is best) — white changes, black stays; stretched to the picture's size.",
    ),
    ...pictureOptions,
    prompt: z.string().max(PROMPT_MAX).default("").meta({
      description: "What to paint in the area; an inpaint without one removes what the mask covers.",
    }),
    size: z.never({ error: NO_SIZE }).optional().meta({ description: NO_SIZE }),
    aspectRatio: z.never({ error: NO_SIZE }).optional().meta({ description: NO_SIZE }),
  })
  .superRefine((value, ctx) => {
    const problem = (path: (string | number)[], message: string) => ctx.addIssue({ code: "custom", path, message });
    if ((value.image === undefined) === (value.from === undefined))
      problem(["image"], "Send the picture to edit in `image`, or name one of yours in `from` — one of the two.");
    if (value.edit.kind === "inpaint") {
      if (value.mask === undefined) problem(["mask"], "An inpaint needs a `mask`: white where to repaint.");
      if (value.edit.sides !== undefined) problem(["edit", "sides"], "Only an outpaint widens the sides.");
    } else {
      if (value.mask !== undefined) problem(["mask"], "An outpaint fills the new sides; it takes no mask.");
      const sides = value.edit.sides ?? { top: 0, right: 0, bottom: 0, left: 0 };
      const wrong = outpaintSidesProblem(sides);
      if (wrong) problem(["edit", "sides"], wrong);
    }
  })
  .meta({ id: "EditRequest", description: "An edit of a part of a picture: inpaint or outpaint." });

export const generationRequest = z
  .discriminatedUnion("mode", [studioRequest, editRequest])
  .meta({ id: "GenerationRequest", description: "By `mode`: a new picture, or an edit of one." });
export type GenerationRequestBody = z.output<typeof generationRequest>;

export const picture = z
  .object({
    index: z.number().int(),
    width: z.number().int(),
    height: z.number().int(),
    seed: z.number().int().nullable(),
    maturity: z.enum(["general", "mature"]).nullable().meta({
      description:
        "The safety check's rating: general, or mature (published only marked mature, shown only to people who opted into mature pictures); null until it is screened. An explicit picture is held, never listed.",
    }),
    download: z.string().meta({ description: "Where to download it: GET with your token (PNG; ?format=webp|jpeg)." }),
  })
  .meta({ id: "Picture" });

const grownSides = z.object({ top: z.number(), right: z.number(), bottom: z.number(), left: z.number() });

export const jobEdit = z
  .object({
    kind: z.enum(EDIT_KINDS),
    sides: grownSides.nullable().meta({ description: "Outpaint: how far each side grew, in percent." }),
    from: z
      .object({ generation: z.uuid(), index: z.number().int() })
      .nullable()
      .meta({ description: "The picture of your jobs it started from; null for a picture sent in `image`." }),
  })
  .meta({ id: "JobEdit", description: "What an edit changed." });

export const job = z
  .object({
    id: z.uuid(),
    mode: z.enum(API_MODES),
    status: z.enum(GENERATION_STATUSES),
    prompt: z.string(),
    negativePrompt: z.string(),
    style: z.string(),
    aspectRatio: z.enum(ASPECT_RATIOS).meta({ description: "For an edit, the listed ratio nearest its shape." }),
    size: z.number().int().meta({
      description: "The long side asked for; for an edit, the size it is priced at. `width` and `height` are exact.",
    }),
    width: z.number().int(),
    height: z.number().int(),
    count: z.number().int(),
    seed: z.number().int(),
    strength: z.number(),
    christmas: z.boolean(),
    cost: z.number().int().meta({ description: "Tokens this job cost." }),
    refunded: z.boolean().meta({ description: "True once a failed or canceled job's tokens came back." }),
    progress: z.number().nullable().meta({ description: "0–100 while running; null when the engine cannot tell." }),
    stage: z.string().nullable(),
    queuePosition: z.number().int().nullable().meta({ description: "Jobs ahead of this one while queued." }),
    error: z.string().nullable().meta({ description: "Why it failed or was canceled." }),
    engine: z.string().meta({ description: "What made the pictures." }),
    createdAt: z.iso.datetime(),
    startedAt: z.iso.datetime().nullable(),
    finishedAt: z.iso.datetime().nullable(),
    pictures: z.array(picture),
    edit: jobEdit.nullable().meta({ description: "For mode edit; null for every other job." }),
  })
  .meta({ id: "Job", description: "A generation: queued, running, then succeeded, failed or canceled." });

export const jobCreated = z
  .object({ job, balance: z.number().int().meta({ description: "Your balance after paying for it." }) })
  .meta({ id: "JobCreated" });
export const jobAnswer = z.object({ job }).meta({ id: "JobAnswer" });

const cursor = z.string().max(300);
export const pageQuery = z.object({
  cursor: cursor.optional().meta({ description: "`nextCursor` of the page before." }),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export const jobPage = z
  .object({ items: z.array(job), nextCursor: cursor.nullable().meta({ description: "null on the last page." }) })
  .meta({ id: "JobPage" });

export const jobParams = z.object({ id: z.uuid().meta({ description: "The job's id." }) });
export const pictureParams = jobParams.extend({ index: z.coerce.number().int().min(0).max(15) });
export const downloadQuery = z.object({ format: z.enum(["png", "webp", "jpeg"]).default("png") });

export const balance = z
  .object({
    balance: z.number().int().meta({ description: "All your tokens: the allowance and what you bought." }),
    allowance: z.number().int().meta({
      description:
        "The part of `balance` that is your membership's allowance for this period: spent first, and it ends at `allowanceEndsAt`. 0 without a membership.",
    }),
    allowanceEndsAt: z.iso
      .datetime()
      .nullable()
      .meta({ description: "When what is left of the allowance ends (the next renewal); null without one." }),
  })
  .meta({ id: "Balance" });

export const ledgerEntry = z
  .object({
    id: z.uuid(),
    amount: z.number().int().meta({ description: "Credits are positive, debits negative." }),
    balanceAfter: z.number().int(),
    reason: z.string().meta({ description: "generation, generation_refund, purchase, signup_grant…" }),
    jobId: z.uuid().nullable(),
    note: z.string().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "LedgerEntry" });
export const ledgerPage = z
  .object({ items: z.array(ledgerEntry), nextCursor: cursor.nullable() })
  .meta({ id: "LedgerPage" });

export const publishRequest = z
  .object({
    jobId: z.uuid().meta({ description: "A succeeded job of yours." }),
    pictureIndex: z.number().int().min(0).max(15).default(0),
    title: z.string().trim().min(1).max(TITLE_MAX),
    description: z.string().trim().max(DESCRIPTION_MAX).default(""),
    tags: z
      .array(z.string().max(TAG_MAX))
      .max(TAGS_MAX)
      .default([])
      .meta({ description: "Letters, digits, spaces and dashes." }),
    showPrompt: z.boolean().default(true),
    visibility: z.enum(VISIBILITIES).default("public"),
  })
  .meta({ id: "PublishRequest" });

export const artwork = z
  .object({
    id: z.uuid(),
    title: z.string(),
    visibility: z.enum(VISIBILITIES),
    page: z.string().meta({ description: "The artwork's page in the community." }),
    image: z.string().meta({ description: "The published picture." }),
    maturity: z.enum(["general", "mature", "explicit"]).meta({
      description:
        "Its rating: general (everyone sees it), mature (only people who opted into mature pictures on their profile, blurred until they ask) or explicit (nobody but you).",
    }),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "Artwork" });
export const artworkAnswer = z.object({ artwork }).meta({ id: "ArtworkAnswer" });
export const artworkParams = z.object({ id: z.uuid().meta({ description: "The artwork's id." }) });
export const unpublished = z.object({ ok: z.literal(true) }).meta({ id: "Unpublished" });

export const scopes = z.enum(API_SCOPES);
