/**
 * The subject library's shapes (issue 19): things a prompt names — animals, figures, buildings,
 * vehicles, objects — each drawn procedurally with vector shapes and shading, no copied artwork.
 * A definition says how people name it, its own colour, its proportions and where it stands;
 * `draw` paints it into a box the composition gives it, lit by the scene's light.
 */
import type { Random } from "../random";
import type { Graphics } from "../scene/canvas";
import type { RGB } from "../scene/types";

export type SubjectCategory = "animal" | "figure" | "building" | "vehicle" | "nature" | "object" | "sky";

/** Where a subject stands when the prompt does not say: on the ground, on water, or in the sky. */
export type Placement = "ground" | "water" | "sky";

/**
 * The box a subject is drawn in, in pixels: `x` is the middle of its base (where it touches the
 * ground or the water), `y` the base's height in the picture, `w` × `h` its size. The drawing
 * stays inside x ± w/2 and y − h … y.
 */
export interface SubjectBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface SubjectLook {
  /** The body colour: a colour word from the prompt ("a red fox"), else the subject's own. */
  color: RGB;
  /** Light on lit faces (warm at sunset, pale blue at night) and the ambient colour of shadows. */
  light: RGB;
  shadow: RGB;
  /** 0 (night) … 1 (full day): how bright lit surfaces are. */
  exposure: number;
  /** Which side the light comes from: 1 from the right, −1 from the left. */
  lightFrom: 1 | -1;
  /** Which way the subject looks or travels: 1 right, −1 left. */
  facing: 1 | -1;
  /** Night: windows and lamps glow. */
  night: boolean;
  /** In the sky (a dragon in flight): no shadow on the ground under it. */
  airborne?: boolean;
  /** Asleep ("a cat sleeping"): its eyes are drawn shut. */
  asleep?: boolean;
  /** Anime faces (the scene's `faces`): eyes drawn large and round, with two highlights. */
  bigEyes?: boolean;
  /** A rider's reins run from its hands to this point in pixels: its mount's mouth. */
  reins?: [number, number];
  random: Random;
}

export interface SubjectDefinition {
  id: string;
  category: SubjectCategory;
  /** How prompts name one of it: its name and synonyms. A name of several words ("hot air balloon") is read as one. */
  words: string[];
  /** How prompts name several ("foxes"): a plural without a number paints a few. */
  plurals: string[];
  color: RGB;
  /** Width over height of its box. */
  aspect: number;
  /** Its box's height as a share of the picture's height when it is the main subject. */
  size: number;
  placement: Placement;
  /** Where things put on it stand, as a share of its height: a table's top (the default, 0.8), a chair's seat. */
  surface?: number;
  /** A flat support (a shelf, a cloth): what stands on it keeps its own size. */
  flat?: boolean;
  /** Holds other things: "a bowl of lemons", "a vase of …" put them in it. */
  container?: boolean;
  /** Drawn from the front, a face without a body (the art set's lion): it keeps its pose. */
  frontal?: boolean;
  /** Small animals put "in" or "on" it sit at this height, as a share of its height (a tree's crown). */
  perch?: number;
  /** Can fly: "a dragon over a castle" puts it in the sky, though it stands on the ground by default. */
  flies?: boolean;
  /** Rises high out of a container it is put in (a bouquet in a vase) instead of sitting low in it. */
  tall?: boolean;
  /** Belongs on a table or in a room: a prompt that names it and no landscape is painted indoors ("a bowl of lemons"). */
  indoor?: boolean;
  /** Lights a room around it; a room with one in it is painted in the evening ("a candle"). */
  lightsRoom?: boolean;
  /** Sits in a tree's crown when the prompt puts it "in a tree" (an owl); other things stand by the trees. */
  sitsInTrees?: boolean;
  /** Seen at night: naming it makes the sky a night sky, though the prompt does not say so (a comet). */
  nightSky?: boolean;
  /** Afloat on a lake or pond rather than the open sea (a duck, a rowboat). */
  stillWater?: boolean;
  /** A figure named "with" it carries it in a hand ("a girl with an umbrella"); anything else stands beside. */
  carried?: boolean;
  /** Worn on the head (a hat, a crown) or round the neck (a scarf, a bow) by a figure or an animal "wearing" or "with" it. */
  worn?: "head" | "neck";
  /** Where its head is, in box units (u across toward where it faces, v up from the base): hats sit on it, food at its mouth. */
  head?: [number, number];
  /** Can be ridden: a figure "on" or "riding" it sits astride its back here; one "on" an animal without it stands beside. */
  saddle?: Saddle;
  draw(g: Graphics, box: SubjectBox, look: SubjectLook): void;
  /**
   * Draws a figure seated astride a mount, facing the way it goes: `box.y` is the seat on the
   * mount's back and `box.h` the figure's standing height; the near leg hangs below the base over
   * the mount's flank, the far one is hidden by it. A figure without it stands beside its mount.
   */
  ride?(g: Graphics, box: SubjectBox, look: SubjectLook): void;
}

/** Where a rider sits on a mount, in the mount's box units (u along the body toward the head, v up from the base). */
export interface Saddle {
  /** The seat on its back. */
  u: number;
  v: number;
  /** The rider's standing height as a share of the mount's box height. */
  rider: number;
  /** The mouth the reins run to, when it wears a bridle. */
  bit?: [number, number];
}

/**
 * Where a thing is relative to another; "held": in a figure's hand ("a girl with an umbrella");
 * "pulls": it draws the other along behind it ("a horse pulling a sleigh"); "worn": on its head
 * or round its neck ("a dog wearing a hat"); "eaten": at its mouth ("a giraffe eating leaves");
 * "chases": it runs after the other, the other ahead, both facing the same way ("a police car chasing
 * a motorcycle").
 */
export type Relation = "on" | "above" | "under" | "in" | "by" | "held" | "pulls" | "worn" | "eaten" | "chases";

/** A subject as the prompt names it: which, how many, what colour, and where relative to what. */
export interface Thing {
  id: string;
  /** A colour word tied to it ("a red fox"). */
  color?: RGB;
  count: number;
  /** A size word tied to it: "a tiny house" 0.6, "a huge whale" 1.5; none is 1. */
  scale?: number;
  /** "a lighthouse on a cliff": relation "on", target "cliff" (a rock under it), a landscape subject or another thing's id. */
  relation?: { kind: Relation; target: string };
  /** What it is doing, where its drawing allows: "a cat lying", "a flying pig", "a dolphin leaping". */
  pose?: Pose;
  /** What it wears that is drawn with it, in its colour: a cape behind it, boots on its feet, an animal's sweater or coat. */
  cape?: RGB;
  boots?: RGB;
  coat?: RGB;
  /** "a spotted horse", "a tabby cat": dark spots or stripes over its coat. */
  pattern?: "spots" | "stripes";
}

/** Lying down, in the air, jumping (an arc out of the water), striding, or swimming half under. */
export type Pose = "lying" | "flying" | "leaping" | "running" | "swimming";
