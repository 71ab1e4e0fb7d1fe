/** The sky: gradient by time of day, sun and moon with their glow, stars, the galaxy band, aurora. */
import { fbm } from "../random";
import { mix, type RGB } from "./colors";
import { blend, lowResField, noiseFor, type RenderContext } from "./context";

/** Gradient and sun glow for every row (rows below the horizon hold the horizon colour, for reflections). */
export function paintSky(ctx: RenderContext): void {
  const { width, height, data, palette: p, layout } = ctx;
  const horizon = Math.max(1, layout.horizon);
  const light = layout.sun ?? layout.moon;
  const glowColor = p.glow;
  const glowK = light ? p.glowStrength * (layout.sun ? 1 : 0.6) : 0;
  const lx = light ? light.x : width / 2;
  const ly = light ? light.y : horizon;
  const inv = 1 / ctx.span;
  // Low suns spread their light along the horizon; high ones glow round.
  const lowLight = light ? (horizon - ly) / horizon < 0.35 : false;
  const flatten = lowLight ? 2.2 : 1.2;
  let dither = (ctx.random.fork("sky-dither").next() * 4294967296) >>> 0;
  const row = new Float32Array(3);
  // The glow is smooth, so a coarse grid of it enlarged is indistinguishable and far cheaper.
  const glowField =
    glowK > 0
      ? lowResField(width, height, Math.max(2, Math.round(4 * ctx.unit)), (x, y) => {
          const dx = (x - lx) * inv;
          const dy = (y - ly) * inv * flatten;
          const d = Math.sqrt(dx * dx + dy * dy);
          // Warm band along the horizon under a low light source.
          const band = lowLight
            ? Math.exp(-Math.max(0, horizon - y) / (horizon * 0.22)) * Math.exp(-Math.abs(dx) * 2.2)
            : 0;
          return Math.min(1, glowK * (0.5 * Math.exp(-d * 5) + 0.45 * Math.exp(-d * 16) + 0.35 * band));
        })
      : null;
  for (let y = 0; y < height; y++) {
    const t = Math.min(1, y / horizon);
    skyRow(p.skyTop, p.skyMid, p.skyHorizon, t, row);
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      let r = row[0]!;
      let g = row[1]!;
      let b = row[2]!;
      if (glowField) {
        const k = glowField[y * width + x]!;
        // Screen blend: glow brightens without washing the hue to white.
        r = 255 - (255 - r) * (1 - k * (glowColor[0] / 255));
        g = 255 - (255 - g) * (1 - k * (glowColor[1] / 255));
        b = 255 - (255 - b) * (1 - k * (glowColor[2] / 255));
      }
      // Tiny ordered noise keeps the smooth gradient from banding after 8-bit rounding.
      dither = (Math.imul(dither, 1664525) + 1013904223) >>> 0;
      const n = (dither >>> 24) / 255 - 0.5;
      data[i] = r + n * 2;
      data[i + 1] = g + n * 2;
      data[i + 2] = b + n * 2;
      data[i + 3] = 255;
    }
  }
}

function skyRow(top: RGB, mid: RGB, horizon: RGB, t: number, out: Float32Array): void {
  let a: RGB;
  let b: RGB;
  let k: number;
  if (t < 0.55) {
    a = top;
    b = mid;
    k = t / 0.55;
    k = k * k * (3 - 2 * k) * 0.9 + k * 0.1;
  } else {
    a = mid;
    b = horizon;
    k = ((t - 0.55) / 0.45) ** 1.3;
  }
  out[0] = a[0] + (b[0] - a[0]) * k;
  out[1] = a[1] + (b[1] - a[1]) * k;
  out[2] = a[2] + (b[2] - a[2]) * k;
}

export function paintStars(ctx: RenderContext, amount: number): void {
  const { width, layout, unit } = ctx;
  const r = ctx.random.fork("stars");
  const horizon = layout.horizon;
  const count = Math.round(amount * width * horizon * 0.0016);
  for (let s = 0; s < count; s++) {
    const x = r.next() * width;
    // Fewer stars low down, where the air is thick.
    const y = r.next() ** 1.35 * horizon * 0.95;
    const fade = 1 - (y / horizon) ** 3;
    const bright = r.next() ** 3 * fade * amount;
    const tint: RGB = r.chance(0.3) ? [255, 225, 190] : r.chance(0.4) ? [200, 220, 255] : [255, 255, 255];
    splat(ctx, x, y, (0.55 + bright * 1.3) * Math.max(0.8, unit), tint, 0.35 + bright * 0.9);
    if (bright > 0.55) {
      // The brightest few get a faint halo.
      splat(ctx, x, y, 4 * unit, tint, 0.12 * bright);
    }
  }
}

/** The pixels within `reach` of (cx, cy) that are in the image and above the horizon (sky paint stays off the land). */
function skyBox(ctx: RenderContext, cx: number, cy: number, reach: number) {
  return {
    x0: Math.max(0, Math.floor(cx - reach)),
    x1: Math.min(ctx.width - 1, Math.ceil(cx + reach)),
    y0: Math.max(0, Math.floor(cy - reach)),
    y1: Math.min(ctx.layout.horizon - 1, Math.ceil(cy + reach)),
  };
}

/** Soft round dot added to the sky (screen-like). */
export function splat(ctx: RenderContext, cx: number, cy: number, radius: number, color: RGB, strength: number): void {
  const { data, width } = ctx;
  const rad = Math.max(0.5, radius);
  const { x0, x1, y0, y1 } = skyBox(ctx, cx, cy, rad * 2);
  const inv = 1 / (rad * rad);
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const dx = x + 0.5 - cx;
      const dy = y + 0.5 - cy;
      const a = strength * Math.exp(-(dx * dx + dy * dy) * inv);
      if (a < 0.01) continue;
      const i = (y * width + x) * 4;
      data[i] = data[i]! + (color[0] - data[i]!) * Math.min(1, a);
      data[i + 1] = data[i + 1]! + (color[1] - data[i + 1]!) * Math.min(1, a);
      data[i + 2] = data[i + 2]! + (color[2] - data[i + 2]!) * Math.min(1, a);
    }
  }
}

/** The Milky Way: a glowing band of coloured dust and dense stars crossing the sky at a seeded angle. */
export function paintGalaxy(ctx: RenderContext): void {
  const { width, data, layout, span } = ctx;
  const r = ctx.random.fork("galaxy");
  const noise = noiseFor(ctx, "galaxy-noise");
  const dust = noiseFor(ctx, "galaxy-dust");
  const horizon = layout.horizon;
  const angle = r.range(0.35, 1.0) * (r.chance(0.5) ? 1 : -1);
  const cx = width * r.range(0.35, 0.65);
  const cy = horizon * r.range(0.35, 0.55);
  const nx = -Math.sin(angle);
  const ny = Math.cos(angle);
  const bandWidth = 0.13;
  const prompted = ctx.scene.colors.galaxy ?? ctx.scene.palette[0];
  const core: RGB = [255, 236, 214];
  const hueA: RGB = prompted ?? [150, 90, 220];
  const hueB: RGB = prompted ? mix(prompted, [80, 140, 255], 0.5) : [70, 150, 240];
  const hueC: RGB = [240, 110, 170];
  const inv = 1 / span;
  const step = Math.max(2, Math.round(3 * ctx.unit));
  /** A field over the sky sampled at (u, v): spans from the band's centre, so its look keeps with the picture's size. */
  const bandField = (sample: (u: number, v: number) => number) =>
    lowResField(width, horizon, step, (x, y) => sample((x - cx) * inv, (y - cy) * inv), horizon);
  const density = bandField((u, v) => {
    const d = u * nx + v * ny + fbm(noise, u * 3, v * 3, 3) * 0.05;
    const along = u * ny - v * nx;
    const band = Math.exp(-(d * d) / (bandWidth * bandWidth)) * (0.75 + 0.25 * Math.cos(along * 4));
    const cloud = 0.5 + 0.5 * fbm(noise, u * 6 + 10, v * 6, 5);
    return band * cloud;
  });
  const lanes = bandField((u, v) => fbm(dust, u * 9, v * 9, 4));
  const hue = lowResField(
    width,
    horizon,
    step * 4,
    (x, y) => 0.5 + 0.6 * fbm(noise, x * inv * 2 + 40, y * inv * 2, 2),
    horizon,
  );
  for (let y = 0; y < horizon; y++) {
    const fade = Math.min(1, (horizon - y) / (horizon * 0.25));
    for (let x = 0; x < width; x++) {
      const k = y * width + x;
      const dens = density[k]!;
      if (dens < 0.02) continue;
      const lane = Math.max(0, lanes[k]! - 0.1) * 1.6;
      const glow = Math.max(0, dens * (1 - Math.min(0.6, lane * dens * 1.8))) * fade;
      const h = hue[k]!;
      const coreK = Math.max(0, dens - 0.45) * 1.6;
      let cr = hueA[0] + (hueB[0] - hueA[0]) * h;
      let cg = hueA[1] + (hueB[1] - hueA[1]) * h;
      let cb = hueA[2] + (hueB[2] - hueA[2]) * h;
      if (h > 0.75) {
        const t = Math.min(1, (h - 0.75) * 2);
        cr += (hueC[0] - cr) * t;
        cg += (hueC[1] - cg) * t;
        cb += (hueC[2] - cb) * t;
      }
      cr += (core[0] - cr) * coreK;
      cg += (core[1] - cg) * coreK;
      cb += (core[2] - cb) * coreK;
      const i = k * 4;
      const a = Math.min(1, glow * 1.5);
      data[i] = 255 - (255 - data[i]!) * (1 - (a * cr) / 255);
      data[i + 1] = 255 - (255 - data[i + 1]!) * (1 - (a * cg) / 255);
      data[i + 2] = 255 - (255 - data[i + 2]!) * (1 - (a * cb) / 255);
    }
  }
  // Dense faint stars inside the band.
  const count = Math.round(width * horizon * 0.004);
  for (let s = 0; s < count; s++) {
    const x = r.next() * width;
    const y = r.next() * horizon;
    const k = Math.floor(y) * width + Math.floor(x);
    const dens = density[k] ?? 0;
    if (r.next() > dens * 1.6 + 0.05) continue;
    splat(ctx, x, y, 0.6 * Math.max(0.8, ctx.unit), [255, 250, 240], 0.25 + r.next() * 0.6);
  }
}

/** Aurora curtains: bright green lower hems fading upward into violet, with fine vertical rays. */
export function paintAurora(ctx: RenderContext): void {
  const { width, data, layout, span } = ctx;
  const noise = noiseFor(ctx, "aurora");
  const r = ctx.random.fork("aurora-shape");
  const horizon = layout.horizon;
  const green: RGB = ctx.scene.colors.aurora ?? [80, 255, 160];
  const violet: RGB = [170, 80, 230];
  const inv = 1 / span;
  const curtains = 2;
  for (let c = 0; c < curtains; c++) {
    const base = horizon * r.range(0.42, 0.62) - c * horizon * 0.12;
    const amp = horizon * 0.12;
    const length = horizon * r.range(0.3, 0.45);
    const offset = r.range(0, 100);
    const strength = c === 0 ? 1.3 : 0.8;
    for (let x = 0; x < width; x++) {
      const u = x * inv;
      const hem = base + amp * fbm(noise, u * 1.6 + offset, c * 7, 3);
      const rays = 0.6 + 0.4 * noise(u * 28 + offset, c * 3) * (0.6 + 0.4 * noise(u * 6, 5 + c));
      const along = 0.5 + 0.5 * fbm(noise, u * 2.5 + offset * 2, 13 + c, 2);
      const k0 = strength * rays * along;
      if (k0 < 0.03) continue;
      const top = Math.max(0, Math.floor(hem - length));
      const bottom = Math.min(horizon - 1, Math.ceil(hem + length * 0.08));
      for (let y = top; y <= bottom; y++) {
        const above = hem - y;
        const v = above >= 0 ? Math.exp(-above / (length * 0.35)) : Math.exp(above / (length * 0.025));
        const a = k0 * v;
        if (a < 0.01) continue;
        const t = Math.min(1, Math.max(0, above / length) * 1.4);
        const cr = green[0] + (violet[0] - green[0]) * t;
        const cg = green[1] + (violet[1] - green[1]) * t;
        const cb = green[2] + (violet[2] - green[2]) * t;
        const i = (y * width + x) * 4;
        const aa = Math.min(1, a);
        data[i] = 255 - (255 - data[i]!) * (1 - (aa * cr) / 255);
        data[i + 1] = 255 - (255 - data[i + 1]!) * (1 - (aa * cg) / 255);
        data[i + 2] = 255 - (255 - data[i + 2]!) * (1 - (aa * cb) / 255);
      }
    }
  }
}

/** Sun disc (soft-edged, bright core) or moon (pale disc with faint maria). */
export function paintDiscs(ctx: RenderContext): void {
  const { layout, palette: p } = ctx;
  const sun = layout.sun;
  if (sun) {
    const low = (layout.horizon - sun.y) / layout.horizon < 0.35;
    const color: RGB = low ? mix(p.sun, p.glow, 0.25) : p.sun;
    disc(ctx, sun.x, sun.y, sun.r, (dx, dy) => {
      void dx;
      void dy;
      return color;
    });
  }
  const moon = layout.moon;
  if (moon) {
    const maria = noiseFor(ctx, "moon");
    // A moon the prompt colours ("a blood moon", "a red moon") is that colour.
    const named = ctx.scene.colors.moon;
    const base = named ? mix(named, [255, 250, 235], 0.15) : mix(p.sun, [255, 250, 235], 0.5);
    const shade: RGB = mix(base, [150, 160, 185], 0.45);
    disc(ctx, moon.x, moon.y, moon.r, (dx, dy) => {
      const n = fbm(maria, dx * 2.2 + 3, dy * 2.2, 3);
      const limb = Math.sqrt(Math.max(0, 1 - dx * dx - dy * dy));
      return mix(mix(base, shade, Math.max(0, n * 1.6)), shade, (1 - limb) * 0.35);
    });
  }
}

function disc(
  ctx: RenderContext,
  cx: number,
  cy: number,
  radius: number,
  colorAt: (dx: number, dy: number) => RGB,
): void {
  const { data, width } = ctx;
  const { x0, x1, y0, y1 } = skyBox(ctx, cx, cy, radius + 2);
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const dx = (x + 0.5 - cx) / radius;
      const dy = (y + 0.5 - cy) / radius;
      const d = Math.sqrt(dx * dx + dy * dy);
      const a = Math.min(1, Math.max(0, (1 - d) * radius * 0.9 + 0.5));
      if (a <= 0) continue;
      const c = colorAt(dx, dy);
      blend(data, (y * width + x) * 4, c[0], c[1], c[2], a);
    }
  }
}
