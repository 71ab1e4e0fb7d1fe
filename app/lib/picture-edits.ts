/**
 * Editing a part of a picture (issue 31, ADR 0056): the kinds of edit, the outpaint sides and the
 * size an edit's result has. Shared by the editor page (what it offers and the size it shows), the
 * server (the rule that counts) and the engines (server/generation/engines/engine.ts re-exports).
 * No zod here: the editor's bundle stays small; the form's schema is `editInput` in generation.ts.
 *
 * An edit is stored as an image-to-art generation with `edit_kind` set: it is priced like image
 * to art, routed over image to art's engines (only those that make that kind of edit), and shows
 * in the history as its own job linked to the picture it came from.
 */
import { IMAGE_SIZES, type ImageSize } from "./generation-constants";

export const EDIT_KINDS = ["inpaint", "outpaint"] as const;
/** inpaint: repaint the masked area; outpaint: widen the picture beyond its sides and fill the new area. */
export type EditKind = (typeof EDIT_KINDS)[number];

export const EDIT_LABELS: Record<EditKind, string> = { inpaint: "Repaint", outpaint: "Widen" };

/** How far an outpaint widens each side, in percent of the picture's width (left, right) or height (top, bottom): 0, or 25–100. */
export interface OutpaintSides {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export const OUTPAINT_SIDES = ["top", "right", "bottom", "left"] as const;
export const OUTPAINT_MIN_PERCENT = 25;
export const OUTPAINT_MAX_PERCENT = 100;
/** The smallest side an edit's picture may have (Stability's edit endpoints refuse less than 64 px). */
export const MIN_EDIT_SIDE = 64;

/** What is wrong with these sides, in words for the person, or null when they are fine. */
export function outpaintSidesProblem(sides: OutpaintSides): string | null {
  const values = OUTPAINT_SIDES.map((side) => sides[side]);
  if (
    values.some(
      (v) =>
        typeof v !== "number" ||
        !Number.isFinite(v) ||
        (v !== 0 && v < OUTPAINT_MIN_PERCENT) ||
        v > OUTPAINT_MAX_PERCENT,
    )
  )
    return `Widen each side by 0 or by ${OUTPAINT_MIN_PERCENT} to ${OUTPAINT_MAX_PERCENT} percent`;
  if (values.every((v) => v === 0)) return "Choose at least one side to widen";
  return null;
}

export interface PictureSize {
  width: number;
  height: number;
}

/**
 * The result's size: an inpaint keeps the picture's size, an outpaint adds its sides; either is
 * scaled down (never up) so its long side fits `maxSide`, the engine's largest. Studio's outpaint
 * (packages/studio/src/edit/edit.ts) computes its canvas the same way.
 */
export function editResultSize(
  picture: PictureSize,
  edit: { kind: EditKind; sides?: OutpaintSides | null },
  maxSide: number,
): PictureSize {
  const sides = edit.kind === "outpaint" && edit.sides ? edit.sides : { top: 0, right: 0, bottom: 0, left: 0 };
  const wide = picture.width * (1 + (sides.left + sides.right) / 100);
  const tall = picture.height * (1 + (sides.top + sides.bottom) / 100);
  const scale = Math.min(1, maxSide / Math.max(wide, tall));
  return { width: Math.max(1, Math.round(wide * scale)), height: Math.max(1, Math.round(tall * scale)) };
}

/** The price row an edit's result is charged from: the smallest size that holds its long side (image to art's table). */
export function editPriceSize(result: PictureSize): ImageSize {
  const long = Math.max(result.width, result.height);
  return IMAGE_SIZES.find((size) => size >= long) ?? IMAGE_SIZES[IMAGE_SIZES.length - 1]!;
}
