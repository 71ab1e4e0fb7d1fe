/**
 * Reads a doodle into a label map. Every pixel goes to the nearest brush colour; pixels far
 * from all of them (anti-aliased edges, ink) take the label of the nearest confident pixel; a
 * 3×3 majority pass and an opening remove the thin wrong-label seams and rims blends leave;
 * unpainted paper becomes sky above the drawing and the nearest ground below it (blobs of the
 * stamp brushes stay labels here; stamps.ts turns them into things). Ink is read where a pixel
 * is a blend of a region's colour and ink, never in the soft rim between two regions.
 */
import { DOODLE_BRUSHES } from "../doodle-brushes";
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
/** Labels of the stamp brushes: things drawn where they are painted, never a ground to extend. */
export const STAMP_LABELS: ReadonlySet<number> = new Set(
  DOODLE_BRUSHES.filter((b) => b.stamp).map((b) => LABEL_IDS.indexOf(b.id)),
);

export interface Classification {
  labels: Uint8Array;
  /** 0..1 per pixel: how much ink covers it (anti-aliased lines keep their softness). */
  ink: Float32Array;
  /** Share of the picture painted with semantic brushes (before paper was inferred). */
  semanticShare: number;
  inkShare: number;
}

/** Brush colours by label number: the semantic brushes, then ink, then paper. */
const PALETTE: readonly (readonly [number, number, number])[] = [
  ...DOODLE_BRUSHES.filter((b) => b.semantic).map((b) => b.rgb),
  DOODLE_BRUSHES.find((b) => b.id === "ink")!.rgb,
  [255, 255, 255],
];

/** A colour within this weighted squared distance of a brush's is that brush for certain. */
const SURE = (30 * 30) / 2.5;

let nearest: { label: Uint8Array; distance: Float32Array } | undefined;

/** Nearest brush for every colour at 5 bits a channel, made once: one table look-up per pixel afterwards. */
function nearestTable(): { label: Uint8Array; distance: Float32Array } {
  if (nearest) return nearest;
  const label = new Uint8Array(32768);
  const distance = new Float32Array(32768);
  for (let q = 0; q < 32768; q++) {
    const r = ((q >> 10) << 3) + 4;
    const g = (((q >> 5) & 31) << 3) + 4;
    const b = ((q & 31) << 3) + 4;
    let bestD = Infinity;
    PALETTE.forEach((c, k) => {
      const d = (r - c[0]) ** 2 * 0.3 + (g - c[1]) ** 2 * 0.5 + (b - c[2]) ** 2 * 0.2;
      if (d < bestD) {
        bestD = d;
        label[q] = k;
      }
    });
    distance[q] = bestD;
  }
  nearest = { label, distance };
  return nearest;
}

/** What one painted colour says: a brush's label, INK, PAPER, or UNKNOWN for a blend of several. */
export function readColour(r: number, g: number, b: number): number {
  const table = nearestTable();
  const q = ((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3);
  const best = table.label[q]!;
  if (best === INK || 0.2126 * r + 0.7152 * g + 0.0722 * b < 40) return INK;
  return table.distance[q]! > SURE ? UNKNOWN : best;
}

export function classify(source: Raster): Classification {
  const { width, height, data } = source;
  const n = width * height;
  const labels = new Uint8Array(n);
  const inkCover = new Float32Array(n);
  let semantic = 0;
  let inkCount = 0;
  for (let k = 0; k < n; k++) {
    const i = k * 4;
    // Transparent pixels are paper, whatever colour they hold.
    const a = data[i + 3]! / 255;
    const read = readColour(
      data[i]! * a + 255 * (1 - a),
      data[i + 1]! * a + 255 * (1 - a),
      data[i + 2]! * a + 255 * (1 - a),
    );
    if (read === INK) {
      labels[k] = UNKNOWN;
      inkCover[k] = 1;
      inkCount++;
    } else labels[k] = read;
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

  markInkEdges(source, labels, inkCover);

  const semanticShare = semantic / n;
  if (semanticShare > 0.002) inferPaper(labels, width, height);
  return { labels, ink: inkCover, semanticShare, inkShare: inkCount / n };
}

/**
 * Ink edges: a pixel darker than the region it sits on is partly covered by a line only when a
 * blend of its region's colour and ink explains it better than a blend with a colour beside it.
 * The anti-aliased rim where a stroke meets the paper or a darker region is such a blend too, and
 * drawn as ink it became dark streaks along every region's edge (issue 19).
 */
/** A line's soft edge is an exact blend of ink and what is under it: this far off (weighted, squared) it is something else. */
const INK_FIT = 60;

function markInkEdges(source: Raster, labels: Uint8Array, inkCover: Float32Array): void {
  const { width, height, data } = source;
  const palette = PALETTE;
  const ink = palette[INK]!;
  const neighbours: number[] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const k = y * width + x;
      if (inkCover[k]! >= 1) continue;
      const own = labels[k]!;
      const base = palette[own]!;
      const i = k * 4;
      const a = data[i + 3]! / 255;
      const r = data[i]! * a + 255 * (1 - a);
      const g = data[i + 1]! * a + 255 * (1 - a);
      const b = data[i + 2]! * a + 255 * (1 - a);
      const l = 0.2126 * r + 0.7152 * g + 0.0722 * b;
      if (l >= 0.2126 * base[0] + 0.7152 * base[1] + 0.0722 * base[2] - 25) continue;
      neighbours.length = 0;
      for (let dy = -3; dy <= 3; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= height) continue;
        for (let dx = -3; dx <= 3; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= width) continue;
          const l2 = labels[yy * width + xx]!;
          if (l2 !== own && l2 < palette.length && !neighbours.includes(l2)) neighbours.push(l2);
        }
      }
      const inked = blendFit(r, g, b, base, ink);
      let other = Infinity;
      for (const l2 of neighbours) other = Math.min(other, blendFit(r, g, b, base, palette[l2]!).residual);
      if (inked.residual < INK_FIT && inked.residual + INK_FIT < other) inkCover[k] = inked.t;
    }
  }
}

/** How far along the blend from colour `a` to colour `b` a pixel is, and how far off that line (weighted, squared). */
function blendFit(
  r: number,
  g: number,
  b: number,
  a: readonly [number, number, number],
  to: readonly [number, number, number],
): { t: number; residual: number } {
  const dr = to[0] - a[0];
  const dg = to[1] - a[1];
  const db = to[2] - a[2];
  const length = dr * dr * 0.3 + dg * dg * 0.5 + db * db * 0.2;
  const t =
    length > 0
      ? Math.min(1, Math.max(0, ((r - a[0]) * dr * 0.3 + (g - a[1]) * dg * 0.5 + (b - a[2]) * db * 0.2) / length))
      : 0;
  const er = r - a[0] - dr * t;
  const eg = g - a[1] - dg * t;
  const eb = b - a[2] - db * t;
  return { t, residual: er * er * 0.3 + eg * eg * 0.5 + eb * eb * 0.2 };
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
export function fillUnknown(
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

/**
 * Paper above the landscape painted in its column is sky (things stand in front of it); the rest
 * extends the nearest ground (or label). Things alone on paper (stamps, no ground painted) stand on grass that reaches up to the
 * base of the highest of them.
 */
function inferPaper(labels: Uint8Array, width: number, height: number): void {
  const sky = labelIndex("sky");
  const hasGround = () => {
    for (let k = 0; k < labels.length; k++) {
      const l = labels[k]!;
      if (l < INK && GROUND_IDS.has(LABEL_IDS[l]!)) return true;
    }
    return false;
  };
  if (!hasGround()) {
    const line = Math.min(height, ...stampBlobs(labels, width, height).map((b) => b.bottom));
    const grass = labelIndex("grass");
    for (let k = line * width; k < labels.length; k++) if (labels[k] === PAPER) labels[k] = grass;
  }
  const grounded = hasGround();
  const cloud = labelIndex("cloud");
  for (let x = 0; x < width; x++) {
    for (let y = 0; y < height; y++) {
      const k = y * width + x;
      const l = labels[k]!;
      if (l === PAPER) labels[k] = sky;
      else if (l !== sky && l !== cloud && !STAMP_LABELS.has(l)) break;
    }
  }
  if (!labels.includes(PAPER)) return;
  const isPaper = (l: number) => l === PAPER;
  const isRegion = (l: number) => l < INK && !STAMP_LABELS.has(l);
  fillUnknown(labels, width, height, (l) => isRegion(l) && (!grounded || GROUND_IDS.has(LABEL_IDS[l]!)), isPaper);
  // Paper walled in by objects (a blank inside an outline) joins whatever is nearest; inside a
  // stamp's ring it is left for the stamp to take (stamps.ts).
  if (labels.includes(PAPER)) fillUnknown(labels, width, height, isRegion, isPaper);
}

export interface StampBlob {
  label: number;
  /** Its pixels' indices. */
  pixels: Int32Array;
  left: number;
  top: number;
  /** Exclusive. */
  right: number;
  bottom: number;
}

/**
 * Connected (4-neighbour) blobs of stamp labels. Specks are left out: under about 1.5 % of the
 * picture's side squared, or lower than 2 % of it.
 */
export function stampBlobs(labels: Uint8Array, width: number, height: number): StampBlob[] {
  const n = width * height;
  const span = Math.sqrt(n);
  const seen = new Uint8Array(n);
  const queue = new Int32Array(n);
  const blobs: StampBlob[] = [];
  for (let s = 0; s < n; s++) {
    const label = labels[s]!;
    if (seen[s] || !STAMP_LABELS.has(label)) continue;
    let head = 0;
    let tail = 0;
    let left = width;
    let right = 0;
    let top = height;
    let bottom = 0;
    queue[tail++] = s;
    seen[s] = 1;
    while (head < tail) {
      const k = queue[head++]!;
      const x = k % width;
      const y = (k - x) / width;
      left = Math.min(left, x);
      right = Math.max(right, x + 1);
      top = Math.min(top, y);
      bottom = Math.max(bottom, y + 1);
      for (const j of [x > 0 ? k - 1 : -1, x < width - 1 ? k + 1 : -1, k - width, k + width]) {
        if (j < 0 || j >= n || seen[j] || labels[j] !== label) continue;
        seen[j] = 1;
        queue[tail++] = j;
      }
    }
    if (tail < (span * 0.015) ** 2 || bottom - top < span * 0.02) continue;
    blobs.push({ label, pixels: queue.slice(0, tail), left, top, right, bottom });
  }
  return blobs;
}
