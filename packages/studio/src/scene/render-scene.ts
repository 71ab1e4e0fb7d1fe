/**
 * Paints a Scene back to front: sky, lights in the sky, clouds, mountains, land, things on the
 * far shore, water (which mirrors all of those), the foreground, weather, fog and the grade.
 * Prompts with no recognised subject go to the abstract painter instead.
 */
import { createRaster, type Raster } from "../raster";
import type { Random } from "../random";
import { renderAbstract } from "./abstract";
import { drawWithCanvas, type Graphics } from "./canvas";
import { renderCave } from "./cave";
import { renderStreet } from "./street";
import { renderUnderwater } from "./underwater";
import { renderInVessel } from "./vessel";
import { castleBase, drawCastle, drawCity, drawIsland, drawRainbow, drawVillage } from "./city";
import { css, mix, scale } from "./colors";
import { createContext, LAND_SUBJECTS, type RenderContext } from "./context";
import { grade, paintFog } from "./finish";
import { drawHarbourTown, drawQuay } from "./harbour";
import { renderInterior } from "./interior";
import { drawLunarDetails, lunarScene, moonlit } from "./lunar";
import { drawWorldDetails, worldLight, worldScene } from "./worlds";
import { drawLightning, drawRain, drawSnowfall } from "./particles";
import { paintAurora, paintDiscs, paintGalaxy, paintSky, paintStars } from "./sky";
import { paintClouds } from "./clouds";
import { paintDunes, paintGround, paintHills, paintMountains } from "./terrain";
import { hasSubject, type RGB, type Scene, type SubjectKind } from "./types";
import { drawForest, drawMeadow, drawTree, treeStyle } from "./vegetation";
import { drawThings } from "../subjects/draw-things";
import { horizonWater, paintWater, riverArea } from "./water";

export type { Scene } from "./types";

export interface RenderOptions {
  width: number;
  height: number;
  random: Random;
  onProgress?: (fraction: number, stage: string) => void;
}

export function renderScene(prompted: Scene, options: RenderOptions): Raster {
  if (!prompted.understood) return renderAbstract(prompted, options);
  if (prompted.vessel) return renderInVessel(prompted, options, renderScene);
  if (prompted.indoor) return renderInterior(prompted, options);
  if (prompted.underwater) return renderUnderwater(prompted, options);
  if (prompted.street) return renderStreet(prompted, options);
  if (prompted.cave) return renderCave(prompted, options);
  const scene = prompted.lunar ? lunarScene(prompted) : prompted.world ? worldScene(prompted) : prompted;
  const { width, height, random } = options;
  const progress = options.onProgress ?? (() => {});
  const raster = createRaster(width, height);
  const ctx = createContext(scene, width, height, random, raster.data);
  const s = (...kinds: SubjectKind[]) => hasSubject(scene, ...kinds);
  if (scene.lunar) moonlit(ctx);
  if (scene.world) worldLight(ctx);
  const { palette: p, layout } = ctx;
  const darkSky = p.time === "night" || p.time === "dusk";

  progress(0.05, "Painting the sky");
  paintSky(ctx);
  const starAmount = s("stars", "galaxy") && darkSky ? 1 : p.stars * 0.7;
  if (starAmount > 0.02) paintStars(ctx, starAmount);
  if (s("galaxy") && darkSky) paintGalaxy(ctx);
  if (s("aurora") && darkSky) paintAurora(ctx);
  paintDiscs(ctx);
  // Clear night skies the prompt filled with stars keep clouds to a wisp.
  const cover =
    darkSky && !s("clouds") && scene.weather === "clear"
      ? p.cloudCover * (s("galaxy", "aurora", "stars") ? 0.25 : 0.6)
      : p.cloudCover;
  progress(0.2, "Gathering the clouds");
  // No air on the moon: no clouds.
  if (!scene.lunar) paintClouds(ctx, cover);

  progress(0.35, s("mountains") ? "Raising the mountains" : "Shaping the land");
  paintGround(ctx);
  if (s("mountains")) paintMountains(ctx);
  const onlySky = !s(...LAND_SUBJECTS);
  if (s("desert")) paintDunes(ctx);
  else if (layout.water) {
    if (s("hills") || (!s("mountains") && layout.water === "lake"))
      paintHills(ctx, 2, scene.snowy, height * 0.07, layout.horizon + 1);
  } else if (onlySky) paintHills(ctx, 2, scene.snowy, height * 0.06, height);
  else if (!s("city") || s("hills", "meadow", "flowers", "village")) {
    paintHills(ctx, s("hills") ? 4 : 3, scene.snowy, (height - layout.horizon) * (s("hills") ? 0.35 : 0.18), height);
  }

  progress(0.5, s("city") ? "Building the city" : s("forest", "trees") ? "Planting the trees" : "Placing the horizon");
  drawWithCanvas(ctx, (g) => {
    if (scene.lunar) drawLunarDetails(g, ctx);
    if (scene.world) drawWorldDetails(g, ctx);
    if (s("rainbow")) drawRainbow(g, ctx);
    drawFarShore(g, ctx);
  });

  if (layout.water) {
    progress(0.62, layout.water === "sea" ? "Rolling in the sea" : "Filling the lake");
    paintWater(ctx, horizonWater(ctx));
  }
  if (s("river")) {
    progress(0.66, "Winding the river");
    paintWater(ctx, riverArea(ctx));
  }
  if (layout.ground === "street" && !layout.water && (scene.weather === "rain" || scene.weather === "storm")) {
    // Wet streets mirror the lit city, broken up like puddles.
    const mask = new Float32Array(width * height);
    for (let y = layout.horizon + 1; y < height; y++) mask.fill(0.75, y * width, (y + 1) * width);
    paintWater(ctx, {
      mask,
      top: layout.horizon,
      mirror: layout.horizon,
      roughness: 0.9,
      tint: scale(p.building, 0.4),
    });
  }

  progress(0.75, "Adding the foreground");
  drawWithCanvas(ctx, (g) => {
    drawForeground(g, ctx);
    if (scene.road && !layout.water) drawRoad(g, ctx, scene.road);
    if (scene.harbour && layout.water) drawQuay(g, ctx);
    // Lightning strikes behind what the prompt names; rain and snow fall in front of it.
    if (scene.weather === "storm") drawLightning(g, ctx);
    if (scene.things.length > 0) drawThings(g, ctx);
    if (scene.weather === "snow" || (scene.christmas && scene.weather === "clear"))
      drawSnowfall(g, ctx, scene.weather === "snow" ? 1 : 0.45);
    if (scene.weather === "rain" || scene.weather === "storm") drawRain(g, ctx, scene.weather === "storm");
  });

  progress(0.9, "Letting the light settle");
  // How much fog is the weather's and the mood's (finish.ts): none on a clear day.
  paintFog(ctx);
  grade(ctx);
  progress(1, "Done");
  return raster;
}

/** Things standing on the horizon, drawn before the water so the water reflects them. */
function drawFarShore(g: Graphics, ctx: RenderContext): void {
  const { scene, layout, height, unit } = ctx;
  const s = (...kinds: SubjectKind[]) => hasSubject(scene, ...kinds);
  const horizon = layout.horizon;
  const fog = scene.weather === "fog" ? 0.45 : 0;
  if (s("castle")) drawCastle(g, ctx, castleBase(ctx));
  if (s("city")) drawCity(g, ctx, horizon + 2 * unit);
  if (scene.harbour && layout.water) drawHarbourTown(g, ctx);
  if (layout.water) {
    if (s("island")) drawIsland(g, ctx);
    // A dark line of trees on the far shore anchors mountains to the water.
    if (layout.water === "lake" || s("forest")) {
      drawForest(g, ctx, {
        far: horizon + 2,
        near: horizon + 3,
        rows: 2,
        minHeight: 9 * unit,
        maxHeight: (s("forest") ? 30 : 16) * unit,
        kind:
          scene.treeKind === "palm"
            ? "broadleaf"
            : scene.treeKind === "broadleaf" && !s("trees")
              ? "conifer"
              : scene.treeKind,
        fog,
        fill: true,
        label: "far-shore",
      });
    }
    return;
  }
  if (s("forest")) {
    const near = horizon + (height - horizon) * (s("flowers", "meadow", "village") ? 0.35 : 0.75);
    drawForest(g, ctx, {
      far: horizon + 2,
      near,
      rows: 6,
      minHeight: 14 * unit,
      maxHeight: (height - horizon) * 0.9,
      kind: scene.treeKind,
      fog,
      fill: true,
      label: "forest",
    });
  } else if (s("trees") && !s("village")) {
    const r = ctx.random.fork("scattered-trees");
    const count = r.int(3, 7);
    for (let k = 0; k < count; k++) {
      const t = r.next();
      const base = horizon + (height - horizon) * (0.05 + 0.6 * t);
      drawTree(scene.treeKind, g, r.next() * ctx.width, base, (30 + 260 * t * t) * unit, treeStyle(ctx, 1 - t), r);
    }
  } else if (s("mountains") && !s("desert", "city") && !scene.snowy) {
    drawForest(g, ctx, {
      far: horizon + 1,
      near: horizon + (height - horizon) * 0.18,
      rows: 3,
      minHeight: 6 * unit,
      maxHeight: 24 * unit,
      kind: "conifer",
      fog,
      fill: true,
      label: "valley-trees",
    });
  }
}

function drawForeground(g: Graphics, ctx: RenderContext): void {
  const { scene, layout, width, height, palette: p, unit } = ctx;
  const s = (...kinds: SubjectKind[]) => hasSubject(scene, ...kinds);
  let top = layout.horizon;
  if (layout.water) {
    let shoreTop = height;
    for (let x = 0; x < width; x++) shoreTop = Math.min(shoreTop, layout.shore[x]!);
    if (shoreTop >= height) {
      if (s("trees", "forest") || scene.christmas) framingTrees(g, ctx);
      return;
    }
    top = shoreTop;
    const ground = s("beach") || layout.ground === "sand" ? p.sand : scene.snowy ? p.snow : p.grass;
    const gradient = g.createLinearGradient(0, shoreTop, 0, height);
    gradient.addColorStop(0, css(mix(ground, p.haze, 0.15)));
    gradient.addColorStop(1, css(mix(scale(ground, 0.6), p.shadow, 0.2)));
    g.fillStyle = gradient;
    g.beginPath();
    g.moveTo(0, height);
    for (let x = 0; x <= width; x += 4) g.lineTo(x, layout.shore[Math.min(width - 1, x)]!);
    g.lineTo(width, height);
    g.closePath();
    g.fill();
    // Wet dark edge where land meets water.
    g.strokeStyle = css(mix(scale(ground, 0.45), p.water, 0.4), 0.6);
    g.lineWidth = 2.5 * unit;
    g.beginPath();
    for (let x = 0; x <= width; x += 4)
      x === 0 ? g.moveTo(x, layout.shore[0]!) : g.lineTo(x, layout.shore[Math.min(width - 1, x)]!);
    g.stroke();
  }
  if (s("village"))
    drawVillage(
      g,
      ctx,
      layout.water ? top + (height - top) * 0.35 : layout.horizon + (height - layout.horizon) * 0.12,
      height * 0.97,
    );
  const meadow = layout.ground === "meadow" && (s("flowers", "meadow") || (!s("desert", "city") && !layout.water));
  if (meadow || s("flowers")) {
    const meadowTop = s("flowers", "meadow")
      ? top + (height - top) * (layout.water ? 0.1 : 0.05)
      : top + (height - top) * 0.55;
    drawMeadow(g, ctx, meadowTop, s("flowers"));
  }
  if (s("trees") && layout.water) framingTrees(g, ctx);
  if (scene.christmas && !s("village", "forest", "trees", "city")) framingTrees(g, ctx);
}

/**
 * A road or a path from the front of the picture to the horizon, bending a little on its way:
 * asphalt with a dashed centre line, or bare earth; white where snow lies.
 */
function drawRoad(g: Graphics, ctx: RenderContext, kind: "road" | "path"): void {
  const { width, height, layout, palette: p, scene, unit } = ctx;
  const r = ctx.random.fork("road");
  const horizon = layout.horizon;
  const far = width * (0.5 + r.range(-0.14, 0.14));
  const near = width * (0.5 + r.range(-0.08, 0.08));
  const bend = width * r.range(-0.18, 0.18);
  const half = width * (kind === "road" ? 0.3 : 0.12);
  // The road's middle at depth t (0 at the front, 1 at the horizon), and its half-width there.
  const at = (t: number): [number, number, number] => {
    const x = near + (far - near) * t + bend * t * (1 - t) * 2;
    const y = height + (horizon + 1 - height) * t;
    return [x, y, half * (1 - t) ** 1.15 + 0.8 * unit];
  };
  const surface: RGB = scene.snowy ? [226, 230, 238] : kind === "road" ? [88, 88, 94] : [156, 124, 86];
  const lit = mix(scale(surface, 0.45 + 0.55 * p.exposure), p.light, 0.12);
  const gradient = g.createLinearGradient(0, horizon, 0, height);
  gradient.addColorStop(0, css(mix(lit, p.haze, 0.45)));
  gradient.addColorStop(1, css(scale(lit, 0.92)));
  g.fillStyle = gradient;
  g.beginPath();
  const steps = 40;
  for (let k = 0; k <= steps; k++) {
    const [x, y, w] = at(k / steps);
    if (k === 0) g.moveTo(x - w, y);
    else g.lineTo(x - w, y);
  }
  for (let k = steps; k >= 0; k--) {
    const [x, y, w] = at(k / steps);
    g.lineTo(x + w, y);
  }
  g.closePath();
  g.fill();
  // Verges: a darker line where the road meets the ground.
  g.strokeStyle = css(mix(scale(p.grass, 0.5), p.shadow, 0.3), 0.5);
  g.lineWidth = Math.max(1, 2.5 * unit);
  for (const side of [-1, 1]) {
    g.beginPath();
    for (let k = 0; k <= steps; k++) {
      const [x, y, w] = at(k / steps);
      if (k === 0) g.moveTo(x + side * w, y);
      else g.lineTo(x + side * w, y);
    }
    g.stroke();
  }
  if (kind !== "road" || scene.snowy) return;
  // A dashed centre line, its dashes shorter toward the horizon.
  g.strokeStyle = css(mix([240, 226, 160], p.haze, 0.2), 0.85);
  for (let t = 0.02; t < 0.92; t += 0.07 * (1 - t) + 0.01) {
    const [x0, y0, w0] = at(t);
    const [x1, y1] = at(t + 0.035 * (1 - t) + 0.004);
    g.lineWidth = Math.max(0.8, w0 * 0.035);
    g.beginPath();
    g.moveTo(x0, y0);
    g.lineTo(x1, y1);
    g.stroke();
  }
}

/** One or two tall trees at a side, framing the view. */
function framingTrees(g: Graphics, ctx: RenderContext): void {
  const r = ctx.random.fork("framing");
  const { width, height, scene } = ctx;
  const side = -ctx.layout.lightX;
  const n = r.int(1, 3);
  for (let k = 0; k < n; k++) {
    const x = side > 0 ? width - r.range(0, 0.14) * width : r.range(0, 0.14) * width;
    drawTree(
      scene.treeKind,
      g,
      x,
      height + r.range(0, 0.05) * height,
      height * r.range(0.45, 0.75),
      treeStyle(ctx, 0.05),
      r,
    );
  }
}
