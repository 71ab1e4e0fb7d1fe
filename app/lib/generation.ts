/**
 * What a generation request may contain, shared by the browser (instant field errors) and the
 * server (the rule that counts): modes, sizes, aspect ratios, limits and the form's schema.
 * Style presets live in studio-styles.ts, doodle brushes in doodle-brushes.ts.
 */
import { z } from "zod";
import { STYLE_IDS } from "./studio-styles";

export const GENERATION_MODES = ["text", "image", "doodle"] as const;
export type GenerationMode = (typeof GENERATION_MODES)[number];

export const MODE_LABELS: Record<GenerationMode, string> = {
  text: "Text to art",
  image: "Image to art",
  doodle: "Doodle to art",
};

export const ASPECT_RATIOS = ["1:1", "4:3", "3:4", "16:9", "9:16"] as const;
export type AspectRatio = (typeof ASPECT_RATIOS)[number];

/** The long side of the image, in pixels. */
export const IMAGE_SIZES = [512, 768, 1024] as const;
export type ImageSize = (typeof IMAGE_SIZES)[number];

export const PROMPT_MAX = 1000;
export const NEGATIVE_PROMPT_MAX = 500;
export const MAX_IMAGES = 4;
export const SEED_MAX = 4_294_967_295;
/** Uploads for image to art and doodles: bytes and decoded pixels (decompression bombs). */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const UPLOAD_MAX_PIXELS = 40_000_000;

export const GENERATION_STATUSES = ["queued", "running", "succeeded", "failed", "canceled"] as const;
export type GenerationStatus = (typeof GENERATION_STATUSES)[number];
export const FINISHED_STATUSES: readonly GenerationStatus[] = ["succeeded", "failed", "canceled"];

/** Width and height for an aspect ratio and a long side; both multiples of 8, as diffusion backends need. */
export function dimensionsFor(aspectRatio: AspectRatio, size: number): { width: number; height: number } {
  const [w, h] = aspectRatio.split(":").map(Number) as [number, number];
  const round8 = (n: number) => Math.max(8, Math.round(n / 8) * 8);
  return w >= h ? { width: size, height: round8((size * h) / w) } : { width: round8((size * w) / h), height: size };
}

const optionalSeed = z.preprocess(
  (v) => (v === "" || v === null || v === undefined ? undefined : typeof v === "string" ? Number(v.trim()) : v),
  z
    .number({ error: "The seed is a whole number" })
    .int("The seed is a whole number")
    .min(0, "The seed is a whole number from 0")
    .max(SEED_MAX, `The seed is at most ${SEED_MAX}`)
    .optional(),
);

const numberField = (message: string) => z.preprocess((v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v), z.number({ error: message }));

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
    style: z.enum(STYLE_IDS as [string, ...string[]], { error: "Choose one of the styles shown" }),
    aspectRatio: z.enum(ASPECT_RATIOS, { error: "Choose one of the aspect ratios shown" }).default("1:1"),
    size: numberField("Choose one of the sizes shown").pipe(
      z.union(IMAGE_SIZES.map((s) => z.literal(s)) as [z.ZodLiteral<512>, z.ZodLiteral<768>, z.ZodLiteral<1024>], {
        error: "Choose one of the sizes shown",
      }),
    ),
    count: numberField("Choose how many images")
      .pipe(z.number().int("Choose how many images").min(1, "Make at least one image").max(MAX_IMAGES, `Make at most ${MAX_IMAGES} images at once`))
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
  });

export type GenerationInput = z.output<typeof generationInput>;

/** Token cost table: per image, by mode and long side. The settings table holds the live values. */
export type CostTable = Record<GenerationMode, Record<`${ImageSize}`, number>>;

export function costOf(costs: CostTable, input: Pick<GenerationInput, "mode" | "size" | "count">): number {
  return costs[input.mode][`${input.size}` as `${ImageSize}`] * input.count;
}

/** The table an engine with this cost multiplier charges: every price scaled and rounded up to whole tokens. */
export function scaleCostTable(costs: CostTable, multiplier: number): CostTable {
  if (multiplier === 1) return costs;
  return Object.fromEntries(
    Object.entries(costs).map(([mode, bySize]) => [mode, Object.fromEntries(Object.entries(bySize).map(([size, cost]) => [size, Math.ceil(cost * multiplier - 1e-9)]))]),
  ) as CostTable;
}
