/** Built things: a city skyline with lit windows, village houses, a castle, and an island. */
import type { Random } from "../random";
import { css, mix, scale, type RGB } from "./colors";
import type { Graphics } from "./canvas";
import type { RenderContext } from "./context";
import { hazeAt } from "./palette";
import { drawTree, treeStyle } from "./vegetation";

function lightsOn(ctx: RenderContext): number {
  const t = ctx.palette.time;
  return t === "night"
    ? 0.45
    : t === "dusk"
      ? 0.35
      : t === "sunset"
        ? 0.18
        : ctx.scene.weather === "rain" || ctx.scene.weather === "storm"
          ? 0.12
          : 0;
}

/** Skyline: rows of towers, farther rows hazier; windows glow at night, mirror the sky by day. */
export function drawCity(g: Graphics, ctx: RenderContext, base: number): void {
  const r = ctx.random.fork("city");
  const { width, unit, palette: p, layout } = ctx;
  const rows = 3;
  const lit = lightsOn(ctx);
  const maxH = layout.horizon * 0.5;
  for (let row = 0; row < rows; row++) {
    const depth = 1 - row / (rows - 1);
    const haze = hazeAt(p, 0.3 + depth * 0.7) * (0.3 + 0.7 * depth);
    const wall: RGB = mix(scale(p.building, 0.85 - row * 0.12), p.haze, haze);
    const side: RGB = mix(scale(p.building, 0.6 - row * 0.1), p.haze, haze);
    const y0 = base + row * 3 * unit;
    let x = r.range(-40, 0) * unit;
    while (x < width) {
      const w = r.range(28, 80) * unit * (1 + row * 0.25);
      const tall = r.chance(0.15) ? r.range(0.75, 1) : r.range(0.2, 0.6);
      const h = maxH * tall * (1 - row * 0.18);
      const top = y0 - h;
      g.fillStyle = css(wall);
      g.fillRect(x, top, w, h + 2);
      // The shadowed side face gives each block volume.
      const sideW = w * 0.22;
      g.fillStyle = css(side);
      g.fillRect(layout.lightX > 0 ? x : x + w - sideW, top, sideW, h + 2);
      if (r.chance(0.35)) {
        g.fillRect(x + w * 0.2, top - h * 0.06, w * 0.6, h * 0.06 + 1);
        if (r.chance(0.5)) {
          g.strokeStyle = css(side);
          g.lineWidth = Math.max(1, unit * 1.5);
          g.beginPath();
          g.moveTo(x + w * 0.5, top - h * 0.06);
          g.lineTo(x + w * 0.5, top - h * 0.16);
          g.stroke();
        }
      }
      drawWindows(g, r, x, top, w, h, unit * (1 + row * 0.3), lit, wall, p.window, p.skyHorizon, haze);
      x += w + r.range(-8, 6) * unit;
    }
  }
}

function drawWindows(
  g: Graphics,
  r: Random,
  x: number,
  top: number,
  w: number,
  h: number,
  unit: number,
  lit: number,
  wall: RGB,
  glow: RGB,
  sky: RGB,
  haze: number,
): void {
  const cell = 9 * unit;
  const cols = Math.max(1, Math.floor((w * 0.8) / cell));
  const rows = Math.max(1, Math.floor((h * 0.9) / (cell * 1.3)));
  const ox = x + (w - cols * cell) / 2;
  const dayGlass = mix(mix(wall, sky, 0.35), [255, 255, 255], 0.08);
  for (let j = 0; j < rows; j++) {
    for (let i = 0; i < cols; i++) {
      const on = r.next() < lit;
      if (!on && lit > 0.3) continue;
      const c = on ? mix(glow, r.chance(0.2) ? [200, 225, 255] : glow, 1) : dayGlass;
      g.fillStyle = css(mix(c, wall, on ? haze * 0.5 : 0.3), on ? 1 : 0.7);
      g.fillRect(ox + i * cell + cell * 0.2, top + cell * 0.6 + j * cell * 1.3, cell * 0.55, cell * 0.7);
    }
  }
}

/** A handful of houses with pitched roofs; warm windows in the evening, snow on the roofs in winter. */
export function drawVillage(g: Graphics, ctx: RenderContext, far: number, near: number): void {
  const r = ctx.random.fork("village");
  const { width, palette: p, layout, scene } = ctx;
  const count = r.int(4, 7);
  const lit = Math.max(lightsOn(ctx), scene.christmas ? 0.8 : 0);
  const houses = Array.from({ length: count }, () => ({ t: r.next(), x: r.range(0.08, 0.92) * width })).sort(
    (a, b) => a.t - b.t,
  );
  const roofColors: RGB[] = [
    [150, 60, 50],
    [110, 70, 55],
    [70, 80, 100],
    [130, 90, 60],
  ];
  for (const house of houses) {
    const base = far + (near - far) * house.t;
    const size = ctx.span * (0.05 + 0.09 * house.t);
    const depth = 1 - house.t;
    const haze = hazeAt(p, 0.2 + 0.5 * depth) * 0.8;
    const wallBase: RGB =
      scene.colors.village ??
      r.pick<RGB>([
        [225, 205, 170],
        [200, 160, 120],
        [230, 225, 210],
        [180, 110, 90],
      ]);
    const wallLit = mix(mix(wallBase, scale(wallBase, p.exposure), 0.7), p.haze, haze);
    const wallDark = mix(mix(scale(wallBase, 0.55 * p.exposure), p.shadow, 0.3), p.haze, haze);
    const roof = mix(scale(r.pick(roofColors), p.exposure), p.haze, haze);
    const w = size * r.range(1, 1.5);
    const h = size * 0.7;
    const x = house.x - w / 2;
    const top = base - h;
    const ridge = size * 0.55;
    // Gable end faces the light; long side in shade.
    g.fillStyle = css(wallDark);
    g.fillRect(x, top, w, h);
    g.fillStyle = css(wallLit);
    const gableW = w * 0.42;
    const gx = layout.lightX > 0 ? x + w - gableW : x;
    g.beginPath();
    g.moveTo(gx, top);
    g.lineTo(gx + gableW / 2, top - ridge);
    g.lineTo(gx + gableW, top);
    g.lineTo(gx + gableW, base);
    g.lineTo(gx, base);
    g.fill();
    const roofColor = scene.snowy ? mix(p.snow, p.haze, haze * 0.6) : roof;
    g.fillStyle = css(roofColor);
    g.beginPath();
    const rx0 = layout.lightX > 0 ? x - w * 0.04 : x + gableW / 2;
    const rx1 = layout.lightX > 0 ? gx + gableW / 2 : x + w + w * 0.04;
    g.moveTo(rx0, top + size * 0.04);
    g.lineTo(layout.lightX > 0 ? rx0 + gableW / 2 : rx0, top - ridge);
    g.lineTo(layout.lightX > 0 ? rx1 : rx1 - gableW / 2, top - ridge);
    g.lineTo(rx1, top + size * 0.04);
    g.fill();
    // Chimney.
    g.fillStyle = css(wallDark);
    g.fillRect(x + w * 0.5, top - ridge * 0.9, size * 0.08, ridge * 0.5);
    const windows = r.int(1, 3);
    for (let k = 0; k < windows; k++) {
      const wx = x + w * (0.15 + (k / Math.max(1, windows)) * 0.5) + (layout.lightX > 0 ? 0 : gableW * 0.8);
      const on = r.next() < lit || (lit > 0 && k === 0);
      const c: RGB = on ? p.window : mix(wallDark, p.skyHorizon, 0.3);
      if (on) {
        const glow = g.createRadialGradient(
          wx + size * 0.07,
          top + h * 0.45,
          0,
          wx + size * 0.07,
          top + h * 0.45,
          size * 0.5,
        );
        glow.addColorStop(0, css(p.window, 0.45));
        glow.addColorStop(1, css(p.window, 0));
        g.fillStyle = glow;
        g.fillRect(wx - size * 0.5, top - size * 0.1, size * 1.2, size * 1.1);
      }
      g.fillStyle = css(c);
      g.fillRect(wx, top + h * 0.3, size * 0.14, size * 0.2);
    }
    if (scene.christmas) {
      // Fairy lights along the eave.
      const colors: RGB[] = [
        [255, 70, 60],
        [255, 210, 80],
        [80, 200, 120],
        [90, 160, 255],
      ];
      const n = Math.max(4, Math.round(w / (size * 0.09)));
      for (let k = 0; k <= n; k++) {
        const lx = x + (w * k) / n;
        const ly = top + size * 0.04 + Math.sin((k / n) * Math.PI * 4) * size * 0.015;
        g.fillStyle = css(colors[k % colors.length]!);
        g.beginPath();
        g.arc(lx, ly, Math.max(0.8, size * 0.018), 0, Math.PI * 2);
        g.fill();
      }
    }
    // A tree or two beside each house.
    if (r.chance(0.7)) {
      const side = r.chance(0.5) ? -1 : 1;
      drawTree(
        scene.christmas || scene.snowy ? "conifer" : scene.treeKind,
        g,
        house.x + side * (w * 0.7 + size * 0.2),
        base + size * 0.02,
        size * r.range(1.1, 1.6),
        treeStyle(ctx, 0.2 + 0.5 * depth),
        r,
      );
    }
  }
}

/** A castle silhouette on rising ground: keep, towers with conical roofs, crenellations, banners. */
export function drawCastle(g: Graphics, ctx: RenderContext, base: number): void {
  const r = ctx.random.fork("castle");
  const { width, span, palette: p } = ctx;
  const cx = width * r.range(0.3, 0.7);
  const scaleK = span * r.range(0.22, 0.3);
  const haze = hazeAt(p, 0.55) * 0.7;
  const stone = mix(mix(p.building, [150, 145, 150], 0.4), p.haze, haze);
  const dark = mix(scale(stone, 0.6), p.shadow, 0.3);
  const roof = mix(scale([70, 70, 110], p.exposure), p.haze, haze);
  // The hill it stands on.
  g.fillStyle = css(mix(scale(p.grass, 0.7), p.haze, haze * 0.8));
  g.beginPath();
  g.moveTo(cx - scaleK * 1.4, base + 2);
  g.quadraticCurveTo(cx, base - scaleK * 0.35, cx + scaleK * 1.4, base + 2);
  g.fill();
  const ground = base - scaleK * 0.16;
  const wallH = scaleK * 0.3;
  g.fillStyle = css(stone);
  g.fillRect(cx - scaleK * 0.55, ground - wallH, scaleK * 1.1, wallH + scaleK * 0.1);
  crenels(g, cx - scaleK * 0.55, ground - wallH, scaleK * 1.1, scaleK * 0.035);
  const keepW = scaleK * 0.32;
  g.fillRect(cx - keepW / 2, ground - wallH * 2.1, keepW, wallH * 2.1);
  crenels(g, cx - keepW / 2, ground - wallH * 2.1, keepW, scaleK * 0.035);
  const towers = [-0.6, 0.6, r.chance(0.5) ? -0.25 : 0.3];
  const lit = lightsOn(ctx);
  towers.forEach((t, k) => {
    const tw = scaleK * (k === 2 ? 0.12 : 0.16);
    const th = wallH * (k === 2 ? 2.7 : 1.7);
    const tx = cx + t * scaleK - tw / 2;
    g.fillStyle = css(k === 2 ? dark : stone);
    g.fillRect(tx, ground - th, tw, th);
    g.fillStyle = css(roof);
    g.beginPath();
    g.moveTo(tx - tw * 0.15, ground - th);
    g.lineTo(tx + tw / 2, ground - th - tw * 1.5);
    g.lineTo(tx + tw * 1.15, ground - th);
    g.fill();
    g.fillStyle = css(lit > 0 ? p.window : dark);
    g.fillRect(tx + tw * 0.4, ground - th * 0.7, tw * 0.2, tw * 0.35);
    if (k === 2) {
      g.strokeStyle = css(dark);
      g.lineWidth = Math.max(1, scaleK * 0.006);
      g.beginPath();
      g.moveTo(tx + tw / 2, ground - th - tw * 1.5);
      g.lineTo(tx + tw / 2, ground - th - tw * 2.2);
      g.stroke();
      g.fillStyle = css(scene_banner(ctx));
      g.fillRect(tx + tw / 2, ground - th - tw * 2.2, tw * 0.5, tw * 0.3);
    }
  });
  g.fillStyle = css(dark);
  g.beginPath();
  g.arc(cx, ground - scaleK * 0.02, scaleK * 0.07, Math.PI, 0);
  g.lineTo(cx + scaleK * 0.07, ground + scaleK * 0.02);
  g.lineTo(cx - scaleK * 0.07, ground + scaleK * 0.02);
  g.fill();
}

function scene_banner(ctx: RenderContext): RGB {
  return ctx.scene.colors.castle ?? [190, 40, 50];
}

function crenels(g: Graphics, x: number, y: number, w: number, size: number): void {
  const n = Math.max(2, Math.floor(w / (size * 2)));
  const step = w / n;
  for (let k = 0; k < n; k += 1) g.fillRect(x + k * step, y - size, step * 0.55, size + 1);
}

/** An island near the horizon: a low mound with a few trees. */
export function drawIsland(g: Graphics, ctx: RenderContext): void {
  const r = ctx.random.fork("island");
  const { width, span, layout, palette: p, scene } = ctx;
  const cx = width * r.range(0.25, 0.75);
  const w = span * r.range(0.18, 0.3);
  const h = span * r.range(0.025, 0.05);
  const base = layout.horizon + span * 0.004;
  const haze = hazeAt(p, 0.7) * 0.6;
  const sand = mix(p.sand, p.haze, haze);
  const green = mix(scale(p.tree, 0.9), p.haze, haze);
  g.fillStyle = css(sand);
  g.beginPath();
  g.ellipse(cx, base, w * 0.55, h * 0.5, 0, Math.PI, 0);
  g.fill();
  g.fillStyle = css(green);
  g.beginPath();
  g.moveTo(cx - w * 0.45, base - h * 0.15);
  g.bezierCurveTo(cx - w * 0.3, base - h * 1.6, cx + w * 0.2, base - h * 1.9, cx + w * 0.42, base - h * 0.15);
  g.fill();
  const kind = scene.treeKind === "broadleaf" && !scene.subjects.includes("trees") ? "palm" : scene.treeKind;
  const trees = r.int(3, 6);
  for (let k = 0; k < trees; k++)
    drawTree(
      kind,
      g,
      cx + r.range(-0.3, 0.3) * w,
      base - h * r.range(0.4, 0.9),
      h * r.range(1.6, 2.6),
      treeStyle(ctx, 0.6),
      r,
    );
}

/** A faint rainbow arc opposite the light. */
export function drawRainbow(g: Graphics, ctx: RenderContext): void {
  const r = ctx.random.fork("rainbow");
  const { width, span, layout } = ctx;
  const cx = width * r.range(0.3, 0.7);
  const radius = span * r.range(0.38, 0.5);
  const band = span * 0.012;
  const colors: RGB[] = [
    [255, 60, 60],
    [255, 150, 40],
    [255, 230, 60],
    [80, 200, 90],
    [60, 130, 255],
    [130, 80, 220],
  ];
  g.save();
  g.beginPath();
  g.rect(0, 0, width, layout.horizon);
  g.clip();
  colors.forEach((c, k) => {
    g.strokeStyle = css(c, 0.22);
    g.lineWidth = band;
    g.beginPath();
    g.arc(cx, layout.horizon + span * 0.05, radius - k * band, Math.PI, 0);
    g.stroke();
  });
  g.restore();
}

/** Row the castle's hill sits on: in front of the water on the far shore, or on the land. */
export function castleBase(ctx: RenderContext): number {
  const { layout, height } = ctx;
  return layout.water ? layout.horizon + 1 : layout.horizon + (height - layout.horizon) * 0.25;
}
