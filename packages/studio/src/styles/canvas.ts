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
