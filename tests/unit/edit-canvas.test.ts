/**
 * The pictures an edit sends (server/generation/engines/edit-canvas.ts): the checks of an edit's
 * instructions, the outpaint layout and padded canvas with its seam mask, masks normalised and in
 * OpenAI's form, canvases placed on larger ones and the answer cut back with the kept part pasted
 * back; and how checkCapabilities (remote.ts) judges an edit.
 */
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import {
  editIssues,
  finishEdit,
  inpaintCanvas,
  letterboxCanvas,
  maskValues,
  normalizeMask,
  openAIMask,
  outpaintCanvas,
  outpaintLayout,
  padCanvas,
} from "../../server/generation/engines/edit-canvas";
import {
  type EditInstructions,
  type EngineCapabilities,
  EngineError,
  FULL_CAPABILITIES,
} from "../../server/generation/engines/engine";
import { checkCapabilities, checkStableDiffusionRequest, editPrompt } from "../../server/generation/engines/remote";
import { generationRequest, pixel, type RGB } from "../support/engine-harness";

const A: RGB = [32, 64, 128];
const B: RGB = [224, 160, 64];

/** `width` × `height`, colour A on the left half and B on the right. */
function halves(width: number, height: number, format: "png" | "jpeg" = "png"): Promise<Buffer> {
  const half = Math.floor(width / 2);
  const image = sharp({ create: { width, height, channels: 3, background: { r: A[0], g: A[1], b: A[2] } } }).composite([
    {
      input: { create: { width: width - half, height, channels: 3, background: { r: B[0], g: B[1], b: B[2] } } },
      left: half,
      top: 0,
    },
  ]);
  return (format === "jpeg" ? image.jpeg() : image.png()).toBuffer();
}

/** A black mask with a white rectangle. */
function rectMask(
  width: number,
  height: number,
  rect: { left: number; top: number; width: number; height: number },
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#000000" } })
    .composite([{ input: { create: { ...rect, channels: 3, background: "#ffffff" } }, left: rect.left, top: rect.top }])
    .png()
    .toBuffer();
}

async function maskAt(png: Buffer, x: number, y: number): Promise<number> {
  const { data, width } = await maskValues(png);
  return data[y * width + x]!;
}

async function failure(promise: Promise<unknown>): Promise<EngineError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EngineError);
  return error as EngineError;
}

let photo: Buffer;
let mask: Buffer;
beforeAll(async () => {
  photo = await halves(80, 60);
  mask = await rectMask(80, 60, { left: 30, top: 20, width: 20, height: 20 });
});

describe("editIssues", () => {
  const outpaint = (sides: Partial<Record<"top" | "right" | "bottom" | "left", number>>): EditInstructions => ({
    kind: "outpaint",
    sides: { top: 0, right: 0, bottom: 0, left: 0, ...sides },
  });

  it("accepts an inpaint with a mask and an outpaint of 0 or 25–100 % per side", () => {
    expect(editIssues({ kind: "inpaint", mask: Buffer.from([1]) })).toEqual([]);
    expect(editIssues(outpaint({ left: 25, right: 100 }))).toEqual([]);
    expect(editIssues(outpaint({ top: 37.5 }))).toEqual([]);
  });

  it("wants a mask for an inpaint", () => {
    expect(editIssues({ kind: "inpaint" })).toEqual([{ field: "mask", message: expect.stringMatching(/paint over/i) }]);
    expect(editIssues({ kind: "inpaint", mask: Buffer.alloc(0) }).map((i) => i.field)).toEqual(["mask"]);
  });

  it("wants each side 0 or 25–100, and at least one side, for an outpaint", () => {
    expect(editIssues({ kind: "outpaint" }).map((i) => i.field)).toEqual(["sides"]);
    expect(editIssues(outpaint({}))).toEqual([{ field: "sides", message: "Choose at least one side to widen" }]);
    for (const bad of [10, 24.9, 101, -25, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(editIssues(outpaint({ left: 50, top: bad }))).toEqual([
        { field: "sides", message: "Widen each side by 0 or by 25 to 100 percent" },
      ]);
    }
  });

  it("names an unknown kind", () => {
    expect(editIssues({ kind: "recolour" as never }).map((i) => i.field)).toEqual(["edit"]);
  });
});

describe("outpaintLayout", () => {
  it("places the picture so that it and its margins fill the widened size exactly", () => {
    expect(outpaintLayout({ top: 0, right: 0, bottom: 25, left: 50 }, 600, 500)).toEqual({
      inner: { width: 400, height: 400 },
      left: 200,
      right: 0,
      top: 0,
      bottom: 100,
    });
    // Margins share what is left in proportion to their percents; rounding goes to the margins.
    const layout = outpaintLayout({ top: 30, right: 25, bottom: 70, left: 75 }, 1001, 777);
    expect(layout.left + layout.inner.width + layout.right).toBe(1001);
    expect(layout.top + layout.inner.height + layout.bottom).toBe(777);
    expect(layout.inner).toEqual({ width: 501, height: 389 });
    expect(layout.left).toBe(Math.round((500 * 75) / 100));
  });
});

describe("outpaintCanvas", () => {
  it("pads the picture with its border pixels and masks the new area, feathered across the seam", async () => {
    const canvas = await outpaintCanvas(photo, { top: 0, right: 0, bottom: 50, left: 50 }, 120, 90);
    expect(canvas.layout).toEqual({ inner: { width: 80, height: 60 }, left: 40, right: 0, top: 0, bottom: 30 });
    const picture = await sharp(canvas.picture).metadata();
    expect([picture.format, picture.width, picture.height, picture.channels]).toEqual(["png", 120, 90, 3]);
    // The picture is in its place; the margins repeat its edges.
    expect(await pixel(canvas.picture, 45, 10)).toEqual(A);
    expect(await pixel(canvas.picture, 115, 10)).toEqual(B);
    expect(await pixel(canvas.picture, 5, 10)).toEqual(A);
    expect(await pixel(canvas.picture, 115, 85)).toEqual(B);
    expect(await sharp(canvas.inner).metadata()).toMatchObject({ width: 80, height: 60 });

    const meta = await sharp(canvas.mask).metadata();
    expect([meta.format, meta.width, meta.height, meta.channels]).toEqual(["png", 120, 90, 1]);
    expect(await maskAt(canvas.mask, 5, 10)).toBe(255); // new area
    expect(await maskAt(canvas.mask, 100, 85)).toBe(255);
    expect(await maskAt(canvas.mask, 80, 30)).toBe(0); // the picture
    expect(await maskAt(canvas.mask, 119, 0)).toBe(0); // an edge that did not grow stays kept
    const seam = [36, 38, 39, 40, 41, 43].map((x) => maskAt(canvas.mask, x, 30));
    const values = await Promise.all(seam);
    expect(values[0]).toBeGreaterThan(200);
    expect(values[2]).toBeGreaterThan(values[3]!);
    expect(values[2]).toBeLessThan(255);
    expect(values[3]).toBeGreaterThan(0);
    expect(values[5]).toBeLessThan(55);
  });

  it("refuses a widened size that does not fit the picture's shape, and a picture that does not decode", async () => {
    const error = await failure(outpaintCanvas(photo, { top: 0, right: 0, bottom: 0, left: 50 }, 120, 90));
    expect(error.kind).toBe("invalid_request");
    expect(error.message).toContain("80x60");
    const broken = await failure(
      outpaintCanvas(Buffer.from("not a picture"), { top: 0, right: 0, bottom: 0, left: 50 }, 120, 60),
    );
    expect(broken.kind).toBe("invalid_request");
  });
});

describe("masks", () => {
  it("normalises any mask to a one-channel PNG of the picture's size", async () => {
    const small = await sharp(await rectMask(40, 30, { left: 15, top: 10, width: 10, height: 10 }))
      .jpeg({ quality: 100 })
      .toBuffer();
    const normalized = await normalizeMask(small, 80, 60);
    const meta = await sharp(normalized).metadata();
    expect([meta.format, meta.width, meta.height, meta.channels]).toEqual(["png", 80, 60, 1]);
    expect(await maskAt(normalized, 40, 30)).toBeGreaterThan(240);
    expect(await maskAt(normalized, 5, 5)).toBeLessThan(15);
  });

  it("counts transparency as keep", async () => {
    // White strokes on a transparent sheet, as a drawing canvas exports them.
    const strokes = await sharp({ create: { width: 20, height: 20, channels: 4, background: "#ffffff00" } })
      .composite([
        { input: { create: { width: 6, height: 6, channels: 4, background: "#ffffffff" } }, left: 7, top: 7 },
      ])
      .png()
      .toBuffer();
    const normalized = await normalizeMask(strokes, 20, 20);
    expect(await maskAt(normalized, 10, 10)).toBe(255);
    expect(await maskAt(normalized, 1, 1)).toBe(0);
  });

  it("refuses a mask that does not decode, or that marks nothing to change", async () => {
    expect((await failure(normalizeMask(Buffer.from("nope"), 80, 60))).kind).toBe("invalid_request");
    const black = await rectMask(80, 60, { left: 0, top: 0, width: 1, height: 1 }).then((m) =>
      sharp(m).linear(0, 0).png().toBuffer(),
    );
    const error = await failure(inpaintCanvas(photo, black, 80, 60));
    expect(error).toMatchObject({ kind: "invalid_request", userMessage: expect.stringMatching(/paint over/i) });
  });

  it("makes OpenAI's mask: alpha 0 where the picture changes, opaque elsewhere, cut at the feather's middle", async () => {
    const grey = await sharp(Buffer.from([0, 100, 127, 128, 200, 255]), { raw: { width: 6, height: 1, channels: 1 } })
      .toColourspace("b-w")
      .png()
      .toBuffer();
    const out = await openAIMask(grey);
    const meta = await sharp(out).metadata();
    expect([meta.format, meta.width, meta.height, meta.channels, meta.hasAlpha]).toEqual(["png", 6, 1, 4, true]);
    const alpha = await sharp(out).extractChannel(3).raw().toBuffer();
    expect([...alpha]).toEqual([255, 255, 255, 0, 0, 0]);
  });
});

describe("inpaintCanvas", () => {
  it("gives the picture (transparency on white) and the mask at the result's size", async () => {
    const seeThrough = await sharp({ create: { width: 40, height: 30, channels: 4, background: "#ff000000" } })
      .png()
      .toBuffer();
    const canvas = await inpaintCanvas(seeThrough, mask, 80, 60);
    expect(await pixel(canvas.picture, 3, 3)).toEqual([255, 255, 255]);
    expect((await sharp(canvas.picture).metadata()).channels).toBe(3);
    expect(await maskAt(canvas.mask, 40, 30)).toBe(255);
  });

  it("refuses a result of another shape than the picture", async () => {
    expect((await failure(inpaintCanvas(photo, mask, 80, 80))).kind).toBe("invalid_request");
  });
});

describe("placing a canvas and finishing the answer", () => {
  it("pads to multiples of 8 around the canvas, the margins kept", async () => {
    const canvas = await inpaintCanvas(await halves(100, 75), await rectMask(100, 75, rect100), 100, 75);
    const placed = await padCanvas(canvas, 8);
    expect(placed.box).toEqual({ left: 2, top: 2, width: 100, height: 75, outerWidth: 104, outerHeight: 80 });
    expect(await sharp(placed.picture).metadata()).toMatchObject({ width: 104, height: 80 });
    expect(await sharp(placed.mask).metadata()).toMatchObject({ width: 104, height: 80, channels: 1 });
    expect(await pixel(placed.picture, 0, 0)).toEqual(A);
    expect(await maskAt(placed.mask, 0, 40)).toBe(0);
    expect(await maskAt(placed.mask, 52, 40)).toBe(255);
  });

  it("letterboxes into a size the API insists on", async () => {
    const canvas = await inpaintCanvas(await halves(128, 96), await rectMask(128, 96, rect128), 128, 96);
    const placed = await letterboxCanvas(canvas, { width: 1536, height: 1024 });
    expect(placed.box).toEqual({ left: 85, top: 0, width: 1365, height: 1024, outerWidth: 1536, outerHeight: 1024 });
    expect(await maskAt(placed.mask, 768, 512)).toBe(255);
    expect(await maskAt(placed.mask, 20, 512)).toBe(0);
    expect(await pixel(placed.picture, 20, 512)).toEqual(A);
  });

  it("cuts the answer back, scales it to the result and pastes the kept part back exactly", async () => {
    const canvas = await inpaintCanvas(await halves(100, 75), await rectMask(100, 75, rect100), 100, 75);
    const placed = await padCanvas(canvas, 8);
    // An answer that repainted everything in one colour, at twice the size sent.
    const answer = await sharp({ create: { width: 208, height: 160, channels: 3, background: "#10e020" } })
      .png()
      .toBuffer();
    const result = await finishEdit(answer, canvas, placed.box);
    expect(result).toMatchObject({ mime: "image/png", width: 100, height: 75 });
    expect(await sharp(result.bytes).metadata()).toMatchObject({ format: "png", width: 100, height: 75 });
    expect(await pixel(result.bytes, 50, 37)).toEqual([16, 224, 32]);
    expect(await pixel(result.bytes, 2, 2)).toEqual(A);
    expect(await pixel(result.bytes, 97, 72)).toEqual(B);
  });

  it("blends the answer and the original across a grey edge", async () => {
    const grey = await sharp({ create: { width: 80, height: 60, channels: 3, background: "#808080" } })
      .png()
      .toBuffer();
    const canvas = await inpaintCanvas(photo, grey, 80, 60);
    const white = await sharp({ create: { width: 80, height: 60, channels: 3, background: "#ffffff" } })
      .png()
      .toBuffer();
    const [r, g, b] = await pixel((await finishEdit(white, canvas)).bytes, 5, 5);
    const m = 128 / 255;
    expect([r, g, b]).toEqual(A.map((c) => Math.round(255 * m + c * (1 - m))));
  });
});

const rect100 = { left: 35, top: 25, width: 30, height: 25 };
const rect128 = { left: 40, top: 24, width: 48, height: 48 };

describe("checkCapabilities with an edit", () => {
  const capabilities: EngineCapabilities = { ...FULL_CAPABILITIES, edits: ["inpaint"] };
  const inpaint = (change = {}) =>
    generationRequest({
      mode: "text",
      width: 100,
      height: 75,
      count: 1,
      sourceImage: Buffer.from([1]),
      edit: { kind: "inpaint", mask: Buffer.from([1]) },
      ...change,
    });

  it("judges an edit by its own rules: any size up to the largest, whatever the mode and aspect ratio", () => {
    expect(checkCapabilities(inpaint(), capabilities)).toEqual([]);
    expect(checkCapabilities(inpaint(), { ...capabilities, modes: ["doodle"], aspectRatios: ["1:1"] })).toEqual([]);
    // Stable Diffusion engines pad an edit's canvas to multiples of 8 themselves.
    expect(checkStableDiffusionRequest(inpaint(), capabilities)).toEqual([]);
    expect(checkStableDiffusionRequest(generationRequest({ width: 100, height: 75 }), capabilities)).toContainEqual({
      field: "size",
      message: "Width and height must be multiples of 8",
    });
  });

  it("refuses an edit the engine does not declare, on the field edit", () => {
    const outpaint = inpaint({ edit: { kind: "outpaint", sides: { top: 0, right: 0, bottom: 0, left: 50 } } });
    expect(checkCapabilities(outpaint, capabilities)).toEqual([
      { field: "edit", message: "This engine cannot widen a picture beyond its sides" },
    ]);
    expect(checkCapabilities(inpaint(), { ...capabilities, edits: [] })).toEqual([
      { field: "edit", message: "This engine cannot repaint part of a picture" },
    ]);
  });

  it("names a missing picture, mask or sides, a size beyond the largest, and a bad count", () => {
    const fields = (change: object) => checkCapabilities(inpaint(change), capabilities).map((i) => i.field);
    expect(fields({ sourceImage: undefined })).toEqual(["sourceImage"]);
    expect(fields({ edit: { kind: "inpaint" } })).toEqual(["mask"]);
    expect(fields({ width: 1600, height: 900 })).toEqual(["size"]);
    expect(checkCapabilities(inpaint({ width: 1600, height: 900 }), capabilities)[0]!.message).toBe(
      "This engine edits pictures up to 1536 pixels on the long side",
    );
    expect(fields({ width: 40, height: 30 })).toEqual(["size"]);
    expect(fields({ width: 100.5 })).toEqual(["size"]);
    expect(fields({ count: 9 })).toEqual(["count"]);
  });

  it("sends no words for an edit without a prompt, else the prompt with its style", () => {
    expect(editPrompt({ prompt: "  ", style: "watercolor" })).toBe("");
    expect(editPrompt({ prompt: "a red kite", style: "watercolor" })).toMatch(/^a red kite, watercolor/);
  });
});
