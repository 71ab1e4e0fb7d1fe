/**
 * Shapes (trees, buildings, flowers, flakes) are drawn with a 2D canvas for its anti-aliased
 * paths; per-pixel layers work on the typed array. These helpers move the picture between them,
 * so a render makes only a couple of round trips.
 */
import { createCanvas, type SKRSContext2D } from "@napi-rs/canvas";
import type { RenderContext } from "./context";

export type Graphics = SKRSContext2D;

export function drawWithCanvas(ctx: RenderContext, draw: (g: Graphics) => void): void {
  const canvas = createCanvas(ctx.width, ctx.height);
  const g = canvas.getContext("2d");
  const image = g.createImageData(ctx.width, ctx.height);
  image.data.set(ctx.data);
  g.putImageData(image, 0, 0);
  draw(g);
  ctx.data.set(g.getImageData(0, 0, ctx.width, ctx.height).data);
}
