/** Trees (conifers, broadleaf, palms), forests in receding rows, meadow grass and flowers. */
import type { Random } from "../random";
import { css, mix, scale, type RGB } from "./colors";
import type { Graphics } from "./canvas";
import type { RenderContext } from "./context";
import { hazeAt } from "./palette";
import { AUTUMN_LEAVES } from "./palette";
import type { Season, TreeKind } from "./types";

export interface TreeStyle {
  lit: RGB;
  dark: RGB;
  snow: RGB | null;
  lightX: number;
  /** Autumn: each broadleaf tree turns one of these; spring: blossom on the crowns; winter: bare branches. */
  season?: Season | null;
  /** The light and the haze a turned tree's colour is lit and faded by. */
  light?: RGB;
  haze?: [RGB, number];
}

interface ConiferShape {
  x: number;
  base: number;
  h: number;
  /** Half-width and row of each tier's tip, top to bottom. */
  tiers: [number, number][];
}

function coniferShape(x: number, base: number, h: number, r: Random): ConiferShape {
  const w = h * r.range(0.28, 0.36);
  const count = h > 40 ? r.int(6, 8) : h > 14 ? 4 : 3;
  const tiers: [number, number][] = [];
  for (let k = 1; k <= count; k++)
    tiers.push([w * (k / count) ** 0.85 * r.range(0.85, 1.1), base - h + (h * 0.9 * k) / count]);
  return { x, base, h, tiers };
}

function coniferOutline(g: Graphics, c: ConiferShape, side: number, close: boolean): void {
  g.moveTo(c.x, c.base - c.h);
  for (let k = 0; k < c.tiers.length; k++) {
    const [wk, y] = c.tiers[k]!;
    g.lineTo(c.x + side * wk, y);
    if (k < c.tiers.length - 1) g.lineTo(c.x + side * wk * 0.5, y - c.h * 0.015);
  }
  g.lineTo(c.x, c.base - c.h * 0.08);
  if (close) g.closePath();
}

/**
 * Many conifers of one style in three fills (silhouettes, lit halves, snow): a forest row costs
 * three canvas fills rather than three per tree.
 */
function fillConifers(g: Graphics, trees: ConiferShape[], s: TreeStyle): void {
  g.fillStyle = css(scale(s.dark, 0.7));
  for (const c of trees) if (c.h > 10) g.fillRect(c.x - c.h * 0.025, c.base - c.h * 0.12, c.h * 0.05, c.h * 0.12);
  g.fillStyle = css(s.dark);
  g.beginPath();
  for (const c of trees) {
    coniferOutline(g, c, 1, false);
    for (let k = c.tiers.length - 1; k >= 0; k--) {
      const [wk, y] = c.tiers[k]!;
      if (k < c.tiers.length - 1) g.lineTo(c.x - wk * 0.5, y - c.h * 0.015);
      g.lineTo(c.x - wk, y);
    }
    g.closePath();
  }
  g.fill();
  g.fillStyle = css(s.lit, 0.85);
  g.beginPath();
  for (const c of trees) coniferOutline(g, c, s.lightX, true);
  g.fill();
  if (s.snow) {
    g.strokeStyle = css(s.snow, 0.9);
    g.lineCap = "round";
    g.beginPath();
    let width = 1;
    for (const c of trees) {
      // Tiny far trees would turn snow strokes into a dotted seam.
      if (c.h <= 20) continue;
      width = Math.max(width, c.h * 0.025);
      for (const [wk, y] of c.tiers) {
        g.moveTo(c.x - wk * 0.85, y - c.h * 0.012);
        g.lineTo(c.x - wk * 0.1, y - c.h * 0.05);
        g.lineTo(c.x + wk * 0.85, y - c.h * 0.012);
      }
    }
    g.lineWidth = width;
    g.stroke();
  }
}

export function conifer(g: Graphics, x: number, base: number, h: number, s: TreeStyle, r: Random): void {
  fillConifers(g, [coniferShape(x, base, h, r)], s);
}

export function broadleaf(g: Graphics, x: number, base: number, h: number, style: TreeStyle, r: Random): void {
  if (style.season === "winter") {
    bareTree(g, x, base, h, style, r);
    return;
  }
  const s = style.season === "autumn" ? turned(style, r) : style;
  const trunkH = h * 0.38;
  g.strokeStyle = css(mix(scale(s.dark, 0.6), [60, 40, 30], 0.5));
  g.lineWidth = Math.max(1, h * 0.06);
  g.beginPath();
  g.moveTo(x, base);
  g.lineTo(x + r.range(-0.04, 0.04) * h, base - trunkH);
  g.stroke();
  const cx = x;
  const cy = base - h * 0.62;
  const rad = h * 0.3;
  const blobs = Array.from({ length: 7 }, () => ({
    x: cx + r.gaussian() * rad * 0.45,
    y: cy + r.gaussian() * rad * 0.35,
    r: rad * r.range(0.45, 0.7),
  }));
  g.fillStyle = css(s.dark);
  g.beginPath();
  for (const b of blobs) {
    g.moveTo(b.x + b.r, b.y);
    g.arc(b.x, b.y, b.r, 0, Math.PI * 2);
  }
  g.fill();
  // Lit crowns: smaller blobs nudged toward the light and up.
  g.fillStyle = css(s.lit, 0.85);
  g.beginPath();
  for (const b of blobs) {
    const lr = b.r * 0.62;
    const lx = b.x + s.lightX * b.r * 0.3;
    const ly = b.y - b.r * 0.3;
    g.moveTo(lx + lr, ly);
    g.arc(lx, ly, lr, 0, Math.PI * 2);
  }
  g.fill();
  if (s.snow) {
    g.fillStyle = css(s.snow, 0.75);
    g.beginPath();
    for (const b of blobs) {
      g.moveTo(b.x + b.r * 0.7, b.y - b.r * 0.55);
      g.ellipse(b.x, b.y - b.r * 0.6, b.r * 0.7, b.r * 0.28, 0, 0, Math.PI * 2);
    }
    g.fill();
  }
  if (style.season === "spring" && h > 12) {
    // Blossom: pale pink and white dots over the crown, more on its lit side.
    const dot = Math.max(0.8, h * 0.018);
    const blossom: [RGB, number][] = [
      [[250, 196, 214], 0.6],
      [[255, 240, 244], 0.4],
    ];
    for (const [colour, share] of blossom) {
      g.fillStyle = css(mix(colour, style.haze?.[0] ?? colour, style.haze?.[1] ?? 0));
      g.beginPath();
      for (const b of blobs)
        for (let k = 0; k < 9 * share; k++) {
          const px = b.x + r.gaussian() * b.r * 0.5 + s.lightX * b.r * 0.15;
          const py = b.y + r.gaussian() * b.r * 0.45 - b.r * 0.15;
          g.moveTo(px + dot, py);
          g.arc(px, py, dot, 0, Math.PI * 2);
        }
      g.fill();
    }
  }
}

/** An acacia of the savanna: a trunk forking into two or three limbs under one wide, flat crown. */
export function acacia(g: Graphics, x: number, base: number, h: number, s: TreeStyle, r: Random): void {
  const crownY = base - h * 0.78;
  const crownW = h * r.range(0.75, 0.95);
  g.strokeStyle = css(mix(scale(s.dark, 0.55), [70, 52, 40], 0.6));
  g.lineCap = "round";
  g.lineWidth = Math.max(1, h * 0.045);
  const fork = base - h * r.range(0.35, 0.45);
  const lean = r.range(-0.05, 0.05) * h;
  g.beginPath();
  g.moveTo(x, base);
  g.lineTo(x + lean, fork);
  g.stroke();
  g.lineWidth = Math.max(1, h * 0.028);
  for (const spread of [-0.32, 0.05, 0.3]) {
    g.beginPath();
    g.moveTo(x + lean, fork);
    g.quadraticCurveTo(x + lean + crownW * spread * 0.4, fork - h * 0.2, x + crownW * spread, crownY + h * 0.04);
    g.stroke();
  }
  // The crown: flat layers, dark below and lit on top toward the light.
  g.fillStyle = css(s.dark);
  g.beginPath();
  g.ellipse(x, crownY, crownW * 0.55, h * 0.085, 0, 0, Math.PI * 2);
  g.ellipse(x + crownW * 0.12, crownY - h * 0.06, crownW * 0.4, h * 0.07, 0, 0, Math.PI * 2);
  g.fill();
  g.fillStyle = css(s.lit, 0.85);
  g.beginPath();
  g.ellipse(x + s.lightX * crownW * 0.1, crownY - h * 0.045, crownW * 0.42, h * 0.045, 0, 0, Math.PI * 2);
  g.ellipse(
    x + crownW * 0.12 + s.lightX * crownW * 0.08,
    crownY - h * 0.095,
    crownW * 0.28,
    h * 0.035,
    0,
    0,
    Math.PI * 2,
  );
  g.fill();
}

/** An autumn tree's style: one of autumn's colours, lit and hazed like the green it replaces. */
function turned(style: TreeStyle, r: Random): TreeStyle {
  const leaves = r.pick(AUTUMN_LEAVES);
  const [haze, amount] = style.haze ?? [leaves, 0];
  const light = style.light ?? [255, 255, 255];
  return {
    ...style,
    lit: mix(mix(leaves, mix(leaves, light, 0.45), 0.5), haze, amount),
    dark: mix(scale(leaves, 0.55), haze, amount),
  };
}

/** A winter tree: a trunk forking into bare branches, snow along the upper ones when it lies. */
function bareTree(g: Graphics, x: number, base: number, h: number, s: TreeStyle, r: Random): void {
  const bark = mix(scale(s.dark, 0.5), [70, 56, 48], 0.6);
  g.strokeStyle = css(bark);
  g.lineCap = "round";
  const branch = (x0: number, y0: number, angle: number, length: number, width: number, depth: number) => {
    const x1 = x0 + Math.cos(angle) * length;
    const y1 = y0 + Math.sin(angle) * length;
    g.lineWidth = Math.max(0.6, width);
    g.beginPath();
    g.moveTo(x0, y0);
    g.lineTo(x1, y1);
    g.stroke();
    if (s.snow && depth >= 2 && width > 1) {
      g.strokeStyle = css(s.snow, 0.8);
      g.lineWidth = Math.max(0.6, width * 0.45);
      g.beginPath();
      g.moveTo(x0, y0 - width * 0.4);
      g.lineTo(x1, y1 - width * 0.4);
      g.stroke();
      g.strokeStyle = css(bark);
    }
    if (depth >= 5 || length < 2) return;
    const forks = depth < 2 ? 2 : r.int(2, 3);
    for (let k = 0; k < forks; k++)
      branch(x1, y1, angle + r.range(-0.55, 0.55), length * r.range(0.62, 0.78), width * 0.62, depth + 1);
  };
  branch(x, base, -Math.PI / 2 + r.range(-0.06, 0.06), h * 0.34, Math.max(1, h * 0.05), 0);
}

export function palm(g: Graphics, x: number, base: number, h: number, s: TreeStyle, r: Random): void {
  const lean = r.range(-0.25, 0.25) * h;
  const topX = x + lean;
  const topY = base - h;
  g.strokeStyle = css(mix(scale(s.dark, 0.8), [90, 70, 50], 0.5));
  g.lineWidth = Math.max(1, h * 0.05);
  g.lineCap = "round";
  g.beginPath();
  g.moveTo(x, base);
  g.quadraticCurveTo(x + lean * 0.2, base - h * 0.5, topX, topY);
  g.stroke();
  const fronds = r.int(7, 9);
  for (let f = 0; f < fronds; f++) {
    const a = Math.PI * (1.05 + (f / (fronds - 1)) * 0.9) + r.range(-0.15, 0.15);
    const len = h * r.range(0.38, 0.5);
    const tipX = topX + Math.cos(a) * len;
    const tipY = topY + Math.sin(a) * len * 0.5 + len * 0.45;
    const midX = topX + Math.cos(a) * len * 0.55;
    const midY = topY + Math.sin(a) * len * 0.6 - len * 0.05;
    g.fillStyle = css(Math.cos(a) * s.lightX > 0 ? s.lit : s.dark);
    g.beginPath();
    g.moveTo(topX, topY);
    g.quadraticCurveTo(midX, midY - h * 0.05, tipX, tipY);
    g.quadraticCurveTo(midX, midY + h * 0.02, topX, topY);
    g.fill();
  }
}

export function drawTree(
  kind: TreeKind,
  g: Graphics,
  x: number,
  base: number,
  h: number,
  s: TreeStyle,
  r: Random,
): void {
  const k = kind === "mixed" ? (r.chance(0.55) ? "conifer" : "broadleaf") : kind;
  if (k === "conifer") conifer(g, x, base, h, s, r);
  else if (k === "palm") palm(g, x, base, h, s, r);
  else if (k === "acacia") acacia(g, x, base, h, s, r);
  else broadleaf(g, x, base, h, s, r);
}

/** Colours of a tree at a given depth (0 near, 1 far). */
export function treeStyle(ctx: RenderContext, depth: number, extraHaze = 0): TreeStyle {
  const p = ctx.palette;
  const haze = Math.min(1, hazeAt(p, depth) * 1.1 + extraHaze);
  const lit = mix(mix(p.tree, mix(p.tree, p.light, 0.5), 0.55), p.haze, haze);
  const dark = mix(mix(scale(p.tree, 0.5), p.shadow, 0.35), p.haze, haze);
  const snowy = ctx.scene.snowy;
  return {
    lit,
    dark,
    snow: snowy ? mix(p.snow, p.haze, haze * 0.8) : null,
    lightX: ctx.layout.lightX,
    season: ctx.scene.season,
    light: p.light,
    haze: [p.haze, haze],
  };
}

/**
 * Rows of trees from `far` to `near` (base rows), each row a little bigger and less hazy, with
 * a band of foliage under it so the rows read as one wood rather than floating trees.
 */
export function drawForest(
  g: Graphics,
  ctx: RenderContext,
  options: {
    far: number;
    near: number;
    rows: number;
    minHeight: number;
    maxHeight: number;
    kind: TreeKind;
    fog: number;
    fill: boolean;
    label: string;
  },
): void {
  const r = ctx.random.fork(options.label);
  const { width } = ctx;
  for (let row = 0; row < options.rows; row++) {
    const f = options.rows === 1 ? 1 : row / (options.rows - 1);
    const base = options.far + (options.near - options.far) * f ** 1.4;
    const h = options.minHeight + (options.maxHeight - options.minHeight) * f ** 1.6;
    const depth = 1 - f;
    const style = treeStyle(ctx, 0.15 + depth * 0.85, options.fog * depth);
    if (options.fill) {
      g.fillStyle = css(style.dark);
      g.fillRect(0, base - h * 0.25, width, ctx.height - base + h * 0.25);
    }
    let x = r.range(-h * 0.3, h * 0.2);
    const batch: ConiferShape[] = [];
    while (x < width + h * 0.3) {
      const th = h * r.range(0.7, 1.25);
      const y = base + r.range(-0.08, 0.12) * h;
      if (options.kind === "conifer") batch.push(coniferShape(x, y, th, r));
      else drawTree(options.kind, g, x, y, th, style, r);
      // Tiny far trees still need a few pixels between them or the row turns to mush.
      x += Math.max(th * r.range(0.22, 0.42), 3 * ctx.unit) * (options.kind === "conifer" ? 1 : 1.6);
    }
    if (batch.length > 0) fillConifers(g, batch, style);
  }
}

/** Meadow foreground: grass blades and flowers, denser and bigger toward the viewer. */
export function drawMeadow(g: Graphics, ctx: RenderContext, top: number, flowers: boolean): void {
  const r = ctx.random.fork("meadow");
  const { width, height, unit, palette: p } = ctx;
  const span = height - top;
  if (span <= 2) return;
  const grassDark = mix(scale(p.grass, 0.55), p.shadow, 0.25);
  const grassLight = mix(p.grass, p.light, 0.35);
  const blades = Math.round(width * span * 0.004);
  g.lineCap = "round";
  // Blades go in depth bands (width, opacity) and shade buckets: one stroke per bucket.
  const bands = 4;
  const shades = 4;
  for (let band = 0; band < bands; band++) {
    for (let shade = 0; shade < shades; shade++) {
      const t = (band + 0.5) / bands;
      g.strokeStyle = css(mix(grassDark, grassLight, shade / (shades - 1)), 0.55 + 0.4 * t);
      g.lineWidth = Math.max(0.6, (0.6 + 1.6 * t) * unit);
      g.beginPath();
      const n = Math.round(blades / (bands * shades));
      for (let b = 0; b < n; b++) {
        const tt = ((band + r.next()) / bands) ** 0.7;
        const y = top + tt * span;
        const x = r.next() * width;
        const len = (4 + 34 * tt * tt) * unit * r.range(0.6, 1.3);
        const lean = r.range(-0.5, 0.5) * len;
        g.moveTo(x, y);
        g.quadraticCurveTo(x + lean * 0.3, y - len * 0.6, x + lean, y - len);
      }
      g.stroke();
    }
  }
  if (!flowers) return;
  // Flowers grow in clumps of one colour, more and bigger toward the viewer. Sizes have a
  // pixel floor and the count follows the area in 1024-px units, so a small picture gets
  // fewer but still visible flowers rather than the same number shrunk to specks.
  const clumps = Math.round((width / unit) * (span / unit) * 0.00032);
  const list: { x: number; y: number; size: number; c: RGB }[] = [];
  for (let k = 0; k < clumps; k++) {
    const t = r.next() ** 0.65;
    const cy = top + t * span;
    const cx = r.next() * width;
    const c = scale(r.pick(p.flowers), r.range(0.85, 1.08));
    const base = (1.5 + 10 * t * t) * unit;
    const members = r.int(3, 8);
    const spread = Math.max(3, base * 3.2);
    for (let m = 0; m < members; m++) {
      const size = Math.max(1.2, base * r.range(0.7, 1.2));
      list.push({ x: cx + r.range(-1, 1) * spread, y: Math.max(top, cy + r.range(-0.45, 0.45) * spread), size, c });
    }
  }
  // A scatter of single blossoms between the clumps; only as many as the pixels can show.
  const singles = Math.round((width / unit) * (span / unit) * 0.0012 * Math.min(1, unit));
  for (let k = 0; k < singles; k++) {
    const t = r.next() ** 0.9;
    list.push({
      x: r.next() * width,
      y: top + t * span,
      size: Math.max(1, (1 + 6 * t * t) * unit * r.range(0.7, 1.2)),
      c: r.pick(p.flowers),
    });
  }
  // Back to front, so near flowers overlap far ones.
  list.sort((a, b) => a.y - b.y);
  const stemWidth = Math.max(0.6, 1.2 * unit);
  g.strokeStyle = css(grassDark, 0.75);
  g.lineWidth = stemWidth;
  g.beginPath();
  for (const f of list) {
    if (f.size <= 3) continue;
    g.moveTo(f.x, f.y + f.size * 3);
    g.lineTo(f.x, f.y);
  }
  g.stroke();
  for (const f of list) {
    const { x, y, size, c } = f;
    if (size > 3) {
      // Five petals round a warm centre.
      g.fillStyle = css(c);
      g.beginPath();
      for (let k = 0; k < 5; k++) {
        const a = (k / 5) * Math.PI * 2 + x;
        const px = x + Math.cos(a) * size * 0.55;
        const py = y + Math.sin(a) * size * 0.4;
        g.moveTo(px + size * 0.45, py);
        g.arc(px, py, size * 0.45, 0, Math.PI * 2);
      }
      g.fill();
      g.fillStyle = css([250, 210, 90]);
      g.beginPath();
      g.arc(x, y, size * 0.25, 0, Math.PI * 2);
      g.fill();
    } else {
      // A blossom a few pixels wide: a dot with a lighter heart.
      g.fillStyle = css(c);
      g.beginPath();
      g.ellipse(x, y, size, size * 0.8, 0, 0, Math.PI * 2);
      g.fill();
      if (size > 1.6) {
        g.fillStyle = css(mix(c, [255, 240, 200], 0.5));
        g.beginPath();
        g.arc(x, y - size * 0.15, size * 0.4, 0, Math.PI * 2);
        g.fill();
      }
    }
  }
}
