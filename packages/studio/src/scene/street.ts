/**
 * A street seen from the pavement's edge (issue 28): the road runs to a vanishing point between
 * two rows of buildings — facades with floors of windows, shop fronts with awnings and signs at
 * street level, pavements with kerbs, street lamps —, a named city's landmark at the street's far
 * end where the art set has one (New York's Statue of Liberty, Tokyo's tower), cars and people on
 * the road in front. At night the windows, shops and lamps are lit; in the rain the wet street
 * mirrors them. For "a street in new york at night with yellow taxis", "a rainy tokyo street with
 * neon signs", "a busy london street with red buses".
 *
 * Drawn in a simple pinhole perspective: the eye 1.6 m above the road at the kerb's line, so
 * near facades tower out of the picture and far ones shrink into the vanishing point.
 */
import type { Random } from "../random";
import { createRaster, type Raster } from "../raster";
import { artSubject } from "../subjects/art-subject";
import { drawThings } from "../subjects/draw-things";
import { drawWithCanvas, type Graphics } from "./canvas";
import { paintClouds } from "./clouds";
import { css, mix, type RGB, scale } from "./colors";
import { createContext, type RenderContext } from "./context";
import { grade, paintFog } from "./finish";
import { drawRain, drawSnowfall } from "./particles";
import type { RenderOptions } from "./render-scene";
import { paintDiscs, paintSky, paintStars } from "./sky";
import type { Scene } from "./types";
import { paintWater } from "./water";

/** Landmarks of the art set, drawn at the street's far end instead of among its things. */
export const LANDMARKS = new Set(["art:1f5fd", "art:1f5fc", "art:26e9", "art:1f3ef", "art:1f5fb"]);

const EYE = 1.6;
/** Half the road's width and the building line's distance from the middle, in metres. */
const KERB = 6;
const FRONTAGE = 10;
const WALLS: RGB[] = [
  [168, 92, 70],
  [196, 170, 140],
  [150, 150, 156],
  [212, 196, 168],
  [120, 100, 92],
  [182, 128, 96],
  [96, 110, 124],
];
const AWNINGS: RGB[] = [
  [176, 40, 46],
  [32, 96, 70],
  [30, 70, 140],
  [210, 160, 40],
  [120, 40, 100],
];
const NEON: RGB[] = [
  [255, 60, 160],
  [60, 220, 255],
  [255, 200, 60],
  [140, 90, 255],
  [80, 255, 140],
];

interface View {
  /** The vanishing point's column and the horizon's row. */
  vx: number;
  y0: number;
  /** Focal length in pixels. */
  f: number;
}

/** Where a point X metres to the side, Y metres up and Z metres ahead is in the picture. */
const project = (v: View, x: number, y: number, z: number): [number, number] => [
  v.vx + (v.f * x) / z,
  v.y0 + (v.f * (EYE - y)) / z,
];

export function renderStreet(scene: Scene, options: RenderOptions): Raster {
  const { width, height, random } = options;
  const progress = options.onProgress ?? (() => {});
  const raster = createRaster(width, height);
  const outdoor = createContext(scene, width, height, random, raster.data);
  const r = random.fork("street");
  const y0 = Math.round(height * r.range(0.5, 0.56));
  const view: View = { vx: width * (0.5 + r.range(-0.06, 0.06)), y0, f: Math.max(width, height) * 0.8 };
  const ctx: RenderContext = {
    ...outdoor,
    layout: {
      ...outdoor.layout,
      horizon: y0,
      water: null,
      shore: new Float32Array(width).fill(height),
      ground: "street",
    },
  };
  const p = ctx.palette;
  const darkSky = p.time === "night" || p.time === "dusk";
  const wet = scene.weather === "rain" || scene.weather === "storm";
  const landmark = scene.things.find((t) => LANDMARKS.has(t.id));
  // The street's own things, without the landmark drawn at its end.
  const onStreet: RenderContext = { ...ctx, scene: { ...scene, things: scene.things.filter((t) => t !== landmark) } };

  progress(0.1, "Painting the sky");
  paintSky(ctx);
  if (darkSky && p.stars > 0.02) paintStars(ctx, p.stars * 0.5);
  paintDiscs(ctx);
  paintClouds(ctx, p.cloudCover);

  progress(0.3, "Building the street");
  drawWithCanvas(ctx, (g) => {
    if (landmark) drawLandmark(g, ctx, view, landmark.id);
    paintRoad(g, ctx, view);
    const low = scene.subjects.includes("village");
    for (const side of [-1, 1] as const) paintFacades(g, ctx, view, side, r.fork(`side${side}`), low);
    paintLamps(g, ctx, view, r.fork("lamps"));
  });

  if (wet) {
    progress(0.55, "Wetting the street");
    // The wet road and pavements mirror the lit street, broken up like puddles.
    const mask = new Float32Array(width * height);
    for (let y = y0 + 1; y < height; y++) mask.fill(0.7, y * width, (y + 1) * width);
    paintWater(ctx, { mask, top: y0, mirror: y0, roughness: 0.85, tint: scale(p.building, 0.35) });
  }

  progress(0.7, "Filling the street");
  drawWithCanvas(onStreet, (g) => {
    if (onStreet.scene.things.length > 0) drawThings(g, onStreet);
    if (scene.weather === "snow") drawSnowfall(g, ctx, 1);
    if (wet) drawRain(g, ctx, scene.weather === "storm");
  });
  progress(0.9, "Letting the light settle");
  paintFog(ctx);
  grade(ctx);
  progress(1, "Done");
  return raster;
}

/** How much of the street is lit from inside: all of it at night, some at dusk or in the rain. */
function lit(ctx: RenderContext): number {
  const t = ctx.palette.time;
  if (t === "night") return 1;
  if (t === "dusk" || t === "sunset") return 0.7;
  return ctx.scene.weather === "rain" || ctx.scene.weather === "storm" ? 0.35 : 0;
}

function quad(g: Graphics, points: [number, number][]): void {
  g.beginPath();
  for (const [k, [x, y]] of points.entries()) {
    if (k === 0) g.moveTo(x, y);
    else g.lineTo(x, y);
  }
  g.closePath();
}

/** The road between the kerbs, a dashed middle line and a zebra crossing; pavements either side. */
function paintRoad(g: Graphics, ctx: RenderContext, v: View): void {
  const { width, height, palette: p, scene } = ctx;
  const near = 0.8;
  const far = 4000;
  const snow = scene.snowy || scene.weather === "snow";
  const asphalt: RGB = snow ? [214, 218, 226] : [70, 72, 78];
  const paving: RGB = snow ? [232, 234, 240] : [150, 146, 140];
  const shade = (c: RGB) => mix(scale(c, 0.4 + 0.6 * p.exposure), p.light, 0.1);
  // Ground to the horizon first: beyond the frontage the pavement's colour, so no sky shows below it.
  g.fillStyle = css(mix(shade(paving), p.haze, 0.3));
  g.fillRect(0, v.y0, width, height - v.y0);
  const road = g.createLinearGradient(0, v.y0, 0, height);
  road.addColorStop(0, css(mix(shade(asphalt), p.haze, 0.5)));
  road.addColorStop(1, css(shade(asphalt)));
  g.fillStyle = road;
  quad(g, [project(v, -KERB, 0, near), project(v, -KERB, 0, far), project(v, KERB, 0, far), project(v, KERB, 0, near)]);
  g.fill();
  // Kerbs: a light edge along each side.
  g.strokeStyle = css(mix(shade(paving), [255, 255, 255], 0.2), 0.9);
  for (const side of [-1, 1]) {
    const [x1, y1] = project(v, side * KERB, 0, near);
    const [x2, y2] = project(v, side * KERB, 0, far);
    g.lineWidth = Math.max(1, 3 * ctx.unit);
    g.beginPath();
    g.moveTo(x1, y1);
    g.lineTo(x2, y2);
    g.stroke();
  }
  if (snow) return;
  // The middle line's dashes, 3 m long every 9 m; a zebra crossing a little way ahead.
  g.fillStyle = css(mix([236, 232, 210], p.haze, 0.2), 0.85);
  for (let z = 4; z < 400; z += 9) {
    quad(g, [project(v, -0.12, 0, z), project(v, -0.12, 0, z + 3), project(v, 0.12, 0, z + 3), project(v, 0.12, 0, z)]);
    g.fill();
  }
  const crossing = 14;
  for (let x = -KERB + 0.4; x < KERB - 0.4; x += 1.1) {
    quad(g, [
      project(v, x, 0, crossing),
      project(v, x, 0, crossing + 3.5),
      project(v, x + 0.55, 0, crossing + 3.5),
      project(v, x + 0.55, 0, crossing),
    ]);
    g.fill();
  }
}

/** One side's row of buildings, far to near so nearer ones cover farther ones. */
function paintFacades(g: Graphics, ctx: RenderContext, v: View, side: -1 | 1, r: Random, low: boolean): void {
  const { palette: p, unit } = ctx;
  const glow = lit(ctx);
  const neon = /\b(neon|cyberpunk|tokyo|shibuya|times square)\b/i.test(ctx.scene.prompt);
  const sunSide = ctx.layout.lightX === side ? 1 : 0.72;
  const buildings: { z0: number; z1: number; h: number; wall: RGB; awning: RGB; setback: number }[] = [];
  for (let z = 2; z < 420; ) {
    const depth = r.range(10, 24);
    const tall = low ? r.range(7, 12) : r.chance(0.25) ? r.range(40, 90) : r.range(14, 34);
    buildings.push({
      z0: z,
      z1: z + depth,
      h: tall,
      wall: r.pick(WALLS),
      awning: r.pick(AWNINGS),
      setback: r.chance(0.2) ? r.range(0.5, 2) : 0,
    });
    z += depth;
  }
  for (const b of buildings.reverse()) {
    const x = side * (FRONTAGE + b.setback);
    const haze = Math.min(0.85, (b.z0 / 420) ** 0.7 * (0.4 + p.hazeAmount));
    const wall = mix(mix(scale(b.wall, (0.35 + 0.65 * p.exposure) * sunSide), p.light, 0.12), p.haze, haze);
    // The facade.
    g.fillStyle = css(wall);
    quad(g, [project(v, x, 0, b.z0), project(v, x, 0, b.z1), project(v, x, b.h, b.z1), project(v, x, b.h, b.z0)]);
    g.fill();
    // Its near end, seen across the gap to the next: a darker side wall back to the next building line.
    g.fillStyle = css(scale(wall, 0.7));
    quad(g, [
      project(v, x, 0, b.z0),
      project(v, x, b.h, b.z0),
      project(v, x + side * 12, b.h, b.z0),
      project(v, x + side * 12, 0, b.z0),
    ]);
    g.fill();
    // A cornice along the roof line.
    g.strokeStyle = css(scale(wall, 0.75));
    g.lineWidth = Math.max(1, (v.f * 0.35) / b.z0);
    g.beginPath();
    g.moveTo(...project(v, x, b.h, b.z0));
    g.lineTo(...project(v, x, b.h, b.z1));
    g.stroke();
    // Floors of windows above the shop: every 3.4 m up, every 2.6 m along.
    const span = (v.f * 1.2) / b.z0;
    if (span > 1.2) {
      for (let y = 4.6; y + 1.6 < b.h; y += 3.4) {
        for (let z = b.z0 + 1; z + 1.4 < b.z1; z += 2.6) {
          const on = r.next() < glow * 0.55;
          const pane = on
            ? mix([255, 206, 120], [255, 240, 200], r.next())
            : mix(scale(p.skyMid, 0.55 + 0.3 * p.exposure), wall, 0.35);
          g.fillStyle = css(mix(pane, p.haze, haze * 0.6));
          quad(g, [
            project(v, x, y, z),
            project(v, x, y, z + 1.3),
            project(v, x, y + 1.7, z + 1.3),
            project(v, x, y + 1.7, z),
          ]);
          g.fill();
        }
      }
    }
    // The shop at street level: a wide window, lit at night, a sign band and a striped awning.
    const s0 = b.z0 + 0.8;
    const s1 = b.z1 - 0.8;
    const shop: RGB =
      glow > 0 ? mix([120, 110, 100], [255, 214, 150], glow) : mix(scale(p.skyMid, 0.5), [60, 60, 66], 0.5);
    g.fillStyle = css(mix(shop, p.haze, haze * 0.6));
    quad(g, [project(v, x, 0.4, s0), project(v, x, 0.4, s1), project(v, x, 3, s1), project(v, x, 3, s0)]);
    g.fill();
    g.fillStyle = css(mix(scale(b.awning, 0.4 + 0.6 * p.exposure + 0.3 * glow), p.haze, haze));
    quad(g, [project(v, x, 3.3, s0), project(v, x, 3.3, s1), project(v, x, 4.1, s1), project(v, x, 4.1, s0)]);
    g.fill();
    // The awning leans out over the pavement.
    g.fillStyle = css(mix(scale(b.awning, 0.55 + 0.45 * p.exposure), p.haze, haze));
    quad(g, [
      project(v, x, 3.1, s0),
      project(v, x, 3.1, s1),
      project(v, x - side * 1.6, 2.6, s1),
      project(v, x - side * 1.6, 2.6, s0),
    ]);
    g.fill();
    // Neon signs stand out from the wall in a city that has them.
    if (neon && r.chance(0.7) && span > 0.6) {
      const colour = r.pick(NEON);
      const z = b.z0 + r.range(1, Math.max(1.5, b.z1 - b.z0 - 2));
      const y1 = r.range(4.5, 7);
      const y2 = y1 + r.range(3, 7);
      g.shadowColor = css(colour, 0.9);
      g.shadowBlur = glow > 0 ? 14 * unit : 0;
      g.fillStyle = css(glow > 0 ? colour : mix(colour, [90, 90, 96], 0.5));
      quad(g, [
        project(v, x, y1, z),
        project(v, x, y2, z),
        project(v, x - side * 1.2, y2, z),
        project(v, x - side * 1.2, y1, z),
      ]);
      g.fill();
      g.shadowBlur = 0;
    }
    // The pavement's edge at the building's foot.
    g.strokeStyle = css(scale(wall, 0.5), 0.6);
    g.lineWidth = Math.max(1, unit);
    g.beginPath();
    g.moveTo(...project(v, x, 0, b.z0));
    g.lineTo(...project(v, x, 0, b.z1));
    g.stroke();
  }
}

/** Street lamps along both kerbs every 25 m; lit, each throws a pool of light on the ground. */
function paintLamps(g: Graphics, ctx: RenderContext, v: View, r: Random): void {
  const { palette: p } = ctx;
  const glow = lit(ctx);
  const offset = r.range(3, 12);
  for (let z = 300 + offset; z >= 3; z -= 25) {
    for (const side of [-1, 1]) {
      const x = side * (KERB + 0.5);
      const [bx, by] = project(v, x, 0, z);
      const [tx, ty] = project(v, x, 6, z);
      const [hx, hy] = project(v, x - side * 1.2, 6, z);
      const thick = Math.max(0.8, (v.f * 0.14) / z);
      if (glow > 0) {
        const pool = g.createRadialGradient(hx, by, 0, hx, by, (v.f * 4) / z);
        pool.addColorStop(0, css([255, 210, 140], 0.35 * glow));
        pool.addColorStop(1, css([255, 210, 140], 0));
        g.fillStyle = pool;
        g.fillRect(hx - (v.f * 4) / z, by - (v.f * 1.5) / z, (v.f * 8) / z, (v.f * 3) / z);
      }
      g.strokeStyle = css(mix([40, 42, 46], p.haze, Math.min(0.7, z / 400)));
      g.lineWidth = thick;
      g.beginPath();
      g.moveTo(bx, by);
      g.lineTo(tx, ty);
      g.lineTo(hx, hy);
      g.stroke();
      const bulb = Math.max(1, (v.f * 0.3) / z);
      if (glow > 0) {
        const halo = g.createRadialGradient(hx, hy, 0, hx, hy, bulb * 6);
        halo.addColorStop(0, css([255, 236, 190], 0.9 * glow));
        halo.addColorStop(1, css([255, 200, 120], 0));
        g.fillStyle = halo;
        g.fillRect(hx - bulb * 6, hy - bulb * 6, bulb * 12, bulb * 12);
      }
      g.fillStyle = css(glow > 0 ? [255, 240, 200] : mix([60, 62, 66], p.light, 0.2));
      g.fillRect(hx - bulb, hy, bulb * 2, bulb * 0.8);
    }
  }
}

/** The city's landmark rising at the street's far end, hazy with distance. */
function drawLandmark(g: Graphics, ctx: RenderContext, v: View, id: string): void {
  const definition = artSubject(id);
  if (!definition) return;
  const { palette: p, height } = ctx;
  const h = height * 0.34;
  definition.draw(
    g,
    { x: v.vx, y: v.y0 + 2, w: h * definition.aspect, h },
    {
      color: definition.color,
      light: mix(p.light, p.haze, 0.3),
      shadow: p.shadow,
      exposure: p.exposure * 0.85,
      lightFrom: ctx.layout.lightX < 0 ? -1 : 1,
      facing: 1,
      night: p.night,
      airborne: true,
      random: ctx.random.fork("landmark"),
    },
  );
}
