/**
 * Low poly: points sampled with density following edge strength (plus a sparse even spread
 * and the frame), Delaunay-triangulated, each triangle filled with the mean colour of the
 * pixels it covers and flat-shaded as a facet whose height is its luminance (so facets catch
 * light differently, the way a real low-poly model does). Fewer, bigger triangles at higher
 * strength. Ink drawings put extra points along the strokes so triangles follow them.
 */
import type { Raster } from "../raster";
import { finish, fadeIn } from "./common";
import { createPlanes, gaussianBlur, hex, lumaOf, saturate, sobel, toPlanes, type Planes } from "./filters";
import { colouriseInk, type InkPalette } from "./ink";
import { delaunay } from "./delaunay";
import type { StyleContext } from "./types";

const INK_PALETTE: InkPalette = {
  paper: hex("#e6eef0"),
  sky: hex("#9cc7e4"),
  ground: hex("#8fbf7a"),
  fills: ["#4f7cac", "#f2a65a", "#e4572e", "#76b041", "#c0e0de", "#ffc914", "#9d79bc", "#2e86ab"].map(hex),
};

export function lowPoly(input: Raster, ctx: StyleContext): Raster {
  const { unit, strength: s, random } = ctx;
  const { width: w, height: h } = input;
  let p: Planes = toPlanes(input);
  // Ink: fills only — the strokes become the boundaries that the triangles follow.
  if (ctx.source === "ink") p = colouriseInk(p, INK_PALETTE, random.fork("ink"), unit, null).fills;

  ctx.progress(0.1, "Placing points");
  const lum = lumaOf(p);
  const edge = gaussianBlur(sobel(gaussianBlur(lum, w, h, 1.5 * unit), w, h).mag, w, h, 2 * unit);
  let maxEdge = 1e-6;
  for (let i = 0; i < edge.length; i++) if (edge[i]! > maxEdge) maxEdge = edge[i]!;
  const area = (w * h) / (1024 * 1024);
  const target = Math.round((ctx.source === "photo" ? 2800 : 2400) * (1 + 2.5 * (1 - s)) * Math.max(0.15, area));
  const minDist = Math.max(2, Math.sqrt((w * h) / target) * 0.45);
  const cell = minDist;
  const gw = Math.ceil(w / cell);
  const gh = Math.ceil(h / cell);
  const grid = new Int32Array(gw * gh).fill(-1);
  const xs: number[] = [];
  const ys: number[] = [];
  const add = (x: number, y: number, force: boolean): boolean => {
    const cx = Math.min(gw - 1, (x / cell) | 0);
    const cy = Math.min(gh - 1, (y / cell) | 0);
    if (!force) {
      for (let yy = Math.max(0, cy - 1); yy <= Math.min(gh - 1, cy + 1); yy++) {
        for (let xx = Math.max(0, cx - 1); xx <= Math.min(gw - 1, cx + 1); xx++) {
          const q = grid[yy * gw + xx]!;
          if (q >= 0 && (xs[q]! - x) ** 2 + (ys[q]! - y) ** 2 < minDist * minDist) return false;
        }
      }
    }
    grid[cy * gw + cx] = xs.length;
    xs.push(x);
    ys.push(y);
    return true;
  };
  // The frame, so the triangulation covers the whole picture.
  const frameStep = Math.max(w, h) / Math.max(6, Math.round(Math.sqrt(target) / 2.5));
  for (let x = 0; x <= w; x += frameStep) {
    add(Math.min(x, w), 0, true);
    add(Math.min(x, w), h, true);
  }
  for (let y = frameStep; y < h; y += frameStep) {
    add(0, y, true);
    add(w, y, true);
  }
  add(w, 0, true);
  add(w, h, true);
  const pts = random.fork("points");
  const inv = 1 / maxEdge;
  for (let tries = 0; xs.length < target && tries < target * 30; tries++) {
    const x = pts.next() * w;
    const y = pts.next() * h;
    const e = edge[(y | 0) * w + (x | 0)]! * inv;
    // Acceptance grows with edge strength; a floor keeps flat areas from one giant triangle.
    if (pts.next() < 0.06 + 0.94 * Math.sqrt(e)) add(x, y, false);
  }

  ctx.progress(0.35, "Triangulating");
  const tri = delaunay(Float64Array.from(xs), Float64Array.from(ys));
  const count = tri.length / 3;

  ctx.progress(0.55, "Colouring facets");
  // Rasterise triangle ids (pixel centres, inclusive edges), accumulating colour sums.
  const label = new Int32Array(w * h).fill(-1);
  const sums = new Float64Array(count * 4);
  for (let t = 0; t < count; t++) {
    const a = tri[t * 3]!;
    const b = tri[t * 3 + 1]!;
    const c = tri[t * 3 + 2]!;
    const ax = xs[a]!;
    const ay = ys[a]!;
    let bx = xs[b]!;
    let by = ys[b]!;
    let cx = xs[c]!;
    let cy = ys[c]!;
    if ((bx - ax) * (cy - ay) - (by - ay) * (cx - ax) < 0) {
      [bx, cx] = [cx, bx];
      [by, cy] = [cy, by];
    }
    const x0 = Math.max(0, Math.floor(Math.min(ax, bx, cx)));
    const x1 = Math.min(w - 1, Math.ceil(Math.max(ax, bx, cx)));
    const y0 = Math.max(0, Math.floor(Math.min(ay, by, cy)));
    const y1 = Math.min(h - 1, Math.ceil(Math.max(ay, by, cy)));
    for (let y = y0; y <= y1; y++) {
      const py = y + 0.5;
      for (let x = x0; x <= x1; x++) {
        const px = x + 0.5;
        if ((bx - ax) * (py - ay) - (by - ay) * (px - ax) < -1e-9) continue;
        if ((cx - bx) * (py - by) - (cy - by) * (px - bx) < -1e-9) continue;
        if ((ax - cx) * (py - cy) - (ay - cy) * (px - cx) < -1e-9) continue;
        const i = y * w + x;
        label[i] = t;
        sums[t * 4] = sums[t * 4]! + p.r[i]!;
        sums[t * 4 + 1] = sums[t * 4 + 1]! + p.g[i]!;
        sums[t * 4 + 2] = sums[t * 4 + 2]! + p.b[i]!;
        sums[t * 4 + 3] = sums[t * 4 + 3]! + 1;
      }
    }
  }
  // Facet shading: the triangle's plane through (x, y, height = luminance · relief).
  const colour = new Float32Array(count * 3);
  const relief = 90 * unit;
  const lx = -0.45;
  const ly = -0.55;
  const lz = 0.7;
  const lumAt = (k: number) => lum[Math.min(h - 1, ys[k]! | 0) * w + Math.min(w - 1, xs[k]! | 0)]! * relief;
  for (let t = 0; t < count; t++) {
    const cnt = sums[t * 4 + 3]! || 1;
    const a = tri[t * 3]!;
    const b = tri[t * 3 + 1]!;
    const c = tri[t * 3 + 2]!;
    const ux = xs[b]! - xs[a]!;
    const uy = ys[b]! - ys[a]!;
    const uz = lumAt(b) - lumAt(a);
    const vx = xs[c]! - xs[a]!;
    const vy = ys[c]! - ys[a]!;
    const vz = lumAt(c) - lumAt(a);
    let nx = uy * vz - uz * vy;
    let ny = uz * vx - ux * vz;
    let nz = ux * vy - uy * vx;
    if (nz < 0) {
      nx = -nx;
      ny = -ny;
      nz = -nz;
    }
    const len = Math.sqrt(nx * nx + ny * ny + nz * nz) || 1;
    const shade = 0.82 + 0.3 * ((nx * lx + ny * ly + nz * lz) / len);
    colour[t * 3] = (sums[t * 4]! / cnt) * shade;
    colour[t * 3 + 1] = (sums[t * 4 + 1]! / cnt) * shade;
    colour[t * 3 + 2] = (sums[t * 4 + 2]! / cnt) * shade;
  }
  const out = createPlanes(w, h);
  for (let i = 0; i < w * h; i++) {
    const t = label[i]!;
    if (t < 0) {
      out.r[i] = p.r[i]!;
      out.g[i] = p.g[i]!;
      out.b[i] = p.b[i]!;
      continue;
    }
    out.r[i] = colour[t * 3]!;
    out.g[i] = colour[t * 3 + 1]!;
    out.b[i] = colour[t * 3 + 2]!;
  }
  saturate(out, 1 + 0.1 * s);
  return finish(input, out, fadeIn(s, 0.4));
}
