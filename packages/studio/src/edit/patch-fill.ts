/**
 * Fills a hole in a picture from the rest of it: exemplar-based image completion with PatchMatch
 * (Barnes, Shechtman, Finkelstein and Goldman, 2009), in the expectation–maximisation form of
 * Wexler, Shechtman and Irani (2007), coarse to fine over an image pyramid.
 *
 * At each level every patch that overlaps the hole is given its nearest neighbour among the
 * patches lying wholly in the known part of the picture (the nearest-neighbour field, found by
 * PatchMatch: random guesses, propagation of good matches to the next pixel, random search in
 * shrinking windows around the best match so far); then every hole pixel becomes the weighted
 * mean of what the patches covering it say it is (the vote). The two steps alternate, a few times
 * per level; the field found at one level starts the next one up, twice the size, so the search
 * there only refines it. The result is texture copied from the picture, not a blur: stripes
 * continue as stripes, grass as grass.
 *
 * Pure and deterministic: all randomness is a xorshift stream seeded by the caller.
 */

/** A picture as three float channels per pixel, row-major, with a map of the pixels to fill (1). */
export interface FillImage {
  width: number;
  height: number;
  /** R, G, B interleaved, 0..255; the hole's pixels are overwritten. */
  rgb: Float32Array;
  /** 1 where the pixel is unknown and must be filled, 0 where it is kept. */
  hole: Uint8Array;
}

export interface FillOptions {
  /** Seeds the search. */
  seed: number;
  /**
   * Prefer sources at about the height of the pixel filled: the sky continues from the sky's rows
   * and the ground from the ground's; a pixel above the known picture (`top`…`bottom`, its rows in
   * pixels) looks near its top row, below it near its bottom row. `rows` is the cost of a
   * displacement by the whole height, in squared colour levels per patch pixel and channel.
   */
  prior?: {
    rows: number;
    top: number;
    bottom: number;
    /** The known picture's columns in pixels, for `besideRows` (default: the whole width). */
    left?: number;
    right?: number;
    /** The row cost for a pixel beside the known picture, left or right of it (default `rows`). */
    besideRows?: number;
  };
  /** The vote's weighting scale at the finest level, a percentile of the match costs (default 0.1). */
  blend?: number;
  /**
   * A smooth guess of the whole fill (RGB, the picture's size). The search then starts at the
   * first level at least `side` pixels long where the colours along the hole's edge still have
   * whole patches beside them (a thin band along the picture's edge, the sea beside a cliff, is
   * lost at a level too coarse; a coarse start is what lets rows of trees or dunes continue as
   * shapes rather than flat bands), each target's first match the best of a few random
   * sources by how near their mean colour is to the guide's; the guide keeps pulling the search
   * toward its colours, four times less at each finer level. Outpainting gives the picture's
   * edges drawn out, so the new area continues what its edge is.
   */
  guide?: { rgb: Float32Array; side: number };
  /**
   * 1 where no patch may be copied from although the pixel is known: one-off features (a sun, a
   * moon) that copied into the hole would show twice. Ignored at a level where it would leave
   * too few patches to copy from.
   */
  avoid?: Uint8Array;
  onProgress?: (fraction: number) => void;
}

interface Level {
  width: number;
  height: number;
  rgb: Float32Array;
  hole: Uint8Array;
  /** Known pixels no patch may be copied from (FillOptions.avoid at this level's size). */
  avoid?: Uint8Array;
}

/**
 * How much a guided fill holds to its guide: the cost, per patch pixel and channel, of a source
 * whose mean colour is one level off the guide's colour there, squared.
 */
const GUIDE_WEIGHT = 0.6;

/** The coarsest level is about this many pixels on its longer side. */
const COARSEST_SIDE = 64;

export function fillHole(image: FillImage, options: FillOptions): void {
  const levels = buildPyramid(image, options.avoid);
  let seed = options.seed >>> 0 || 0x9e3779b9;
  const nextRandom = () => {
    seed ^= seed << 13;
    seed >>>= 0;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    seed >>>= 0;
    return seed;
  };

  // Start at the coarsest level where the hole's surroundings are there to copy from: whole
  // patches of known pixels close to most of its edge (at a level too coarse, a thin strip of
  // field beside the hole has no whole patch, and only the sky would be copied into it).
  let start = levels.length - 1;
  while (start > 0 && !surroundsHole(levels[start]!, radiusFor(start))) start--;
  // A guide starts the search at a finer level (see FillOptions.guide).
  const guides = options.guide ? guidePyramid(options.guide.rgb, levels) : undefined;
  if (options.guide)
    while (
      start > 0 &&
      (Math.max(levels[start]!.width, levels[start]!.height) < options.guide.side ||
        !keepsEdge(levels[start]!, radiusFor(start)))
    )
      start--;
  if (countValid(levels[start]!, radiusFor(start)) === 0) {
    // Nothing whole to copy from (the hole covers almost everything): a smooth fill is all there is.
    smoothFill(levels[0]!);
    return;
  }

  // Work per level grows four-fold at each step up: progress is shared accordingly.
  const work = levels.map((l, i) => (i <= start ? l.width * l.height : 0));
  const total = work.reduce((a, b) => a + b, 0);
  let done = 0;

  let field: { nnf: Int32Array; level: Level; radius: number } | undefined;
  for (let l = start; l >= 0; l--) {
    const level = levels[l]!;
    const radius = radiusFor(l);
    const solver = new LevelSolver(level, radius, nextRandom, options.prior, image.height / level.height);
    if (l === 0 && options.blend !== undefined) solver.blend = options.blend;
    // The guide sets the layout where the search starts; finer up, the texture decides.
    if (guides) solver.followGuide(guides[l]!, GUIDE_WEIGHT / 4 ** (start - l));
    if (field) {
      solver.initFrom(field.nnf, field.level, field.radius);
      // The hole's pixels at this size start as what the doubled field copies there.
      solver.vote();
    } else {
      if (guides) {
        // Each target starts from the best of a few random sources by where they are and how
        // near their colour is to the guide's (a smooth start would be a trap, see exemplarFill),
        // and the vote turns those into a first, textured picture.
        solver.initGuided(24);
        solver.vote();
      } else {
        solver.exemplarFill();
        solver.initRandom();
      }
    }
    // Fewer, cheaper iterations where the picture is large and the field is already good.
    const iterations = l === start ? (level.width * level.height > 60_000 ? 4 : 8) : l === 0 || l === 1 ? 2 : 4;
    const searchRadius = l === start || l > 1 ? Math.max(level.width, level.height) : l === 1 ? 24 : 12;
    for (let it = 0; it < iterations; it++) {
      solver.refreshDistances();
      solver.search(it % 2 === 0 ? 1 : -1, searchRadius);
      if (l > 1 || it === 0) solver.search(it % 2 === 0 ? -1 : 1, searchRadius);
      solver.vote();
    }
    field = { nnf: solver.nnf, level, radius };
    done += work[l]!;
    options.onProgress?.(done / total);
  }
}

/** Patch radius by level: 7 × 7 patches below the top level, 5 × 5 at full size where most of the work is. */
const radiusFor = (level: number) => (level === 0 ? 2 : 3);

/** The guide at every level's size (2 × 2 means), for the level the search starts at. */
function guidePyramid(rgb: Float32Array, levels: Level[]): Float32Array[] {
  const channels = 3;
  const out = [rgb];
  for (let l = 1; l < levels.length; l++) {
    const fine = levels[l - 1]!;
    const coarse = levels[l]!;
    const from = out[l - 1]!;
    const to = new Float32Array(coarse.width * coarse.height * channels);
    for (let y = 0; y < coarse.height; y++) {
      for (let x = 0; x < coarse.width; x++) {
        let n = 0;
        const c = (y * coarse.width + x) * channels;
        for (let dy = 0; dy < 2; dy++)
          for (let dx = 0; dx < 2; dx++) {
            const fx = 2 * x + dx;
            const fy = 2 * y + dy;
            if (fx >= fine.width || fy >= fine.height) continue;
            const f = (fy * fine.width + fx) * channels;
            for (let k = 0; k < channels; k++) to[c + k]! += from[f + k]!;
            n++;
          }
        for (let k = 0; k < channels; k++) to[c + k]! /= n;
      }
    }
    out.push(to);
  }
  return out;
}

function buildPyramid(image: FillImage, avoid: Uint8Array | undefined): Level[] {
  const levels: Level[] = [
    { width: image.width, height: image.height, rgb: image.rgb, hole: image.hole, ...(avoid ? { avoid } : {}) },
  ];
  for (;;) {
    const fine = levels.at(-1)!;
    if (Math.max(fine.width, fine.height) <= COARSEST_SIDE || Math.min(fine.width, fine.height) < 16) break;
    const width = Math.ceil(fine.width / 2);
    const height = Math.ceil(fine.height / 2);
    const rgb = new Float32Array(width * height * 3);
    const hole = new Uint8Array(width * height);
    const avoided = fine.avoid ? new Uint8Array(width * height) : undefined;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        let r = 0;
        let g = 0;
        let b = 0;
        let known = 0;
        let unknown = 0;
        for (let dy = 0; dy < 2; dy++) {
          const fy = 2 * y + dy;
          if (fy >= fine.height) continue;
          for (let dx = 0; dx < 2; dx++) {
            const fx = 2 * x + dx;
            if (fx >= fine.width) continue;
            const f = fy * fine.width + fx;
            if (avoided && fine.avoid![f]) avoided[y * width + x] = 1;
            if (fine.hole[f]) {
              unknown++;
              continue;
            }
            r += fine.rgb[f * 3]!;
            g += fine.rgb[f * 3 + 1]!;
            b += fine.rgb[f * 3 + 2]!;
            known++;
          }
        }
        const c = y * width + x;
        // A coarse pixel is known only when all it stands for is known.
        hole[c] = unknown > 0 ? 1 : 0;
        if (known > 0) {
          rgb[c * 3] = r / known;
          rgb[c * 3 + 1] = g / known;
          rgb[c * 3 + 2] = b / known;
        }
      }
    }
    levels.push({ width, height, rgb, hole, ...(avoided ? { avoid: avoided } : {}) });
  }
  return levels;
}

/** Summed-area table of the hole map (or another map of the level's size), (w+1) × (h+1). */
function holeTable(level: Level, hole: Uint8Array = level.hole): Int32Array {
  const { width: w, height: h } = level;
  const table = new Int32Array((w + 1) * (h + 1));
  for (let y = 0; y < h; y++) {
    let row = 0;
    for (let x = 0; x < w; x++) {
      row += hole[y * w + x]!;
      table[(y + 1) * (w + 1) + x + 1] = table[y * (w + 1) + x + 1]! + row;
    }
  }
  return table;
}

/** Holes within the square of half-side `r` around (x, y), from the summed-area table. */
function holesAround(table: Int32Array, w: number, x: number, y: number, r: number): number {
  const W = w + 1;
  const x0 = x - r;
  const y0 = y - r;
  const x1 = x + r + 1;
  const y1 = y + r + 1;
  return table[y1 * W + x1]! - table[y0 * W + x1]! - table[y1 * W + x0]! + table[y0 * W + x0]!;
}

/**
 * Whether at least 80 % of the pixels along the hole's edge have a whole known patch centred
 * within a patch's width of them, and there are a few dozen such patches in all.
 */
function surroundsHole(level: Level, r: number): boolean {
  const { width: w, height: h, hole } = level;
  const table = holeTable(level);
  const valid = new Uint8Array(w * h);
  let count = 0;
  for (let y = r; y < h - r; y++)
    for (let x = r; x < w - r; x++)
      if (holesAround(table, w, x, y, r) === 0) {
        valid[y * w + x] = 1;
        count++;
      }
  if (count < 24) return false;
  // Summed-area table of the valid centres, to ask "any within reach?" per edge pixel.
  const near = new Int32Array((w + 1) * (h + 1));
  for (let y = 0; y < h; y++) {
    let row = 0;
    for (let x = 0; x < w; x++) {
      row += valid[y * w + x]!;
      near[(y + 1) * (w + 1) + x + 1] = near[y * (w + 1) + x + 1]! + row;
    }
  }
  const reach = 2 * r + 1;
  let edge = 0;
  let covered = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (hole[i]) continue;
      if (!bordersHole(hole, w, h, x, y)) continue;
      edge++;
      const x0 = Math.max(0, x - reach);
      const y0 = Math.max(0, y - reach);
      const x1 = Math.min(w, x + reach + 1);
      const y1 = Math.min(h, y + reach + 1);
      const W = w + 1;
      if (near[y1 * W + x1]! - near[y0 * W + x1]! - near[y1 * W + x0]! + near[y0 * W + x0]! > 0) covered++;
    }
  }
  return edge === 0 || covered >= 0.8 * edge;
}

/** Whether a known pixel has a hole pixel beside it (left, right, above or below). */
function bordersHole(hole: Uint8Array, w: number, h: number, x: number, y: number): boolean {
  const i = y * w + x;
  return Boolean(
    (x > 0 && hole[i - 1]) || (x < w - 1 && hole[i + 1]) || (y > 0 && hole[i - w]) || (y < h - 1 && hole[i + w]),
  );
}

/**
 * Whether nearly every known pixel along the hole's edge has, within a patch's width, a whole
 * known patch centred on its own colour: at a level too coarse, a thin strip along the edge (the
 * sea beside a cliff) holds no whole patch, and the fill would continue what lies behind it.
 */
function keepsEdge(level: Level, r: number): boolean {
  const { width: w, height: h, hole, rgb } = level;
  const table = holeTable(level);
  const reach = 2 * r + 1;
  const tolerance = 24 * 24;
  let edge = 0;
  let kept = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (hole[i]) continue;
      if (!bordersHole(hole, w, h, x, y)) continue;
      edge++;
      let found = false;
      for (let yy = Math.max(r, y - reach); yy <= Math.min(h - 1 - r, y + reach) && !found; yy++)
        for (let xx = Math.max(r, x - reach); xx <= Math.min(w - 1 - r, x + reach) && !found; xx++) {
          if (holesAround(table, w, xx, yy, r) > 0) continue;
          const q = yy * w + xx;
          const e0 = rgb[q * 3]! - rgb[i * 3]!;
          const e1 = rgb[q * 3 + 1]! - rgb[i * 3 + 1]!;
          const e2 = rgb[q * 3 + 2]! - rgb[i * 3 + 2]!;
          if (e0 * e0 + e1 * e1 + e2 * e2 < tolerance) found = true;
        }
      if (found) kept++;
    }
  }
  return edge === 0 || kept >= 0.9 * edge;
}

function countValid(level: Level, r: number): number {
  const table = holeTable(level);
  let count = 0;
  for (let y = r; y < level.height - r; y++)
    for (let x = r; x < level.width - r; x++) if (holesAround(table, level.width, x, y, r) === 0) count++;
  return count;
}

/**
 * Fills the hole smoothly from its edge (pull–push: the known colours averaged down a pyramid,
 * then spread back up with bilinear interpolation): the start of the coarsest level.
 */
export function smoothFill(level: { width: number; height: number; rgb: Float32Array; hole: Uint8Array }): void {
  const { width, height, rgb, hole } = level;
  const weight = new Float32Array(width * height);
  let known = 0;
  for (let i = 0; i < weight.length; i++) {
    weight[i] = hole[i] ? 0 : 1;
    known += weight[i]!;
  }
  // Nothing known at all: nothing to fill from, and the pixels stay as they are.
  if (known === 0) return;
  const filled = pullPush(rgb, weight, width, height, 3);
  for (let i = 0; i < hole.length; i++) {
    if (!hole[i]) continue;
    rgb[i * 3] = filled[i * 3]!;
    rgb[i * 3 + 1] = filled[i * 3 + 1]!;
    rgb[i * 3 + 2] = filled[i * 3 + 2]!;
  }
}

/**
 * Pull–push interpolation (Gortler et al. 1996): values with weights 0..1 in, a smooth field out
 * that keeps the fully weighted values and fills the rest from their neighbourhood.
 */
export function pullPush(
  values: Float32Array,
  weights: Float32Array,
  width: number,
  height: number,
  channels: number,
): Float32Array {
  const vs: Float32Array[] = [values.slice()];
  const ws: Float32Array[] = [weights.slice()];
  const sizes: [number, number][] = [[width, height]];
  // Pull: weighted averages down to one pixel.
  while (sizes.at(-1)![0] > 1 || sizes.at(-1)![1] > 1) {
    const [fw, fh] = sizes.at(-1)!;
    const fv = vs.at(-1)!;
    const fwt = ws.at(-1)!;
    const cw = Math.ceil(fw / 2);
    const ch = Math.ceil(fh / 2);
    const cv = new Float32Array(cw * ch * channels);
    const cwt = new Float32Array(cw * ch);
    for (let y = 0; y < ch; y++) {
      for (let x = 0; x < cw; x++) {
        const c = y * cw + x;
        let sum = 0;
        for (let dy = 0; dy < 2; dy++) {
          const fy = 2 * y + dy;
          if (fy >= fh) continue;
          for (let dx = 0; dx < 2; dx++) {
            const fx = 2 * x + dx;
            if (fx >= fw) continue;
            const f = fy * fw + fx;
            const wt = fwt[f]!;
            if (wt <= 0) continue;
            sum += wt;
            for (let k = 0; k < channels; k++) cv[c * channels + k]! += wt * fv[f * channels + k]!;
          }
        }
        if (sum > 0) for (let k = 0; k < channels; k++) cv[c * channels + k]! /= sum;
        cwt[c] = Math.min(1, sum);
      }
    }
    vs.push(cv);
    ws.push(cwt);
    sizes.push([cw, ch]);
  }
  // Push: each level's gaps from the bilinear upsampling of the level below it.
  for (let l = sizes.length - 2; l >= 0; l--) {
    const [fw, fh] = sizes[l]!;
    const [cw, ch] = sizes[l + 1]!;
    const fv = vs[l]!;
    const fwt = ws[l]!;
    const cv = vs[l + 1]!;
    for (let y = 0; y < fh; y++) {
      const sy = Math.min(ch - 1, Math.max(0, (y - 0.5) / 2));
      const y0 = Math.floor(sy);
      const y1 = Math.min(ch - 1, y0 + 1);
      const ty = sy - y0;
      for (let x = 0; x < fw; x++) {
        const f = y * fw + x;
        const wt = fwt[f]!;
        if (wt >= 1) continue;
        const sx = Math.min(cw - 1, Math.max(0, (x - 0.5) / 2));
        const x0 = Math.floor(sx);
        const x1 = Math.min(cw - 1, x0 + 1);
        const tx = sx - x0;
        for (let k = 0; k < channels; k++) {
          const a = cv[(y0 * cw + x0) * channels + k]!;
          const b = cv[(y0 * cw + x1) * channels + k]!;
          const c = cv[(y1 * cw + x0) * channels + k]!;
          const d = cv[(y1 * cw + x1) * channels + k]!;
          const up = (a + (b - a) * tx) * (1 - ty) + (c + (d - c) * tx) * ty;
          fv[f * channels + k] = wt * fv[f * channels + k]! + (1 - wt) * up;
        }
        fwt[f] = 1;
      }
    }
  }
  return vs[0]!;
}

/** One level's nearest-neighbour field, its search and its vote. */
class LevelSolver {
  readonly width: number;
  readonly height: number;
  readonly rgb: Float32Array;
  readonly hole: Uint8Array;
  /** For each target patch centre: the centre of its match, or −1 where the patch touches no hole. */
  readonly nnf: Int32Array;
  readonly cost: Float32Array;
  /** Centres of the patches that overlap the hole, in scan order. */
  readonly targets: Int32Array;
  /** 1 where a whole patch of known pixels is centred. */
  readonly valid: Uint8Array;
  readonly validList: Int32Array;
  /** Per row: where a target there prefers its source's row; the weight per row of displacement². */
  private readonly priorRow: Float32Array;
  /** Per column, the weight per row of displacement². */
  private readonly rowWeights: Float64Array;
  private readonly hasPrior: boolean;
  /** The vote's weighting scale, as a percentile of the match costs. */
  blend = 0.1;
  private guide: Float32Array | undefined;
  private means: Float32Array | undefined;
  private guideWeight = 0;
  /** The vote's accumulators and the hole's pixels, made on the first vote. */
  private sum: Float32Array | undefined;
  private weight: Float32Array | undefined;
  private holes: Int32Array | undefined;

  constructor(
    level: Level,
    readonly radius: number,
    private readonly nextRandom: () => number,
    prior: FillOptions["prior"],
    scale: number,
  ) {
    this.width = level.width;
    this.height = level.height;
    this.rgb = level.rgb;
    this.hole = level.hole;
    const { width: w, height: h } = this;
    const r = radius;
    const table = holeTable(level);
    const avoidTable = level.avoid ? holeTable(level, level.avoid) : undefined;
    this.valid = new Uint8Array(w * h);
    this.nnf = new Int32Array(w * h).fill(-1);
    this.cost = new Float32Array(w * h);
    const valid: number[] = [];
    const targets: number[] = [];
    let avoided = 0;
    for (let y = r; y < h - r; y++) {
      for (let x = r; x < w - r; x++) {
        const holes = holesAround(table, w, x, y, r);
        const i = y * w + x;
        if (holes === 0) {
          this.valid[i] = 1;
          valid.push(i);
          if (avoidTable && holesAround(avoidTable, w, x, y, r) > 0) avoided++;
        } else targets.push(i);
      }
    }
    // Patches over an avoided feature are no source — unless that would leave too few to copy from.
    if (avoidTable && avoided > 0 && valid.length - avoided >= Math.max(24, valid.length * 0.25)) {
      let k = 0;
      for (const i of valid) {
        const x = i % w;
        if (holesAround(avoidTable, w, x, (i - x) / w, r) > 0) this.valid[i] = 0;
        else valid[k++] = i;
      }
      valid.length = k;
    }
    this.validList = Int32Array.from(valid);
    this.targets = Int32Array.from(targets);
    const side = (2 * r + 1) ** 2 * 3;
    this.priorRow = new Float32Array(h);
    // A whole patch's centre is at least its radius inside the known picture.
    const top = (prior?.top ?? 0) / scale + r;
    const bottom = ((prior?.bottom ?? h * scale - 1) + 1) / scale - 1 - r;
    for (let y = 0; y < h; y++) this.priorRow[y] = Math.min(bottom, Math.max(top, y));
    const left = (prior?.left ?? 0) / scale + r;
    const right = ((prior?.right ?? w * scale - 1) + 1) / scale - 1 - r;
    const rows = ((prior?.rows ?? 0) * side) / (h * h);
    const beside = ((prior?.besideRows ?? prior?.rows ?? 0) * side) / (h * h);
    // A column wholly beside the known picture holds to its rows with the `besideRows` weight.
    this.rowWeights = new Float64Array(w);
    for (let x = 0; x < w; x++) this.rowWeights[x] = x < left - r - 0.5 || x > right + r + 0.5 ? beside : rows;
    this.hasPrior = rows > 0 || beside > 0;
  }

  /**
   * Holds the search to a guide: a source patch whose mean colour is far from the guide's colour
   * at the target costs more (`weight` per patch pixel and channel and squared level).
   */
  followGuide(guide: Float32Array, weight: number): void {
    const { width: w, height: h, radius: r, rgb } = this;
    this.guide = guide;
    this.guideWeight = weight * (2 * r + 1) ** 2;
    // Each whole patch's mean colour, from running sums along rows and then columns.
    const rows = new Float32Array(w * h * 3);
    for (let y = 0; y < h; y++)
      for (let c = 0; c < 3; c++) {
        let sum = 0;
        for (let x = 0; x < w; x++) {
          sum += rgb[(y * w + x) * 3 + c]!;
          if (x > 2 * r) sum -= rgb[(y * w + x - 2 * r - 1) * 3 + c]!;
          if (x >= 2 * r) rows[(y * w + x - r) * 3 + c] = sum;
        }
      }
    const means = new Float32Array(w * h * 3);
    const area = (2 * r + 1) ** 2;
    for (let x = 0; x < w; x++)
      for (let c = 0; c < 3; c++) {
        let sum = 0;
        for (let y = 0; y < h; y++) {
          sum += rows[(y * w + x) * 3 + c]!;
          if (y > 2 * r) sum -= rows[((y - 2 * r - 1) * w + x) * 3 + c]!;
          if (y >= 2 * r) means[((y - r) * w + x) * 3 + c] = sum / area;
        }
      }
    this.means = means;
  }

  /** The cost of copying the patch at `s` to the one at `p` for where it comes from (and the guide), for the whole patch. */
  private priorCost(p: number, s: number): number {
    const w = this.width;
    const px = p % w;
    const sx = s % w;
    const py = (p - px) / w;
    const dy = (s - sx) / w - this.priorRow[py]!;
    let cost = this.rowWeights[px]! * dy * dy;
    if (this.guideWeight > 0) {
      const g = this.guide!;
      const m = this.means!;
      const e0 = m[s * 3]! - g[p * 3]!;
      const e1 = m[s * 3 + 1]! - g[p * 3 + 1]!;
      const e2 = m[s * 3 + 2]! - g[p * 3 + 2]!;
      cost += this.guideWeight * (e0 * e0 + e1 * e1 + e2 * e2);
    }
    return cost;
  }

  private randomValid(): number {
    return this.validList[this.nextRandom() % this.validList.length]!;
  }

  /**
   * The coarsest level's start (a smooth start is a trap: the flattest patches of the picture
   * match it best and the vote paints it back). Exemplar-based inpainting in the order of
   * Criminisi, Pérez and Toyama (2004): the patch on the hole's edge with the highest priority —
   * how much of it is known (confidence) times how strongly a line of the picture runs into the
   * hole there (the isophote across the edge) — is filled first, its unknown pixels copied from
   * the known patch that best matches its known ones. Lines (a horizon, a cliff's top) are carried
   * into the hole before the areas between them, so they continue instead of being overgrown.
   * This level is small, so every known patch is compared.
   */
  exemplarFill(): void {
    const { width: w, height: h, radius: r, rgb, validList } = this;
    const n = w * h;
    const known = new Uint8Array(n);
    const confidence = new Float32Array(n);
    let remaining = 0;
    for (let i = 0; i < n; i++) {
      known[i] = this.hole[i] ? 0 : 1;
      confidence[i] = known[i]!;
      if (!known[i]) remaining++;
    }
    const lumaAt = (i: number) => 0.2126 * rgb[i * 3]! + 0.7152 * rgb[i * 3 + 1]! + 0.0722 * rgb[i * 3 + 2]!;
    const isFront = (i: number) => {
      if (known[i]) return false;
      const x = i % w;
      return (
        (x > 0 && known[i - 1]) ||
        (x < w - 1 && known[i + 1]) ||
        (i >= w && known[i - w]) ||
        (i < n - w && known[i + w])
      );
    };
    let guard = n;
    while (remaining > 0 && guard-- > 0) {
      // The front pixel of highest priority.
      let target = -1;
      let bestPriority = -1;
      for (let i = 0; i < n; i++) {
        if (!isFront(i)) continue;
        const x = i % w;
        const y = (i - x) / w;
        let c = 0;
        for (let dy = -r; dy <= r; dy++)
          for (let dx = -r; dx <= r; dx++) {
            const xx = x + dx;
            const yy = y + dy;
            if (xx >= 0 && yy >= 0 && xx < w && yy < h) c += confidence[yy * w + xx]!;
          }
        c /= (2 * r + 1) ** 2;
        // The front's normal: where the known pixels are, from the mask's gradient.
        const k = (xx: number, yy: number) => (xx >= 0 && yy >= 0 && xx < w && yy < h ? known[yy * w + xx]! : 0);
        const nx = k(x + 1, y) - k(x - 1, y);
        const ny = k(x, y + 1) - k(x, y - 1);
        const norm = Math.hypot(nx, ny) || 1;
        // The strongest isophote among the known neighbours: the luma gradient turned a quarter.
        let data = 0;
        for (let dy = -1; dy <= 1; dy++)
          for (let dx = -1; dx <= 1; dx++) {
            const xx = x + dx;
            const yy = y + dy;
            if (xx < 1 || yy < 1 || xx >= w - 1 || yy >= h - 1) continue;
            const q = yy * w + xx;
            if (!known[q] || !known[q - 1] || !known[q + 1] || !known[q - w] || !known[q + w]) continue;
            const gx = (lumaAt(q + 1) - lumaAt(q - 1)) / 2;
            const gy = (lumaAt(q + w) - lumaAt(q - w)) / 2;
            data = Math.max(data, Math.abs(-gy * nx + gx * ny) / norm / 255);
          }
        const priority = c * (data + 0.05);
        if (priority > bestPriority) {
          bestPriority = priority;
          target = i;
        }
      }
      if (target < 0) break;
      const px = target % w;
      const py = (target - px) / w;
      // The known patch that best matches the target's known pixels.
      let best = -1;
      let bestCost = Number.POSITIVE_INFINITY;
      let count = 0;
      for (let dy = -r; dy <= r; dy++)
        for (let dx = -r; dx <= r; dx++) {
          const xx = px + dx;
          const yy = py + dy;
          if (xx >= 0 && yy >= 0 && xx < w && yy < h && known[yy * w + xx]) count++;
        }
      for (let v = 0; v < validList.length; v++) {
        const s = validList[v]!;
        const prior = this.priorCost(target, s) / (2 * r + 1) ** 2;
        const limit = (bestCost - prior) * count;
        let d = 0;
        for (let dy = -r; dy <= r && d < limit; dy++) {
          const yy = py + dy;
          if (yy < 0 || yy >= h) continue;
          for (let dx = -r; dx <= r; dx++) {
            const xx = px + dx;
            if (xx < 0 || xx >= w) continue;
            const q = yy * w + xx;
            if (!known[q]) continue;
            const a = q * 3;
            const b = (s + dy * w + dx) * 3;
            const e0 = rgb[a]! - rgb[b]!;
            const e1 = rgb[a + 1]! - rgb[b + 1]!;
            const e2 = rgb[a + 2]! - rgb[b + 2]!;
            d += e0 * e0 + e1 * e1 + e2 * e2;
          }
        }
        const cost = d / Math.max(1, count) + prior;
        if (cost < bestCost) {
          bestCost = cost;
          best = s;
        }
      }
      if (best < 0) break;
      // Copy its pixels into the target's unknown ones; they take the target's confidence.
      let c = 0;
      for (let dy = -r; dy <= r; dy++)
        for (let dx = -r; dx <= r; dx++) {
          const xx = px + dx;
          const yy = py + dy;
          if (xx >= 0 && yy >= 0 && xx < w && yy < h) c += confidence[yy * w + xx]!;
        }
      c /= (2 * r + 1) ** 2;
      for (let dy = -r; dy <= r; dy++)
        for (let dx = -r; dx <= r; dx++) {
          const xx = px + dx;
          const yy = py + dy;
          if (xx < 0 || yy < 0 || xx >= w || yy >= h) continue;
          const q = yy * w + xx;
          if (known[q]) continue;
          const from = (best + dy * w + dx) * 3;
          rgb[q * 3] = rgb[from]!;
          rgb[q * 3 + 1] = rgb[from + 1]!;
          rgb[q * 3 + 2] = rgb[from + 2]!;
          known[q] = 1;
          confidence[q] = c;
          remaining--;
        }
    }
  }

  /** Each target's match: the cheapest by place and guide of `samples` random sources. */
  initGuided(samples: number): void {
    for (const p of this.targets) {
      let best = this.randomValid();
      let bestCost = this.priorCost(p, best);
      for (let k = 1; k < samples; k++) {
        const s = this.randomValid();
        const cost = this.priorCost(p, s);
        if (cost < bestCost) {
          best = s;
          bestCost = cost;
        }
      }
      this.nnf[p] = best;
      this.cost[p] = bestCost;
    }
  }

  initRandom(): void {
    for (const p of this.targets) this.nnf[p] = this.randomValid();
  }

  /** Starts from the field of the level below: each match doubled, keeping the pixel's place in its 2 × 2 block. */
  initFrom(coarse: Int32Array, level: Level, coarseRadius: number): void {
    const { width: w, height: h, radius: r } = this;
    const cw = level.width;
    const ch = level.height;
    const rc = coarseRadius;
    for (const p of this.targets) {
      const x = p % w;
      const y = (p - x) / w;
      // The coarse patch over this pixel, or the nearest one there is (none is centred within a
      // patch's radius of the border), and its neighbours: the first whose match, doubled and
      // shifted to this pixel, is a whole known patch here.
      const bx = Math.min(cw - 1 - rc, Math.max(rc, x >> 1));
      const by = Math.min(ch - 1 - rc, Math.max(rc, y >> 1));
      let match = -1;
      for (let k = 0; k < 5 && match < 0; k++) {
        const cx = bx + (k === 1 ? -1 : k === 2 ? 1 : 0);
        const cy = by + (k === 3 ? -1 : k === 4 ? 1 : 0);
        if (cx < 0 || cy < 0 || cx >= cw || cy >= ch) continue;
        const c = coarse[cy * cw + cx]!;
        if (c < 0) continue;
        const sx = Math.min(w - 1 - r, Math.max(r, 2 * (c % cw) + (x - 2 * cx)));
        const sy = Math.min(h - 1 - r, Math.max(r, 2 * Math.floor(c / cw) + (y - 2 * cy)));
        const s = sy * w + sx;
        if (this.valid[s]) match = s;
      }
      this.nnf[p] = match >= 0 ? match : this.randomValid();
    }
  }

  /** Sum of squared differences of the patches centred at p and s, stopping once past `limit`. */
  private distance(p: number, s: number, limit: number): number {
    const { rgb, width: w, radius: r } = this;
    let d = 0;
    if (this.hasPrior || this.guideWeight > 0) {
      d = this.priorCost(p, s);
      if (d >= limit) return d;
    }
    const span = (2 * r + 1) * 3;
    const stride = w * 3;
    let a = (p - r * w - r) * 3;
    let b = (s - r * w - r) * 3;
    for (let j = -r; j <= r; j++) {
      for (let k = 0; k < span; k++) {
        const e = rgb[a + k]! - rgb[b + k]!;
        d += e * e;
      }
      if (d >= limit) return d;
      a += stride;
      b += stride;
    }
    return d;
  }

  refreshDistances(): void {
    for (const p of this.targets) this.cost[p] = this.distance(p, this.nnf[p]!, Number.POSITIVE_INFINITY);
  }

  /** One PatchMatch sweep: propagation from the previous pixel and row in scan order, then random search. */
  search(direction: 1 | -1, maxRadius: number): void {
    const { nnf, cost, valid, targets, width: w, height: h, radius: r } = this;
    const n = targets.length;
    const rand = this.nextRandom;
    for (let t = 0; t < n; t++) {
      const p = targets[direction > 0 ? t : n - 1 - t]!;
      let best = nnf[p]!;
      let bestCost = cost[p]!;
      // Propagation: the neighbour's match, shifted by one, along the row and down the column.
      const left = nnf[p - direction]!;
      if (left >= 0) {
        const c = left + direction;
        if (c !== best && valid[c]) {
          const d = this.distance(p, c, bestCost);
          if (d < bestCost) {
            best = c;
            bestCost = d;
          }
        }
      }
      const up = nnf[p - direction * w]!;
      if (up >= 0) {
        const c = up + direction * w;
        if (c !== best && valid[c]) {
          const d = this.distance(p, c, bestCost);
          if (d < bestCost) {
            best = c;
            bestCost = d;
          }
        }
      }
      // Random search in windows halving from maxRadius around the best match so far.
      const bx = best % w;
      const by = (best - bx) / w;
      for (let R = maxRadius; R >= 1; R >>= 1) {
        const x = Math.min(w - 1 - r, Math.max(r, bx + ((rand() % (2 * R + 1)) - R)));
        const y = Math.min(h - 1 - r, Math.max(r, by + ((rand() % (2 * R + 1)) - R)));
        const c = y * w + x;
        if (c === best || !valid[c]) continue;
        const d = this.distance(p, c, bestCost);
        if (d < bestCost) {
          best = c;
          bestCost = d;
        }
      }
      nnf[p] = best;
      cost[p] = bestCost;
    }
  }

  /**
   * Each hole pixel becomes the mean of what the patches over it copy there, weighted so that
   * good matches count more (an exponential of the match cost, its scale a low percentile of the
   * field's costs).
   */
  vote(): void {
    const { nnf, cost, targets, hole, rgb, width: w, radius: r } = this;
    const n = w * this.height;
    if (!this.sum) {
      this.sum = new Float32Array(n * 3);
      this.weight = new Float32Array(n);
      const holes: number[] = [];
      for (let q = 0; q < n; q++) if (hole[q]) holes.push(q);
      this.holes = Int32Array.from(holes);
    }
    const sum = this.sum;
    const weight = this.weight!;
    const holes = this.holes!;
    for (const q of holes) {
      sum[q * 3] = 0;
      sum[q * 3 + 1] = 0;
      sum[q * 3 + 2] = 0;
      weight[q] = 0;
    }
    const scaleCost = typicalCost(cost, targets, this.blend);
    for (const p of targets) {
      const s = nnf[p]!;
      const wt = Math.exp(-cost[p]! / scaleCost) + 1e-6;
      for (let dy = -r; dy <= r; dy++) {
        const rowP = p + dy * w;
        const rowS = s + dy * w;
        for (let dx = -r; dx <= r; dx++) {
          const q = rowP + dx;
          if (!hole[q]) continue;
          const from = (rowS + dx) * 3;
          sum[q * 3]! += wt * rgb[from]!;
          sum[q * 3 + 1]! += wt * rgb[from + 1]!;
          sum[q * 3 + 2]! += wt * rgb[from + 2]!;
          weight[q]! += wt;
        }
      }
    }
    for (const q of holes) {
      const wq = weight[q]!;
      if (wq === 0) continue;
      rgb[q * 3] = sum[q * 3]! / wq;
      rgb[q * 3 + 1] = sum[q * 3 + 1]! / wq;
      rgb[q * 3 + 2] = sum[q * 3 + 2]! / wq;
    }
  }
}

/**
 * About the 10th percentile of the targets' match costs, from a sample: the vote's weighting
 * scale. A small scale lets the best matches over a pixel decide it, so the vote does not
 * average texture away (a scale of the typical cost blurs wherever matches disagree).
 */
function typicalCost(cost: Float32Array, targets: Int32Array, percentile: number): number {
  const step = Math.max(1, Math.floor(targets.length / 512));
  const sample: number[] = [];
  for (let t = 0; t < targets.length; t += step) sample.push(cost[targets[t]!]!);
  sample.sort((a, b) => a - b);
  return Math.max(1, sample[Math.floor(sample.length * percentile)] ?? 1);
}
