/**
 * For prompts the scene reader does not understand ("the feeling of Tuesday"): an abstract
 * composition from the prompt's colours (or a palette hashed from its words), its mood and the
 * seed — a domain-warped colour field with flowing lines, translucent discs or layered waves.
 */
import { createRaster, type Raster } from "../raster";
import { createNoise2D, fbm, hashString, type Random } from "../random";
import { drawWithCanvas } from "./canvas";
import { css, hsl, lum, mix, saturate, type RGB } from "./colors";
import { createContext, lowResField } from "./context";
import type { Scene } from "./types";

export function abstractPalette(scene: Scene): RGB[] {
  const named = [...scene.palette, ...Object.values(scene.colors)].filter((c): c is RGB => c !== undefined);
  let colors: RGB[];
  if (named.length >= 2) colors = named.slice(0, 5);
  else {
    const h = hashString(scene.prompt.trim().toLowerCase());
    const hue = (h & 0xffff) / 0x10000;
    const scheme = (h >>> 16) % 3;
    const offsets =
      scheme === 0
        ? [0, 0.06, 0.12, 0.5, 0.56]
        : scheme === 1
          ? [0, 0.33, 0.66, 0.08, 0.41]
          : [0, 0.08, 0.9, 0.55, 0.16];
    const base = named[0];
    colors = offsets.map((o, k) => hsl(hue + o, 0.55 + 0.1 * (k % 2), 0.35 + 0.12 * k));
    if (base) colors[0] = base;
  }
  // Mood shapes the palette: darker, paler, greyer or brighter.
  const m = scene.mood;
  return colors.map((c) => {
    if (m === "dark" || m === "mysterious") return saturate(mix(c, [10, 12, 30], 0.4), 0.9);
    if (m === "gloomy") return saturate(mix(c, [90, 95, 110], 0.35), 0.5);
    if (m === "dreamy" || m === "calm" || m === "serene") return mix(c, [245, 232, 245], 0.3);
    if (m === "cheerful") return saturate(c, 1.25);
    return c;
  });
}

export function renderAbstract(
  scene: Scene,
  options: { width: number; height: number; random: Random; onProgress?: (fraction: number, stage: string) => void },
): Raster {
  const { width, height, random } = options;
  const progress = options.onProgress ?? (() => {});
  const raster = createRaster(width, height);
  const ctx = createContext(scene, width, height, random, raster.data);
  const colors = abstractPalette(scene);
  // Sort by brightness so the field runs from shadow to light.
  const ramp = [...colors].sort((a, b) => lum(a) - lum(b));
  const noise = createNoise2D(random.fork("abstract-field"));
  const warp = createNoise2D(random.fork("abstract-warp"));
  const r = random.fork("abstract-layout");
  const span = ctx.span;
  const inv = 1 / span;
  const freq = r.range(1.2, 2.4);
  const bands = r.range(1.5, 4);
  const angle = r.range(0, Math.PI);
  const ca = Math.cos(angle);
  const sa = Math.sin(angle);

  progress(0.1, "Mixing the colours");
  const step = Math.max(2, Math.round(2 * ctx.unit));
  const field = lowResField(width, height, step, (x, y) => {
    const u = x * inv * freq;
    const v = y * inv * freq;
    const wx = fbm(warp, u, v, 4) * 1.4;
    const wy = fbm(warp, u + 5.2, v + 1.3, 4) * 1.4;
    const n = fbm(noise, u + wx, v + wy, 5);
    const grad = (x * inv * ca + y * inv * sa) * 0.8;
    // Soft marbling: a slow sine over the warped value gives flowing bands.
    return 0.5 + 0.5 * Math.sin((n * bands + grad) * Math.PI);
  });
  const data = raster.data;
  const last = ramp.length - 1;
  for (let k = 0; k < width * height; k++) {
    const t = Math.min(0.9999, Math.max(0, field[k]!)) * last;
    const a = Math.floor(t);
    const f = t - a;
    const ca0 = ramp[a]!;
    const cb0 = ramp[Math.min(last, a + 1)]!;
    const s = f * f * (3 - 2 * f);
    const i = k * 4;
    data[i] = ca0[0] + (cb0[0] - ca0[0]) * s;
    data[i + 1] = ca0[1] + (cb0[1] - ca0[1]) * s;
    data[i + 2] = ca0[2] + (cb0[2] - ca0[2]) * s;
    data[i + 3] = 255;
  }

  progress(0.5, "Drawing the shapes");
  const variant = r.int(0, 2);
  drawWithCanvas(ctx, (g) => {
    if (variant === 0) {
      // Flow lines following the noise's direction field.
      const lines = Math.round(450 * ctx.unit * ctx.unit + 150);
      g.lineCap = "round";
      for (let l = 0; l < lines; l++) {
        let x = r.next() * width;
        let y = r.next() * height;
        const c = r.pick(colors);
        g.strokeStyle = css(mix(c, [255, 255, 255], r.range(0, 0.4)), r.range(0.15, 0.5));
        g.lineWidth = r.range(0.6, 3.5) * ctx.unit;
        g.beginPath();
        g.moveTo(x, y);
        const steps = r.int(20, 80);
        for (let k = 0; k < steps; k++) {
          const a = fbm(noise, x * inv * freq * 1.3, y * inv * freq * 1.3, 3) * Math.PI * 2.5 + angle;
          x += Math.cos(a) * 5 * ctx.unit;
          y += Math.sin(a) * 5 * ctx.unit;
          g.lineTo(x, y);
        }
        g.stroke();
      }
    } else if (variant === 1) {
      // Translucent discs and arcs, large to small.
      const discs = r.int(7, 14);
      for (let d = 0; d < discs; d++) {
        const rad = span * r.range(0.04, 0.32) * (1 - d / (discs * 1.4));
        const x = r.range(0.1, 0.9) * width;
        const y = r.range(0.1, 0.9) * height;
        const c = r.pick(colors);
        const gradient = g.createRadialGradient(x - rad * 0.3, y - rad * 0.3, rad * 0.1, x, y, rad);
        gradient.addColorStop(0, css(mix(c, [255, 255, 255], 0.35), 0.7));
        gradient.addColorStop(1, css(c, 0.25));
        g.fillStyle = gradient;
        g.beginPath();
        g.arc(x, y, rad, 0, Math.PI * 2);
        g.fill();
        if (r.chance(0.6)) {
          g.strokeStyle = css(mix(r.pick(colors), [255, 255, 255], 0.5), 0.6);
          g.lineWidth = r.range(1, 4) * ctx.unit;
          g.beginPath();
          const a0 = r.range(0, Math.PI * 2);
          g.arc(x, y, rad * r.range(1.1, 1.4), a0, a0 + r.range(1, 4));
          g.stroke();
        }
      }
    } else {
      // Layered translucent waves, an abstract horizon.
      const layers = r.int(5, 8);
      for (let l = 0; l < layers; l++) {
        const base = height * (0.3 + (0.7 * l) / layers);
        const amp = height * r.range(0.03, 0.1);
        const f = r.range(2, 6);
        const ph = r.range(0, 10);
        const c = ramp[Math.min(last, Math.floor((l / layers) * ramp.length))]!;
        const gradient = g.createLinearGradient(0, base - amp, 0, height);
        gradient.addColorStop(0, css(mix(c, [255, 255, 255], 0.2), 0.75));
        gradient.addColorStop(1, css(mix(c, [0, 0, 0], 0.3), 0.9));
        g.fillStyle = gradient;
        g.beginPath();
        g.moveTo(0, height);
        for (let x = 0; x <= width; x += 6) {
          const u = x / width;
          g.lineTo(x, base + Math.sin(u * f + ph) * amp + fbm(noise, u * 3 + l, l, 3) * amp);
        }
        g.lineTo(width, height);
        g.closePath();
        g.fill();
      }
    }
  });
  progress(0.9, "Finishing");
  // Grain and a soft vignette keep the flat colour from looking digital.
  let seed = (r.next() * 4294967296) >>> 0;
  const cx = width / 2;
  const cy = height / 2;
  const invR = 1 / (cx * cx + cy * cy);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      const n = ((seed >>> 24) / 255 - 0.5) * 2;
      const d = ((x - cx) * (x - cx) + (y - cy) * (y - cy)) * invR;
      const v = 1 - 0.15 * d * d;
      const i = (y * width + x) * 4;
      data[i] = (data[i]! + n) * v;
      data[i + 1] = (data[i + 1]! + n) * v;
      data[i + 2] = (data[i + 2]! + n) * v;
    }
  }
  progress(1, "Done");
  return raster;
}
