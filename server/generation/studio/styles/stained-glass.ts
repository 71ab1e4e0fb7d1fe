/**
 * Stained glass: seeded Voronoi cells, denser where the picture has detail (sites sampled with
 * edge-weighted rejection and a minimum spacing). Nearest and second-nearest sites come from a
 * uniform grid searched ring by ring (exact, ~O(1) per pixel); the distance to the bisector of
 * those two gives antialiased lead lines of constant width. Each cell takes its mean colour,
 * made luminous like glass (saturated, brighter at the centre, mottled), with a soft glow.
 * Ink drawings: the strokes are the main leading, shapes filled with glass colours, larger
 * shapes split into several panes.
 */
import type { Raster } from "../raster";
import { finish, fadeIn } from "./common";
import { clamp01, createPlanes, gaussianBlur, hex, lumaOf, morph, smoothstep, sobel } from "./filters";
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
  // Detail map for site density (ink drawings use an even spread: the lines do the detail).
  const edge = ink
    ? new Float32Array(n).fill(1)
    : gaussianBlur(sobel(gaussianBlur(lumaOf(p), w, h, 2 * unit), w, h).mag, w, h, 3 * unit);
  let maxEdge = 1e-6;
  for (let i = 0; i < n; i++) if (edge[i]! > maxEdge) maxEdge = edge[i]!;
  const area = (w * h) / (1024 * 1024);
  const base = ink ? 260 : ctx.source === "photo" ? 900 : 700;
  const target = Math.max(24, Math.round(base * (1 + 2 * (1 - s)) * area));
  const minDist = Math.sqrt((w * h) / target) * 0.5;
  const sx: number[] = [];
  const sy: number[] = [];
  const pts = random.fork("sites");
  const cellA = minDist;
  const agw = Math.ceil(w / cellA);
  const agh = Math.ceil(h / cellA);
  const occupied = new Int32Array(agw * agh).fill(-1);
  for (let tries = 0; sx.length < target && tries < target * 40; tries++) {
    const x = pts.next() * w;
    const y = pts.next() * h;
    const e = ink ? 0.5 : edge[(y | 0) * w + (x | 0)]! / maxEdge;
    if (pts.next() > 0.12 + 0.88 * Math.sqrt(e)) continue;
    const cx = (x / cellA) | 0;
    const cy = (y / cellA) | 0;
    let ok = true;
    for (let yy = Math.max(0, cy - 1); ok && yy <= Math.min(agh - 1, cy + 1); yy++) {
      for (let xx = Math.max(0, cx - 1); xx <= Math.min(agw - 1, cx + 1); xx++) {
        const q = occupied[yy * agw + xx]!;
        if (q >= 0 && (sx[q]! - x) ** 2 + (sy[q]! - y) ** 2 < minDist * minDist) {
          ok = false;
          break;
        }
      }
    }
    if (!ok) continue;
    occupied[cy * agw + cx] = sx.length;
    sx.push(x);
    sy.push(y);
  }
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
  const sums = new Float64Array(m * 4);
  for (let i = 0; i < n; i++) {
    const k = label[i]! * 4;
    sums[k] = sums[k]! + p.r[i]!;
    sums[k + 1] = sums[k + 1]! + p.g[i]!;
    sums[k + 2] = sums[k + 2]! + p.b[i]!;
    sums[k + 3] = sums[k + 3]! + 1;
  }
  const glass = new Float32Array(m * 3);
  const jitter = random.fork("panes");
  const paneShade = new Float32Array(m);
  for (let k = 0; k < m; k++) paneShade[k] = 0.82 + 0.3 * jitter.next();
  for (let k = 0; k < m; k++) {
    const c = sums[k * 4 + 3]! || 1;
    let r = sums[k * 4]! / c;
    let g = sums[k * 4 + 1]! / c;
    let b = sums[k * 4 + 2]! / c;
    // Glass: saturated and luminous; each pane's batch differs a little.
    const l = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    const sat = 1.55;
    const v = 1 + (jitter.next() - 0.5) * (ink ? 0.3 : 0.14);
    r = clamp01((l + (r - l) * sat) * 1.08 * v + 0.03);
    g = clamp01((l + (g - l) * sat) * 1.08 * v + 0.03);
    b = clamp01((l + (b - l) * sat) * 1.08 * v + 0.03);
    glass[k * 3] = r;
    glass[k * 3 + 1] = g;
    glass[k * 3 + 2] = b;
  }
  const mottle = noiseField(w, h, random.fork("mottle"), 28 * unit, 3);
  const leadHalf = Math.max(0.8, 2.2 * unit);
  const inkLead = ink ? morph(ink, w, h, Math.max(1, Math.round(1.5 * unit)), "max") : null;
  const interior = Math.max(4, minDist * 0.9);
  const out = createPlanes(w, h);
  const light = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const k = label[i]! * 3;
    const bd = border[i]!;
    // Brighter toward the pane's middle, darker where it meets the lead.
    const inner = 0.8 + 0.28 * smoothstep(0, interior, bd) + 0.06 * mottle[i]!;
    // Ink: panes must not cross the drawn lines, so colour comes from the pixel's own shape,
    // varied per pane.
    const pane = ink ? paneShade[label[i]!]! : 1;
    const r = (ink ? p.r[i]! * pane : glass[k]!) * inner;
    const g = (ink ? p.g[i]! * pane : glass[k + 1]!) * inner;
    const b = (ink ? p.b[i]! * pane : glass[k + 2]!) * inner;
    let lead = smoothstep(leadHalf + 0.8, leadHalf - 0.4, bd);
    if (inkLead) lead = Math.max(lead, inkLead[i]!);
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
