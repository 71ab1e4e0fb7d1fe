/** Drawing helpers every subject shares: lit and shadowed colours, and simple shapes. */
import type { Graphics } from "../scene/canvas";
import { css, mix, scale } from "../scene/colors";
import type { RGB } from "../scene/types";
import type { SubjectBox, SubjectLook } from "./types";

/**
 * A surface colour under the scene's light: `facing` 1 turned to the light, 0 side-on, −1 away
 * (in shadow). Night dims everything; the shadow side takes the ambient colour.
 */
export function lit(look: SubjectLook, color: RGB, facing = 0): RGB {
  const exposed = scale(color, 0.35 + 0.65 * look.exposure);
  if (facing >= 0) return mix(exposed, mix(exposed, look.light, 0.35), facing * 0.6);
  return mix(exposed, look.shadow, -facing * 0.45);
}

export function fill(g: Graphics, color: RGB, alpha = 1): void {
  g.fillStyle = css(color, alpha);
}

export function ellipse(g: Graphics, x: number, y: number, rx: number, ry: number, rotation = 0): void {
  g.beginPath();
  g.ellipse(x, y, Math.max(0.5, rx), Math.max(0.5, ry), rotation, 0, Math.PI * 2);
  g.fill();
}

export function polygon(g: Graphics, points: [number, number][]): void {
  g.beginPath();
  for (const [i, [x, y]] of points.entries()) {
    if (i === 0) g.moveTo(x, y);
    else g.lineTo(x, y);
  }
  g.closePath();
  g.fill();
}

/** Window glass by day, and the warm colour of lamplight. */
export const GLASS_DAY: RGB = [150, 190, 210];
export const LAMP: RGB = [255, 226, 150];

/** A window pane: sky-tinted glass by day, lamplight at night. */
export function pane(look: SubjectLook): RGB {
  return look.night ? LAMP : lit(look, GLASS_DAY, 0.3);
}

/** Which side of a drawing is away from the light, as the sign of u in box units (−0.5…0.5 across). */
export const shadowSide = (look: SubjectLook) => -look.lightFrom * look.facing;

/** A soft round halo fading to nothing, for lamps, flames and lit windows. */
export function glow(g: Graphics, x: number, y: number, radius: number, colour: RGB = LAMP, strength = 0.45): void {
  const gradient = g.createRadialGradient(x, y, 0, x, y, Math.max(1, radius));
  gradient.addColorStop(0, css(colour, strength));
  gradient.addColorStop(1, css(colour, 0));
  g.fillStyle = gradient;
  g.beginPath();
  g.arc(x, y, Math.max(1, radius), 0, Math.PI * 2);
  g.fill();
}

/** A round-capped line through points in one colour: limbs, poles, stems, ropes and seams. */
export function strokeLine(g: Graphics, colour: RGB, width: number, points: [number, number][], alpha = 1): void {
  g.strokeStyle = css(colour, alpha);
  g.lineWidth = Math.max(1, width);
  g.lineCap = "round";
  g.lineJoin = "round";
  g.beginPath();
  for (const [i, [x, y]] of points.entries()) {
    if (i === 0) g.moveTo(x, y);
    else g.lineTo(x, y);
  }
  g.stroke();
}

/** A closed outline through points, each corner rounded by a quadratic curve through the next midpoint. */
export function smoothShape(g: Graphics, points: [number, number][]): void {
  const mid = (a: [number, number], b: [number, number]): [number, number] => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
  const last = points[points.length - 1]!;
  g.beginPath();
  g.moveTo(...mid(last, points[0]!));
  for (const [i, point] of points.entries())
    g.quadraticCurveTo(...point, ...mid(point, points[(i + 1) % points.length]!));
  g.closePath();
  g.fill();
}

/** A soft shadow on the ground under a subject standing at the base of `box`. */
export function groundShadow(g: Graphics, box: SubjectBox, look: SubjectLook, spread = 0.55): void {
  if (look.airborne) return;
  fill(g, look.shadow, 0.28 * (0.4 + 0.6 * look.exposure));
  ellipse(g, box.x + look.lightFrom * -box.w * 0.08, box.y, box.w * spread, Math.max(2, box.h * 0.05));
}

/** Maps a point given in the box's own units (−0.5…0.5 across, 0 at the base … 1 at the top) to pixels, mirrored when facing left. */
export function boxPoint(box: SubjectBox, look: Pick<SubjectLook, "facing">) {
  return (u: number, v: number): [number, number] => [box.x + u * box.w * look.facing, box.y - v * box.h];
}

/** A point in box units (see boxPoint), already mirrored for the way the subject faces. */
export type Point = (u: number, v: number) => [number, number];

/**
 * Points in box units as one flat list, u and v in turn: `[u0, v0, u1, v1, …]`. Outlines are
 * data, so a flat list keeps each one a line of numbers instead of a column of pairs.
 */
export type Outline = readonly number[];

/** The pixel points of an outline given in box units. */
export function outlinePoints(p: Point, outline: Outline): [number, number][] {
  const points: [number, number][] = [];
  for (let i = 0; i + 1 < outline.length; i += 2) points.push(p(outline[i]!, outline[i + 1]!));
  return points;
}

/** A polygon given in box units. */
export function shape(g: Graphics, p: Point, outline: Outline): void {
  polygon(g, outlinePoints(p, outline));
}

/**
 * A closed smooth outline that bends through the midpoints of its points (box units): a handful
 * of points gives an organic body, and it never leaves their hull, so it stays inside the box.
 */
export function blob(g: Graphics, p: Point, outline: Outline): void {
  smoothShape(g, outlinePoints(p, outline));
}

/** An ellipse centred at (u, v) with radii as shares of the box's width and height; `tilt` raises its front end. */
export function oval(
  g: Graphics,
  p: Point,
  box: SubjectBox,
  look: SubjectLook,
  u: number,
  v: number,
  ru: number,
  rv: number,
  tilt = 0,
): void {
  ellipse(g, ...p(u, v), ru * box.w, rv * box.h, -tilt * look.facing);
}

/**
 * A fill that runs from lit on top (leaning toward the light) to shadowed underneath, over the
 * heights vTop … vBottom: what makes a flat silhouette read as a rounded body.
 */
export function rounded(
  g: Graphics,
  box: SubjectBox,
  look: SubjectLook,
  colour: RGB,
  vTop: number,
  vBottom: number,
): void {
  const lean = box.w * 0.2 * look.lightFrom;
  const gradient = g.createLinearGradient(box.x + lean, box.y - vTop * box.h, box.x - lean, box.y - vBottom * box.h);
  gradient.addColorStop(0, css(lit(look, colour, 0.7)));
  gradient.addColorStop(0.5, css(lit(look, colour, 0.15)));
  gradient.addColorStop(1, css(lit(look, colour, -0.7)));
  g.fillStyle = gradient;
}

/** A curved stroke through box units (tails, antlers, stems): two points a line, three a quadratic, four a Bézier curve, more a polyline. */
export function curve(g: Graphics, p: Point, colour: string, width: number, outline: Outline): void {
  const points = outlinePoints(p, outline);
  g.strokeStyle = colour;
  g.lineWidth = Math.max(1, width);
  g.lineCap = "round";
  g.lineJoin = "round";
  g.beginPath();
  g.moveTo(...points[0]!);
  if (points.length === 3) g.quadraticCurveTo(...points[1]!, ...points[2]!);
  else if (points.length === 4) g.bezierCurveTo(...points[1]!, ...points[2]!, ...points[3]!);
  else for (const point of points.slice(1)) g.lineTo(...point);
  g.stroke();
}

/** Round dots as flat triples `[u0, v0, r0, u1, v1, r1, …]` in box units, each radius a share of the box's height: spots, foam, sparks. */
export function discs(g: Graphics, p: Point, box: SubjectBox, circles: Outline): void {
  for (let i = 0; i + 2 < circles.length; i += 3) {
    const radius = circles[i + 2]! * box.h;
    ellipse(g, ...p(circles[i]!, circles[i + 1]!), radius, radius);
  }
}
