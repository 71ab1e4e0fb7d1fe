/**
 * What a generation request may contain, shared by the browser (instant field errors) and the
 * server (the rule that counts): modes, sizes, aspect ratios, limits and the form's schema.
 * The plain constants live in generation-constants.ts (no zod, for pages that only show them)
 * and are re-exported here. Style presets live in studio-styles.ts, doodle brushes in
 * doodle-brushes.ts.
 */
import { z } from "zod";
import {
  ASPECT_RATIOS,
  GENERATION_MODES,
  type GenerationMode,
  IMAGE_SIZES,
  type ImageSize,
  MAX_IMAGES,
  NEGATIVE_PROMPT_MAX,
  PROMPT_MAX,
  SEED_MAX,
} from "./generation-constants";
import { DEFAULT_STYLE, STYLE_IDS, styleNamedIn } from "@atelier/studio/styles";
import { EDIT_KINDS, type OutpaintSides, outpaintSidesProblem } from "./picture-edits";

export * from "./generation-constants";

const optionalSeed = z.preprocess(
  (v) => (v === "" || v === null || v === undefined ? undefined : typeof v === "string" ? Number(v.trim()) : v),
  z
    .number({ error: "The seed is a whole number" })
    .int("The seed is a whole number")
    .min(0, "The seed is a whole number from 0")
    .max(SEED_MAX, `The seed is at most ${SEED_MAX}`)
    .optional(),
);

const numberField = (message: string) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v), z.number({ error: message }));

/** The generation form (every mode). The source image travels separately (an upload key or a doodle file). */
export const generationInput = z
  .object({
    mode: z.enum(GENERATION_MODES, { error: "Choose text, image or doodle" }),
    prompt: z.string().trim().max(PROMPT_MAX, `Keep the prompt under ${PROMPT_MAX} characters`).default(""),
    negativePrompt: z
      .string()
      .trim()
      .max(NEGATIVE_PROMPT_MAX, `Keep the negative prompt under ${NEGATIVE_PROMPT_MAX} characters`)
      .default(""),
    /** Left out when the person did not pick one: the prompt's own style word, else the default. */
    style: z.enum(STYLE_IDS as [string, ...string[]], { error: "Choose one of the styles shown" }).optional(),
    aspectRatio: z.enum(ASPECT_RATIOS, { error: "Choose one of the aspect ratios shown" }).default("1:1"),
    size: numberField("Choose one of the sizes shown").pipe(
      z.union(
        IMAGE_SIZES.map((s) => z.literal(s)) as [
          z.ZodLiteral<512>,
          z.ZodLiteral<768>,
          z.ZodLiteral<1024>,
          z.ZodLiteral<1536>,
        ],
        { error: "Choose one of the sizes shown" },
      ),
    ),
    count: numberField("Choose how many images")
      .pipe(
        z
          .number()
          .int("Choose how many images")
          .min(1, "Make at least one image")
          .max(MAX_IMAGES, `Make at most ${MAX_IMAGES} images at once`),
      )
      .default(1),
    seed: optionalSeed,
    /** Image to art and doodle to art: 0 keeps the source, 1 is full style. */
    strength: numberField("Strength is a number from 0 to 1")
      .pipe(z.number().min(0, "Strength is a number from 0 to 1").max(1, "Strength is a number from 0 to 1"))
      .default(0.75),
    christmas: z.preprocess((v) => v === true || v === "true" || v === "on", z.boolean()).default(false),
  })
  .superRefine((value, ctx) => {
    if (value.mode === "text" && value.prompt.length === 0) {
      ctx.addIssue({ code: "custom", path: ["prompt"], message: "Describe what you want to see" });
    }
  })
  .transform((value) => ({
    ...value,
    style: value.style ?? styleNamedIn(value.prompt, value.christmas) ?? DEFAULT_STYLE,
  }));

export type GenerationInput = z.output<typeof generationInput>;

const sidePercent = numberField("Widen each side by a number of percent").pipe(
  z.number().int("Widen each side by a whole number of percent"),
);

/**
 * An edit of a part of a picture (issue 31), beside `generationInput` with mode "image": the kind,
 * an outpaint's sides (`sideTop`… in percent) and, when the picture comes from the history, which
 * one (`fromGeneration`, `fromIndex`). The mask and an uploaded picture travel as files.
 */
export const editInput = z
  .object({
    edit: z.enum(EDIT_KINDS, { error: "Choose to repaint a part or to widen the picture" }),
    sideTop: sidePercent.default(0),
    sideRight: sidePercent.default(0),
    sideBottom: sidePercent.default(0),
    sideLeft: sidePercent.default(0),
    fromGeneration: z.uuid("Choose a picture from your history").optional(),
    fromIndex: numberField("Choose a picture from your history")
      .pipe(
        z
          .number()
          .int()
          .min(0)
          .max(MAX_IMAGES - 1),
      )
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (value.edit === "outpaint") {
      const problem = outpaintSidesProblem(sidesOf(value));
      if (problem) ctx.addIssue({ code: "custom", path: ["sides"], message: problem });
    }
    if ((value.fromGeneration === undefined) !== (value.fromIndex === undefined))
      ctx.addIssue({ code: "custom", path: ["fromGeneration"], message: "Choose a picture from your history" });
  });

export type EditInput = z.output<typeof editInput>;

/** An edit form's sides as `OutpaintSides`. */
export function sidesOf(value: {
  sideTop: number;
  sideRight: number;
  sideBottom: number;
  sideLeft: number;
}): OutpaintSides {
  return { top: value.sideTop, right: value.sideRight, bottom: value.sideBottom, left: value.sideLeft };
}

/** Token cost table: per image, by mode and long side. The settings table holds the live values. */
export type CostTable = Record<GenerationMode, Record<`${ImageSize}`, number>>;

export function costOf(costs: CostTable, input: Pick<GenerationInput, "mode" | "size" | "count">): number {
  return costs[input.mode][`${input.size}` as `${ImageSize}`] * input.count;
}

/** The table an engine with this cost multiplier charges: every price scaled and rounded up to whole tokens. */
export function scaleCostTable(costs: CostTable, multiplier: number): CostTable {
  if (multiplier === 1) return costs;
  return Object.fromEntries(
    Object.entries(costs).map(([mode, bySize]) => [
      mode,
      Object.fromEntries(Object.entries(bySize).map(([size, cost]) => [size, Math.ceil(cost * multiplier - 1e-9)])),
    ]),
  ) as CostTable;
}
