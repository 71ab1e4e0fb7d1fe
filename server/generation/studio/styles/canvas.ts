/** Moving pixels between float planes and @napi-rs/canvas, for styles that draw shapes. */
import { createCanvas, type Canvas, type SKRSContext2D } from "@napi-rs/canvas";
import type { Planes } from "./filters";

export function planesToCanvas(p: Planes): { canvas: Canvas; ctx: SKRSContext2D } {
  const canvas = createCanvas(p.width, p.height);
  const ctx = canvas.getContext("2d");
  const img = ctx.createImageData(p.width, p.height);
  const d = img.data;
  for (let i = 0, j = 0; i < p.r.length; i++, j += 4) {
    d[j] = p.r[i]! * 255 + 0.5;
    d[j + 1] = p.g[i]! * 255 + 0.5;
    d[j + 2] = p.b[i]! * 255 + 0.5;
    d[j + 3] = 255;
  }
  ctx.putImageData(img, 0, 0);
  return { canvas, ctx };
}

/** Read an opaque canvas back into planes (in place when `into` is given). */
export function canvasToPlanes(ctx: SKRSContext2D, width: number, height: number, into?: Planes): Planes {
  const d = ctx.getImageData(0, 0, width, height).data;
  const n = width * height;
  const out = into ?? { width, height, r: new Float32Array(n), g: new Float32Array(n), b: new Float32Array(n) };
  const k = 1 / 255;
  for (let i = 0, j = 0; i < n; i++, j += 4) {
    out.r[i] = d[j]! * k;
    out.g[i] = d[j + 1]! * k;
    out.b[i] = d[j + 2]! * k;
  }
  return out;
}

/** A transparent canvas of a layer to draw on, and its coverage (alpha 0..1) read back. */
export function layerCanvas(width: number, height: number): { canvas: Canvas; ctx: SKRSContext2D } {
  const canvas = createCanvas(width, height);
  return { canvas, ctx: canvas.getContext("2d") };
}

/**
 * Composite a transparent canvas layer over planes ("normal" or "screen"), reading the layer's
 * straight-alpha pixels.
 */
export function compositeLayer(p: Planes, ctx: SKRSContext2D, mode: "normal" | "screen" = "normal", opacity = 1): void {
  const { width, height } = p;
  const d = ctx.getImageData(0, 0, width, height).data;
  const n = width * height;
  const k = 1 / 255;
  for (let i = 0, j = 0; i < n; i++, j += 4) {
    const a = d[j + 3]! * k * opacity;
    if (a <= 0) continue;
    const lr = d[j]! * k;
    const lg = d[j + 1]! * k;
    const lb = d[j + 2]! * k;
    const r = p.r[i]!;
    const g = p.g[i]!;
    const b = p.b[i]!;
    if (mode === "normal") {
      p.r[i] = r + (lr - r) * a;
      p.g[i] = g + (lg - g) * a;
      p.b[i] = b + (lb - b) * a;
    } else {
      p.r[i] = r + (1 - r) * lr * a;
      p.g[i] = g + (1 - g) * lg * a;
      p.b[i] = b + (1 - b) * lb * a;
    }
  }
}
