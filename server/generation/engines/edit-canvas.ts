/**
 * The pictures an edit of a part of a picture (issue 31) sends, shared by the remote engines.
 *
 * - An inpaint is the picture at the result's size with its mask (white = change, black = keep,
 *   greys across the feathered edge), the mask normalised from whatever was uploaded.
 * - An outpaint, for engines without an outpaint endpoint, is an inpaint on a padded canvas: the
 *   picture in the middle, the new area filled by repeating its border pixels, and a mask that is
 *   white over the new area and black over the picture, feathered across the seam.
 * - Some APIs need another canvas size (OpenAI's three sizes, Stable Diffusion's multiples of 8):
 *   the canvas is placed on a larger one (new margins kept, not changed) and the answer is cut back.
 * - Whatever comes back is brought to the result's size, and the part the mask keeps is pasted
 *   back from the original, so "black = keep" holds whatever the backend did around the mask.
 */
import sharp, { type Sharp } from "sharp";
import {
  EDIT_KINDS,
  type EditInstructions,
  type EditKind,
  EngineError,
  type GeneratedImage,
  type GenerationRequest,
  type OutpaintSides,
  type ValidationIssue,
} from "./engine";
import { outpaintSidesProblem } from "../../../app/lib/picture-edits";

export { MIN_EDIT_SIDE, OUTPAINT_MAX_PERCENT, OUTPAINT_MIN_PERCENT } from "../../../app/lib/picture-edits";
/** Gaussian sigma of the outpaint seam's feather: about 4 px either side of the seam. */
export const SEAM_FEATHER_SIGMA = 2;
/** Mask values from here up mark the area that changes (the middle of a feathered edge). */
export const MASK_THRESHOLD = 128;
/**
 * Denoising strength of the Stable Diffusion engines per edit kind: an inpaint keeps a little of
 * what was under the mask (shapes and colours), an outpaint keeps only the colours of the repeated
 * border. `request.strength` is for image and doodle modes and is not used by edits.
 */
export const EDIT_DENOISE: Readonly<Record<EditKind, number>> = { inpaint: 0.75, outpaint: 0.9 };
/** How far (relative) the result's shape may differ from the picture's (rounding to whole or even pixels). */
const ASPECT_TOLERANCE = 0.04;

/** The checks an edit's instructions need before anything is decoded (validate() is synchronous). */
export function editIssues(edit: EditInstructions): ValidationIssue[] {
  if (!EDIT_KINDS.includes(edit.kind)) return [{ field: "edit", message: "Choose to repaint or to widen the picture" }];
  if (edit.kind === "inpaint") {
    if (!Buffer.isBuffer(edit.mask) || edit.mask.byteLength === 0)
      return [{ field: "mask", message: "Paint over the part of the picture to change first" }];
    return [];
  }
  if (!edit.sides) return [{ field: "sides", message: "Choose how far to widen the picture" }];
  const problem = outpaintSidesProblem(edit.sides);
  return problem ? [{ field: "sides", message: problem }] : [];
}

export interface Size {
  width: number;
  height: number;
}

/** Where the picture sits on an outpaint's widened canvas, in pixels of the result. */
export interface OutpaintLayout {
  /** The picture's size on the canvas. */
  inner: Size;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** Splits `total` pixels into the picture and its two margins, the margins in proportion to their percents. */
function splitSide(total: number, before: number, after: number): [number, number, number] {
  const inner = Math.round(total / (1 + (before + after) / 100));
  const extra = total - inner;
  const first = before + after > 0 ? Math.round((extra * before) / (before + after)) : 0;
  return [first, inner, extra - first];
}

/**
 * The layout of an outpaint whose result is `width` × `height`: the picture scaled so that it
 * plus its new margins fill the result exactly (rounding goes to the margins).
 */
export function outpaintLayout(sides: OutpaintSides, width: number, height: number): OutpaintLayout {
  const [left, innerWidth, right] = splitSide(width, sides.left, sides.right);
  const [top, innerHeight, bottom] = splitSide(height, sides.top, sides.bottom);
  return { inner: { width: innerWidth, height: innerHeight }, left, right, top, bottom };
}

function invalidPicture(detail: string, cause?: unknown): EngineError {
  return new EngineError("invalid_request", "We could not open the picture to edit; choose it again.", {
    cause,
    detail: `edit: ${detail}`,
  });
}

/** The picture's size as shown (EXIF orientation applied); an unreadable picture is refused plainly. */
export async function pictureSize(bytes: Buffer): Promise<Size> {
  try {
    const meta = await sharp(bytes).metadata();
    if (!meta.width || !meta.height) throw new Error("no size");
    const turned = (meta.orientation ?? 1) >= 5;
    return turned ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height };
  } catch (error) {
    throw invalidPicture(`source image does not decode: ${(error as Error).message}`, error);
  }
}

/** Refuses a result whose shape is not the picture's: the picture would come back stretched. */
function checkShape(source: Size, target: Size, what: string): void {
  const ratio = source.width / source.height / (target.width / target.height);
  if (Math.abs(ratio - 1) > ASPECT_TOLERANCE) {
    throw new EngineError("invalid_request", "The edit's size does not match the picture's shape.", {
      detail: `edit: the picture is ${source.width}x${source.height} but ${what} is ${target.width}x${target.height}`,
    });
  }
}

/** The picture as opaque RGB (transparency on white), scaled to `size`. */
async function opaquePicture(bytes: Buffer, size: Size): Promise<Buffer> {
  try {
    return await sharp(bytes)
      .rotate()
      .flatten({ background: "#ffffff" })
      .resize(size.width, size.height, { fit: "fill" })
      .toColourspace("srgb")
      .png()
      .toBuffer();
  } catch (error) {
    throw invalidPicture(`source image does not decode: ${(error as Error).message}`, error);
  }
}

/**
 * Any uploaded mask (PNG, JPEG, WebP…, any size) as a one-channel PNG of `width` × `height`:
 * its lightness, transparency counted as black (keep), scaled to the picture.
 */
export async function normalizeMask(mask: Buffer, width: number, height: number): Promise<Buffer> {
  try {
    return await sharp(mask)
      .rotate()
      .flatten({ background: "#000000" })
      .resize(width, height, { fit: "fill" })
      .toColourspace("b-w")
      .png()
      .toBuffer();
  } catch (error) {
    throw new EngineError("invalid_request", "We could not read the painted area; paint it again.", {
      cause: error,
      detail: `edit: mask does not decode: ${(error as Error).message}`,
    });
  }
}

/** The one channel of a mask PNG, as bytes (0 = keep, 255 = change). */
export async function maskValues(mask: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(mask).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The pictures an edit sends: both `width` × `height` PNGs. */
export interface EditCanvas {
  /** Opaque RGB. */
  picture: Buffer;
  /** One channel: white = change, black = keep, greys across the feather. */
  mask: Buffer;
  width: number;
  height: number;
}

/** An inpaint's picture and mask at the result's size; a mask with nothing to change is refused. */
export async function inpaintCanvas(source: Buffer, mask: Buffer, width: number, height: number): Promise<EditCanvas> {
  checkShape(await pictureSize(source), { width, height }, "the result");
  const picture = await opaquePicture(source, { width, height });
  const normalized = await normalizeMask(mask, width, height);
  const { data } = await maskValues(normalized);
  if (!data.some((v) => v >= MASK_THRESHOLD)) {
    throw new EngineError("invalid_request", "Paint over the part of the picture to change first.", {
      detail: "edit: the mask marks nothing to change",
    });
  }
  return { picture, mask: normalized, width, height };
}

/** The outpaint mask: white around the picture's place, black over it, feathered across the seam. */
async function seamMask(layout: OutpaintLayout, width: number, height: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height, 255);
  for (let y = layout.top; y < layout.top + layout.inner.height; y++)
    raw.fill(0, y * width + layout.left, y * width + layout.left + layout.inner.width);
  return sharp(raw, { raw: { width, height, channels: 1 } })
    .blur(SEAM_FEATHER_SIGMA)
    .toColourspace("b-w")
    .png()
    .toBuffer();
}

export interface OutpaintCanvas extends EditCanvas {
  layout: OutpaintLayout;
  /** The picture alone at its size on the canvas (for APIs that widen it themselves). */
  inner: Buffer;
}

/**
 * An outpaint as an inpaint: the picture scaled into its place on the `width` × `height` canvas,
 * the new margins filled by repeating its border pixels, and the mask of the new area.
 */
export async function outpaintCanvas(
  source: Buffer,
  sides: OutpaintSides,
  width: number,
  height: number,
): Promise<OutpaintCanvas> {
  const layout = outpaintLayout(sides, width, height);
  checkShape(await pictureSize(source), layout.inner, "its place on the widened canvas");
  const inner = await opaquePicture(source, layout.inner);
  const picture = await sharp(inner)
    .extend({ top: layout.top, bottom: layout.bottom, left: layout.left, right: layout.right, extendWith: "copy" })
    .png()
    .toBuffer();
  return { picture, mask: await seamMask(layout, width, height), width, height, layout, inner };
}

/** The canvas of a request's edit (validated first: `edit` and `sourceImage` are set). */
export function editCanvas(request: GenerationRequest): Promise<EditCanvas | OutpaintCanvas> {
  const edit = request.edit!;
  if (edit.kind === "outpaint") return outpaintCanvas(request.sourceImage!, edit.sides!, request.width, request.height);
  return inpaintCanvas(request.sourceImage!, edit.mask!, request.width, request.height);
}

/**
 * The mask in OpenAI's form (/v1/images/edits): a PNG with an alpha channel, fully transparent
 * where the picture changes and opaque where it stays. The feather is cut at its middle: OpenAI
 * reads only fully transparent pixels as the area to edit.
 */
export async function openAIMask(mask: Buffer): Promise<Buffer> {
  const { data, width, height } = await maskValues(mask);
  const rgba = Buffer.alloc(width * height * 4);
  for (let i = 0; i < data.length; i++) rgba[i * 4 + 3] = data[i]! >= MASK_THRESHOLD ? 0 : 255;
  return sharp(rgba, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}

/** Where a canvas sits on the larger one sent in its place. */
export interface CanvasBox {
  left: number;
  top: number;
  width: number;
  height: number;
  outerWidth: number;
  outerHeight: number;
}

export interface PlacedCanvas {
  picture: Buffer;
  mask: Buffer;
  box: CanvasBox;
}

/** The canvas scaled to `inner`, centred on `outer`: margins repeat its border pixels and are kept (black in the mask). */
async function place(canvas: EditCanvas, inner: Size, outer: Size): Promise<PlacedCanvas> {
  const left = Math.floor((outer.width - inner.width) / 2);
  const top = Math.floor((outer.height - inner.height) / 2);
  const margins = { left, top, right: outer.width - inner.width - left, bottom: outer.height - inner.height - top };
  const scaled = (png: Buffer) =>
    inner.width === canvas.width && inner.height === canvas.height
      ? Promise.resolve(png)
      : sharp(png).resize(inner.width, inner.height, { fit: "fill" }).png().toBuffer();
  const picture = await sharp(await scaled(canvas.picture))
    .extend({ ...margins, extendWith: "copy" })
    .png()
    .toBuffer();
  const mask = await sharp(await scaled(canvas.mask))
    .extend({ ...margins, background: { r: 0, g: 0, b: 0 } })
    .toColourspace("b-w")
    .png()
    .toBuffer();
  return {
    picture,
    mask,
    box: { left, top, width: inner.width, height: inner.height, outerWidth: outer.width, outerHeight: outer.height },
  };
}

/** The canvas grown to multiples of `multiple` (Stable Diffusion latents are an eighth of the picture). */
export function padCanvas(canvas: EditCanvas, multiple: number): Promise<PlacedCanvas> {
  const outer = {
    width: Math.ceil(canvas.width / multiple) * multiple,
    height: Math.ceil(canvas.height / multiple) * multiple,
  };
  return place(canvas, { width: canvas.width, height: canvas.height }, outer);
}

/** The canvas scaled to fit inside `outer` (a size the API insists on) and centred on it. */
export function letterboxCanvas(canvas: EditCanvas, outer: Size): Promise<PlacedCanvas> {
  const scale = Math.min(outer.width / canvas.width, outer.height / canvas.height);
  const inner = {
    width: Math.min(outer.width, Math.max(1, Math.round(canvas.width * scale))),
    height: Math.min(outer.height, Math.max(1, Math.round(canvas.height * scale))),
  };
  return place(canvas, inner, outer);
}

/**
 * A picture the backend sent for this edit, as the result: cut back to the canvas when it was
 * placed on a larger one (`box`), scaled to the canvas's size, and the part the mask keeps pasted
 * back from the original (blended across the feather). Always a PNG.
 */
export async function finishEdit(
  answer: Buffer,
  canvas: EditCanvas,
  box?: CanvasBox,
): Promise<Omit<GeneratedImage, "seed">> {
  const raw = async (image: Sharp) =>
    (await image.flatten({ background: "#ffffff" }).toColourspace("srgb").raw().toBuffer({ resolveWithObject: true }))
      .data;
  let picture = answer;
  if (box) {
    picture = await sharp(picture)
      .resize(box.outerWidth, box.outerHeight, { fit: "fill" })
      .extract({ left: box.left, top: box.top, width: box.width, height: box.height })
      .png()
      .toBuffer();
  }
  const made = await raw(sharp(picture).resize(canvas.width, canvas.height, { fit: "fill" }));
  const original = await raw(sharp(canvas.picture));
  const { data: mask } = await maskValues(canvas.mask);
  const out = Buffer.alloc(made.length);
  for (let p = 0; p < mask.length; p++) {
    const m = mask[p]!;
    for (let c = p * 3; c < p * 3 + 3; c++) out[c] = Math.round((made[c]! * m + original[c]! * (255 - m)) / 255);
  }
  const bytes = await sharp(out, { raw: { width: canvas.width, height: canvas.height, channels: 3 } })
    .png()
    .toBuffer();
  return { bytes, mime: "image/png", width: canvas.width, height: canvas.height };
}
