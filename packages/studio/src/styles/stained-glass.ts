/**
 * Stained glass: seeded Voronoi cells, denser where the picture has detail (sites sampled with
 * edge-weighted rejection and a minimum spacing). Nearest and second-nearest sites come from a
 * uniform grid searched ring by ring (exact, ~O(1) per pixel); the distance to the bisector of
 * those two gives antialiased lead lines of constant width. Each cell takes its mean colour,
 * made luminous like glass (saturated, brighter at the centre, mottled), with a soft glow.
 * Studio's scenes: the design's crisp outlines (a unicorn against the sky) cut every cell they
 * cross and are leaded heavily, lead between similar panes a little lighter, so the subject
 * reads as a figure of its own glass. Photos: a cell an outline crosses is split in two.
 * Ink drawings: the strokes are the main leading, shapes filled with glass colours, larger
 * shapes split into several panes.
 */
import type { Raster } from "../raster";
import { finish, fadeIn } from "./common";
import {
  clamp01,
  createPlanes,
  gaussianBlur,
  boxBlur,
  hex,
  morph,
  type Plane,
  type Planes,
  smoothstep,
} from "./filters";
import {
  cutPanes,
  designOutlines,
  differenceSquared,
  edgeStrength,
  meansBy,
  scatterSites,
  spreadDetail,
} from "./sites";
import { inkFillsAndStrokes, type InkPalette } from "./ink";
import { noiseField } from "./paper";
import type { StyleContext } from "./types";

const LEAD: [number, number, number] = [0.09, 0.085, 0.1];

const INK_PALETTE: InkPalette = {
  paper: hex("#d8e6ef"),
  sky: hex("#3f7cc0"),
  ground: hex("#3c8c4a"),
  fills: ["#1d4e89", "#f2a541", "#c0392b", "#8e44ad", "#27ae60", "#f1c40f", "#d35400", "#16a085"].map(hex),
};

export function stainedGlass(input: Raster, ctx: StyleContext): Raster {
  const { unit, strength: s, random } = ctx;
  const { width: w, height: h } = input;
  const n = w * h;
  const { planes: p, strokes: ink } = inkFillsAndStrokes(input, ctx, INK_PALETTE);

  ctx.progress(0.1, "Cutting glass");
  // Panes about as big as a hand-leaded window's over flat sky or wall, a quarter to a third of
  // that along a subject's outline (ink drawings use an even spread: their lines do the detail).
  // Smaller pictures get fewer panes, but not proportionally fewer: a 512 px window keeps
  // panes small enough for its subjects.
  const area = (w * h) / (1024 * 1024);
  const base = ink ? 260 : ctx.source === "photo" ? 900 : 700;
  const target = Math.max(24, Math.round(base * (1 + 2 * (1 - s)) * area ** 0.75));
  const flat = Math.sqrt((w * h) / target);
  // A scene's crisp outlines cut the panes themselves (below), so its cells need not crowd there.
  const outlines = ctx.source === "scene" ? designOutlines(p, 0.08, Math.round(140 * unit)) : null;
  const fine = ink ? flat : Math.max(5, flat * (outlines ? 0.35 : 0.25));
  const detail = ink ? new Float32Array(n) : spreadDetail(edgeStrength(p, 1.5 * unit), w, h, fine);
  const { xs: sx, ys: sy } = scatterSites(detail, w, h, {
    flat,
    fine,
    tries: 6,
    random: random.fork("sites"),
  });
  const m = sx.length;

  ctx.progress(0.3, "Leading");
  // Bucket the sites in a uniform grid (CSR layout) for nearest-site queries.
  const cell = Math.max(4, Math.sqrt((w * h) / m));
  const gw = Math.ceil(w / cell);
  const gh = Math.ceil(h / cell);
  const start = new Int32Array(gw * gh + 1);
  const bucketOf = new Int32Array(m);
  for (let k = 0; k < m; k++) {
    const b = Math.min(gh - 1, (sy[k]! / cell) | 0) * gw + Math.min(gw - 1, (sx[k]! / cell) | 0);
    bucketOf[k] = b;
    start[b + 1]!++;
  }
  for (let b = 0; b < gw * gh; b++) start[b + 1] = start[b + 1]! + start[b]!;
  const fill = start.slice(0, gw * gh);
  const items = new Int32Array(m);
  for (let k = 0; k < m; k++) items[fill[bucketOf[k]!]!++] = k;
  const fx = Float64Array.from(sx);
  const fy = Float64Array.from(sy);

  const label = new Int32Array(n);
  const border = new Float32Array(n); // distance to the nearest bisector, px
  const maxRing = Math.max(gw, gh);
  for (let y = 0; y < h; y++) {
    const py = y + 0.5;
    const cy = Math.min(gh - 1, (py / cell) | 0);
    for (let x = 0; x < w; x++) {
      const px = x + 0.5;
      const cx = Math.min(gw - 1, (px / cell) | 0);
      let b1 = -1;
      let b2 = -1;
      let d1 = Infinity;
      let d2 = Infinity;
      for (let ring = 0; ring <= maxRing; ring++) {
        const y0 = cy - ring;
        const y1 = cy + ring;
        const x0 = cx - ring;
        const x1 = cx + ring;
        for (let gy = Math.max(y0, 0); gy <= (y1 >= gh ? gh - 1 : y1); gy++) {
          // Top and bottom rows of the ring: every column; other rows: the two side columns.
          const full = gy === y0 || gy === y1;
          const first = full ? Math.max(x0, 0) : x0 >= 0 ? x0 : x1;
          const last = full ? (x1 >= gw ? gw - 1 : x1) : x1 < gw ? x1 : x0;
          for (let gx = first; gx <= last && gx >= 0 && gx < gw; gx = full || gx === x1 ? gx + 1 : x1) {
            const bkt = gy * gw + gx;
            for (let q = start[bkt]!; q < start[bkt + 1]!; q++) {
              const k = items[q]!;
              const dx = fx[k]! - px;
              const dy = fy[k]! - py;
              const d = dx * dx + dy * dy;
              if (d < d1) {
                d2 = d1;
                b2 = b1;
                d1 = d;
                b1 = k;
              } else if (d < d2) {
                d2 = d;
                b2 = k;
              }
            }
          }
        }
        // Cells in the next ring are at least ring·cell away.
        const reach = ring * cell;
        if (b2 >= 0 && d2 <= reach * reach) break;
      }
      const i = y * w + x;
      label[i] = b1;
      if (b2 < 0) {
        border[i] = 1e6;
        continue;
      }
      const ddx = fx[b2]! - fx[b1]!;
      const ddy = fy[b2]! - fy[b1]!;
      border[i] = (d2 - d1) / (2 * Math.sqrt(ddx * ddx + ddy * ddy) || 1);
    }
  }

  ctx.progress(0.6, "Colouring glass");
  // A cell that a subject's outline crosses is cut along it (ink: the strokes do that): a scene's
  // crisp outlines cut it as often as they cross it, a photo's cell is split in two by colour.
  const { pane, mean } = ink
    ? { pane: label, mean: new Float32Array(m * 3) }
    : outlines
      ? cutPanes(p, label, outlines)
      : splitPanes(p, boxBlurPlanes(p, 1), label, m, Math.max(6, 40 * unit * unit));
  const panes = mean.length / 3;
  const glass = new Float32Array(panes * 3);
  const jitter = random.fork("panes");
  const paneShade = new Float32Array(panes);
  for (let k = 0; k < panes; k++) paneShade[k] = 0.82 + 0.3 * jitter.next();
  for (let k = 0; k < panes; k++) {
    const r = mean[k * 3]!;
    const g = mean[k * 3 + 1]!;
    const b = mean[k * 3 + 2]!;
    // Glass: saturated and luminous; each pane's batch differs a little.
    const l = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    const sat = 1.55;
    const v = 1 + (jitter.next() - 0.5) * (ink ? 0.3 : 0.14);
    glass[k * 3] = clamp01((l + (r - l) * sat) * 1.08 * v + 0.03);
    glass[k * 3 + 1] = clamp01((l + (g - l) * sat) * 1.08 * v + 0.03);
    glass[k * 3 + 2] = clamp01((l + (b - l) * sat) * 1.08 * v + 0.03);
  }
  const mottle = noiseField(w, h, random.fork("mottle"), 28 * unit, 3);
  const leadHalf = Math.max(0.8, 2.2 * unit);
  // A glazier leads the design's outline heavily and the background's panes lightly: the lead
  // between two panes of clearly different glass (a unicorn against the sky) is up to half as
  // wide again, between two panes of nearly the same blue a little thinner.
  const heavy = ink ? null : leadWeights(pane, glass, w, h, Math.ceil(leadHalf * 2.2) + 1);
  const extraLead = ink
    ? morph(ink, w, h, Math.max(1, Math.round(1.5 * unit)), "max")
    : outlines
      ? heavyLead(outlines, w, h, leadHalf)
      : seams(pane, label, w, h, Math.round(leadHalf - 1));
  const interior = Math.max(3, fine * 0.8);
  const out = createPlanes(w, h);
  const light = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const k = pane[i]! * 3;
    const bd = border[i]!;
    // Brighter toward the pane's middle, darker where it meets the lead.
    const inner = 0.8 + 0.28 * smoothstep(0, interior, bd) + 0.06 * mottle[i]!;
    // Ink: panes must not cross the drawn lines, so colour comes from the pixel's own shape,
    // varied per pane.
    const shade = ink ? paneShade[label[i]!]! : 1;
    const r = (ink ? p.r[i]! * shade : glass[k]!) * inner;
    const g = (ink ? p.g[i]! * shade : glass[k + 1]!) * inner;
    const b = (ink ? p.b[i]! * shade : glass[k + 2]!) * inner;
    const half = heavy ? leadHalf * (0.8 + 0.7 * heavy[i]!) : leadHalf;
    const lead = Math.max(smoothstep(half + 0.8, half - 0.4, bd), extraLead[i]!);
    out.r[i] = r + (LEAD[0] - r) * lead;
    out.g[i] = g + (LEAD[1] - g) * lead;
    out.b[i] = b + (LEAD[2] - b) * lead;
    light[i] = (1 - lead) * (0.2126 * r + 0.7152 * g + 0.0722 * b);
  }
  // Light through the glass spills softly over the leading.
  const glow = gaussianBlur(light, w, h, 6 * unit);
  for (let i = 0; i < n; i++) {
    const gl = glow[i]! * 0.22;
    out.r[i] = clamp01(out.r[i]! + gl * 1.0);
    out.g[i] = clamp01(out.g[i]! + gl * 0.92);
    out.b[i] = clamp01(out.b[i]! + gl * 0.78);
  }
  return finish(input, out, fadeIn(s, 0.5));
}

/**
 * Cuts each Voronoi cell whose pixels fall into two clearly different colours (a subject's
 * outline runs through it) in two by 2-means on colour, so the subject gets glass of its own
 * instead of being averaged into the background's pane. Returns each pixel's pane (cell · 2 +
 * side) and each pane's mean colour from `p`; `q` (p, or p smoothed for a noisy photo) decides.
 */
function splitPanes(
  p: Planes,
  q: Planes,
  label: Int32Array,
  m: number,
  minPixels: number,
): { pane: Int32Array; mean: Float32Array } {
  const n = label.length;
  const { r, g, b } = q;
  // Seeds: the pixel farthest from the cell's mean, then the one farthest from that.
  const a = farthestFrom(q, label, meansBy(q, label, m).mean);
  const c = farthestFrom(q, label, a);
  const pane = new Int32Array(n);
  let count: Float64Array = new Float64Array(2 * m);
  for (let iter = 0; iter < 2; iter++) {
    for (let i = 0; i < n; i++) {
      const k = label[i]!;
      const j = k * 3;
      const da = (r[i]! - a[j]!) ** 2 + (g[i]! - a[j + 1]!) ** 2 + (b[i]! - a[j + 2]!) ** 2;
      const dc = (r[i]! - c[j]!) ** 2 + (g[i]! - c[j + 1]!) ** 2 + (b[i]! - c[j + 2]!) ** 2;
      pane[i] = k * 2 + (dc < da ? 1 : 0);
    }
    const split = meansBy(q, pane, 2 * m);
    count = split.count;
    for (let k = 0; k < m; k++) {
      for (let j = 0; j < 3; j++) {
        if (count[2 * k]! > 0) a[k * 3 + j] = split.mean[k * 6 + j]!;
        if (count[2 * k + 1]! > 0) c[k * 3 + j] = split.mean[k * 6 + 3 + j]!;
      }
    }
  }
  // Keep a cut only where both sides are sizeable, clearly different glass and each side fairly
  // even: a hard outline, not a soft gradient (sky, a cloud's edge) cut in half.
  const spread = new Float64Array(m);
  for (let i = 0; i < n; i++) {
    const k = label[i]!;
    const s = pane[i]! & 1 ? c : a;
    const j = k * 3;
    spread[k] = spread[k]! + (r[i]! - s[j]!) ** 2 + (g[i]! - s[j + 1]!) ** 2 + (b[i]! - s[j + 2]!) ** 2;
  }
  const cut = new Uint8Array(m);
  for (let k = 0; k < m; k++) {
    const na = count[2 * k]!;
    const nc = count[2 * k + 1]!;
    const apart =
      (a[k * 3]! - c[k * 3]!) ** 2 + (a[k * 3 + 1]! - c[k * 3 + 1]!) ** 2 + (a[k * 3 + 2]! - c[k * 3 + 2]!) ** 2;
    const sizeable = Math.min(na, nc) >= Math.max(minPixels, 0.05 * (na + nc));
    cut[k] = sizeable && apart > 0.015 && apart > (12 * spread[k]!) / (na + nc) ? 1 : 0;
  }
  for (let i = 0; i < n; i++) if (!cut[label[i]!]) pane[i] = pane[i]! & ~1;
  return { pane, mean: meansBy(p, pane, 2 * m).mean };
}

/** Per cell, the colour of its pixel farthest from `from` (the cell's entry there). */
function farthestFrom(p: Planes, label: Int32Array, from: Float32Array): Float32Array {
  const { r, g, b } = p;
  const best = new Float32Array(from.length / 3).fill(-1);
  const out = new Float32Array(from);
  for (let i = 0; i < label.length; i++) {
    const k = label[i]!;
    const j = k * 3;
    const d = (r[i]! - from[j]!) ** 2 + (g[i]! - from[j + 1]!) ** 2 + (b[i]! - from[j + 2]!) ** 2;
    if (d > best[k]!) {
      best[k] = d;
      out[j] = r[i]!;
      out[j + 1] = g[i]!;
      out[j + 2] = b[i]!;
    }
  }
  return out;
}

/** Heavy lead over the outlines: the marked band widened to about one and a half lead widths. */
function heavyLead(outlines: Uint8Array, w: number, h: number, leadHalf: number): Plane {
  const band = new Float32Array(w * h);
  for (let i = 0; i < band.length; i++) band[i] = outlines[i]!;
  const wide = morph(band, w, h, Math.max(0, Math.round(leadHalf * 0.6 - 0.5)), "max");
  const soft = boxBlur(wide, w, h, 1, wide);
  for (let i = 0; i < soft.length; i++) soft[i] = Math.min(1, soft[i]! * 1.5);
  return soft;
}

/**
 * 0..1 per pixel: how different the glass of its pane is from the panes `reach` pixels away
 * left, right, above and below (so both sides of a lead line see the pane across it).
 */
function leadWeights(pane: Int32Array, glass: Float32Array, w: number, h: number, reach: number): Plane {
  const out = new Float32Array(w * h);
  const gap = (a: number, b: number) =>
    Math.sqrt(
      differenceSquared(
        glass[a * 3]! - glass[b * 3]!,
        glass[a * 3 + 1]! - glass[b * 3 + 1]!,
        glass[a * 3 + 2]! - glass[b * 3 + 2]!,
      ),
    );
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const k = pane[i]!;
      let most = 0;
      if (x >= reach) most = Math.max(most, gap(k, pane[i - reach]!));
      if (x + reach < w) most = Math.max(most, gap(k, pane[i + reach]!));
      if (y >= reach) most = Math.max(most, gap(k, pane[i - reach * w]!));
      if (y + reach < h) most = Math.max(most, gap(k, pane[i + reach * w]!));
      out[i] = smoothstep(0.06, 0.3, most);
    }
  }
  return out;
}

/**
 * Lead along the cuts: the pixels where two panes of one cell meet, widened and softened by
 * one box pass so the seam is antialiased like the Voronoi leading.
 */
function seams(pane: Int32Array, label: Int32Array, w: number, h: number, grow: number): Plane {
  const mark = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (x + 1 < w && pane[i] !== pane[i + 1] && label[i] === label[i + 1]) mark[i] = mark[i + 1] = 1;
      if (y + 1 < h && pane[i] !== pane[i + w] && label[i] === label[i + w]) mark[i] = mark[i + w] = 1;
    }
  }
  const soft = boxBlur(mark, w, h, Math.max(1, grow), mark);
  const gain = 1.5 * Math.max(1, grow);
  for (let i = 0; i < soft.length; i++) soft[i] = Math.min(1, soft[i]! * gain);
  return soft;
}

function boxBlurPlanes(p: Planes, radius: number): Planes {
  const { width: w, height: h } = p;
  return {
    width: w,
    height: h,
    r: boxBlur(p.r, w, h, radius),
    g: boxBlur(p.g, w, h, radius),
    b: boxBlur(p.b, w, h, radius),
  };
}
