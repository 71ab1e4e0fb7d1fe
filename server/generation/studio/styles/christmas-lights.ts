import type { Raster } from "../raster";
import type { StyleContext } from "./types";
import { natural } from "./natural";

export function christmasLights(input: Raster, ctx: StyleContext): Raster {
  return natural(input, ctx);
}
