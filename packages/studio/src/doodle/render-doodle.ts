/**
 * Doodle to art, GauGAN-style: each labelled region of the drawing is filled with its own
 * procedural material (sky gradient with clouds, rippling water reflecting what stands above
 * it, ridged snowy mountains, grass, brick…), lit from one side, with softened seams; blobs of
 * the stamp brushes become things of the subject library (trees, a house, a boat…, see stamps.ts);
 * ink lines stay as outlines. A drawing that is only ink comes back as a clean drawing on paper.
 */
import { createRaster, type Raster } from "../raster";
import { createNoise2D, fbm, type Noise2D, type Random } from "../random";
import { mix, scale, type RGB } from "../scene/colors";
import { buildPalette, type Palette } from "../scene/palette";
import { parsePrompt } from "../scene/parse-prompt";
import type { Scene } from "../scene/types";
import { classify, INK, LABEL_IDS, PAPER } from "./classify";
import { drawStamps, layOver, takeStamps } from "./stamps";

export interface DoodleOptions {
  width: number;
  height: number;
  random: Random;
  scene?: Scene;
  onProgress?: (fraction: number, stage: string) => void;
}

export interface DoodleResult {
  raster: Raster;
  kind: "semantic" | "ink" | "mixed";
}

export function renderDoodle(source: Raster, options: DoodleOptions): DoodleResult {
  const { width, height, random } = options;
  if (source.width !== width || source.height !== height)
    throw new Error("renderDoodle: the drawing must be resized to the output size first");
  const progress = options.onProgress ?? (() => {});
  progress(0.05, "Reading your drawing");
  const c = classify(source);
  if (c.semanticShare <= 0.002) {
    progress(0.5, "Inking the lines");
    const raster = inkDrawing(source, random);
    progress(1, "Done");
    return { raster, kind: "ink" };
  }
  const kind = c.inkShare > 0.002 ? "mixed" : "semantic";
  const scene = options.scene ?? parsePrompt("", { christmas: false });
  const time = scene.timeExplicit ? scene.timeOfDay : scene.christmas ? "dusk" : "day";
  const palette = buildPalette({ ...scene, understood: true }, time);
  const blobs = takeStamps(c.labels, width, height);
  progress(0.2, "Drawing the things");
  const things =
    blobs.length > 0 ? drawStamps(blobs, c.labels, width, height, palette, scene, random.fork("doodle-stamps")) : null;
  progress(0.3, "Painting the regions");
  const raster = paintRegions(c.labels, width, height, palette, random, scene, things);
  progress(0.8, "Softening the edges");
  softenSeams(raster, c.labels);
  if (things) layOver(raster.data, things);
  // Every line drawn stays, however little ink there is (a few birds in the sky).
  drawInk(raster, c.ink, palette);
  progress(1, "Done");
  return { raster, kind };
}

const id = (name: string) => LABEL_IDS.indexOf(name);
const SKY = id("sky");
const CLOUD = id("cloud");
const WATER = id("water");
const MOUNTAIN = id("mountain");
const SNOW = id("snow");
const GRASS = id("grass");
const FLOWER = id("flower");
const SAND = id("sand");
const ROCK = id("rock");
const BUILDING = id("building");
const ROAD = id("road");

/** Vertical and horizontal runs of equal label through every pixel: cheap region geometry. */
function runs(labels: Uint8Array, width: number, height: number) {
  const top = new Int32Array(labels.length);
  const bottom = new Int32Array(labels.length);
  const left = new Int32Array(labels.length);
  const right = new Int32Array(labels.length);
  for (let x = 0; x < width; x++) {
    let start = 0;
    for (let y = 1; y <= height; y++) {
      if (y === height || labels[y * width + x] !== labels[start * width + x]) {
        for (let k = start; k < y; k++) {
          top[k * width + x] = start;
          bottom[k * width + x] = y;
        }
        start = y;
      }
    }
  }
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let start = 0;
    for (let x = 1; x <= width; x++) {
      if (x === width || labels[row + x] !== labels[row + start]) {
        for (let k = start; k < x; k++) {
          left[row + k] = start;
          right[row + k] = x;
        }
        start = x;
      }
    }
  }
  return { top, bottom, left, right };
}

function paintRegions(
  labels: Uint8Array,
  width: number,
  height: number,
  p: Palette,
  random: Random,
  scene: Scene,
  things: Uint8ClampedArray | null,
): Raster {
  const raster = createRaster(width, height);
  const data = raster.data;
  const span = Math.sqrt(width * height);
  const unit = span / 1024;
  const inv = 1 / span;
  const noise: Noise2D = createNoise2D(random.fork("doodle-noise"));
  const detail: Noise2D = createNoise2D(random.fork("doodle-detail"));
  const { top, bottom, left, right } = runs(labels, width, height);
  const regions = regionSpans(labels, width, height);
  let skyBottom = 1;
  for (let k = 0; k < labels.length; k++)
    if (labels[k] === SKY) skyBottom = Math.max(skyBottom, Math.floor(k / width) + 1);
  const flowers = p.flowers;
  const lit = p.light;
  const rock = p.rock;
  const grass = scene.colors.meadow ?? [92, 160, 72];
  const sand = p.sand;
  const building: RGB = scene.colors.city ?? scene.colors.village ?? [176, 72, 62];
  const windowLit = p.night || p.time === "dusk";
  const flowerCell = Math.max(4, Math.round(9 * unit));
  const seedX = random.fork("doodle-offsets").range(0, 100);
  const out: RGB = [0, 0, 0];
  for (let y = 0; y < height; y++) {
    const v = y * inv;
    for (let x = 0; x < width; x++) {
      const k = y * width + x;
      const label = labels[k]!;
      const u = x * inv + seedX;
      const runTop = top[k]!;
      const runH = Math.max(1, bottom[k]! - runTop);
      const t = (y - runTop) / runH;
      const edge = Math.min(y - runTop, bottom[k]! - 1 - y, x - left[k]!, right[k]! - 1 - x);
      let r: number;
      let g: number;
      let b: number;
      if (label === SKY || label === PAPER || label === INK) {
        skyAt(p, y / skyBottom, out);
        // Soft high clouds, few and thin.
        const cl = Math.max(0, fbm(noise, u * 2.5, v * 6, 3) - 0.1) * 1.6 * p.cloudCover * 2;
        r = out[0] + (p.cloudLit[0] - out[0]) * Math.min(0.8, cl);
        g = out[1] + (p.cloudLit[1] - out[1]) * Math.min(0.8, cl);
        b = out[2] + (p.cloudLit[2] - out[2]) * Math.min(0.8, cl);
        if (p.stars > 0.3 && detail(u * 300, v * 300) > 0.82) {
          r = g = b = 235;
        }
      } else if (label === CLOUD) {
        const puff = fbm(noise, u * 8, v * 8, 4);
        const shade = Math.min(1, Math.max(0, 1 - t * 0.8 + puff * 0.5 + Math.min(1, edge / (10 * unit)) * 0.1));
        r = p.cloudShadow[0] + (p.cloudLit[0] - p.cloudShadow[0]) * shade;
        g = p.cloudShadow[1] + (p.cloudLit[1] - p.cloudShadow[1]) * shade;
        b = p.cloudShadow[2] + (p.cloudLit[2] - p.cloudShadow[2]) * shade;
      } else if (label === MOUNTAIN || label === ROCK) {
        const n1 = detail(u * 10, v * 6);
        const n2 = detail(u * 10 + 0.2, v * 6);
        const micro = (Math.abs(n2) - Math.abs(n1)) * 5 + fbm(noise, u * 20, v * 20, 2) * 0.3;
        const shade = Math.min(1, Math.max(0, 0.55 + Math.tanh(micro) * 0.45 - t * 0.25));
        const base: RGB = label === ROCK ? [140, 138, 134] : rock;
        const litC = mix(base, scale(lit, 0.85), 0.3);
        const darkC = mix(scale(base, 0.45), p.shadow, 0.4);
        r = darkC[0] + (litC[0] - darkC[0]) * shade;
        g = darkC[1] + (litC[1] - darkC[1]) * shade;
        b = darkC[2] + (litC[2] - darkC[2]) * shade;
        if (label === MOUNTAIN) {
          // Snow on the top third of each mountain, clinging to ridges.
          const rid = regions.id[k]!;
          const peak = regions.top[rid]!;
          const altitude = (y - peak) / Math.max(1, regions.bottom[rid]! - peak);
          const line = 0.42 + 0.1 * noise(u * 4, 3) - (1 - Math.abs(n1)) * 0.12;
          const s = Math.min(1, Math.max(0, (line - altitude) * 14));
          if (s > 0) {
            const sr = p.snow[0] * (0.7 + 0.3 * shade);
            const sg = p.snow[1] * (0.72 + 0.28 * shade);
            const sb = p.snow[2] * (0.8 + 0.2 * shade);
            r += (sr - r) * s;
            g += (sg - g) * s;
            b += (sb - b) * s;
          }
          const haze = 0.25 * (1 - t);
          r += (p.haze[0] - r) * haze;
          g += (p.haze[1] - g) * haze;
          b += (p.haze[2] - b) * haze;
        }
      } else if (label === SNOW) {
        const n = fbm(noise, u * 6, v * 10, 3);
        const shade = 0.82 + n * 0.15 - t * 0.08;
        r = p.snow[0] * shade;
        g = p.snow[1] * shade;
        b = Math.min(255, p.snow[2] * (shade + 0.04));
      } else if (label === GRASS || label === FLOWER) {
        const patches = fbm(noise, u * 5, v * 9, 2);
        const blades = detail(u * 160, v * 28) * 0.5 + 0.5;
        const shade = 0.78 + patches * 0.25 + blades * 0.18 - t * 0.12;
        const c = mix(grass, lit, 0.15 + (1 - t) * 0.1);
        const e = p.exposure;
        r = c[0] * shade * e;
        g = c[1] * shade * e;
        b = c[2] * shade * e;
        if (label === FLOWER) {
          // One flower per cell, at a hashed offset and colour.
          const cx = Math.floor(x / flowerCell);
          const cy = Math.floor(y / flowerCell);
          let h = Math.imul(cx * 374761393 + cy * 668265263, 0x27d4eb2d) ^ random.seed;
          h = Math.imul(h ^ (h >>> 15), 0x85ebca6b) >>> 0;
          const fx = cx * flowerCell + ((h & 255) / 255) * flowerCell;
          const fy = cy * flowerCell + (((h >>> 8) & 255) / 255) * flowerCell;
          const dx = x - fx;
          const dy = y - fy;
          const rad = flowerCell * 0.32;
          const d2 = dx * dx + dy * dy;
          if (d2 < rad * rad) {
            const fc = flowers[(h >>> 16) % flowers.length]!;
            const centre = d2 < rad * rad * 0.15;
            r = centre ? 250 : fc[0];
            g = centre ? 215 : fc[1];
            b = centre ? 90 : fc[2];
          }
        }
      } else if (label === SAND) {
        const rip = Math.sin(v * 300 + fbm(noise, u * 6, v * 6, 2) * 5) * 0.04;
        const shade = 0.9 + fbm(noise, u * 4, v * 6, 3) * 0.15 + rip - t * 0.08;
        r = sand[0] * shade;
        g = sand[1] * shade;
        b = sand[2] * shade;
      } else if (label === BUILDING) {
        const cell = 16 * unit;
        const lx = (x - left[k]!) % cell;
        const ly = (y - runTop) % (cell * 1.4);
        const isWindow =
          lx > cell * 0.3 && lx < cell * 0.75 && ly > cell * 0.5 && ly < cell * 1.15 && edge > cell * 0.4;
        const brick = 0.9 + detail(u * 200, v * 400) * 0.06;
        const edgeDark = 0.6 + 0.4 * Math.min(1, edge / (5 * unit));
        const e = p.exposure;
        if (isWindow) {
          const on =
            windowLit && (Math.floor((x - left[k]!) / cell) * 7 + Math.floor((y - runTop) / (cell * 1.4)) * 13) % 5 < 3;
          const wc: RGB = on ? p.window : mix([60, 70, 90], p.skyHorizon, 0.4);
          r = wc[0];
          g = wc[1];
          b = wc[2];
        } else {
          r = building[0] * brick * edgeDark * e;
          g = building[1] * brick * edgeDark * e;
          b = building[2] * brick * edgeDark * e;
        }
      } else if (label === ROAD) {
        const speck = detail(u * 400, v * 400) * 0.08 + fbm(noise, u * 8, v * 8, 2) * 0.05;
        const shade = (0.9 + speck) * p.exposure;
        r = 74 * shade;
        g = 74 * shade;
        b = 80 * shade;
      } else {
        // Water is painted in a second pass, once what it reflects exists.
        r = p.water[0];
        g = p.water[1];
        b = p.water[2];
      }
      const i = k * 4;
      data[i] = r;
      data[i + 1] = g;
      data[i + 2] = b;
    }
  }
  // Water mirrors the things standing above it too.
  let mirrored = data;
  if (things) {
    mirrored = new Uint8ClampedArray(data);
    layOver(mirrored, things);
  }
  paintWaterRegions(raster, mirrored, labels, top, bottom, p, noise, span);
  return raster;
}

/** Connected regions (4-neighbour) with their top and bottom rows. */
function regionSpans(labels: Uint8Array, width: number, height: number) {
  const n = width * height;
  const id = new Int32Array(n).fill(-1);
  const tops: number[] = [];
  const bottoms: number[] = [];
  const queue = new Int32Array(n);
  let next = 0;
  for (let s = 0; s < n; s++) {
    if (id[s] !== -1) continue;
    const label = labels[s]!;
    let head = 0;
    let tail = 0;
    queue[tail++] = s;
    id[s] = next;
    let minY = height;
    let maxY = 0;
    while (head < tail) {
      const k = queue[head++]!;
      const y = (k / width) | 0;
      const x = k - y * width;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
      if (x > 0 && id[k - 1] === -1 && labels[k - 1] === label) {
        id[k - 1] = next;
        queue[tail++] = k - 1;
      }
      if (x < width - 1 && id[k + 1] === -1 && labels[k + 1] === label) {
        id[k + 1] = next;
        queue[tail++] = k + 1;
      }
      if (y > 0 && id[k - width] === -1 && labels[k - width] === label) {
        id[k - width] = next;
        queue[tail++] = k - width;
      }
      if (y < height - 1 && id[k + width] === -1 && labels[k + width] === label) {
        id[k + width] = next;
        queue[tail++] = k + width;
      }
    }
    tops.push(minY);
    bottoms.push(maxY + 1);
    next++;
  }
  return { id, top: Int32Array.from(tops), bottom: Int32Array.from(bottoms) };
}

function skyAt(p: Palette, t: number, out: RGB): void {
  const tt = Math.min(1, Math.max(0, t));
  if (tt < 0.55) {
    const k = tt / 0.55;
    out[0] = p.skyTop[0] + (p.skyMid[0] - p.skyTop[0]) * k;
    out[1] = p.skyTop[1] + (p.skyMid[1] - p.skyTop[1]) * k;
    out[2] = p.skyTop[2] + (p.skyMid[2] - p.skyTop[2]) * k;
  } else {
    const k = (tt - 0.55) / 0.45;
    out[0] = p.skyMid[0] + (p.skyHorizon[0] - p.skyMid[0]) * k;
    out[1] = p.skyMid[1] + (p.skyHorizon[1] - p.skyMid[1]) * k;
    out[2] = p.skyMid[2] + (p.skyHorizon[2] - p.skyMid[2]) * k;
  }
}

/** Water mirrors the pixels just above its top edge (mountains, trees, sky), rippled and darkened. */
function paintWaterRegions(
  raster: Raster,
  mirrored: Uint8ClampedArray,
  labels: Uint8Array,
  top: Int32Array,
  bottom: Int32Array,
  p: Palette,
  noise: Noise2D,
  span: number,
): void {
  const { width, height, data } = raster;
  const inv = 1 / span;
  const unit = span / 1024;
  const sky: RGB = [0, 0, 0];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const k = y * width + x;
      if (labels[k] !== WATER) continue;
      const runTop = top[k]!;
      const t = (y - runTop) / Math.max(1, bottom[k]! - runTop);
      const persp = 0.05 + t;
      const n = noise((x * inv * 12) / persp, y * inv * 90);
      const sx = Math.min(width - 1, Math.max(0, Math.round(x + n * 4 * unit * (0.5 + t * 3))));
      const sy = 2 * runTop - y - 1 + Math.round(n * 2 * unit);
      let rr: number;
      let rg: number;
      let rb: number;
      if (sy >= 0 && sy < height && labels[sy * width + sx] !== WATER) {
        const j = (sy * width + sx) * 4;
        rr = mirrored[j]!;
        rg = mirrored[j + 1]!;
        rb = mirrored[j + 2]!;
      } else {
        skyAt(p, 0.6, sky);
        rr = sky[0];
        rg = sky[1];
        rb = sky[2];
      }
      const reflect = 0.6 - 0.35 * t;
      const dark = 0.92 - 0.3 * t;
      const crest = Math.max(0, n - 0.55) * 70;
      const i = k * 4;
      data[i] = (p.water[0] + (rr - p.water[0]) * reflect) * dark + crest;
      data[i + 1] = (p.water[1] + (rg - p.water[1]) * reflect) * dark + crest;
      data[i + 2] = (p.water[2] + (rb - p.water[2]) * reflect) * dark + crest;
    }
  }
}

/** Region seams get a 3×3 average so edges look painted, not cut out. */
function softenSeams(raster: Raster, labels: Uint8Array): void {
  const { width, height, data } = raster;
  const src = new Uint8ClampedArray(data);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const k = y * width + x;
      const l = labels[k]!;
      if (labels[k - 1] === l && labels[k + 1] === l && labels[k - width] === l && labels[k + width] === l) continue;
      for (let c = 0; c < 3; c++) {
        let sum = 0;
        for (let dy = -1; dy <= 1; dy++)
          for (let dx = -1; dx <= 1; dx++) sum += src[((y + dy) * width + x + dx) * 4 + c]!;
        data[k * 4 + c] = sum / 9;
      }
    }
  }
}

function drawInk(raster: Raster, ink: Float32Array, p: Palette): void {
  const data = raster.data;
  const line: RGB = mix([22, 20, 28], p.shadow, 0.2);
  for (let k = 0; k < ink.length; k++) {
    const a = ink[k]!;
    if (a <= 0) continue;
    const i = k * 4;
    data[i] = data[i]! + (line[0] - data[i]!) * a * 0.9;
    data[i + 1] = data[i + 1]! + (line[1] - data[i + 1]!) * a * 0.9;
    data[i + 2] = data[i + 2]! + (line[2] - data[i + 2]!) * a * 0.9;
  }
}

/** Ink-only drawings: the lines, cleanly, on lightly textured warm paper. */
function inkDrawing(source: Raster, random: Random): Raster {
  const { width, height, data } = source;
  const raster = createRaster(width, height);
  const out = raster.data;
  const noise = createNoise2D(random.fork("paper"));
  const inv = 1 / Math.sqrt(width * height);
  const paper: RGB = [246, 241, 230];
  const line: RGB = [30, 28, 36];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const k = y * width + x;
      const i = k * 4;
      const alpha = data[i + 3]! / 255;
      const l = (0.2126 * data[i]! + 0.7152 * data[i + 1]! + 0.0722 * data[i + 2]!) * alpha + 255 * (1 - alpha);
      const a = Math.min(1, Math.max(0, (235 - l) / (235 - 30)));
      const grain = fbm(noise, x * inv * 40, y * inv * 40, 2) * 5;
      out[i] = paper[0] + grain + (line[0] - paper[0] - grain) * a;
      out[i + 1] = paper[1] + grain + (line[1] - paper[1] - grain) * a;
      out[i + 2] = paper[2] + grain + (line[2] - paper[2] - grain) * a;
    }
  }
  return raster;
}
