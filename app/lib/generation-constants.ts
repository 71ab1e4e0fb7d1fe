/**
 * Generation's plain rules, without zod: modes, sizes, aspect ratios, limits and statuses.
 * Pages that only show or offer these (the community list's filters, an artwork's mode) import
 * this module, so the validation library stays out of their bundles; generation.ts re-exports
 * all of it next to the form's schema.
 */

export const GENERATION_MODES = ["text", "image", "doodle"] as const;
export type GenerationMode = (typeof GENERATION_MODES)[number];

export const MODE_LABELS: Record<GenerationMode, string> = {
  text: "Text to art",
  image: "Image to art",
  doodle: "Doodle to art",
};

export const ASPECT_RATIOS = ["1:1", "4:3", "3:4", "16:9", "9:16"] as const;
export type AspectRatio = (typeof ASPECT_RATIOS)[number];

/** The long side of the image, in pixels. Sizes above STANDARD_MAX_SIZE come with a membership whose plan includes them. */
export const IMAGE_SIZES = [512, 768, 1024, 1536] as const;
export type ImageSize = (typeof IMAGE_SIZES)[number];
/** The largest size everyone may choose; a member's plan may allow more (issue 41). */
export const STANDARD_MAX_SIZE = 1024;
/** Where the Studio sends people for the larger sizes. */
export const LARGE_SIZES_HINT = "Members on a plan with large pictures";

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
