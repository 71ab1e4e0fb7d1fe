/** Small helpers shared by the style renderers. */
import { mixRasters, type Raster } from "../raster";
import { fromPlanes, type Planes } from "./filters";

/**
 * The styled planes as a raster, crossfaded with the input by `mix` (1 = styled only). Styles
 * scale their own parameters by strength first and use this only for the remaining fade.
 */
export function finish(input: Raster, styled: Planes, mix = 1): Raster {
  const out = fromPlanes(styled, input);
  return mix >= 1 ? out : mixRasters(input, out, mix);
}

/** Ease for strength → crossfade: reaches 1 at `full` so the upper range changes parameters only. */
export function fadeIn(strength: number, full = 0.5): number {
  return Math.min(1, strength / full);
}
