/**
 * Reads a doodle into a label map. Every pixel goes to the nearest brush colour; pixels far
 * from all of them (anti-aliased edges, ink) take the label of the nearest confident pixel; a
 * 3×3 majority pass and an opening remove the thin wrong-label seams and rims blends leave;
 * unpainted paper becomes sky above the drawing and the nearest ground below it.
 */
import { DOODLE_BRUSHES } from "../../../../app/lib/doodle-brushes";
import type { Raster } from "../raster";

export const LABEL_IDS = DOODLE_BRUSHES.filter((b) => b.semantic).map((b) => b.id);
/** Label numbers: 0..LABEL_IDS.length-1 are the semantic brushes, then ink, then paper. */
export const INK = LABEL_IDS.length;
export const PAPER = LABEL_IDS.length + 1;
export const UNKNOWN = 255;

export function labelIndex(id: string): number {
  return LABEL_IDS.indexOf(id);
}

const GROUND_IDS = new Set(["grass", "sand", "water", "road", "snow", "rock", "flower"]);

export interface Classification {
  labels: Uint8Array;
  /** 0..1 per pixel: how much ink covers it (anti-aliased lines keep their softness). */
  ink: Float32Array;
  /** Share of the picture painted with semantic brushes (before paper was inferred). */
  semanticShare: number;
  inkShare: number;
}

export function classify(source: Raster): Classification {
  const { width, height, data } = source;
  const n = width * height;
  const palette: [number, number, number][] = [];
  for (const b of DOODLE_BRUSHES) if (b.semantic) palette.push(b.rgb);
  const ink = DOODLE_BRUSHES.find((b) => b.id === "ink")!.rgb;
  palette.push(ink);
  palette.push([255, 255, 255]);
  const count = palette.length;
  const pr = new Float32Array(count);
  const pg = new Float32Array(count);
  const pb = new Float32Array(count);
  palette.forEach((c, k) => {
    pr[k] = c[0];
    pg[k] = c[1];
    pb[k] = c[2];
  });

  // Nearest brush for every colour at 5 bits a channel: one table look-up per pixel afterwards.
  const lutLabel = new Uint8Array(32768);
  const lutDistance = new Float32Array(32768);
  for (let q = 0; q < 32768; q++) {
    const r = ((q >> 10) << 3) + 4;
    const g = (((q >> 5) & 31) << 3) + 4;
    const b = ((q & 31) << 3) + 4;
    let best = 0;
    let bestD = Infinity;
    for (let c = 0; c < count; c++) {
      const dr = r - pr[c]!;
      const dg = g - pg[c]!;
      const db = b - pb[c]!;
      const d = dr * dr * 0.3 + dg * dg * 0.5 + db * db * 0.2;
      if (d < bestD) {
        bestD = d;
        best = c;
      }
    }
    lutLabel[q] = best;
    lutDistance[q] = bestD;
  }
  const labels = new Uint8Array(n);
  const inkCover = new Float32Array(n);
  // A pixel within this distance of a brush colour is that brush for certain.
  const sure = 30 * 30;
  let semantic = 0;
  let inkCount = 0;
  for (let k = 0; k < n; k++) {
    const i = k * 4;
    // Transparent pixels are paper, whatever colour they hold.
    const a = data[i + 3]! / 255;
    const r = data[i]! * a + 255 * (1 - a);
    const g = data[i + 1]! * a + 255 * (1 - a);
    const b = data[i + 2]! * a + 255 * (1 - a);
    const q = ((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3);
    const best = lutLabel[q]!;
    const bestD = lutDistance[q]!;
    const l = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    if (best === INK || l < 40) {
      labels[k] = UNKNOWN;
      inkCover[k] = 1;
      inkCount++;
    } else if (bestD * 2.5 > sure) {
      labels[k] = UNKNOWN;
    } else {
      labels[k] = best;
    }
  }
  fillUnknownLabels(labels, width, height);
  majority(labels, width, height);
  dropThinBands(labels, width, height);
  // Only region interiors count as painting: the grey fringe of an anti-aliased ink line is
  // close to the rock and road colours but never two pixels thick in every direction.
  for (let y = 2; y < height - 2; y++) {
    for (let x = 2; x < width - 2; x++) {
      const k = y * width + x;
      const l = labels[k]!;
      if (l >= INK || inkCover[k]! > 0) continue;
      if (
        labels[k - 2] === l &&
        labels[k + 2] === l &&
        labels[k - 2 * width] === l &&
        labels[k + 2 * width] === l &&
        labels[k - 1] === l &&
        labels[k + 1] === l
      )
        semantic++;
    }
  }

  // Ink edges: darker than the region they sit on means partly covered by a line.
  for (let k = 0; k < n; k++) {
    if (inkCover[k]! >= 1) continue;
    const label = labels[k]!;
    const i = k * 4;
    const l = 0.2126 * data[i]! + 0.7152 * data[i + 1]! + 0.0722 * data[i + 2]!;
    const c = palette[label]!;
    const ref = 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
    if (l < ref - 25) inkCover[k] = Math.min(1, (ref - l) / Math.max(1, ref - 17));
  }

  const semanticShare = semantic / n;
  if (semanticShare > 0.002) inferPaper(labels, width, height);
  return { labels, ink: inkCover, semanticShare, inkShare: inkCount / n };
}

/** Every still-unknown pixel takes the label of the nearest known one. */
function fillUnknownLabels(labels: Uint8Array, width: number, height: number): void {
  fillUnknown(
    labels,
    width,
    height,
    (l) => l !== UNKNOWN,
    (l) => l === UNKNOWN,
  );
}

/**
 * Multi-source breadth-first fill: every target pixel reachable through other targets takes the
 * label of the nearest source. Pixels that are neither are walls and keep their label.
 */
function fillUnknown(
  labels: Uint8Array,
  width: number,
  height: number,
  isSource: (label: number) => boolean,
  isTarget: (label: number) => boolean,
): void {
  const n = width * height;
  const queue = new Int32Array(n);
  let head = 0;
  let tail = 0;
  const done = new Uint8Array(n);
  for (let k = 0; k < n; k++) {
    const l = labels[k]!;
    if (isSource(l)) {
      done[k] = 1;
      queue[tail++] = k;
    } else if (!isTarget(l)) done[k] = 1;
  }
  if (tail === 0) {
    for (let k = 0; k < n; k++) if (isTarget(labels[k]!)) labels[k] = PAPER;
    return;
  }
  while (head < tail) {
    const k = queue[head++]!;
    const x = k % width;
    const label = labels[k]!;
    if (x > 0 && !done[k - 1]) {
      done[k - 1] = 1;
      labels[k - 1] = label;
      queue[tail++] = k - 1;
    }
    if (x < width - 1 && !done[k + 1]) {
      done[k + 1] = 1;
      labels[k + 1] = label;
      queue[tail++] = k + 1;
    }
    if (k >= width && !done[k - width]) {
      done[k - width] = 1;
      labels[k - width] = label;
      queue[tail++] = k - width;
    }
    if (k + width < n && !done[k + width]) {
      done[k + width] = 1;
      labels[k + width] = label;
      queue[tail++] = k + width;
    }
  }
}

/**
 * Bands thinner than 2 × THIN_RADIUS + 1 pixels go to their neighbours (a morphological opening
 * per label): the blend a soft brush leaves between a colour and the paper is near the pale
 * brushes (snow, cloud) and forms a rim a few pixels wide around every stroke, and a rim kept as
 * snow turns the paper beside it into snow too, drawn as pale streaks and reflected as dark ones
 * in water. A pixel keeps its label when a pixel of the same label at most THIN_RADIUS steps away
 * (through its own label) has THIN_RADIUS pixels of it on every side; the rest is refilled from
 * the nearest kept label.
 */
const THIN_RADIUS = 2;

function dropThinBands(labels: Uint8Array, width: number, height: number): void {
  const n = width * height;
  const r = THIN_RADIUS;
  // Length of the same-label run through each pixel, horizontally and vertically, on each side.
  const left = new Uint16Array(n);
  const right = new Uint16Array(n);
  const up = new Uint16Array(n);
  const down = new Uint16Array(n);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 1; x < width; x++) if (labels[row + x] === labels[row + x - 1]) left[row + x] = left[row + x - 1]! + 1;
    for (let x = width - 2; x >= 0; x--)
      if (labels[row + x] === labels[row + x + 1]) right[row + x] = right[row + x + 1]! + 1;
  }
  for (let y = 1; y < height; y++)
    for (let x = 0; x < width; x++)
      if (labels[y * width + x] === labels[(y - 1) * width + x]) up[y * width + x] = up[(y - 1) * width + x]! + 1;
  for (let y = height - 2; y >= 0; y--)
    for (let x = 0; x < width; x++)
      if (labels[y * width + x] === labels[(y + 1) * width + x]) down[y * width + x] = down[(y + 1) * width + x]! + 1;
  // Cores grow back by up to r steps through their own label (breadth first, so steps are counted).
  const steps = new Uint8Array(n).fill(255);
  const queue = new Int32Array(n);
  let tail = 0;
  for (let k = 0; k < n; k++) {
    if (left[k]! >= r && right[k]! >= r && up[k]! >= r && down[k]! >= r) {
      steps[k] = 0;
      queue[tail++] = k;
    }
  }
  if (tail === 0) return; // nothing thick enough anywhere: a drawing of thin lines, left as it is
  let head = 0;
  while (head < tail) {
    const k = queue[head++]!;
    const next = steps[k]! + 1;
    if (next > r) continue;
    const x = k % width;
    const label = labels[k];
    for (const j of [x > 0 ? k - 1 : -1, x < width - 1 ? k + 1 : -1, k - width, k + width]) {
      if (j < 0 || j >= n || steps[j]! <= next || labels[j] !== label) continue;
      steps[j] = next;
      queue[tail++] = j;
    }
  }
  for (let k = 0; k < n; k++) if (steps[k] === 255) labels[k] = UNKNOWN;
  fillUnknownLabels(labels, width, height);
}

/** 3×3 majority: a pixel that fewer than 3 of its 9 cells agree with joins the label most of them share. */
function majority(labels: Uint8Array, width: number, height: number): void {
  const src = new Uint8Array(labels);
  const counts = new Uint8Array(256);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const k = y * width + x;
      const own = src[k]!;
      let same = 0;
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) if (src[k + dy * width + dx] === own) same++;
      if (same >= 4) continue;
      let best = own;
      let bestCount = same;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const l = src[k + dy * width + dx]!;
          const c = ++counts[l]!;
          if (c > bestCount) {
            bestCount = c;
            best = l;
          }
        }
      }
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) counts[src[k + dy * width + dx]!] = 0;
      labels[k] = best;
    }
  }
}

/** Paper above everything painted in its column is sky; the rest extends the nearest ground (or label). */
function inferPaper(labels: Uint8Array, width: number, height: number): void {
  const sky = labelIndex("sky");
  let hasGround = false;
  for (let k = 0; k < labels.length && !hasGround; k++) {
    const l = labels[k]!;
    if (l < INK && GROUND_IDS.has(LABEL_IDS[l]!)) hasGround = true;
  }
  const cloud = labelIndex("cloud");
  for (let x = 0; x < width; x++) {
    for (let y = 0; y < height; y++) {
      const k = y * width + x;
      const l = labels[k]!;
      if (l === PAPER) labels[k] = sky;
      else if (l !== sky && l !== cloud) break;
    }
  }
  if (!labels.includes(PAPER)) return;
  const isPaper = (l: number) => l === PAPER;
  fillUnknown(labels, width, height, (l) => l < INK && (!hasGround || GROUND_IDS.has(LABEL_IDS[l]!)), isPaper);
  // Paper walled in by objects (a blank inside a tree outline) joins whatever is nearest.
  if (labels.includes(PAPER)) fillUnknown(labels, width, height, (l) => l < INK, isPaper);
}
