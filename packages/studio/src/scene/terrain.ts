/**
 * Land: mountain ranges (ridged noise profiles, lit faces, snow caps, atmospheric perspective),
 * rolling hills, desert dunes and the ground plane. Every profile is a per-column top row; the
 * pixel loops only walk the rows a layer actually shows.
 */
import { fbm, type Noise2D } from "../random";
import { mix, scale, smoothstep, type RGB } from "./colors";
import { lowResField, noiseFor, type RenderContext } from "./context";
import { hazeAt } from "./palette";

function ridged1D(noise: Noise2D, u: number, row: number, octaves: number): number {
  let sum = 0;
  let amp = 1;
  let freq = 1;
  let norm = 0;
  for (let o = 0; o < octaves; o++) {
    const n = 1 - Math.abs(noise(u * freq, row + o * 3.7));
    sum += n * n * amp;
    norm += amp;
    amp *= 0.5;
    freq *= 2.1;
  }
  return sum / norm;
}

function boxBlur(src: Float32Array, radius: number): Float32Array {
  const n = src.length;
  const out = new Float32Array(n);
  const r = Math.max(1, Math.round(radius));
  let acc = 0;
  for (let i = -r; i <= r; i++) acc += src[Math.min(n - 1, Math.max(0, i))]!;
  for (let i = 0; i < n; i++) {
    out[i] = acc / (2 * r + 1);
    acc += src[Math.min(n - 1, i + r + 1)]! - src[Math.max(0, i - r)]!;
  }
  return out;
}

/** Per-column slope of a profile (rows per pixel; negative where the ground rises to the right). */
function slopeOf(profile: Float32Array): Float32Array {
  const n = profile.length;
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) out[i] = (profile[Math.min(n - 1, i + 1)]! - profile[Math.max(0, i - 1)]!) * 0.5;
  return out;
}

/** Profiles first (front layers hide back ones, so each layer stops where a nearer one starts). */
export function paintMountains(ctx: RenderContext): void {
  const { width, data, layout, palette: p, span, unit, scene } = ctx;
  const r = ctx.random.fork("mountains");
  const noise = noiseFor(ctx, "mountain-profile");
  const detail = noiseFor(ctx, "mountain-detail");
  const horizon = layout.horizon;
  const H = layout.mountainHeight;
  const count = 3;
  const inv = 1 / span;
  const tops: Float32Array[] = [];
  const heights: number[] = [];
  for (let l = 0; l < count; l++) {
    const h = H * [1, 0.72, 0.46][l]!;
    heights.push(h);
    const top = new Float32Array(width);
    // A few big masses give the range its silhouette; ridged noise gives peaks and notches.
    const bumps = Array.from({ length: r.int(2, 3) }, () => ({
      c: r.range(-0.1, 1.1),
      w: r.range(0.14, 0.32),
      h: r.range(0.55, 1),
    }));
    const offset = r.range(0, 1000);
    const base = horizon + (l === count - 1 ? 4 * unit : 0);
    for (let x = 0; x < width; x++) {
      const u = x / width;
      let env = 0.22;
      for (const b of bumps) env += b.h * Math.exp(-((u - b.c) * (u - b.c)) / (b.w * b.w));
      env = Math.min(1.1, env);
      const ridge = ridged1D(noise, x * inv * (2.6 + l) + offset, l * 11, 5);
      top[x] = base - h * env * (0.5 + 0.55 * ridge);
    }
    tops.push(top);
  }
  // Snow reaches further down the farthest, tallest range.
  const snowy = scene.snowy || scene.weather === "snow";
  const light = p.light;
  for (let l = 0; l < count; l++) {
    const top = tops[l]!;
    const h = heights[l]!;
    const depth = 1 - l / (count - 1);
    const haze = hazeAt(p, 0.25 + 0.45 * depth) * (0.25 + 0.6 * depth) + (p.night ? 0.05 : 0);
    const fine = slopeOf(boxBlur(top, 4 * unit));
    const smoothTop = boxBlur(boxBlur(top, 22 * unit), 22 * unit);
    const broad = slopeOf(smoothTop);
    const occluder = new Float32Array(width).fill(1e9);
    for (let m = l + 1; m < count; m++)
      for (let x = 0; x < width; x++) occluder[x] = Math.min(occluder[x]!, tops[m]![x]!);
    const rockLit: RGB = scale(
      mix(
        p.mountain,
        [(p.mountain[0] * light[0]) / 200, (p.mountain[1] * light[1]) / 200, (p.mountain[2] * light[2]) / 200],
        0.7,
      ),
      1.1,
    );
    const rockShadow: RGB = mix(scale(p.mountain, 0.45), p.shadow, 0.45);
    const snowLit: RGB = mix(p.snow, mix(light, [255, 255, 255], 0.35), p.night ? 0.1 : 0.45);
    const snowShadow: RGB = mix(scale(p.snow, 0.62), mix(p.shadow, p.skyMid, 0.5), 0.5);
    const hz = p.haze;
    const bottomLimit = horizon + 6 * unit;
    const snowOffset = r.range(0, 100);
    const fx = 7 + l * 3;
    const fy = fx * 0.6;
    const baseRow = horizon;
    for (let x = 0; x < width; x++) {
      const t0 = top[x]!;
      const yStart = Math.max(0, Math.floor(t0));
      const yEnd = Math.min(ctx.height - 1, Math.ceil(Math.min(bottomLimit, occluder[x]! + 1)));
      const u = x * inv;
      // Snow line: an altitude (fraction of this range's height) that wanders along the range.
      const snowLine = (l === 0 ? 0.42 : 0.55) + 0.12 * detail(u * 2.5 + snowOffset, l);
      const sFine = fine[x]!;
      const sBroad = broad[x]!;
      for (let y = yStart; y <= yEnd; y++) {
        const below = y + 0.5 - t0;
        if (below < -0.5) continue;
        const coverage = Math.min(1, below + 0.5);
        const v = y * inv;
        // Gullies and spurs run down the slope: noise stretched vertically, ridged.
        const n1 = detail(u * fx, v * fy);
        const n2 = detail(u * fx + 0.02 * fx, v * fy);
        const n3 = detail(u * fx * 2.3 + 50, v * fy * 2.3);
        const ridge = 1 - Math.abs(n1);
        const micro = (Math.abs(n1) - Math.abs(n2)) * 6 + n3 * 0.25;
        const dt = Math.min(1, below / (h * 0.12));
        const slope = sFine + (sBroad - sFine) * dt;
        // slope > 0: the ridge drops to the right, so the face looks right, toward lightX = 1.
        const facing = slope * layout.lightX;
        const shade = Math.min(1, Math.max(0, 0.5 + Math.tanh(facing * 4 - micro * layout.lightX * 0.8) * 0.5));
        let cr = rockShadow[0] + (rockLit[0] - rockShadow[0]) * shade;
        let cg = rockShadow[1] + (rockLit[1] - rockShadow[1]) * shade;
        let cb = rockShadow[2] + (rockLit[2] - rockShadow[2]) * shade;
        // Rock darkens in the creases.
        const crease = 0.82 + 0.18 * ridge;
        cr *= crease;
        cg *= crease;
        cb *= crease;
        if (snowy) {
          const altitude = (baseRow - y) / h;
          // Snow clings to spurs and fills gullies a little lower down; the lit side melts first.
          const level = snowLine - (ridge - 0.6) * 0.35 + (shade - 0.5) * 0.08;
          const s = smoothstep(level - 0.02, level + 0.02, altitude);
          if (s > 0) {
            const sr = snowShadow[0] + (snowLit[0] - snowShadow[0]) * shade;
            const sg = snowShadow[1] + (snowLit[1] - snowShadow[1]) * shade;
            const sb = snowShadow[2] + (snowLit[2] - snowShadow[2]) * shade;
            cr += (sr - cr) * s;
            cg += (sg - cg) * s;
            cb += (sb - cb) * s;
          }
        }
        // Distance and valley mist fade the range toward the sky's colour.
        // Measured from the smoothed ridge: the jagged one would streak the mist column by column.
        const st = Math.min(t0, smoothTop[x]!);
        const mist = smoothstep(0.45, 1, (y - st) / Math.max(1, horizon - st)) * (0.2 + 0.35 * p.hazeAmount);
        const k = Math.min(1, haze + mist * (1 - haze));
        cr += (hz[0] - cr) * k;
        cg += (hz[1] - cg) * k;
        cb += (hz[2] - cb) * k;
        const i = (y * width + x) * 4;
        data[i] = data[i]! + (cr - data[i]!) * coverage;
        data[i + 1] = data[i + 1]! + (cg - data[i + 1]!) * coverage;
        data[i + 2] = data[i + 2]! + (cb - data[i + 2]!) * coverage;
      }
    }
  }
}

function groundColor(ctx: RenderContext): RGB {
  const p = ctx.palette;
  switch (ctx.layout.ground) {
    case "snow":
      return p.snow;
    case "sand":
      return p.sand;
    case "street":
      return mix(p.building, [50, 52, 60], 0.6);
    default:
      return p.grass;
  }
}

/** The ground plane from the horizon down: hazy far away, richer and patchier up close. */
export function paintGround(ctx: RenderContext): void {
  const { width, height, data, layout, palette: p, span } = ctx;
  const noise = noiseFor(ctx, "ground");
  const horizon = layout.horizon;
  const base = groundColor(ctx);
  const dark = mix(scale(base, 0.55), p.shadow, 0.3);
  const inv = 1 / span;
  const rows = height - horizon;
  const texture = lowResField(
    width,
    rows,
    Math.max(2, Math.round(2 * ctx.unit)),
    (x, yy) => {
      const t = yy / Math.max(1, rows);
      // Perspective: patches squash toward the horizon.
      return fbm(noise, x * inv * 4 * (0.4 + t), 0.6 / (t + 0.08) + (yy + horizon) * inv, 3);
    },
    rows,
  );
  for (let y = horizon; y < height; y++) {
    const t = (y - horizon) / Math.max(1, height - horizon);
    const haze = hazeAt(p, 1 - t) * 0.8;
    for (let x = 0; x < width; x++) {
      const n = texture[(y - horizon) * width + x]!;
      const k = Math.min(1, Math.max(0, 0.45 + n * 0.7 + t * 0.2));
      let cr = dark[0] + (base[0] - dark[0]) * k;
      let cg = dark[1] + (base[1] - dark[1]) * k;
      let cb = dark[2] + (base[2] - dark[2]) * k;
      cr += (p.haze[0] - cr) * haze;
      cg += (p.haze[1] - cg) * haze;
      cb += (p.haze[2] - cb) * haze;
      const i = (y * width + x) * 4;
      data[i] = cr;
      data[i + 1] = cg;
      data[i + 2] = cb;
      data[i + 3] = 255;
    }
  }
}

/** Rolling hills: soft profiles layered from the horizon forward, rim-lit on top, darker below. */
export function paintHills(
  ctx: RenderContext,
  layers: number,
  snowy: boolean,
  maxRise: number,
  frontLimit: number,
): void {
  const { width, data, layout, palette: p, span, unit } = ctx;
  const noise = noiseFor(ctx, "hills");
  const texture = noiseFor(ctx, "hills-texture");
  const r = ctx.random.fork("hills-shape");
  const horizon = layout.horizon;
  const base: RGB = snowy ? p.snow : p.grass;
  const inv = 1 / span;
  for (let l = 0; l < layers; l++) {
    const depth = layers === 1 ? 0.6 : 1 - l / (layers - 1);
    const rise = maxRise * (0.55 + 0.45 * depth);
    const baseRow = horizon + (frontLimit - horizon) * (1 - depth) * 0.55;
    const top = new Float32Array(width);
    const offset = r.range(0, 100);
    const freq = r.range(1.2, 2.2);
    for (let x = 0; x < width; x++)
      top[x] = baseRow - rise * (0.5 + 0.5 * fbm(noise, x * inv * freq + offset, l * 5, 3));
    const slope = slopeOf(boxBlur(top, 8 * unit));
    const haze = hazeAt(p, 0.25 + 0.65 * depth) * (0.35 + 0.65 * depth);
    const lit: RGB = mix(base, mix(base, p.light, 0.5), 0.6);
    const shade: RGB = mix(scale(base, 0.55), p.shadow, 0.35);
    for (let x = 0; x < width; x++) {
      const t0 = top[x]!;
      const yEnd = Math.min(ctx.height - 1, Math.ceil(frontLimit));
      const face = Math.tanh(slope[x]! * layout.lightX * 3) * 0.35;
      const u = x * inv;
      for (let y = Math.max(0, Math.floor(t0)); y <= yEnd; y++) {
        const below = y + 0.5 - t0;
        if (below < -0.5) continue;
        const coverage = Math.min(1, below + 0.5);
        const down = Math.min(1, below / (rise * 0.9 + 1));
        const n = texture(u * 9 + l * 20, y * inv * 14);
        const k = Math.min(1, Math.max(0, 0.78 - down * 0.45 + face + n * 0.12));
        let cr = shade[0] + (lit[0] - shade[0]) * k;
        let cg = shade[1] + (lit[1] - shade[1]) * k;
        let cb = shade[2] + (lit[2] - shade[2]) * k;
        const hz = Math.min(1, haze + down * 0.12 * p.hazeAmount);
        cr += (p.haze[0] - cr) * hz;
        cg += (p.haze[1] - cg) * hz;
        cb += (p.haze[2] - cb) * hz;
        const i = (y * width + x) * 4;
        data[i] = data[i]! + (cr - data[i]!) * coverage;
        data[i + 1] = data[i + 1]! + (cg - data[i + 1]!) * coverage;
        data[i + 2] = data[i + 2]! + (cb - data[i + 2]!) * coverage;
      }
    }
  }
}

/** Desert dunes: sharp crests with a bright windward face and a shadowed lee, wind ripples on the sand. */
export function paintDunes(ctx: RenderContext): void {
  const { width, height, data, layout, palette: p, span, unit } = ctx;
  const noise = noiseFor(ctx, "dunes");
  const ripple = noiseFor(ctx, "dunes-ripple");
  const r = ctx.random.fork("dunes-shape");
  const horizon = layout.horizon;
  const inv = 1 / span;
  const layers = 5;
  const sand = p.sand;
  const lit: RGB = mix(sand, mix(sand, p.light, 0.6), 0.5);
  const lee: RGB = mix(scale(sand, 0.58), mix(p.shadow, [150, 70, 40], 0.35), 0.35);
  const tops: Float32Array[] = [];
  const rises: number[] = [];
  for (let l = 0; l < layers; l++) {
    const depth = 1 - l / (layers - 1);
    const baseRow = horizon + (height - horizon) * (l / layers) ** 1.3 * 0.9;
    const rise = (height - horizon) * (0.1 + 0.12 * (1 - depth)) + 12 * unit;
    const offset = r.range(0, 100);
    const freq = r.range(1.6, 2.6) * (1 + depth);
    const top = new Float32Array(width);
    for (let x = 0; x < width; x++) {
      const u = x * inv * freq + offset;
      // A ridged profile gives the knife-edge crest dunes have.
      const n = 1 - Math.abs(fbm(noise, u, l * 9, 2));
      top[x] = baseRow - rise * (0.25 + 0.75 * n * n);
    }
    tops.push(top);
    rises.push(rise);
  }
  for (let l = 0; l < layers; l++) {
    const depth = 1 - l / (layers - 1);
    const top = tops[l]!;
    const rise = rises[l]!;
    const next = tops[l + 1];
    // Crest slopes at three scales: the face just under a crest follows the crest's small
    // turns, further down only its broad shape, and the trough evens out. Each row samples the
    // profile sheared toward the shadow side, so light and shadow meet in curved diagonal
    // edges running down from the crests instead of in vertical stripes.
    const slope = slopeOf(boxBlur(top, 3 * unit));
    const mid = slopeOf(boxBlur(boxBlur(top, 10 * unit), 10 * unit));
    const broad = slopeOf(boxBlur(boxBlur(top, 28 * unit), 28 * unit));
    const haze = hazeAt(p, 0.2 + 0.7 * depth) * (0.25 + 0.75 * depth);
    const shear = -layout.lightX * 0.7;
    for (let x = 0; x < width; x++) {
      const t0 = top[x]!;
      const u = x * inv;
      const yEnd = next ? Math.min(height, Math.ceil(next[x]!) + 1) : height;
      for (let y = Math.max(0, Math.floor(t0)); y < yEnd; y++) {
        const below = y + 0.5 - t0;
        if (below < -0.5) continue;
        const coverage = Math.min(1, below + 0.5);
        const dt = Math.min(1, Math.max(0, below) / (rise * 0.9));
        let sx = Math.round(x + shear * Math.max(0, below));
        sx = sx < 0 ? 0 : sx >= width ? width - 1 : sx;
        const a = Math.min(1, dt * 3);
        const b = Math.max(0, dt * 1.5 - 0.5);
        const sNear = slope[sx]! + (mid[sx]! - slope[sx]!) * a;
        const s = sNear + (broad[sx]! - sNear) * b;
        // Far below a crest the face flattens into the trough: light and shade even out.
        const flat = smoothstep(0.7, 1.9, below / rise);
        const face = Math.tanh(s * layout.lightX * 6) * (1 - 0.55 * dt * dt) * (1 - 0.8 * flat);
        const k = Math.min(1, Math.max(0, 0.55 + face * 0.45 - dt * 0.1));
        const rip = Math.sin(y * inv * 260 + ripple(u * 6, y * inv * 4) * 4) * 0.025 * (1 - depth * 0.8);
        let cr = (lee[0] + (lit[0] - lee[0]) * k) * (1 + rip);
        let cg = (lee[1] + (lit[1] - lee[1]) * k) * (1 + rip);
        let cb = (lee[2] + (lit[2] - lee[2]) * k) * (1 + rip);
        cr += (p.haze[0] - cr) * haze;
        cg += (p.haze[1] - cg) * haze;
        cb += (p.haze[2] - cb) * haze;
        const i = (y * width + x) * 4;
        data[i] = data[i]! + (cr - data[i]!) * coverage;
        data[i + 1] = data[i + 1]! + (cg - data[i + 1]!) * coverage;
        data[i + 2] = data[i + 2]! + (cb - data[i + 2]!) * coverage;
      }
    }
  }
}
