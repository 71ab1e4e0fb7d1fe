/**
 * Low poly: points sampled with density following edge strength (plus a sparse even spread
 * and the frame), Delaunay-triangulated, each triangle filled with the mean colour of the
 * pixels it covers and flat-shaded as a facet whose height is its luminance (so facets catch
 * light differently, the way a real low-poly model does). Fewer, bigger triangles at higher
 * strength. Ink drawings put extra points along the strokes so triangles follow them.
 * Studio's scenes keep their things' silhouettes: a facet a crisp outline crosses is coloured
 * on each side by that side's pixels, with a rim of contrast where both sides are alike (a
 * white airplane on a white cloud).
 */
import type { Raster } from "../raster";
import { finish, fadeIn } from "./common";
import { clamp01, createPlanes, boxBlur, hex, lumaOf, saturate, smoothstep, toPlanes, type Planes } from "./filters";
import { cutPanes, designOutlines, edgeStrength, liftApart, type Sites, scatterSites, spreadDetail } from "./sites";
import { colouriseInk, type InkPalette } from "./ink";
import { delaunay } from "./delaunay";
import type { StyleContext } from "./types";

const INK_PALETTE: InkPalette = {
  paper: hex("#e6eef0"),
  sky: hex("#9cc7e4"),
  ground: hex("#8fbf7a"),
  fills: ["#4f7cac", "#f2a65a", "#e4572e", "#76b041", "#c0e0de", "#ffc914", "#9d79bc", "#2e86ab"].map(hex),
};

/** The least difference in lightness kept across a scene's outline after faceting. */
const MIN_EDGE = 0.12;

export function lowPoly(input: Raster, ctx: StyleContext): Raster {
  const { unit, strength: s, random } = ctx;
  const { width: w, height: h } = input;
  let p: Planes = toPlanes(input);
  // Ink: fills only — the strokes become the boundaries that the triangles follow.
  if (ctx.source === "ink") p = colouriseInk(p, INK_PALETTE, random.fork("ink"), unit, null).fills;

  ctx.progress(0.1, "Placing points");
  // A scene's crisp outlines (an airplane against a cloud) stay edges of the facets.
  const outlines = ctx.source === "scene" ? designOutlines(p, 0.08, Math.round(200 * unit)) : null;
  // Facet heights from lightness a little smoothed: a vertex on an airplane's window or a
  // cow's spot must not tilt its facets into dark blotches.
  const lum = boxBlur(lumaOf(p), w, h, Math.max(1, Math.round(2.5 * unit)));
  // Big facets over flat sky and ground; along a subject's outline points sit on the edge
  // itself at a spacing relative to the picture, so at 512 px a cow or an airplane still has
  // its silhouette traced by triangle edges instead of melting into one blob.
  const area = (w * h) / (1024 * 1024);
  const target = Math.round((ctx.source === "photo" ? 2800 : 2400) * (1 + 2.5 * (1 - s)) * Math.max(0.15, area));
  const flat = Math.sqrt((w * h) / target) * 1.35;
  const fine = Math.max(2.5, Math.min(flat * 0.45, 11 * unit * (1 + 1.5 * (1 - s))));
  const edge = edgeStrength(p, 1.2 * unit);
  const detail = spreadDetail(edge, w, h, 1.5 * fine);
  // The frame, so the triangulation covers the whole picture.
  const frame: Sites = { xs: [], ys: [] };
  const frameStep = Math.max(w, h) / Math.max(6, Math.round(Math.sqrt(target) / 2.5));
  const corner = (x: number, y: number) => {
    frame.xs.push(x);
    frame.ys.push(y);
  };
  for (let x = 0; x < w; x += frameStep) {
    corner(x, 0);
    corner(x, h);
  }
  for (let y = frameStep; y < h; y += frameStep) {
    corner(0, y);
    corner(w, y);
  }
  corner(w, 0);
  corner(w, h);
  const onEdges = new Float32Array(edge.length);
  for (let i = 0; i < edge.length; i++) onEdges[i] = smoothstep(0.3, 0.7, edge[i]!);
  const pts = random.fork("points");
  const outline = scatterSites(detail, w, h, {
    flat: fine,
    fine,
    tries: 4,
    random: pts,
    fixed: frame,
    weight: onEdges,
  });
  const { xs, ys } = scatterSites(detail, w, h, { flat, fine, tries: 6, random: pts, fixed: outline });

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
  if (outlines) keepOutlines(out, p, label, outlines, colour, sums, Math.max(1, Math.round(2 * unit)));
  saturate(out, 1 + 0.1 * s);
  return finish(input, out, fadeIn(s, 0.4));
}

/**
 * Facets keep a thing's silhouette: a facet that an outline crosses takes, on each side, the
 * mean colour of its pixels there (shaded like the facet). Where the two sides still come out
 * close (a white airplane on a white cloud), a narrow rim along the outline is pushed apart in
 * lightness, lighter side up, darker side down, so the edge shows at a glance.
 */
function keepOutlines(
  out: Planes,
  p: Planes,
  label: Int32Array,
  outlines: Uint8Array,
  colour: Float32Array,
  sums: Float64Array,
  rim: number,
): void {
  const { width: w, height: h } = out;
  const { pane, mean } = cutPanes(p, label, outlines);
  const lift = liftApart(pane, mean, outlines, w, h, MIN_EDGE);
  const near = new Float32Array(w * h);
  for (let i = 0; i < w * h; i++) near[i] = outlines[i]!;
  boxBlur(near, w, h, rim, near);
  // The facet's shading (its colour over its mean) carries over to each of its pieces.
  const count = colour.length / 3;
  const shade = new Float32Array(count * 3);
  for (let t = 0; t < count; t++) {
    const cnt = sums[t * 4 + 3]! || 1;
    for (let c = 0; c < 3; c++) shade[t * 3 + c] = colour[t * 3 + c]! / Math.max(1e-4, sums[t * 4 + c]! / cnt);
  }
  for (let i = 0; i < w * h; i++) {
    const t = label[i]!;
    const k = pane[i]!;
    const rimmed = near[i]! > 0.01;
    // A whole facet away from any outline keeps its colour.
    if (t < 0 || (k === t + 1 && !rimmed)) continue;
    const l = rimmed ? lift[k]! : 0;
    out.r[i] = clamp01(mean[k * 3]! * shade[t * 3]! + l);
    out.g[i] = clamp01(mean[k * 3 + 1]! * shade[t * 3 + 1]! + l);
    out.b[i] = clamp01(mean[k * 3 + 2]! * shade[t * 3 + 2]! + l);
  }
}
