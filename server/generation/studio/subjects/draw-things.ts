/**
 * Places the things a prompt names in its scene and draws them (issue 19): the first named is the
 * main subject, large and in front; the others smaller, beside it or where their relation puts
 * them ("on a cliff" stands on a rock rising from the land or the sea, "on the boat" on top of
 * it, "above" in the sky); several of a kind stand in a loose row. Back to front, each with the
 * scene's light.
 */
import type { RenderContext } from "../scene/context";
import type { Graphics } from "../scene/canvas";
import { css, mix, scale } from "../scene/colors";
import type { SubjectKind } from "../scene/types";
import { subjectById } from "./library";
import type { SubjectBox, SubjectDefinition, SubjectLook } from "./types";

export interface PlacedThing {
  definition: SubjectDefinition;
  box: SubjectBox;
  look: SubjectLook;
  /** A rock it stands on ("on a cliff", "on a hill", "on an island"), drawn first. */
  /** What it stands on, drawn first: a cliff ("on a cliff", "on an island"), or a grassy hill ("on a hill"). */
  rock?: { top: number; bottom: number; left: number; right: number; hill?: boolean };
  /** The thing it stands on or in: it is drawn after it, in front. */
  support?: PlacedThing;
}

/** Landscape subjects a thing can stand on top of: they rise as a rock under it. */
const RAISED: readonly string[] = ["cliff", ...(["mountains", "hills", "island"] satisfies SubjectKind[])];

/** `zoom` enlarges every thing: a still life is seen from close by. */
export function placeThings(ctx: RenderContext, zoom = 1): PlacedThing[] {
  const { scene, width, height, layout, palette: p } = ctx;
  const r = ctx.random.fork("things");
  const horizon = layout.horizon;
  const land = height - horizon;
  const lightFrom: 1 | -1 = layout.lightX < 0 ? -1 : 1;
  const placed: PlacedThing[] = [];
  let mainX = width / 2;

  // A thing standing on another is placed after it ("a vase on a table"), whatever the prompt's order.
  const first = scene.things[0];
  // "on" a thing stands on it; "in" a thing only when it holds things (a bowl, a vase): a knight
  // "in" front of a castle stands beside it.
  const standsOnThing = (t: (typeof scene.things)[number]) =>
    (t.relation?.kind === "on" ||
      t.relation?.kind === "held" ||
      (t.relation?.kind === "in" && holdsThings(subjectById(t.relation.target)))) &&
    scene.things.some((o) => o.id === t.relation?.target);
  // Supports first, then what stands on them, then what is in those (lemons in a bowl on a table).
  const depthOf = (t: (typeof scene.things)[number], seen = 0): number =>
    standsOnThing(t) && seen < 4 ? 1 + depthOf(scene.things.find((o) => o.id === t.relation!.target)!, seen + 1) : 0;
  const order = [...scene.things].sort((a, b) => depthOf(a) - depthOf(b));
  const onEach = new Map<string, number>();
  order.forEach((thing, index) => {
    const definition = subjectById(thing.id);
    if (!definition) return;
    // The first thing named is the main subject; what it stands on is as large as it is.
    const main =
      thing === first || (first !== undefined && standsOnThing(first) && first.relation?.target === thing.id);
    const relation = thing.relation;
    const onThing = standsOnThing(thing) ? placed.find((q) => q.definition.id === relation?.target) : undefined;
    const inThing = relation?.kind === "in" && onThing !== undefined;
    const onRock = relation?.kind === "on" && RAISED.includes(relation.target);
    // Only what flies goes to the sky: "a bridge over a river" stays on the ground, "a dragon over
    // a castle" takes wing.
    const inSky = definition.placement === "sky" || (definition.flies === true && relation?.kind === "above");

    let h = definition.size * height * zoom * (main ? 1 : 0.6) * (thing.count > 1 ? 0.75 : 1) * (thing.scale ?? 1);
    let x = main ? width * (0.5 + r.range(-0.08, 0.08)) : mainX < width / 2 ? width * 0.74 : width * 0.26;
    let y: number;
    let rock: PlacedThing["rock"];
    if (onThing && relation?.kind === "held") {
      // In the hand on the side it faces, about halfway up; an umbrella's canopy reaches over the head.
      x = onThing.box.x + onThing.look.facing * onThing.box.w * 0.32;
      y = onThing.box.y - onThing.box.h * 0.45;
      h = onThing.box.h * (definition.id === "umbrella" ? 0.8 : 0.22);
    } else if (onThing?.definition.perch) {
      // Perched in a crown, a little off its middle, small against it.
      x = onThing.box.x + onThing.box.w * 0.12 * (index % 2 === 0 ? 1 : -1);
      y = onThing.box.y - onThing.box.h * onThing.definition.perch;
      h = Math.min(definition.size * height * zoom, onThing.box.h * 0.2);
    } else if (onThing) {
      // Several things on one support stand side by side across its top.
      const n = onEach.get(onThing.definition.id) ?? 0;
      onEach.set(onThing.definition.id, n + 1);
      x = onThing.box.x + (n === 0 ? 0 : (n % 2 === 1 ? -1 : 1) * Math.ceil(n / 2) * onThing.box.w * 0.28);
      // In a container: sunk into its top, smaller than it; on a support: standing on its top.
      const sunk = inThing && onThing.definition.container;
      y = onThing.box.y - onThing.box.h * (sunk ? 0.62 : (onThing.definition.surface ?? 0.8));
      h = Math.min(definition.size * height * zoom, onThing.box.h * (sunk && !definition.tall ? 0.45 : 0.9));
      // Aboard a boat or a balloon's basket: as large as the craft's width allows.
      if (onThing.definition.category === "vehicle")
        h = Math.min(definition.size * height * zoom, onThing.box.w * 0.45);
    } else if (inSky) {
      y = horizon * r.range(0.45, 0.62);
    } else if (onRock) {
      // The rock's flat top stands a little above the horizon, its foot in the foreground.
      y = horizon - height * 0.04;
      // Wide enough for what stands on it: a temple as well as a lighthouse.
      const half = Math.max(h * definition.aspect * 0.55, h * 0.45, width * 0.16);
      rock = { top: y, bottom: height, left: x - half, right: x + half, hill: relation.target === "hills" };
    } else if (definition.placement === "water" && layout.water) {
      y = horizon + land * (main ? 0.35 : 0.18);
    } else {
      // Among a village's or a city's houses the main subject stands in front of them all.
      const builtUp = scene.subjects.includes("village") || scene.subjects.includes("city");
      y = horizon + land * (main ? (builtUp ? r.range(0.9, 0.95) : r.range(0.62, 0.74)) : r.range(0.32, 0.45));
      // On a scene with water, a thing of the land stands on the shore in front of it, or on a
      // rock of its own when the water reaches the bottom of the picture.
      if (layout.water) {
        const shore = layout.shore[Math.round(clamp(x, 0, width - 1))] ?? height;
        if (shore < height - land * 0.12) y = Math.max(y, shore + (height - shore) * 0.45);
        else {
          const half = Math.max(h * definition.aspect * 0.6, width * 0.12);
          rock = { top: y, bottom: height, left: x - half, right: x + half };
        }
      }
    }
    // Inside the frame: the box shrinks to fit above its base, and its base stays in the picture.
    y = Math.min(y, height - 2);
    h = Math.min(h, y - height * 0.04);
    const w0 = h * definition.aspect;
    const w = Math.min(w0, (width * 0.9) / Math.max(1, thing.count * 0.9));
    if (w < w0) h = w / definition.aspect;
    if (main && !onThing) mainX = x;

    const look = (facing: 1 | -1): SubjectLook => ({
      color: thing.color ?? definition.color,
      light: p.light,
      shadow: p.shadow,
      exposure: p.exposure,
      lightFrom,
      facing,
      night: p.night,
      ...(inSky ? { airborne: true } : {}),
      random: r.fork(`${thing.id}-${index}`),
    });
    const facing: 1 | -1 = x < width / 2 ? 1 : -1;
    for (let k = 0; k < thing.count; k++) {
      // A loose row, the outer ones a little further back (higher and smaller).
      const offset = k - (thing.count - 1) / 2;
      const depth = thing.count > 1 ? Math.abs(offset) / thing.count : 0;
      const kh = h * (1 - depth * 0.35);
      const kw = kh * definition.aspect;
      const kx = clamp(x + offset * w * 1.05 + r.range(-0.05, 0.05) * w, kw / 2 + 2, width - kw / 2 - 2);
      const ky = inSky ? y - depth * h * 0.6 : y - depth * land * 0.15;
      placed.push({
        definition,
        box: { x: kx, y: ky, w: kw, h: kh },
        look: look(thing.count > 1 && r.chance(0.3) ? (facing === 1 ? -1 : 1) : facing),
        ...(rock && k === 0 ? { rock } : {}),
        ...(onThing ? { support: onThing } : {}),
      });
    }
  });
  return placed;
}

/** Draws the prompt's things and returns where they stand (a room lights the area around a candle). */
export function drawThings(g: Graphics, ctx: RenderContext, zoom = 1): PlacedThing[] {
  const placed = placeThings(ctx, zoom);
  for (const item of placed) if (item.rock) (item.rock.hill ? drawHill : drawRock)(g, ctx, item.rock);
  // Back to front: what stands higher in the picture is further away; a thing on another comes
  // right after its support (a cat on a chair is in front of the chair's back).
  const depth = (item: PlacedThing): number => (item.support ? depth(item.support) + 1 : 0);
  const ground = (item: PlacedThing): number => (item.support ? ground(item.support) : item.box.y);
  const order = [...placed].sort((a, b) => ground(a) - ground(b) || depth(a) - depth(b));
  for (const item of order) item.definition.draw(g, item.box, item.look);
  return placed;
}

/**
 * A cliff with a flat top, rising from the land or the water: a rugged outline that flares toward
 * its foot, its face lit on the light's side, cracks and ledges down it, a cap of grass or snow,
 * and foam where the sea meets it.
 */
function drawRock(g: Graphics, ctx: RenderContext, rock: NonNullable<PlacedThing["rock"]>): void {
  const { palette: p, layout, unit } = ctx;
  const r = ctx.random.fork("rock");
  const stone = scale(p.rock, 0.6 + 0.4 * p.exposure);
  const w = rock.right - rock.left;
  const tall = rock.bottom - rock.top;
  // The outline: down the left side from the top, along the foot, up the right side.
  const side = (x: number, flare: number, t: number): [number, number] => [
    x + flare * t * t + r.range(-0.025, 0.025) * w * Math.min(1, t * 4),
    rock.top + tall * t,
  ];
  const left: [number, number][] = [];
  const right: [number, number][] = [];
  const steps = 12;
  for (let i = 0; i <= steps; i++) {
    left.push(side(rock.left, -w * 0.3, i / steps));
    right.push(side(rock.right, w * 0.25, i / steps));
  }
  const outline = (): void => {
    g.beginPath();
    g.moveTo(...left[0]!);
    for (const point of left) g.lineTo(...point);
    g.lineTo(right[steps]![0], rock.bottom + 2);
    for (const point of [...right].reverse()) g.lineTo(...point);
    g.closePath();
  };
  // Lit on the light's side, in shade on the other, darker toward the foot.
  const across = g.createLinearGradient(rock.left - w * 0.3, 0, rock.right + w * 0.25, 0);
  const litSide = mix(stone, p.light, 0.25);
  const shadeSide = mix(stone, p.shadow, 0.55);
  across.addColorStop(0, css(layout.lightX < 0 ? litSide : shadeSide));
  across.addColorStop(0.5, css(stone));
  across.addColorStop(1, css(layout.lightX < 0 ? shadeSide : litSide));
  g.fillStyle = across;
  outline();
  g.fill();
  const down = g.createLinearGradient(0, rock.top, 0, rock.bottom);
  down.addColorStop(0, css(p.shadow, 0));
  down.addColorStop(1, css(p.shadow, 0.45));
  g.fillStyle = down;
  outline();
  g.fill();
  // Cracks running down the face and ledges across it.
  const crack = css(mix(stone, p.shadow, 0.75), 0.55);
  g.strokeStyle = crack;
  g.lineCap = "round";
  for (let i = 0; i < 7; i++) {
    let x = rock.left + w * r.range(0.08, 0.92);
    let y = rock.top + tall * r.range(0.02, 0.3);
    g.lineWidth = Math.max(1, w * r.range(0.006, 0.014));
    g.beginPath();
    g.moveTo(x, y);
    const length = tall * r.range(0.25, 0.6);
    for (let k = 0; k < 5; k++) {
      x += r.range(-0.03, 0.03) * w;
      y += length / 5;
      g.lineTo(x, Math.min(rock.bottom, y));
    }
    g.stroke();
  }
  g.strokeStyle = css(mix(stone, p.light, 0.4), 0.35);
  g.lineWidth = Math.max(1, 1.5 * unit);
  for (let i = 0; i < 5; i++) {
    const y = rock.top + tall * r.range(0.12, 0.8);
    const x = rock.left + w * r.range(0.05, 0.55);
    g.beginPath();
    g.moveTo(x, y);
    g.lineTo(x + w * r.range(0.15, 0.4), y + w * r.range(-0.015, 0.015));
    g.stroke();
  }
  // A cap of grass (or snow) whose edge hangs a little over the face.
  const cap = ctx.scene.snowy ? p.snow : layout.ground === "meadow" ? scale(p.grass, 0.7 + 0.3 * p.exposure) : null;
  if (cap) {
    g.fillStyle = css(cap);
    g.beginPath();
    g.moveTo(left[0]![0] - 2, rock.top - 2);
    g.lineTo(right[0]![0] + 2, rock.top - 2);
    for (let x = right[0]![0] + 2; x > left[0]![0] - 2; x -= Math.max(3, w * 0.04))
      g.lineTo(x, rock.top + tall * r.range(0.01, 0.045));
    g.closePath();
    g.fill();
  }
  // Surf where the water meets its foot.
  if (layout.water) {
    g.fillStyle = css([240, 246, 250], 0.35 * (0.5 + 0.5 * p.exposure));
    for (let i = 0; i < 14; i++) {
      const t = i / 13;
      const x = left[steps]![0] + (right[steps]![0] - left[steps]![0]) * t + r.range(-0.05, 0.05) * w;
      g.beginPath();
      g.ellipse(
        x,
        rock.bottom - tall * r.range(0.0, 0.05),
        w * r.range(0.04, 0.1),
        tall * 0.012 + 1,
        0,
        0,
        Math.PI * 2,
      );
      g.fill();
    }
  }
}

/** A rounded hill rising to a flat crown under the thing, grassy (or snowy), lit on the light's side. */
function drawHill(g: Graphics, ctx: RenderContext, hill: NonNullable<PlacedThing["rock"]>): void {
  const { palette: p, layout, width } = ctx;
  const base = ctx.scene.snowy ? p.snow : layout.ground === "sand" ? p.sand : p.grass;
  const half = (hill.right - hill.left) / 2;
  const mid = (hill.left + hill.right) / 2;
  const reach = Math.max(half * 2.4, width * 0.35);
  const gradient = g.createLinearGradient(mid - reach, 0, mid + reach, 0);
  const litSide = mix(scale(base, 0.65 + 0.35 * p.exposure), p.light, 0.15);
  const shadeSide = mix(scale(base, 0.5 + 0.3 * p.exposure), p.shadow, 0.35);
  gradient.addColorStop(0, css(layout.lightX < 0 ? litSide : shadeSide));
  gradient.addColorStop(1, css(layout.lightX < 0 ? shadeSide : litSide));
  g.fillStyle = gradient;
  g.beginPath();
  g.moveTo(mid - reach, hill.bottom);
  g.bezierCurveTo(mid - reach * 0.55, hill.bottom, mid - half * 1.2, hill.top, mid, hill.top - 1);
  g.bezierCurveTo(mid + half * 1.2, hill.top, mid + reach * 0.55, hill.bottom, mid + reach, hill.bottom);
  g.closePath();
  g.fill();
}

/** What "in" can put a thing inside of: a container (a bowl), or something with a seat or a deck (a chair, a boat). */
function holdsThings(definition: SubjectDefinition | undefined): boolean {
  return definition?.container === true || definition?.surface !== undefined;
}

function clamp(v: number, lo: number, hi: number): number {
  return lo > hi ? (lo + hi) / 2 : Math.min(hi, Math.max(lo, v));
}
