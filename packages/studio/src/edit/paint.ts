/**
 * What a prompt paints into an edit: the things it names, drawn by Studio's own subject library
 * on a clear layer in the picture's light, or — for a prompt of landscape alone ("a starry sky",
 * "snowy mountains") — the scene Studio paints for it, in the picture's frame.
 */
import { createCanvas } from "@napi-rs/canvas";
import type { Random } from "../random";
import type { Raster } from "../raster";
import { createContext, type RenderContext } from "../scene/context";
import type { RGB, Scene } from "../scene/types";
import { drawPosed, drawThings } from "../subjects/draw-things";
import { subjectById } from "../subjects/library";
import { groundShadow } from "../subjects/paint";
import type { SubjectBox, SubjectDefinition, SubjectLook } from "../subjects/types";
import type { Box } from "./mask";

/** The light of a picture, read from its pixels: what new things are lit by. */
export interface PictureLight {
  /** Mean luma, 0..255. */
  luma: number;
  /** The colour of its highlights, brightest channel 255. */
  light: RGB;
  /** The colour of its shadows. */
  shadow: RGB;
  /** 0 (night) … 1 (full day), as Studio's palettes count it. */
  exposure: number;
  night: boolean;
}

/** Reads the light of the part of a picture `keep` picks, from a sample of its pixels. */
export function readLight(source: Raster, keep: (i: number) => boolean): PictureLight {
  const { data } = source;
  const n = source.width * source.height;
  const step = Math.max(1, Math.floor(n / 40_000));
  const pixels: [number, number, number, number][] = [];
  for (let i = 0; i < n; i += step) {
    if (!keep(i)) continue;
    const r = data[i * 4]!;
    const g = data[i * 4 + 1]!;
    const b = data[i * 4 + 2]!;
    pixels.push([0.2126 * r + 0.7152 * g + 0.0722 * b, r, g, b]);
  }
  if (pixels.length === 0)
    return { luma: 128, light: [255, 250, 240], shadow: [60, 64, 80], exposure: 1, night: false };
  pixels.sort((a, b) => a[0] - b[0]);
  const meanOf = (from: number, to: number): RGB => {
    const part = pixels.slice(
      Math.floor(from * pixels.length),
      Math.max(Math.floor(from * pixels.length) + 1, Math.floor(to * pixels.length)),
    );
    const sum = part.reduce<RGB>((s, p) => [s[0] + p[1], s[1] + p[2], s[2] + p[3]], [0, 0, 0]);
    return [sum[0] / part.length, sum[1] / part.length, sum[2] / part.length];
  };
  const luma = pixels.reduce((s, p) => s + p[0], 0) / pixels.length;
  const high = meanOf(0.9, 1);
  const top = Math.max(1, ...high);
  // Highlights tell the light's colour; keep it from going grey on a dull picture.
  const light: RGB = high.map((c) => Math.min(255, (c / top) * 255)) as RGB;
  const shadow = meanOf(0, 0.2);
  return {
    luma,
    light,
    shadow,
    exposure: Math.min(1.05, Math.max(0.3, luma / 135)),
    night: luma < 70,
  };
}

/** "a sky full of lanterns", "lots of birds": the things are scattered over the area, many of them. */
const MANY = /\b(full of|filled with|lots of|many|dozens of|hundreds of|thousands of|swarms? of|a sea of|countless)\b/i;

/** "a sky full of lanterns", "balloons floating in the air": what is scattered floats. */
const IN_THE_AIR = /\b(sky|skies|air|floating|flying|afloat|aloft|rising|drifting)\b/i;

/** "a cat sleeping", "a napping dog": its eyes are shut (the prompt reads these as lying). */
const ASLEEP = /\b(sleep|sleeps|sleeping|asleep|napping|naps|dozing|snoozing)\b/i;

/** Made in its place of what is there (a snowman of the snow): it replaces what the mask covers, a tree or a bush. */
const BUILT_IN_PLACE = new Set(["snowman"]);

/**
 * Whether the prompt's things rest on what the mask covers, so the picture under the mask is kept
 * where they do not hide it: animals, people and the things of a room (a vase of flowers), drawn
 * side by side on the ground. A person who paints over a sofa and types "a cat sleeping" means on
 * the sofa; what floats, flies or is scattered (boats, birds, lanterns) and what is built in its
 * place (a snowman) replace it instead, on a fill.
 */
export function keepsBackground(scene: Scene): boolean {
  if (scene.things.length === 0 || scatters(scene) || IN_THE_AIR.test(scene.prompt)) return false;
  const ids = new Set(scene.things.map((t) => t.id));
  return scene.things.every((t) => {
    // Apples in a bowl go where the bowl goes: the bowl decides.
    if (t.relation?.kind === "in" && ids.has(t.relation.target)) return true;
    const definition = subjectById(t.id);
    if (!definition || !standsAlone(t) || t.pose === "flying" || definition.placement !== "ground") return false;
    if (BUILT_IN_PLACE.has(definition.id)) return false;
    return definition.category === "animal" || definition.category === "figure" || definition.indoor === true;
  });
}

/** "on the bed", "on this table": what the things rest on is named as already there. */
const ON_WHAT_IS_THERE = /\b(?:on|upon|atop|onto)\s+(?:the|this|that|my|our|your|his|her|their|its)\b/i;

/**
 * The prompt's things without the surface it names as already in the picture: in "a dog sleeping
 * on the bed" painted over a bed, the bed is the one under the mask, so only the dog is painted,
 * resting on it (painting a second, smaller bed on the first is what Studio did before). "On a
 * bench" asks for a bench as well, and keeps it.
 */
export function withoutNamedSurface(scene: Scene): Scene {
  if (!ON_WHAT_IS_THERE.test(scene.prompt)) return scene;
  const ids = new Set(scene.things.map((t) => t.id));
  const surfaces = new Set(
    scene.things.flatMap((t) => (t.relation?.kind === "on" && ids.has(t.relation.target) ? [t.relation.target] : [])),
  );
  // Only a surface that is nothing but that (not itself on, in or held by something) goes.
  const gone = new Set([...surfaces].filter((id) => scene.things.some((t) => t.id === id && !t.relation)));
  if (gone.size === 0) return scene;
  const things = scene.things.filter((t) => !gone.has(t.id)).map(unlinkFrom(gone));
  return things.length > 0 ? { ...scene, things } : scene;
}

/** A thing without its relation to one of `gone`, which is not painted. */
const unlinkFrom =
  (gone: Set<string>) =>
  (t: Scene["things"][number]): Scene["things"][number] => {
    if (!t.relation || !gone.has(t.relation.target)) return t;
    const { relation: _, ...rest } = t;
    return rest;
  };

/** Whether the prompt asks for many of one thing ("a sky full of lanterns"): they are scattered over the area. */
export function scatters(scene: Scene): boolean {
  const only = scene.things.length === 1 ? scene.things[0] : undefined;
  return only !== undefined && !only.relation && MANY.test(scene.prompt);
}

/**
 * The prompt's things drawn on a clear layer of `box`'s size, lit by the picture's light, and as
 * large as the box allows: the mask says where they go and how large they are. Many of one thing
 * are scattered over it; things side by side stand in a row, the first named the largest; things
 * in relations (a rider on a horse, a hat on a dog) are composed as Studio composes a picture.
 */
export function paintThingsLayer(scene: Scene, box: Box, light: PictureLight, random: Random): Raster {
  const width = Math.max(8, box.w);
  const height = Math.max(8, box.h);
  const canvas = createCanvas(width, height);
  const g = canvas.getContext("2d");
  const data = new Uint8ClampedArray(width * height * 4);
  const base = createContext(scene, width, height, random, data);
  const ctx: RenderContext = {
    ...base,
    palette: {
      ...base.palette,
      light: light.light,
      shadow: light.shadow,
      exposure: light.exposure,
      night: light.night,
    },
  };
  const inTheAir = IN_THE_AIR.test(scene.prompt);
  const only = scene.things[0];
  if (only && scatters(scene)) scatter(g, ctx, only.id, only.color, inTheAir, random.fork("scatter"));
  else if (scene.things.every(standsAlone)) row(g, ctx, scene, inTheAir, random.fork("row"));
  else {
    // Composed by Studio, enlarged so the main subject fills about four fifths of the box.
    const main = subjectById(scene.things[0]?.id ?? "");
    drawThings(g, ctx, Math.min(3, Math.max(1, 0.8 / (main?.size ?? 0.8))));
  }
  const image = g.getImageData(0, 0, width, height);
  return { width, height, data: new Uint8ClampedArray(image.data) };
}

/**
 * A thing with nothing Studio composes around it: no relation or garment, and a pose the row draws
 * at the box's size (lying, running, flying); leaping and swimming need the scene's water.
 */
const standsAlone = (t: Scene["things"][number]) =>
  !t.relation &&
  (!t.pose || t.pose === "flying" || t.pose === "lying" || t.pose === "running") &&
  !t.cape &&
  !t.boots &&
  !t.coat &&
  !t.pattern;

type Graphics2D = ReturnType<ReturnType<typeof createCanvas>["getContext"]>;

/**
 * A picture this dark (mean luma) or darker is dusk enough for lights to be lit: lanterns, lamps
 * and candles painted into it glow (they are drawn as at night), though the rest is lit as it is.
 */
const LIT_BELOW_LUMA = 115;

/** The look of one drawn thing in the layer's light; a thing that gives light is lit when the picture is dark. */
function lookOf(
  ctx: RenderContext,
  color: RGB,
  facing: 1 | -1,
  airborne: boolean,
  random: Random,
  givesLight = false,
  asleep = false,
): SubjectLook {
  const p = ctx.palette;
  const lit = givesLight && ctx.palette.exposure <= LIT_BELOW_LUMA / 135;
  return {
    color,
    light: p.light,
    shadow: p.shadow,
    exposure: p.exposure,
    lightFrom: ctx.layout.lightX < 0 ? -1 : 1,
    facing,
    night: p.night || lit,
    ...(airborne ? { airborne: true } : {}),
    ...(asleep ? { asleep: true } : {}),
    random,
  };
}

/**
 * How much of a lying animal's height is hidden here: more than in a painted scene (0.26), its
 * legs all folded away and its body resting flat on the surface, which is what reads as lying at
 * the size a mask gives it.
 */
const LYING_HIDDEN_IN_EDITS = 0.36;

/**
 * How much room a thing takes per unit of its box's height, across and up: a lying animal shows
 * only its upper part (its legs folded under it), a lying figure is laid along the ground.
 */
function footprint(definition: SubjectDefinition, pose: Scene["things"][number]["pose"]): [number, number] {
  if (pose !== "lying") return [definition.aspect, 1];
  if (definition.category === "figure") return [1, definition.aspect];
  return [definition.aspect, 1 - LYING_HIDDEN_IN_EDITS];
}

/**
 * The things side by side across the box, the first named full size and the others smaller,
 * as large as the box's height and width allow; what flies floats in the middle of the box,
 * the rest stands near its bottom.
 */
function row(g: Graphics2D, ctx: RenderContext, scene: Scene, inTheAir: boolean, r: Random): void {
  const { width, height } = ctx;
  const items: { thing: Scene["things"][number]; scale: number }[] = [];
  for (const [k, thing] of scene.things.entries())
    for (let c = 0; c < Math.min(thing.count, 5); c++)
      items.push({ thing, scale: (k === 0 ? 1 : 0.7) * (thing.scale ?? 1) });
  const drawn = items
    .map((item) => ({ ...item, definition: subjectById(item.thing.id) }))
    .filter((item): item is typeof item & { definition: NonNullable<typeof item.definition> } => !!item.definition);
  if (drawn.length === 0) return;
  const gap = 1.08;
  // Lying and running are drawn in their pose, sized by the room the pose takes (a lying cat is
  // lower and so larger, to fill the box as a standing one does).
  const posed = (item: (typeof drawn)[number]) =>
    item.thing.pose === "lying" || item.thing.pose === "running" ? item.thing.pose : undefined;
  const sized = drawn.map((item) => footprint(item.definition, posed(item)));
  const across = drawn.reduce((sum, item, k) => sum + sized[k]![0] * item.scale * gap, 0);
  const tallest = Math.max(...drawn.map((item, k) => sized[k]![1] * item.scale));
  // A boat (what floats) stands higher in the box, its reflection in the water below it.
  const floats = drawn[0]!.definition.placement === "water" && !inTheAir;
  const base = floats ? height * 0.76 : height * 0.97;
  const main = Math.min((floats ? base * 0.92 : height * 0.86) / tallest, (width * 0.94) / across);
  const asleep = ASLEEP.test(scene.prompt);
  let x = (width - across * main) / 2;
  for (const [k, item] of drawn.entries()) {
    const h = main * item.scale;
    const w = h * item.definition.aspect;
    const room = h * sized[k]![0];
    const airborne =
      item.definition.placement === "sky" ||
      item.thing.pose === "flying" ||
      (inTheAir && item.definition.flies === true);
    const y = airborne ? (height + h) / 2 : base;
    const cx = x + (room * gap) / 2;
    x += room * gap;
    // Facing the middle of the box, as a main subject faces into the picture.
    const facing: 1 | -1 = drawn.length > 1 ? (cx < width / 2 ? 1 : -1) : r.chance(0.5) ? 1 : -1;
    const box = { x: cx, y, w, h };
    const pose = posed(item);
    const look = lookOf(
      ctx,
      item.thing.color ?? item.definition.color,
      facing,
      airborne,
      r.fork(`${item.thing.id}-${k}`),
      item.definition.lightsRoom === true,
      asleep && pose === "lying",
    );
    if (!pose) {
      item.definition.draw(g, box, look);
      continue;
    }
    // A lying animal's own shadow is hidden with its legs: a soft one where its body meets the ground.
    if (pose === "lying" && !airborne) groundShadow(g, { x: cx, y, w: room, h }, look, 0.5);
    drawPosed(g, ctx, { definition: item.definition, box, look, pose }, LYING_HIDDEN_IN_EDITS);
  }
  if (floats) reflect(g, width, height, Math.round(base), r.fork("ripples"));
}

/**
 * What stands on water, mirrored below its waterline: a flipped copy of the rows above `base`,
 * darker and fading with the depth, broken by small sideways ripples.
 */
function reflect(g: Graphics2D, width: number, height: number, base: number, r: Random): void {
  const depth = height - base;
  if (depth < 4 || base < 4) return;
  const image = g.getImageData(0, 0, width, height);
  const d = image.data;
  const phase = r.range(0, Math.PI * 2);
  for (let dy = 1; dy < depth; dy++) {
    const from = base - Math.round(dy * 1.1);
    if (from < 0) break;
    const fade = 0.7 * (1 - dy / depth) ** 1.3;
    const shift = Math.round(Math.sin(dy * 0.8 + phase) * Math.min(3, 1 + dy * 0.04));
    for (let x = 0; x < width; x++) {
      const sx = Math.min(width - 1, Math.max(0, x + shift));
      const s = (from * width + sx) * 4;
      const a = (d[s + 3]! / 255) * fade;
      if (a <= 0) continue;
      const o = ((base + dy) * width + x) * 4;
      const below = d[o + 3]! / 255;
      const out = a + below * (1 - a);
      for (let k = 0; k < 3; k++) d[o + k] = (d[s + k]! * 0.85 * a + d[o + k]! * below * (1 - a)) / out;
      d[o + 3] = out * 255;
    }
  }
  g.putImageData(image, 0, 0);
}

/**
 * Many of one thing over the whole box, far ones (higher up) smaller, none overlapping much:
 * darts thrown at random, each kept when it keeps its distance from those already placed.
 */
function scatter(
  g: Graphics2D,
  ctx: RenderContext,
  id: string,
  color: RGB | undefined,
  inTheAir: boolean,
  r: Random,
): void {
  const definition = subjectById(id);
  if (!definition) return;
  const { width, height } = ctx;
  const airborne = definition.placement === "sky" || definition.flies === true || inTheAir;
  // The nearest are about a fifth of the area's short side tall.
  const near = Math.min(width, height) * 0.24;
  const wanted = Math.round(Math.min(24, Math.max(6, (width * height) / (near * near * definition.aspect * 2.2))));
  const placed: SubjectBox[] = [];
  for (let tries = 0; tries < wanted * 30 && placed.length < wanted; tries++) {
    const depth = r.next();
    const h = near * (0.4 + 0.6 * depth);
    const w = h * definition.aspect;
    const x = r.range(w / 2 + 2, Math.max(w / 2 + 3, width - w / 2 - 2));
    // Things in the air spread over the whole area, far ones higher; things on the ground stand in its lower part.
    const y = airborne
      ? Math.min(height - 2, h + 2 + (height - h - 4) * (0.15 + 0.85 * depth) * r.range(0.55, 1))
      : height * (0.55 + 0.43 * depth);
    if (
      placed.some(
        (q) => Math.abs(q.x - x) < (q.w + w) * 0.42 && Math.abs(q.y - q.h / 2 - (y - h / 2)) < (q.h + h) * 0.42,
      )
    )
      continue;
    placed.push({ x, y, w, h });
  }
  // Back to front: the small, far ones first.
  placed.sort((a, b) => a.h - b.h);
  for (const [k, box] of placed.entries()) {
    const look = lookOf(
      ctx,
      color ?? definition.color,
      r.chance(0.5) ? 1 : -1,
      airborne,
      r.fork(`${id}-${k}`),
      definition.lightsRoom === true,
    );
    // The far ones fade a little into the air.
    g.globalAlpha = 0.7 + 0.3 * (box.h / near);
    definition.draw(g, box, look);
  }
  g.globalAlpha = 1;
}
