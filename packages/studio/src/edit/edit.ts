/**
 * Editing a part of a picture (issue 31): inpainting a masked area — with a prompt, what it names
 * is painted there in the picture's light; without one, what was there is removed by filling the
 * area from the rest of the picture — and outpainting, which widens the picture beyond its sides
 * and continues it there. Pure and synchronous like renderStudioImage; every number drawn comes
 * from the task's seed, so the same task gives the same pixels.
 */
import { createRandom, type Random } from "../random";
import type { Raster } from "../raster";
import type { StageReporter } from "../render";
import { parsePrompt } from "../scene/parse-prompt";
import { renderScene } from "../scene/render-scene";
import type { Scene, TimeOfDay } from "../scene/types";
import { applyStyle, RENDERED_STYLE_IDS } from "../styles/index";
import { addGrain, type ColourStats, colourStats, grainOf, matchColours, offsetField, toRgb } from "./harmonise";
import { type Box, distanceTo, innerBox, maskAlpha, ringAround } from "./mask";
import {
  keepsBackground,
  type PictureLight,
  paintThingsLayer,
  readLight,
  scatters,
  withoutNamedSurface,
} from "./paint";
import { compactFeatures } from "./features";
import { fillHole } from "./patch-fill";
import { shrinkRaster } from "./resample";
import { paintSkyBody, skyBodyOf } from "./sky-body";

/** How far an outpaint widens each side: percent of the height (top, bottom) or width (left, right); 0 or 25…100. */
export interface EditSides {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** One edit of a picture: what to do, to what, and with which prompt, style and seed. */
export interface StudioEditTask {
  kind: "inpaint" | "outpaint";
  prompt: string;
  negativePrompt: string;
  /** A style id of studio-styles.ts: what newly painted things are finished in. */
  style: string;
  seed: number;
  christmas: boolean;
  /** The picture being edited. */
  source: Raster;
  /** Inpaint: the source's size; white (luma 255) changes, black keeps, greys are a feathered edge. */
  mask?: Raster;
  /** Outpaint: how far each side grows. */
  sides?: EditSides;
  /** Outpaint: the result's longer side is at most this many pixels (default 1024); the result is scaled down to fit. */
  maxSide?: number;
  /** Outpaint: the result's exact size (the widened picture's shape, rounded by the caller); wins over `maxSide`. */
  size?: { width: number; height: number };
}

/**
 * Where a removal prefers its sources: rows at about the same height, so the sky is filled from
 * the sky and a horizon or a cliff's top runs on at its height (the cost of a displacement by the
 * whole height, in squared levels per patch pixel and channel: 10 % of the height costs as much as
 * 20 levels of difference per channel).
 */
const INPAINT_ROW_PRIOR = 40_000;
/**
 * Outpainting leans on its guide (the picture's edges drawn out) for the layout; the rows only
 * keep what is above the picture from its top rows and what is below from its bottom rows. More
 * would have every pixel of a row copy the same few sources, and the vote smear them into streaks.
 */
const OUTPAINT_ROW_PRIOR = 5_000;
/**
 * Beside the picture (left or right of it) the rows hold much more: a row of trees or dune crests
 * that the edge cuts is then continued by copies from its own height, not averaged into a band.
 * The streaks the weaker prior avoids come from a flat start, which the coarser start of the
 * guided fill (`guide.side`) no longer gives.
 */
const OUTPAINT_BESIDE_ROW_PRIOR = 40_000;
/**
 * The finest level's vote weighs more of the patches over each pixel than an inpaint's does, so
 * the outlines of the square patches a large new area is pieced from do not show.
 */
const OUTPAINT_BLEND = 0.3;

export function renderStudioEdit(task: StudioEditTask, report: StageReporter = () => {}): Raster {
  if (!RENDERED_STYLE_IDS.includes(task.style)) throw new Error(`Unknown Studio style "${task.style}"`);
  const { source } = task;
  if (source.width < 1 || source.height < 1 || source.data.length !== source.width * source.height * 4)
    throw new Error("The picture to edit is empty or not RGBA");
  const random = createRandom(task.seed);
  const step: StageReporter = (f, stage) => report(Math.min(1, Math.max(0, f)), stage);
  const result = task.kind === "outpaint" ? outpaint(task, random, step) : inpaint(task, random, step);
  step(1, "Done");
  return result;
}

/** What a prompt asks to paint, or undefined for a removal (an empty prompt). */
function readScene(task: StudioEditTask): Scene | undefined {
  return task.prompt.trim() ? withoutNamedSurface(parsePrompt(task.prompt, { christmas: task.christmas })) : undefined;
}

function inpaint(task: StudioEditTask, random: Random, report: StageReporter): Raster {
  const { source, mask } = task;
  if (!mask) throw new Error("An inpaint needs a mask");
  if (mask.width !== source.width || mask.height !== source.height)
    throw new Error(
      `The mask is ${mask.width}×${mask.height} but the picture is ${source.width}×${source.height}: they must match`,
    );
  const { width: w, height: h } = source;
  const unit = Math.sqrt(w * h) / 1024;
  report(0.01, "Reading the mask");
  const alpha = maskAlpha(mask, Math.max(2, Math.round(4 * unit)));
  const n = w * h;
  const hole = new Uint8Array(n);
  let holes = 0;
  for (let i = 0; i < n; i++) {
    if (alpha[i]! <= 0) continue;
    hole[i] = 1;
    holes++;
  }
  if (holes === 0) return { width: w, height: h, data: new Uint8ClampedArray(source.data) };

  const scene = readScene(task);
  const src = toRgb(source);
  // The kept pixels around the masked area: the colours and grain new paint is matched to.
  const surroundings = () => {
    const ring = ringAround(alpha, w, h, Math.max(4, Math.round(40 * unit)));
    return { stats: colourStats(src, (i) => ring[i]!), grain: grainOf(src, w, h, (i) => ring[i] === 1) };
  };

  const paint = src.slice();
  // "A full moon", "the sun": the body itself is painted into the mask, over the sky filled there.
  const body = scene ? skyBodyOf(scene) : undefined;
  // "a cat sleeping" over a sofa: the cat lies on the sofa, which stays where the cat does not hide it.
  const keep = scene !== undefined && !body && keepsBackground(scene);
  // Where the kept picture is painted over, how much (the things' cover).
  let covered: Float32Array | undefined;
  if (scene && scene.things.length === 0 && !body) {
    // A prompt of landscape alone: Studio's painting of it, in this frame, matched to the picture.
    const light = readLight(source, (i) => hole[i] === 0);
    const { stats: ringStats, grain } = surroundings();
    const render = paintScene(scene, light, task, random, w, h, report);
    matchColours(
      render,
      () => 1,
      colourStats(render, (i) => alpha[i]!),
      ringStats,
      0.85,
      0.7,
    );
    mendEdge(render, src, hole, w, h);
    for (let i = 0; i < n; i++) {
      if (!hole[i]) continue;
      paint[i * 3] = render[i * 3]!;
      paint[i * 3 + 1] = render[i * 3 + 1]!;
      paint[i * 3 + 2] = render[i * 3 + 2]!;
    }
    const cleaner = Math.max(0, grain - grainOf(paint, w, h, (i) => hole[i] === 1));
    addGrain(paint, (i) => alpha[i]!, cleaner, random.fork("grain"));
  } else {
    // A removal fills the area from the rest of the picture, and a prompt's things stand on that
    // fill (they replace what was there); many of one thing, and things that rest on what is
    // there, are painted over the picture as it is.
    const fillShare = scene ? 0.55 : 0.93;
    if (!scene || (!scatters(scene) && !keep)) {
      report(0.03, "Filling the masked area");
      fillHole(
        { width: w, height: h, rgb: paint, hole },
        {
          seed: random.fork("fill").int(1, 0x7fffffff),
          prior: { rows: INPAINT_ROW_PRIOR, top: 0, bottom: h - 1 },
          // A sun or a moon beside the hole is not copied into it.
          avoid: compactFeatures(src, w, h, () => true, { removed: (i) => hole[i] === 1 }).avoid,
          onProgress: (f) => report(0.03 + f * (fillShare - 0.03), "Filling the masked area"),
        },
      );
    }
    const box = scene ? innerBox(alpha, w, h) : undefined;
    if (scene && box) {
      report(0.6, "Painting what the prompt names");
      const light = readLight(source, (i) => hole[i] === 0);
      const { stats: ringStats, grain } = surroundings();
      if (body) {
        // A light of the sky keeps its own brightness: only the picture's grain is added.
        const layer = paintSkyBody(scene, body, box, light, random.fork("sky-body"));
        const placed = placeThings(paint, w, h, box, layer, scene, task, random, report, 0.6, 0.9);
        addGrain(paint, (i) => placed.cover[i]!, grain, random.fork("grain"));
      } else {
        const layer = paintThingsLayer(scene, box, light, random.fork("things"));
        const things = placeThings(paint, w, h, box, layer, scene, task, random, report, 0.6, 0.9);
        harmoniseThings(paint, things, ringStats, grain, random);
        if (keep) covered = things.cover;
      }
    }
  }

  report(0.95, "Blending the edge");
  const out = new Uint8ClampedArray(source.data);
  for (let i = 0; i < n; i++) {
    let a = alpha[i]!;
    if (a <= 0) continue;
    // Over a kept picture the things are solid to the mask's edge: only the picture itself is there to fade into.
    if (covered) a = Math.max(a, covered[i]!);
    for (let k = 0; k < 3; k++) out[i * 4 + k] = src[i * 3 + k]! + (paint[i * 3 + k]! - src[i * 3 + k]!) * a;
  }
  return { width: w, height: h, data: out };
}

/** Studio's scene for the prompt at the picture's size and in its light, styled, as floats. */
function paintScene(
  scene: Scene,
  light: PictureLight,
  task: StudioEditTask,
  random: Random,
  w: number,
  h: number,
  report: StageReporter,
): Float32Array {
  const lit = scene.timeExplicit ? scene : { ...scene, timeOfDay: timeFor(light), timeExplicit: true };
  const painted = renderScene(lit, {
    width: w,
    height: h,
    random: random.fork("scene"),
    onProgress: (f, stage) => report(0.05 + f * 0.6, stage),
  });
  report(0.7, "Applying the style");
  const styled = applyStyle(painted, task.style, {
    strength: 1,
    random: random.fork("style"),
    source: "scene",
    indoors: lit.indoor,
    onProgress: (f) => report(0.7 + f * 0.15, "Applying the style"),
  });
  report(0.88, "Matching the light");
  return toRgb(styled);
}

/** The time of day a picture's light looks like, for a prompt that names none. */
function timeFor(light: PictureLight): TimeOfDay {
  const [r, , b] = light.light;
  if (light.luma < 60) return "night";
  if (light.luma < 100) return r > b + 20 ? "sunset" : "dusk";
  if (r > b + 45) return "golden";
  return "day";
}

/**
 * The new paint meets the picture around the hole with no step: its difference from the picture
 * along the hole's edge (just outside it, where both are known) is spread smoothly over the hole
 * and added there — an approximate membrane, as in seamless cloning.
 */
function mendEdge(render: Float32Array, src: Float32Array, hole: Uint8Array, w: number, h: number): void {
  const outside = distanceTo(hole, w, h, (v) => v === 1);
  const edge = new Uint8Array(w * h);
  for (let i = 0; i < edge.length; i++) edge[i] = !hole[i] && outside[i]! <= 2 ? 1 : 0;
  const field = offsetField(render, src, edge, w, h);
  for (let i = 0; i < hole.length; i++) {
    if (!hole[i]) continue;
    render[i * 3]! += field[i * 3]!;
    render[i * 3 + 1]! += field[i * 3 + 1]!;
    render[i * 3 + 2]! += field[i * 3 + 2]!;
  }
}

/** A layer of things composited into `paint`: where they stand and how much they cover, for the harmonising after. */
interface PlacedLayer {
  /** Per pixel of the picture, how much of a thing covers it. */
  cover: Float32Array;
}

/**
 * A layer of the prompt's things drawn in `box`, finished in the task's style (the style runs on
 * the area around them, and only the things are taken from it), composited over `paint`.
 */
function placeThings(
  paint: Float32Array,
  w: number,
  h: number,
  box: Box,
  layer: Raster,
  scene: Scene,
  task: StudioEditTask,
  random: Random,
  report: StageReporter,
  from: number,
  to: number,
): PlacedLayer {
  const cover = new Float32Array(w * h);
  // The area around the box, with a margin so the style's filters see the things' surroundings.
  const margin = Math.round(Math.max(8, Math.min(box.w, box.h) * 0.12));
  const x0 = Math.max(0, box.x - margin);
  const y0 = Math.max(0, box.y - margin);
  const x1 = Math.min(w, box.x + box.w + margin);
  const y1 = Math.min(h, box.y + box.h + margin);
  const cw = x1 - x0;
  const ch = y1 - y0;
  const crop = new Uint8ClampedArray(cw * ch * 4);
  for (let y = 0; y < ch; y++) {
    for (let x = 0; x < cw; x++) {
      const i = (y0 + y) * w + x0 + x;
      const o = (y * cw + x) * 4;
      let r = paint[i * 3]!;
      let g = paint[i * 3 + 1]!;
      let b = paint[i * 3 + 2]!;
      const lx = x0 + x - box.x;
      const ly = y0 + y - box.y;
      if (lx >= 0 && ly >= 0 && lx < layer.width && ly < layer.height) {
        const l = (ly * layer.width + lx) * 4;
        const a = layer.data[l + 3]! / 255;
        if (a > 0) {
          r += (layer.data[l]! - r) * a;
          g += (layer.data[l + 1]! - g) * a;
          b += (layer.data[l + 2]! - b) * a;
          cover[i] = a;
        }
      }
      crop[o] = r;
      crop[o + 1] = g;
      crop[o + 2] = b;
      crop[o + 3] = 255;
    }
  }
  report(from + (to - from) * 0.4, "Applying the style");
  const styled = applyStyle({ width: cw, height: ch, data: crop }, task.style, {
    strength: 1,
    random: random.fork("style"),
    source: "scene",
    indoors: scene.indoor,
    onProgress: (f) => report(from + (to - from) * (0.4 + 0.6 * f), "Applying the style"),
  });
  // The things, styled, replace the paint where they are; a pixel's worth of the style's edge around them too.
  const soft = spreadCover(cover, w, h);
  for (let y = 0; y < ch; y++) {
    for (let x = 0; x < cw; x++) {
      const i = (y0 + y) * w + x0 + x;
      const a = soft[i]!;
      if (a <= 0) continue;
      const o = (y * cw + x) * 4;
      paint[i * 3]! += (styled.data[o]! - paint[i * 3]!) * a;
      paint[i * 3 + 1]! += (styled.data[o + 1]! - paint[i * 3 + 1]!) * a;
      paint[i * 3 + 2]! += (styled.data[o + 2]! - paint[i * 3 + 2]!) * a;
    }
  }
  return { cover: soft };
}

/** The cover grown by a pixel and softened (a 3 × 3 maximum, then a 3 × 3 mean). */
function spreadCover(cover: Float32Array, w: number, h: number): Float32Array {
  const grown = new Float32Array(cover.length);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let m = 0;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= h) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= w) continue;
          m = Math.max(m, cover[yy * w + xx]!);
        }
      }
      grown[y * w + x] = m;
    }
  }
  const soft = new Float32Array(cover.length);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let s = 0;
      let k = 0;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= h) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= w) continue;
          s += grown[yy * w + xx]!;
          k++;
        }
      }
      soft[y * w + x] = Math.max(cover[y * w + x]!, s / k);
    }
  }
  return soft;
}

/** New things take a little of the surroundings' colour (the ambient light) and the picture's grain. */
function harmoniseThings(
  paint: Float32Array,
  layer: PlacedLayer,
  ring: ColourStats | undefined,
  grain: number,
  random: Random,
): void {
  const cover = (i: number) => layer.cover[i]!;
  matchColours(paint, cover, colourStats(paint, cover), ring, 0.2, 0);
  addGrain(paint, cover, grain, random.fork("grain"));
}

function validSides(sides: EditSides | undefined): EditSides {
  if (!sides) throw new Error("An outpaint needs its sides");
  for (const key of ["top", "right", "bottom", "left"] as const) {
    const v = sides[key];
    if (!Number.isFinite(v) || !(v === 0 || (v >= 25 && v <= 100)))
      throw new Error(`An outpaint side grows by 0 or 25–100 percent, not ${v} (${key})`);
  }
  return sides;
}

function outpaint(task: StudioEditTask, random: Random, report: StageReporter): Raster {
  const sides = validSides(task.sides);
  const maxSide = task.maxSide ?? 1024;
  if (!(maxSide >= 16)) throw new Error(`maxSide must be at least 16, not ${maxSide}`);
  const { source } = task;
  const wide = source.width * (1 + (sides.left + sides.right) / 100);
  const tall = source.height * (1 + (sides.top + sides.bottom) / 100);
  // A result size named by the caller wins over rounding (the server priced and checked that size).
  const s = task.size ? task.size.width / wide : Math.min(1, maxSide / Math.max(wide, tall));
  const W = task.size?.width ?? Math.max(1, Math.round(wide * s));
  const H = task.size?.height ?? Math.max(1, Math.round(tall * s));
  const sw = Math.min(W, Math.max(1, Math.round(source.width * s)));
  const sh = Math.min(H, Math.max(1, Math.round(source.height * s)));
  const ox = Math.min(W - sw, Math.round((source.width * s * sides.left) / 100));
  const oy = Math.min(H - sh, Math.round((source.height * s * sides.top) / 100));
  report(0.01, "Widening the picture");
  const picture = shrinkRaster(source, sw, sh);
  if (W === sw && H === sh) return picture;

  // The canvas: the picture in place, the new area to fill, and a narrow band of the picture
  // along each widened side filled too, so the new paint can be matched to it across the seam.
  const unit = Math.sqrt(W * H) / 1024;
  const band = Math.max(2, Math.round(4 * unit));
  const n = W * H;
  const rgb = new Float32Array(n * 3);
  const original = new Uint8Array(n);
  const hole = new Uint8Array(n);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      const px = x - ox;
      const py = y - oy;
      if (px < 0 || py < 0 || px >= sw || py >= sh) {
        hole[i] = 1;
        continue;
      }
      original[i] = 1;
      const p = py * sw + px;
      rgb[i * 3] = picture.data[p * 4]!;
      rgb[i * 3 + 1] = picture.data[p * 4 + 1]!;
      rgb[i * 3 + 2] = picture.data[p * 4 + 2]!;
      const nearSeam =
        (sides.left > 0 && px < band) ||
        (sides.right > 0 && px >= sw - band) ||
        (sides.top > 0 && py < band) ||
        (sides.bottom > 0 && py >= sh - band);
      if (nearSeam) hole[i] = 1;
    }
  }
  const kept = rgb.slice();
  const guide = edgeGuide(picture, W, H, ox, oy, unit);
  const avoid = compactFeatures(rgb, W, H, (i) => hole[i] === 0).avoid;
  const fillRandom = random.fork("fill");
  fillHole(
    { width: W, height: H, rgb, hole },
    {
      seed: fillRandom.int(1, 0x7fffffff),
      prior: {
        rows: OUTPAINT_ROW_PRIOR,
        top: oy,
        bottom: oy + sh - 1,
        left: ox,
        right: ox + sw - 1,
        besideRows: OUTPAINT_BESIDE_ROW_PRIOR,
      },
      blend: OUTPAINT_BLEND,
      guide: { rgb: guide, side: 60 },
      avoid,
      onProgress: (f) => report(0.03 + f * 0.62, "Widening the picture"),
    },
  );
  joinNearFill(rgb, kept, hole, W, H, { ox, oy, sw, sh }, sides, unit, picture, avoid, fillRandom.int(1, 0x7fffffff));
  const fromPicture = distanceTo(original, W, H, (v) => v === 1);

  // Across the seam: the difference between the picture and the new paint along the band,
  // spread smoothly outward and fading over a few bands' width.
  report(0.8, "Blending the seam");
  const seam = new Uint8Array(n);
  for (let i = 0; i < n; i++) seam[i] = original[i] && hole[i] ? 1 : 0;
  const field = offsetField(rgb, kept, seam, W, H);
  const fade = band * 6;
  for (let i = 0; i < n; i++) {
    if (original[i]) {
      // The picture's own pixels stay exactly as they were.
      rgb[i * 3] = kept[i * 3]!;
      rgb[i * 3 + 1] = kept[i * 3 + 1]!;
      rgb[i * 3 + 2] = kept[i * 3 + 2]!;
      continue;
    }
    const t = Math.max(0, 1 - fromPicture[i]! / fade);
    const k = t * t * (3 - 2 * t);
    rgb[i * 3]! += field[i * 3]! * k;
    rgb[i * 3 + 1]! += field[i * 3 + 1]! * k;
    rgb[i * 3 + 2]! += field[i * 3 + 2]! * k;
  }

  const scene = readScene(task);
  if (scene && scene.things.length > 0) {
    const area = largestNewArea(W, H, ox, oy, sw, sh);
    if (area) {
      report(0.85, "Painting what the prompt names");
      const light = readLight(picture, () => true);
      const pictureRgb = toRgb(picture);
      const stats = colourStats(pictureRgb, () => 1);
      const grain = grainOf(pictureRgb, sw, sh, () => true);
      const things = paintThingsLayer(scene, area, light, random.fork("things"));
      const layer = placeThings(rgb, W, H, area, things, scene, task, random, report, 0.85, 0.97);
      harmoniseThings(rgb, layer, stats, grain, random);
    }
  }

  const data = new Uint8ClampedArray(n * 4);
  for (let i = 0; i < n; i++) {
    data[i * 4] = rgb[i * 3]!;
    data[i * 4 + 1] = rgb[i * 3 + 1]!;
    data[i * 4 + 2] = rgb[i * 3 + 2]!;
    data[i * 4 + 3] = 255;
  }
  // The picture's own alpha where it is (pictures are opaque; a cut-out keeps its cut).
  for (let y = 0; y < sh; y++)
    for (let x = 0; x < sw; x++) data[((oy + y) * W + ox + x) * 4 + 3] = picture.data[(y * sw + x) * 4 + 3]!;
  return { width: W, height: H, data };
}

/** Where the picture sits in the widened canvas. */
interface Frame {
  ox: number;
  oy: number;
  sw: number;
  sh: number;
}

/**
 * The coarse-start fill continues rows of trees or dunes as shapes, but its layout does not line
 * up with the picture's fine detail at the old frame (a cloud cut off by a straight line). Near the
 * frame, a second fill of the old kind (started fine, on a crop around the picture, seam-free at the
 * frame) takes over; the two are joined along the cut of least colour difference through their
 * overlap (image quilting, Efros & Freeman 2001), one cut per widened side, softened over a few pixels.
 */
function joinNearFill(
  rgb: Float32Array,
  kept: Float32Array,
  hole: Uint8Array,
  W: number,
  H: number,
  frame: Frame,
  sides: EditSides,
  unit: number,
  picture: Raster,
  avoid: Uint8Array | undefined,
  seed: number,
): void {
  const { ox, oy, sw, sh } = frame;
  // The near fill reaches about a tenth of a 1024 px picture out, its cut free over the outer two thirds of that.
  const reach = Math.max(8, Math.round(100 * unit));
  const overlap = Math.max(4, Math.round(64 * unit));
  // A cut through a smooth sky of slightly different colours shows as a line unless softened this wide.
  const soft = Math.max(1, Math.round(8 * unit));
  const x0 = sides.left > 0 ? Math.max(0, ox - reach) : ox;
  const x1 = sides.right > 0 ? Math.min(W, ox + sw + reach) : ox + sw;
  const y0 = sides.top > 0 ? Math.max(0, oy - reach) : oy;
  const y1 = sides.bottom > 0 ? Math.min(H, oy + sh + reach) : oy + sh;
  const cw = x1 - x0;
  const ch = y1 - y0;
  const near = new Float32Array(cw * ch * 3);
  const nearHole = new Uint8Array(cw * ch);
  const nearAvoid = avoid ? new Uint8Array(cw * ch) : undefined;
  for (let y = 0; y < ch; y++)
    for (let x = 0; x < cw; x++) {
      const i = (y0 + y) * W + x0 + x;
      const j = y * cw + x;
      nearHole[j] = hole[i]!;
      if (nearAvoid) nearAvoid[j] = avoid![i]!;
      for (let c = 0; c < 3; c++) near[j * 3 + c] = kept[i * 3 + c]!;
    }
  fillHole(
    { width: cw, height: ch, rgb: near, hole: nearHole },
    {
      seed,
      prior: { rows: OUTPAINT_ROW_PRIOR, top: oy - y0, bottom: oy - y0 + sh - 1 },
      guide: { rgb: edgeGuide(picture, cw, ch, ox - x0, oy - y0, unit), side: 300 },
      avoid: nearAvoid,
    },
  );
  const nearAt = (x: number, y: number) => ((y - y0) * cw + (x - x0)) * 3;
  const error = (x: number, y: number) => {
    const f = nearAt(x, y);
    const c = (y * W + x) * 3;
    let e = 0;
    for (let k = 0; k < 3; k++) e += (near[f + k]! - rgb[c + k]!) ** 2;
    return e;
  };
  /**
   * Per line along a side, how far out the near fill reaches: the cut, through distances [lo, hi],
   * moving at most one pixel per line, of least summed error.
   */
  const cutFor = (
    widened: number,
    span: number,
    lineFrom: number,
    lineTo: number,
    at: (line: number, d: number) => [number, number],
  ) => {
    const cut = new Int32Array(span).fill(0x3fffffff);
    if (widened <= 0 || reach >= widened) return cut;
    const hi = reach - soft - 1;
    const lo = Math.max(1, hi - overlap);
    const m = hi - lo + 1;
    const lines = lineTo - lineFrom;
    const cost = new Float64Array(lines * m);
    const from = new Int8Array(lines * m);
    for (let l = 0; l < lines; l++)
      for (let k = 0; k < m; k++) {
        const [x, y] = at(lineFrom + l, lo + k);
        let best = 0;
        let step = 0;
        if (l > 0) {
          best = Number.POSITIVE_INFINITY;
          for (let dk = -1; dk <= 1; dk++) {
            const kk = k + dk;
            if (kk < 0 || kk >= m) continue;
            const v = cost[(l - 1) * m + kk]!;
            if (v < best) {
              best = v;
              step = dk;
            }
          }
        }
        cost[l * m + k] = best + error(x, y);
        from[l * m + k] = step;
      }
    let k = 0;
    for (let kk = 1; kk < m; kk++) if (cost[(lines - 1) * m + kk]! < cost[(lines - 1) * m + k]!) k = kk;
    for (let l = lines - 1; l >= 0; l--) {
      cut[lineFrom + l] = lo + k;
      k += from[l * m + k]!;
    }
    return cut;
  };
  const left = cutFor(sides.left > 0 ? ox : 0, H, y0, y1, (y, d) => [ox - d, y]);
  const right = cutFor(sides.right > 0 ? W - ox - sw : 0, H, y0, y1, (y, d) => [ox + sw - 1 + d, y]);
  const top = cutFor(sides.top > 0 ? oy : 0, W, x0, x1, (x, d) => [x, oy - d]);
  const bottom = cutFor(sides.bottom > 0 ? H - oy - sh : 0, W, x0, x1, (x, d) => [x, oy + sh - 1 + d]);
  // How much of the near fill each pixel takes: 1 inside the cuts, 0 outside, a ramp of `soft` across.
  const ramp = (d: number, cut: number) => Math.min(1, Math.max(0, (cut - d) / (2 * soft) + 0.5));
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) {
      const i = y * W + x;
      if (!hole[i]) continue;
      const dx = x < ox ? ox - x : x >= ox + sw ? x - (ox + sw - 1) : 0;
      const dy = y < oy ? oy - y : y >= oy + sh ? y - (oy + sh - 1) : 0;
      let t = 1;
      if (dx > 0) t *= ramp(dx, x < ox ? left[y]! : right[y]!);
      if (dy > 0) t *= ramp(dy, y < oy ? top[x]! : bottom[x]!);
      if (t <= 0) continue;
      const f = nearAt(x, y);
      for (let c = 0; c < 3; c++) rgb[i * 3 + c] = near[f + c]! * t + rgb[i * 3 + c]! * (1 - t);
    }
}

/**
 * A smooth first guess of the outpaint: beside the picture each new pixel takes the colour its
 * row has at the picture's edge (above and below it, its column's), smoothed along the edge the
 * further out it is, so rows continue as they end — sky beside sky, the horizon a line, ground
 * beside ground — and what the edge cuts through thinly fades out. The picture's own pixels are
 * their own guide.
 */
function edgeGuide(picture: Raster, W: number, H: number, ox: number, oy: number, unit: number): Float32Array {
  const { width: sw, height: sh } = picture;
  const rgb = toRgb(picture);
  const depth = Math.max(1, Math.round(3 * unit));
  // The colour along each edge, a few pixels deep: left and right per row, top and bottom per column.
  const edge = (along: number, at: (k: number, d: number) => number) => {
    const line = new Float32Array(along * 3);
    for (let k = 0; k < along; k++)
      for (let d = 0; d < depth; d++) for (let c = 0; c < 3; c++) line[k * 3 + c]! += rgb[at(k, d) * 3 + c]! / depth;
    return line;
  };
  const lines = {
    left: edge(sh, (y, d) => y * sw + Math.min(sw - 1, d)),
    right: edge(sh, (y, d) => y * sw + Math.max(0, sw - 1 - d)),
    top: edge(sw, (x, d) => Math.min(sh - 1, d) * sw + x),
    bottom: edge(sw, (x, d) => Math.max(0, sh - 1 - d) * sw + x),
  };
  const radii = [1, 4, 12, 36, 108, 324].map((r) => Math.max(1, Math.round(r * unit)));
  // Medians keep a step (the horizon, the shore) and drop what is thinner than the window (a
  // palm's frond or a tower cut by the edge), so far out only the broad bands go on.
  const blurred = Object.fromEntries(
    Object.entries(lines).map(([side, line]) => [
      side,
      radii.map((r) => blurLine(medianLine(line, r), Math.ceil(r / 8))),
    ]),
  ) as Record<keyof typeof lines, Float32Array[]>;
  /** The edge's colour at k, blurred for a distance d from the picture. */
  const sample = (side: keyof typeof lines, k: number, d: number, out: number[]) => {
    // Beside the picture rows keep more to themselves (a horizon stays a line) than columns do above and below it.
    const want = side === "left" || side === "right" ? Math.min(radii[3]!, radii[0]! + d * 0.6) : radii[0]! + d * 1.5;
    let i = 0;
    while (i < radii.length - 2 && radii[i + 1]! < want) i++;
    const t = Math.min(1, Math.max(0, (want - radii[i]!) / (radii[i + 1]! - radii[i]!)));
    const a = blurred[side][i]!;
    const b = blurred[side][i + 1]!;
    for (let c = 0; c < 3; c++) out[c] = a[k * 3 + c]! + (b[k * 3 + c]! - a[k * 3 + c]!) * t;
  };
  const guide = new Float32Array(W * H * 3);
  const across = [0, 0, 0];
  const down = [0, 0, 0];
  for (let y = 0; y < H; y++) {
    const py = y - oy;
    const cy = Math.min(sh - 1, Math.max(0, py));
    for (let x = 0; x < W; x++) {
      const px = x - ox;
      const cx = Math.min(sw - 1, Math.max(0, px));
      const to = (y * W + x) * 3;
      const dx = Math.abs(px - cx);
      const dy = Math.abs(py - cy);
      if (dx === 0 && dy === 0) {
        for (let c = 0; c < 3; c++) guide[to + c] = rgb[(cy * sw + cx) * 3 + c]!;
        continue;
      }
      if (dx > 0) sample(px < 0 ? "left" : "right", cy, dx, across);
      if (dy > 0) sample(py < 0 ? "top" : "bottom", cx, dy, down);
      // In a corner, the two edges meet, each weighted by how near it is.
      const wx = dx > 0 ? (dy > 0 ? dy / (dx + dy) : 1) : 0;
      for (let c = 0; c < 3; c++) guide[to + c] = across[c]! * wx + down[c]! * (1 - wx);
    }
  }
  return guide;
}

/** A line of RGB whose every sample is the one of median luma within r of it. */
function medianLine(line: Float32Array, r: number): Float32Array {
  const n = line.length / 3;
  const luma = new Float32Array(n);
  for (let i = 0; i < n; i++) luma[i] = 0.2126 * line[i * 3]! + 0.7152 * line[i * 3 + 1]! + 0.0722 * line[i * 3 + 2]!;
  const out = new Float32Array(line.length);
  const window: number[] = [];
  for (let i = 0; i < n; i++) {
    window.length = 0;
    for (let k = Math.max(0, i - r); k <= Math.min(n - 1, i + r); k++) window.push(k);
    window.sort((a, b) => luma[a]! - luma[b]!);
    const m = window[window.length >> 1]!;
    out[i * 3] = line[m * 3]!;
    out[i * 3 + 1] = line[m * 3 + 1]!;
    out[i * 3 + 2] = line[m * 3 + 2]!;
  }
  return out;
}

/** A line of RGB blurred with a box of radius r three times over (close to a Gaussian), its ends held. */
function blurLine(line: Float32Array, r: number): Float32Array {
  const n = line.length / 3;
  let src = line.slice();
  let dst = new Float32Array(line.length);
  for (let pass = 0; pass < 3; pass++) {
    for (let c = 0; c < 3; c++) {
      let sum = 0;
      for (let k = -r; k <= r; k++) sum += src[Math.min(n - 1, Math.max(0, k)) * 3 + c]!;
      for (let i = 0; i < n; i++) {
        dst[i * 3 + c] = sum / (2 * r + 1);
        sum += src[Math.min(n - 1, i + r + 1) * 3 + c]! - src[Math.max(0, i - r) * 3 + c]!;
      }
    }
    [src, dst] = [dst, src];
  }
  return src;
}

/** The largest strip of new area beside the picture, a little inset: where a prompt's things are drawn. */
function largestNewArea(W: number, H: number, ox: number, oy: number, sw: number, sh: number): Box | undefined {
  const strips: Box[] = [
    { x: 0, y: 0, w: ox, h: H },
    { x: ox + sw, y: 0, w: W - ox - sw, h: H },
    { x: 0, y: 0, w: W, h: oy },
    { x: 0, y: oy + sh, w: W, h: H - oy - sh },
  ].filter((b) => b.w >= 16 && b.h >= 16);
  if (strips.length === 0) return undefined;
  const best = strips.reduce((a, b) => (b.w * b.h > a.w * a.h ? b : a));
  const inset = Math.round(Math.min(best.w, best.h) * 0.06);
  return { x: best.x + inset, y: best.y + inset, w: best.w - 2 * inset, h: best.h - 2 * inset };
}
