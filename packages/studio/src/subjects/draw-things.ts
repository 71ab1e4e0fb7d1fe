/**
 * Places the things a prompt names in its scene and draws them (issue 19): the first named is the
 * main subject, large and in front; the others smaller, beside it or where their relation puts
 * them ("on a cliff" stands on a rock rising from the land or the sea, "on the boat" on top of
 * it, "above" in the sky); several of a kind stand in a loose row. Back to front, each with the
 * scene's light.
 */
import { createCanvas } from "@napi-rs/canvas";
import type { RenderContext } from "../scene/context";
import type { Graphics } from "../scene/canvas";
import { css, mix, scale } from "../scene/colors";
import type { RGB, SubjectKind } from "../scene/types";
import { canRide, subjectById } from "./library";
import { lit, strokeLine } from "./paint";
import type { Pose, SubjectBox, SubjectDefinition, SubjectLook, Thing } from "./types";

export interface PlacedThing {
  definition: SubjectDefinition;
  box: SubjectBox;
  look: SubjectLook;
  /** What it stands on, drawn first: a cliff ("on a cliff", "on an island"), or a grassy hill ("on a hill"). */
  rock?: { top: number; bottom: number; left: number; right: number; hill?: boolean };
  /** The thing it stands on or in: it is drawn after it, in front. */
  support?: PlacedThing;
  /** Sitting in its support ("a kitten in a basket"): drawn only above the support's rim. */
  nested?: boolean;
  /** Seated astride its support, its mount ("a knight on a horse"): `box.y` is the seat on the mount's back. */
  rides?: boolean;
  /** What pulls it along ("a horse pulling a sleigh"), front-most last: a harness joins them. */
  hitchedTo?: PlacedThing[];
  /** What it is doing: lying down, leaping, running, swimming (drawn by drawPosed). */
  pose?: Pose;
  /** A cape it wears, drawn behind a figure or over an animal's back; boots on its feet; an animal's sweater. */
  cape?: RGB;
  boots?: RGB;
  coat?: RGB;
  pattern?: "spots" | "stripes";
}

/** Small things an animal can sit in, by their first word: cups, baskets, boxes, hats, boots, buckets, jars. */
const NESTS =
  /^(mug|bowl|basket|package|wrapped gift|bucket|top hat|hot beverage|teacup without handle|jar|woman.s boot|hiking boot|running shoe|shopping cart|cooking|pot of food)$/;

/** Landscape subjects a thing can stand on top of: they rise as a rock under it. */
const RAISED: readonly string[] = ["cliff", ...(["mountains", "hills", "island"] satisfies SubjectKind[])];
/** The size of a grown-up figure (a person's): a rider of another size is as much taller or shorter on its mount. */
const GROWN_UP_SIZE = 0.45;
const HARNESS: RGB = [60, 40, 28];

/** `zoom` enlarges every thing: a still life is seen from close by. */
/** What hangs on a room's wall: the art set's framed picture and mirror, a shelf. */
const WALL_HUNG = new Set(["art:1f5bc", "art:1fa9e", "shelf"]);

export function placeThings(ctx: RenderContext, zoom = 1): PlacedThing[] {
  const { scene, width, height, layout, palette: p } = ctx;
  const r = ctx.random.fork("things");
  const horizon = layout.horizon;
  const land = height - horizon;
  const lightFrom: 1 | -1 = layout.lightX < 0 ? -1 : 1;
  const placed: PlacedThing[] = [];
  const itemsOf = new Map<Thing, PlacedThing[]>();
  let mainX = width / 2;

  // A thing standing on another is placed after it ("a vase on a table"), whatever the prompt's order.
  const first = scene.things[0];
  // "on" a thing stands on it; "in" a thing only when it holds things (a bowl, a vase): a knight
  // "in" front of a castle stands beside it.
  const standsOnThing = (t: Thing) =>
    nestsIn(t) ||
    ((t.relation?.kind === "on" ||
      t.relation?.kind === "held" ||
      t.relation?.kind === "worn" ||
      t.relation?.kind === "eaten" ||
      (t.relation?.kind === "in" && holdsThings(subjectById(t.relation.target)))) &&
      scene.things.some((o) => o.id === t.relation?.target));
  // "a kitten in a basket", "a hedgehog in a teacup", "a bunny in a hat": an animal sits in a small
  // thing that holds it, as large as the animal, its body hidden below the rim.
  function nestsIn(t: Thing): boolean {
    if (t.relation?.kind !== "in") return false;
    const category = subjectById(t.id)?.category;
    const target = subjectById(t.relation.target);
    return (
      (category === "animal" || category === "figure") &&
      target !== undefined &&
      NESTS.test(target.words[0] ?? "") &&
      scene.things.some((o) => o.id === t.relation?.target)
    );
  }
  // Indoors a framed picture, a poster or a mirror hangs on the wall ("a painting above the fireplace").
  const hangs = (t: Thing) => scene.indoor && WALL_HUNG.has(t.id) && !standsOnThing(t);
  // What a hung thing is over: named after it ("above the fireplace") or under it ("a sofa under a painting").
  const hungOver = (t: Thing): Thing | undefined =>
    !hangs(t)
      ? undefined
      : (scene.things.find((o) => o !== t && o.id === t.relation?.target) ??
        scene.things.find((o) => o !== t && o.relation?.kind === "under" && o.relation.target === t.id));
  // "presents under a christmas tree", "a cat under a table": at the foot of another thing named.
  // (Under something smaller — "a dragon dance under red lanterns" — is only nearby: not shrunk to its foot.)
  const standsUnder = (t: Thing) =>
    t.relation?.kind === "under" &&
    (subjectById(t.relation.target)?.size ?? 1) >= (subjectById(t.id)?.size ?? 0) * 0.8 &&
    scene.things.some((o) => o !== t && o.id === t.relation?.target && !hangs(o));
  const rides = (t: Thing) =>
    t.relation?.kind === "on" && standsOnThing(t) && canRide(subjectById(t.id), subjectById(t.relation.target));
  // "a horse pulling a sleigh", "a sleigh pulled by reindeer": a team stands in a line, the puller ahead.
  // "a police car chasing a motorcycle": a team too, the one chased ahead, a gap between, no harness.
  const teamOf = (t: Thing): { partner: Thing; ahead: boolean; chase?: boolean } | undefined => {
    const pulled = t.relation?.kind === "pulls" ? scene.things.find((o) => o.id === t.relation?.target) : undefined;
    if (pulled && pulled !== t) return { partner: pulled, ahead: true };
    const puller = scene.things.find((o) => o !== t && o.relation?.kind === "pulls" && o.relation.target === t.id);
    if (puller) return { partner: puller, ahead: false };
    const chased = t.relation?.kind === "chases" ? scene.things.find((o) => o.id === t.relation?.target) : undefined;
    if (chased && chased !== t) return { partner: chased, ahead: false, chase: true };
    const chaser = scene.things.find((o) => o !== t && o.relation?.kind === "chases" && o.relation.target === t.id);
    return chaser ? { partner: chaser, ahead: true, chase: true } : undefined;
  };
  // Supports first, then what stands on them, then what is in those (lemons in a bowl on a table).
  const depthOf = (t: Thing, seen = 0): number => {
    if (seen >= 4) return 0;
    const over = hungOver(t);
    if (over) return 1 + depthOf(over, seen + 1);
    return standsOnThing(t) || standsUnder(t)
      ? 1 + depthOf(scene.things.find((o) => o.id === t.relation!.target)!, seen + 1)
      : 0;
  };
  const order = [...scene.things].sort((a, b) => depthOf(a) - depthOf(b));
  const onEach = new Map<string, number>();
  // How much a team was made smaller to fit the picture's width, for its second member to match.
  const teamScale = new Map<Thing, number>();
  // A main subject's size: a thing's base size, smaller when it is not the main subject or one of several.
  const sizeOf = (t: Thing, definition: SubjectDefinition, main: boolean) =>
    definition.size * height * zoom * (main ? 1 : 0.6) * (t.count > 1 ? 0.75 : 1) * (t.scale ?? 1);
  order.forEach((thing, index) => {
    const definition = subjectById(thing.id);
    if (!definition) return;
    // The first thing named is the main subject; what it stands on, rides or pulls is as large as it is.
    const team = teamOf(thing);
    const main =
      thing === first ||
      (first !== undefined && (standsOnThing(first) || standsUnder(first)) && first.relation?.target === thing.id) ||
      (first !== undefined && team?.partner === first && !team.chase);
    const relation = thing.relation;
    const onThing = standsOnThing(thing) ? placed.find((q) => q.definition.id === relation?.target) : undefined;
    const inThing = relation?.kind === "in" && onThing !== undefined;
    const overThing = standsUnder(thing) ? placed.find((q) => q.definition.id === relation?.target) : undefined;
    const onRock = relation?.kind === "on" && RAISED.includes(relation.target);
    // Only what flies goes to the sky: "a bridge over a river" stays on the ground, "a dragon over
    // a castle" takes wing.
    // (Under the sea a plane is a wreck on the floor, not afloat mid-water.)
    const wreck = layout.underwater === true && definition.category === "vehicle";
    const inSky =
      (definition.placement === "sky" && !wreck) ||
      (definition.flies === true && relation?.kind === "above") ||
      (thing.pose === "flying" && !standsOnThing(thing));
    // Under the sea, animals of the water swim above the floor unless they are "on" something; boats and wrecks lie on it.
    const swims =
      layout.underwater === true &&
      ((definition.placement === "water" && definition.category === "animal") || thing.pose === "swimming") &&
      relation?.kind !== "on";
    // "a dog swimming in a lake": in the water, half under it, like a boat.
    const paddles = thing.pose === "swimming" && layout.water !== null && !layout.underwater && !onThing;

    if (rides(thing) && onThing) {
      placeRiders(thing, definition, index);
      return;
    }
    let h = sizeOf(thing, definition, main);
    // A basket or a teacup an animal sits in is as large as the animal.
    const nestling = scene.things.find((o) => o.relation?.target === thing.id && nestsIn(o));
    const nestlingDefinition = nestling ? subjectById(nestling.id) : undefined;
    if (nestlingDefinition) h = Math.max(h, sizeOf(nestling!, nestlingDefinition, true) * 0.75);
    let x = main ? width * (0.5 + r.range(-0.08, 0.08)) : mainX < width / 2 ? width * 0.74 : width * 0.26;
    let y: number;
    let rock: PlacedThing["rock"];
    const partnerItems = team ? (itemsOf.get(team.partner) ?? []) : [];
    if (partnerItems[0]) {
      // The team's second member: on its partner's ground line (the place is found once its width is known).
      y = partnerItems[0].box.y;
      h *= teamScale.get(team!.partner) ?? 1;
    } else if (onThing && (relation?.kind === "worn" || relation?.kind === "eaten")) {
      // On its head or round its neck ("a dog wearing a hat"); at its mouth ("a giraffe eating leaves").
      const [u, v] = headOf(onThing.definition);
      const head: [number, number] = [
        onThing.box.x + u * onThing.box.w * onThing.look.facing,
        onThing.box.y - v * onThing.box.h,
      ];
      const figure = onThing.definition.category === "figure";
      const span = Math.min(onThing.box.w, onThing.box.h);
      if (relation.kind === "eaten") {
        h = span * 0.22;
        x = head[0] + onThing.look.facing * onThing.box.w * 0.06;
        y = head[1] + onThing.box.h * 0.14 + h * 0.5;
      } else if (definition.worn === "neck") {
        h = span * (figure ? 0.16 : 0.22);
        x = head[0] - onThing.look.facing * onThing.box.w * (figure ? 0 : 0.06);
        y = head[1] + onThing.box.h * (figure ? 0.2 : 0.22) + h * 0.5;
      } else {
        h = span * (figure ? 0.2 : 0.26);
        x = head[0] - onThing.look.facing * onThing.box.w * (figure ? 0 : 0.03);
        y = head[1] + h * 0.45;
      }
    } else if (onThing && relation?.kind === "held") {
      // In the hand on the side it faces, about halfway up; an umbrella's canopy reaches over the head.
      x = onThing.box.x + onThing.look.facing * onThing.box.w * 0.32;
      y = onThing.box.y - onThing.box.h * 0.45;
      h = onThing.box.h * (definition.id === "umbrella" ? 0.8 : 0.22);
    } else if (onThing && nestsIn(thing)) {
      // In the middle of it, its lower body below the rim, as tall as the thing that holds it.
      x = onThing.box.x;
      y = onThing.box.y - onThing.box.h * 0.3;
      h = onThing.box.h * 0.95 * (thing.scale ?? 1);
    } else if (onThing?.definition.perch) {
      // Perched in a crown, a little off its middle, small against it.
      x = onThing.box.x + onThing.box.w * 0.12 * (index % 2 === 0 ? 1 : -1);
      y = onThing.box.y - onThing.box.h * onThing.definition.perch;
      h = Math.min(definition.size * height * zoom, onThing.box.h * 0.2);
    } else if (onThing) {
      // Several things on one support stand side by side across its top; on an animal, on its back.
      const n = onEach.get(onThing.definition.id) ?? 0;
      onEach.set(onThing.definition.id, n + 1);
      const back = onThing.definition.saddle;
      x =
        onThing.box.x +
        (back ? back.u * onThing.look.facing * onThing.box.w : 0) +
        (n === 0 ? 0 : (n % 2 === 1 ? -1 : 1) * Math.ceil(n / 2) * onThing.box.w * 0.28);
      // In a container: sunk into its top, smaller than it; on a support: standing on its top.
      const sunk = inThing && onThing.definition.container;
      y = onThing.box.y - onThing.box.h * (sunk ? 0.62 : (back?.v ?? onThing.definition.surface ?? 0.8));
      h =
        Math.min(definition.size * height * zoom, onThing.box.h * (sunk && !definition.tall ? 0.45 : 0.9)) *
        (thing.scale ?? 1);
      // On a shelf or a cloth: its own size, as far as the support's width allows.
      if (onThing.definition.flat) h = Math.min(sizeOf(thing, definition, main) * 0.8, onThing.box.w * 0.8);
      // Aboard a boat or a balloon's basket: as large as the craft's width allows.
      else if (onThing.definition.category === "vehicle")
        h = Math.min(definition.size * height * zoom, onThing.box.w * 0.45);
      // An animal or a figure on a small thing ("a cat on a pile of books") keeps its own size.
      else if (
        !sunk &&
        (definition.category === "animal" || definition.category === "figure") &&
        onThing.definition.category === "object" &&
        onThing.definition.surface === undefined
      )
        h = Math.max(h, sizeOf(thing, definition, main) * 0.75);
    } else if (overThing) {
      // At its foot, a little in front, small beside it: under a table's top, around a tree's trunk;
      // a second thing under it on its other side ("a couple dancing under a street lamp").
      const n = onEach.get(`under:${overThing.definition.id}`) ?? 0;
      onEach.set(`under:${overThing.definition.id}`, n + 1);
      x =
        overThing.box.x +
        overThing.box.w * (thing.count > 1 ? 0.05 : 0.18) * overThing.look.facing * (n % 2 === 0 ? 1 : -1) -
        (n > 0
          ? overThing.look.facing * sizeOf(thing, definition, false) * definition.aspect * 0.4 * (n % 2 === 0 ? -1 : 1)
          : 0);
      y = Math.min(height - 2, overThing.box.y + land * 0.03);
      // (Under a table's top it must fit; under a street lamp or a tree's crown it keeps its size.)
      h =
        overThing.definition.surface !== undefined
          ? Math.min(sizeOf(thing, definition, false), overThing.box.h * overThing.definition.surface * 0.8)
          : Math.min(sizeOf(thing, definition, main), overThing.box.h * 0.6);
    } else if (hangs(thing)) {
      // On the wall: above what it is named over, else at eye height along the wall.
      const over = hungOver(thing);
      const below = over ? placed.find((q) => q.definition.id === over.id) : undefined;
      h = Math.min(h, height * 0.17);
      if (below) x = below.box.x;
      y = below ? below.box.y - below.box.h - height * 0.05 : horizon - height * r.range(0.14, 0.2);
    } else if (swims) {
      // Under the sea, what swims is in the water, higher when it is not the main subject.
      y = height * (main ? r.range(0.5, 0.6) : r.range(0.3, 0.45));
    } else if (inSky) {
      // A mount with its rider flies lower, so the pair is seen large enough.
      y = horizon * r.range(0.45, 0.62) * (riderOf(thing) ? 1.25 : 1);
    } else if (onRock) {
      // The rock's flat top stands a little above the horizon, its foot in the foreground.
      y = horizon - height * 0.04;
      // Wide enough for what stands on it: a temple as well as a lighthouse.
      const half = Math.max(h * definition.aspect * 0.55, h * 0.45, width * 0.16);
      rock = { top: y, bottom: height, left: x - half, right: x + half, hill: relation.target === "hills" };
    } else if ((definition.placement === "water" || paddles) && layout.water) {
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
    // Leaping: up off the ground or out of the water, by about half its height.
    if (thing.pose === "leaping" && !onThing && !inSky) y -= h * 0.55;
    // Inside the frame: the box shrinks to fit above its base, and its base stays in the picture;
    // a mount leaves room above its back for its rider.
    y = Math.min(y, height - 2);
    h = Math.min(h, (y - height * 0.04) / riderReach(thing, definition));
    const w0 = h * definition.aspect;
    let w = Math.min(w0, (width * 0.9) / Math.max(1, thing.count * 0.9));
    if (w < w0) h = w / definition.aspect;
    if (main && !onThing) mainX = x;

    let facing: 1 | -1 = x < width / 2 ? 1 : -1;
    if (team && partnerItems[0]) {
      // Right behind the puller's last member, or right ahead of what it pulls, facing the same way.
      facing = partnerItems[0].look.facing;
      const along = (q: PlacedThing) => q.box.x * facing;
      const edge = partnerItems.reduce((a, b) => (along(b) > along(a) === team.ahead ? b : a));
      const half = (thing.count - 1) * w * 0.525 + w / 2;
      x = edge.box.x + (team.ahead ? 1 : -1) * facing * (edge.box.w / 2 + half) * (team.chase ? 1.25 : 0.95);
    } else if (team) {
      // The team's first member: the pair shares the middle, shrunk to fit the picture's width together.
      const partner = subjectById(team.partner.id);
      const partnerLength = partner
        ? sizeOf(team.partner, partner, first !== undefined && [thing, team.partner].includes(first)) *
          partner.aspect *
          (1 + (team.partner.count - 1) * 1.05)
        : 0;
      const fit = Math.min(1, (width * (team.chase ? 0.8 : 0.9)) / ((thing.count - 1) * w * 1.05 + w + partnerLength));
      h *= fit;
      w *= fit;
      teamScale.set(thing, fit);
      x += facing * (team.ahead ? 1 : -1) * partnerLength * fit * 0.5;
    }

    const look = (facing: 1 | -1): SubjectLook => ({
      color: thing.color ?? definition.color,
      light: p.light,
      shadow: p.shadow,
      exposure: p.exposure,
      lightFrom,
      facing,
      night: p.night,
      ...(inSky || swims || (thing.pose === "leaping" && !onThing) ? { airborne: true } : {}),
      ...(scene.faces === "anime" ? { bigEyes: true } : {}),
      random: r.fork(`${thing.id}-${index}`),
    });
    const items: PlacedThing[] = [];
    for (let k = 0; k < thing.count; k++) {
      // A loose row, the outer ones a little further back (higher and smaller); a team, and what
      // stands at a thing's foot, stay in line.
      const offset = k - (thing.count - 1) / 2;
      const depth = thing.count > 1 && !team && !overThing ? Math.abs(offset) / thing.count : 0;
      const kh = h * (1 - depth * 0.35);
      const kw = kh * definition.aspect;
      const kx = clamp(x + offset * w * 1.05 + r.range(-0.05, 0.05) * w, kw / 2 + 2, width - kw / 2 - 2);
      const ky = inSky ? y - depth * h * 0.6 : y - depth * land * 0.15;
      items.push({
        definition,
        box: { x: kx, y: ky, w: kw, h: kh },
        look: look(thing.count > 1 && !team && r.chance(0.3) ? (facing === 1 ? -1 : 1) : facing),
        ...(rock && k === 0 ? { rock } : {}),
        ...(onThing ? { support: onThing } : {}),
        ...(onThing && nestsIn(thing) ? { nested: true } : {}),
        // Swimming is drawn half under the surface only at the surface; under the sea it is swimming.
        // Lying is lying on whatever it lies on ("a cat sleeping on the bed").
        ...(thing.pose && (!onThing || thing.pose === "lying") && (thing.pose !== "swimming" || paddles)
          ? { pose: thing.pose }
          : {}),
        ...(thing.cape ? { cape: thing.cape } : {}),
        ...(thing.boots ? { boots: thing.boots } : {}),
        ...(thing.coat ? { coat: thing.coat } : {}),
        ...(thing.pattern ? { pattern: thing.pattern } : {}),
      });
    }
    // What is pulled is hitched to its puller's members, from the one nearest to it to the front.
    if (team && !team.chase) {
      const [pullers, pulled] = team.ahead ? [items, partnerItems] : [partnerItems, items];
      const hitch = [...pullers].sort((a, b) => (a.box.x - b.box.x) * a.look.facing);
      for (const item of pulled) item.hitchedTo = hitch;
    }
    itemsOf.set(thing, items);
    placed.push(...items);
  });
  return placed;

  function riderOf(mount: Thing): Thing | undefined {
    return scene.things.find((t) => rides(t) && t.relation?.target === mount.id);
  }

  /** How far above a mount's base its rider reaches, as a share of its height: 1 when nobody rides it. */
  function riderReach(mount: Thing, definition: SubjectDefinition): number {
    const rider = riderOf(mount);
    const saddle = definition.saddle;
    if (!rider || !saddle) return 1;
    return Math.max(1, saddle.v + saddle.rider * riderSize(rider));
  }

  /** A rider's height against a grown-up's: a child sits lower on the same horse. */
  function riderSize(rider: Thing): number {
    return ((subjectById(rider.id)?.size ?? GROWN_UP_SIZE) / GROWN_UP_SIZE) * (rider.scale ?? 1);
  }

  /** One rider on each mount of its kind, astride its back, facing the way it faces; riders beyond the mounts stay home. */
  function placeRiders(thing: Thing, definition: SubjectDefinition, index: number): void {
    const mounts = placed.filter((q) => q.definition.id === thing.relation?.target);
    for (const [k, mount] of mounts.slice(0, thing.count).entries()) {
      const saddle = mount.definition.saddle!;
      const { box: m, look: ml } = mount;
      const h = m.h * saddle.rider * riderSize(thing);
      const at = (u: number, v: number): [number, number] => [m.x + u * m.w * ml.facing, m.y - v * m.h];
      // A second rider on the same mount sits behind the first ("a knight and a princess on a horse").
      const behind = placed.filter((q) => q.rides && q.support === mount).length;
      const [x, y] = at(saddle.u - behind * 0.17, saddle.v);
      placed.push({
        definition,
        box: { x, y, w: h * definition.aspect, h },
        look: {
          ...ml,
          color: thing.color ?? definition.color,
          ...(saddle.bit ? { reins: at(...saddle.bit) } : {}),
          random: r.fork(`${thing.id}-${index}-${k}`),
        },
        support: mount,
        rides: true,
      });
    }
  }
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
  const drawn = new Set<PlacedThing>();
  for (const item of order) {
    const figure = item.definition.category === "figure";
    if (item.cape && figure) drawCape(g, item);
    if (item.nested && item.support) {
      g.save();
      g.beginPath();
      g.rect(0, 0, ctx.width, item.support.box.y - item.support.box.h * 0.62);
      g.clip();
    }
    if (item.rides) item.definition.ride!(g, item.box, item.look);
    else if (item.coat || item.pattern) drawCoated(g, ctx, item);
    else drawPosed(g, ctx, item);
    if (item.nested) g.restore();
    if (item.cape && !figure) drawCape(g, item);
    if (item.boots) drawBoots(g, item);
    drawn.add(item);
    // A harness once both ends of it are drawn, over them both.
    for (const pulled of placed)
      if (
        pulled.hitchedTo &&
        (pulled === item || pulled.hitchedTo.includes(item)) &&
        [pulled, ...pulled.hitchedTo].every((q) => drawn.has(q))
      )
        drawHarness(g, pulled, pulled.hitchedTo);
  }
  return placed;
}

/**
 * The lines that join a team: a trace from the front of what is pulled along each puller's flank
 * to its chest, and reins from its top to the front puller's mouth when it wears a bridle.
 */
function drawHarness(g: Graphics, pulled: PlacedThing, pullers: PlacedThing[]): void {
  const lead = pullers.at(-1)!;
  const colour = lit(lead.look, HARNESS, -0.1);
  const at = ({ box, look }: PlacedThing, u: number, v: number): [number, number] => [
    box.x + u * box.w * look.facing,
    box.y - v * box.h,
  ];
  const chest = (q: PlacedThing) => at(q, 0.24, (q.definition.saddle?.v ?? 0.62) * 0.8);
  const width = Math.max(1, lead.box.h * 0.018);
  // The trace runs level from the front of what is pulled, at the height of the nearest puller's chest.
  const [, chestY] = chest(pullers[0]!);
  const front = at(pulled, 0.45, 0)[0];
  const traceY = clamp(chestY, pulled.box.y - pulled.box.h * 0.7, pulled.box.y - pulled.box.h * 0.15);
  strokeLine(g, colour, width, [[front, traceY], ...pullers.map(chest)]);
  const bit = lead.definition.saddle?.bit;
  if (bit) strokeLine(g, colour, width * 0.7, [at(pulled, 0.3, 0.62), at(lead, ...bit)]);
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

/** Where a subject's head is in its box (u toward where it faces, v up): its own, else a figure's or an animal's usual. */
function headOf(definition: SubjectDefinition): [number, number] {
  if (definition.head) return definition.head;
  if (definition.category === "figure") return [0, 0.96];
  if (definition.category === "animal") return [0.36, 0.85];
  return [0, 1];
}

function clamp(v: number, lo: number, hi: number): number {
  return lo > hi ? (lo + hi) / 2 : Math.min(hi, Math.max(lo, v));
}

/** How much of a lying animal's height is hidden (its legs folded under it): it is drawn that much lower. */
export const LYING_HIDDEN = 0.26;

/**
 * A thing in its pose, from the drawing it has (issue 28): lying down — an animal with its legs
 * folded under it (its lower part hidden and its body lowered to the ground), a figure laid
 * along the ground —, leaping — tilted nose up, off the ground or out of the water with a
 * splash —, running — leaning into its stride with dust kicked up behind —, swimming — half
 * under the water with a ripple round it.
 */
export function drawPosed(g: Graphics, ctx: RenderContext, item: PlacedThing, lyingHidden = LYING_HIDDEN): void {
  const { box, look, definition, pose } = item;
  const draw = () => definition.draw(g, box, look);
  if (!pose || pose === "flying" || definition.frontal) {
    draw();
    return;
  }
  const f = look.facing;
  g.save();
  if (pose === "lying" && definition.category === "figure") {
    // Laid along the ground, head the way it faces.
    g.translate(box.x, box.y - box.w * 0.5);
    g.rotate((f * Math.PI) / 2);
    definition.draw(g, { x: 0, y: box.h / 2, w: box.w, h: box.h }, look);
  } else if (pose === "lying" || pose === "swimming") {
    // The lower part hidden (folded legs, or under the water) and the body lowered that much.
    const hidden = pose === "lying" ? lyingHidden : 0.42;
    g.beginPath();
    g.rect(box.x - box.w, box.y - box.h * 1.2, box.w * 2, box.h * 1.2);
    g.clip();
    g.translate(0, box.h * hidden);
    g.beginPath();
    g.rect(box.x - box.w, box.y - box.h * 1.2, box.w * 2, box.h * (1.2 - hidden));
    g.clip();
    draw();
  } else if (pose === "leaping") {
    g.translate(box.x, box.y - box.h / 2);
    g.rotate(-f * 0.32);
    g.translate(-box.x, -(box.y - box.h / 2));
    draw();
  } else {
    g.translate(box.x, box.y);
    g.rotate(f * 0.08);
    g.translate(-box.x, -box.y);
    draw();
  }
  g.restore();
  if (pose === "swimming") ripple(g, ctx, box.x, box.y, box.w * 0.62);
  if (pose === "leaping" && ctx.layout.water && box.y < ctx.layout.horizon + (ctx.height - ctx.layout.horizon) * 0.6)
    ripple(g, ctx, box.x - f * box.w * 0.3, box.y + box.h * 0.5, box.w * 0.5, true);
  if (pose === "running") dust(g, ctx, box, f);
}

/** Rings on the water round a swimmer, and drops thrown up where a leaper left it. */
function ripple(g: Graphics, ctx: RenderContext, x: number, y: number, radius: number, splash = false): void {
  const light = mix(ctx.palette.light, [255, 255, 255], 0.5);
  g.strokeStyle = css(light, 0.7);
  g.lineWidth = Math.max(1, 1.6 * ctx.unit);
  for (const k of [1, 1.45]) {
    g.beginPath();
    g.ellipse(x, y, radius * k, radius * k * 0.16, 0, 0, Math.PI * 2);
    g.stroke();
  }
  if (!splash) return;
  const r = ctx.random.fork("splash");
  g.fillStyle = css(light, 0.85);
  for (let k = 0; k < 12; k++) {
    const a = -Math.PI * r.range(0.1, 0.9);
    const d = radius * r.range(0.3, 1);
    g.beginPath();
    g.arc(x + Math.cos(a) * d, y + Math.sin(a) * d * 0.8, r.range(1, 3) * ctx.unit, 0, Math.PI * 2);
    g.fill();
  }
}

/** Dust kicked up behind a runner's feet. */
function dust(g: Graphics, ctx: RenderContext, box: SubjectBox, facing: 1 | -1): void {
  const r = ctx.random.fork("dust");
  const ground = ctx.scene.snowy ? ctx.palette.snow : mix(ctx.palette.sand, ctx.palette.haze, 0.3);
  for (let k = 0; k < 5; k++) {
    const d = box.w * (0.45 + k * 0.12);
    g.fillStyle = css(scale(ground, 1.05), 0.45 - k * 0.07);
    g.beginPath();
    g.ellipse(
      box.x - facing * d,
      box.y - box.h * r.range(0.02, 0.12),
      box.w * 0.08 * (1 + k * 0.3),
      box.h * 0.05,
      0,
      0,
      Math.PI * 2,
    );
    g.fill();
  }
}

/**
 * A cape: behind a figure, from its shoulders down to its calves, flaring away from the way it
 * faces; over an animal's back, from its neck toward its tail.
 */
function drawCape(g: Graphics, item: PlacedThing): void {
  const { box, look, definition } = item;
  const f = look.facing;
  const colour = item.cape!;
  const fill = lit(look, colour, 0.15);
  const fold = lit(look, mix(colour, [0, 0, 0], 0.35), 0.15);
  g.fillStyle = css(fill);
  g.beginPath();
  if (definition.category === "figure") {
    const top = box.y - box.h * 0.78;
    const bottom = box.y - box.h * 0.1;
    const back = -f * box.w * 0.2;
    g.moveTo(box.x - box.w * 0.22, top);
    g.lineTo(box.x + box.w * 0.22, top);
    g.quadraticCurveTo(box.x + box.w * 0.3 + back, (top + bottom) / 2, box.x + box.w * 0.42 + back, bottom);
    g.lineTo(box.x - box.w * 0.42 + back, bottom);
    g.quadraticCurveTo(box.x - box.w * 0.3 + back, (top + bottom) / 2, box.x - box.w * 0.22, top);
  } else {
    const [u, v] = definition.head ?? [0.35, 0.85];
    const neck: [number, number] = [box.x + (u - 0.12) * box.w * f, box.y - (v - 0.12) * box.h];
    const tail: [number, number] = [box.x - box.w * 0.32 * f, box.y - box.h * 0.42];
    g.moveTo(neck[0], neck[1]);
    g.quadraticCurveTo((neck[0] + tail[0]) / 2, neck[1] - box.h * 0.05, tail[0], tail[1] - box.h * 0.12);
    g.lineTo(tail[0] - f * box.w * 0.04, tail[1] + box.h * 0.12);
    g.quadraticCurveTo((neck[0] + tail[0]) / 2, neck[1] + box.h * 0.2, neck[0], neck[1] + box.h * 0.12);
  }
  g.closePath();
  g.fill();
  g.strokeStyle = css(fold, 0.8);
  g.lineWidth = Math.max(1, box.w * 0.015);
  g.stroke();
}

/**
 * An animal in a sweater, a raincoat or a hoodie: drawn apart, then its body from the shoulders to
 * the hips painted over in the garment's colour with knitted ridges — only where the animal is,
 * so the garment takes the shape of its body.
 */
function drawCoated(g: Graphics, ctx: RenderContext, item: PlacedThing): void {
  const { box, look } = item;
  const canvas = createCanvas(ctx.width, ctx.height);
  const off = canvas.getContext("2d");
  drawPosed(off, ctx, item);
  off.globalCompositeOperation = "source-atop";
  if (item.pattern) drawPattern(off, item);
  if (!item.coat) {
    g.drawImage(canvas, 0, 0);
    return;
  }
  const f = look.facing;
  const frontal = item.definition.frontal === true;
  // Facing the way it looks: the garment covers the middle of the body, short of the head and tail.
  const near = frontal ? box.x - box.w * 0.5 : box.x + f * box.w * 0.16;
  const far = frontal ? box.x + box.w * 0.5 : box.x - f * box.w * 0.3;
  const top = box.y - box.h * (frontal ? 0.42 : 0.74);
  const bottom = box.y - box.h * (frontal ? 0 : 0.3);
  const fill = lit(look, item.coat!, 0.15);
  off.fillStyle = css(fill);
  off.fillRect(Math.min(near, far), top, Math.abs(far - near), bottom - top);
  off.fillStyle = css(scale(fill, 0.8));
  const ridge = Math.max(1, (bottom - top) * 0.06);
  for (let y = top + ridge * 2; y < bottom; y += ridge * 3)
    off.fillRect(Math.min(near, far), y, Math.abs(far - near), ridge);
  // A band at the neck.
  if (!frontal) {
    const band = box.w * 0.035;
    off.fillStyle = css(scale(fill, 0.65));
    off.fillRect(Math.min(near, near - f * band), top, band, bottom - top);
  }
  g.drawImage(canvas, 0, 0);
}

/** Dark spots or stripes over an animal's coat (painted only where the animal is: see drawCoated). */
function drawPattern(g: Graphics, item: PlacedThing): void {
  const { box, look } = item;
  const r = look.random.fork("pattern");
  // Darker than the coat, in its hue: black on a white dalmatian, brown on a tabby's orange.
  const colour = lit(look, scale(look.color, look.color[0] + look.color[1] + look.color[2] > 600 ? 0.12 : 0.5), 0.1);
  g.fillStyle = css(colour);
  const top = box.y - box.h;
  if (item.pattern === "spots") {
    for (let k = 0; k < 26; k++) {
      const radius = box.w * r.range(0.018, 0.04);
      g.beginPath();
      g.ellipse(
        box.x + box.w * r.range(-0.48, 0.48),
        top + box.h * r.range(0.05, 0.8),
        radius,
        radius * 0.85,
        0,
        0,
        Math.PI * 2,
      );
      g.fill();
    }
    return;
  }
  for (let k = 0; k < 9; k++) {
    const x = box.x + box.w * (-0.42 + k * 0.1) + box.w * r.range(-0.015, 0.015);
    g.beginPath();
    g.moveTo(x, top);
    g.lineTo(x + box.w * 0.04, top);
    g.lineTo(x + box.w * 0.02, top + box.h * 0.75);
    g.lineTo(x - box.w * 0.015, top + box.h * 0.75);
    g.closePath();
    g.fill();
  }
}

/** Boots on a wearer's feet: a pair under a figure, one under each pair of an animal's legs. */
function drawBoots(g: Graphics, item: PlacedThing): void {
  const { box, look, definition } = item;
  const f = look.facing;
  const figure = definition.category === "figure";
  const h = box.h * (figure ? 0.12 : 0.14);
  const w = box.w * (figure ? 0.16 : 0.12);
  const fill = lit(look, item.boots!, 0.2);
  for (const at of figure ? [-0.09, 0.09] : [-0.3, 0.28]) {
    const x = box.x + at * box.w;
    g.fillStyle = css(fill);
    g.beginPath();
    g.moveTo(x - w / 2, box.y - h);
    g.lineTo(x + w / 2, box.y - h);
    g.lineTo(x + w / 2, box.y - h * 0.35);
    // The toe points the way the wearer faces.
    g.quadraticCurveTo(x + w / 2 + f * w * 0.7, box.y - h * 0.3, x + w / 2 + f * w * 0.6, box.y);
    g.lineTo(x - w / 2, box.y);
    g.closePath();
    g.fill();
    g.fillStyle = css(scale(fill, 0.6));
    g.fillRect(x - w / 2, box.y - h * 0.12, w + Math.max(0, f) * w * 0.6, h * 0.12);
  }
}
