/**
 * Stamp brushes (issue 19): each blob painted with one becomes a subject of the library drawn to
 * fill it — a house, a boat, an animal, a person, trees. The blob's pixels first take the labels
 * around it (grass, sky, water…), so the regions are painted on behind the subject as if the blob
 * had never been there; the subjects are drawn on a layer of their own that the renderer lays
 * over the regions (and shows to the water, so a house on the shore is reflected).
 */
import { createCanvas } from "@napi-rs/canvas";
import { DOODLE_BRUSHES, type DoodleStamp } from "../doodle-brushes";
import type { Random } from "../random";
import { mix, scale } from "../scene/colors";
import type { Palette } from "../scene/palette";
import type { RGB, Scene } from "../scene/types";
import { drawTree, type TreeStyle } from "../scene/vegetation";
import { subjectById } from "../subjects/library";
import type { SubjectBox, SubjectDefinition, SubjectLook } from "../subjects/types";
import { fillUnknown, INK, LABEL_IDS, PAPER, stampBlobs } from "./classify";

/** Label number → its brush's stamp, for the stamp brushes. */
const STAMP_OF = new Map<number, DoodleStamp>();
/** 1 for a stamp's label, and for what is filled in behind things (stamps and paper): tables, as the fills ask for every pixel. */
const IS_STAMP = new Uint8Array(256);
const IS_BEHIND = new Uint8Array(256);
IS_BEHIND[PAPER] = 1;
for (const brush of DOODLE_BRUSHES) {
  if (!brush.stamp) continue;
  const label = LABEL_IDS.indexOf(brush.id);
  STAMP_OF.set(label, brush.stamp);
  IS_STAMP[label] = 1;
  IS_BEHIND[label] = 1;
}

export interface Stamp {
  stamp: DoodleStamp;
  left: number;
  top: number;
  /** Exclusive. */
  right: number;
  bottom: number;
  /** The blob's own top and bottom row in each column of its box (−1 where it has none): a row of trees follows its outline. */
  columnTop: Int32Array;
  columnBottom: Int32Array;
}

/** Finds the blobs painted with stamp brushes and gives their pixels (and specks') the labels around them, in place. */
export function takeStamps(labels: Uint8Array, width: number, height: number): Stamp[] {
  if (!labels.some((l) => IS_STAMP[l] === 1)) return [];
  const stamps = stampBlobs(labels, width, height).map((blob): Stamp => {
    const columnTop = new Int32Array(blob.right - blob.left).fill(-1);
    const columnBottom = new Int32Array(blob.right - blob.left).fill(-1);
    for (const k of blob.pixels) {
      const x = k % width;
      const y = (k - x) / width;
      const c = x - blob.left;
      if (columnTop[c] === -1 || y < columnTop[c]!) columnTop[c] = y;
      columnBottom[c] = Math.max(columnBottom[c]!, y + 1);
    }
    const { left, top, right, bottom } = blob;
    return { stamp: STAMP_OF.get(blob.label)!, left, top, right, bottom, columnTop, columnBottom };
  });
  // Behind each thing, what is around it: paper walled in by a blob (a ring) goes with it.
  for (const s of stamps) {
    // One pixel around the blob: the regions on either side of it.
    const box = {
      left: Math.max(0, s.left - 1),
      top: Math.max(0, s.top - 1),
      right: Math.min(width, s.right + 1),
      bottom: Math.min(height, s.bottom + 1),
    };
    fillBetween(labels, width, box, false);
    fillBetween(labels, width, box, true);
  }
  fillUnknown(
    labels,
    width,
    height,
    (l) => l < INK && IS_STAMP[l] === 0,
    (l) => IS_BEHIND[l] === 1,
  );
  return stamps;
}

/**
 * Inside a box, a run of target pixels (along a row, or a column when `vertical`) between two
 * pixels of the same region takes that region: the horizon and the shore carry on behind a thing,
 * where a nearest-label fill would raise a hump of grass beside a house. Other runs are left.
 */
function fillBetween(
  labels: Uint8Array,
  width: number,
  box: { left: number; top: number; right: number; bottom: number },
  vertical: boolean,
): void {
  const target = (k: number) => IS_BEHIND[labels[k]!] === 1;
  const [lineFrom, lineTo, from, to] = vertical
    ? [box.left, box.right, box.top, box.bottom]
    : [box.top, box.bottom, box.left, box.right];
  const stride = vertical ? width : 1;
  for (let line = lineFrom; line < lineTo; line++) {
    const first = vertical ? line : line * width;
    let at = from;
    while (at < to) {
      if (!target(first + at * stride)) {
        at++;
        continue;
      }
      const start = at;
      while (at < to && target(first + at * stride)) at++;
      if (start === from || at === to) continue;
      const before = labels[first + (start - 1) * stride]!;
      if (before !== labels[first + at * stride] || before >= INK || IS_STAMP[before] === 1) continue;
      for (let q = start; q < at; q++) labels[first + q * stride] = before;
    }
  }
}

/**
 * The subjects the blobs become, painted on a transparent RGBA layer the size of the picture.
 * `labels` (the regions behind them) lets a thing painted a little above the ground stand on it.
 */
export function drawStamps(
  blobs: readonly Stamp[],
  labels: Uint8Array,
  width: number,
  height: number,
  p: Palette,
  scene: Scene,
  random: Random,
): Uint8ClampedArray {
  const canvas = createCanvas(width, height);
  const g = canvas.getContext("2d");
  const lightFrom: 1 | -1 = random.chance(0.5) ? 1 : -1;
  const treeStyle: TreeStyle = {
    lit: mix(p.tree, mix(p.tree, p.light, 0.5), 0.55),
    dark: mix(scale(p.tree, 0.5), p.shadow, 0.35),
    snow: scene.snowy ? p.snow : null,
    lightX: lightFrom,
  };
  const items: { box: SubjectBox; draw: (box: SubjectBox) => void }[] = [];
  // Left to right, so "a fox and a cat" makes the first animal blob a fox and the next a cat.
  const seen = new Map<DoodleStamp, number>();
  [...blobs]
    .sort((a, b) => a.left - b.left)
    .forEach((blob, index) => {
      const r = random.fork(`stamp-${index}`);
      const w = blob.right - blob.left;
      const h = blob.bottom - blob.top;
      const nth = seen.get(blob.stamp) ?? 0;
      seen.set(blob.stamp, nth + 1);
      const chosen = chooseSubject(blob.stamp, w / h, scene, nth);
      const aspect = chosen?.definition.aspect ?? 0.7;
      const look = (x: number): SubjectLook => ({
        color: chosen?.color ?? chosen?.definition.color ?? p.tree,
        light: p.light,
        shadow: p.shadow,
        exposure: p.exposure,
        lightFrom,
        facing: x < width / 2 ? 1 : -1,
        night: p.night,
        random: r.fork(`look-${x | 0}`),
      });
      const draw = (box: SubjectBox) => {
        if (chosen) chosen.definition.draw(g, box, look(box.x));
        else drawTree("mixed", g, box.x, box.y, box.h, treeStyle, r);
      };
      // One tree where one was painted; a blob wider than a tree, or tall and broad, is a wood.
      const single = w <= h * aspect * 1.6 && (h <= height * 0.45 || w <= h * aspect);
      const boxes = blob.stamp.row && !single ? rowBoxes(blob, aspect, height, r) : [fitBox(blob, aspect)];
      const flies = chosen?.definition.placement === "sky";
      for (const box of boxes) items.push({ box: flies ? box : landed(box, labels, width, height), draw });
    });
  // Further back first: what stands higher in the picture is behind what stands lower.
  items.sort((a, b) => a.box.y - b.box.y);
  for (const item of items) item.draw(item.box);
  return new Uint8ClampedArray(g.getImageData(0, 0, width, height).data);
}

/** Regions a thing does not stand on. */
const AIR = new Set([LABEL_IDS.indexOf("sky"), LABEL_IDS.indexOf("cloud"), PAPER]);

/** A box whose base is in the air with ground a little below it, moved down to stand on that ground. */
function landed(box: SubjectBox, labels: Uint8Array, width: number, height: number): SubjectBox {
  const x = Math.min(width - 1, Math.max(0, Math.round(box.x)));
  const reach = Math.max(box.h * 0.5, height * 0.05);
  for (let y = Math.max(0, Math.round(box.y)); y < height && y <= box.y + reach; y++)
    if (!AIR.has(labels[y * width + x]!)) return y === Math.round(box.y) ? box : { ...box, y: y + box.h * 0.02 };
  return box;
}

/** Base on the blob's bottom, its height, its width from the subject's proportions (at most a little wider than the blob), centred. */
function fitBox(blob: Stamp, aspect: number): SubjectBox {
  const bw = blob.right - blob.left;
  let h = blob.bottom - blob.top;
  let w = h * aspect;
  if (w > bw * 1.25) {
    w = bw * 1.25;
    h = w / aspect;
  }
  return { x: (blob.left + blob.right) / 2, y: blob.bottom, w, h };
}

/**
 * A wide blob as rows of overlapping subjects following its outline: one row as tall as the blob
 * where it is low, rows receding into it (higher ones first) where it is tall — a wood.
 */
function rowBoxes(blob: Stamp, aspect: number, height: number, r: Random): SubjectBox[] {
  const tallest = height * 0.22;
  const boxes: SubjectBox[] = [];
  const columns = blob.right - blob.left;
  const size = Math.min(blob.bottom - blob.top, tallest);
  const spacing = Math.max(2, size * aspect * 0.62);
  const step = size * 0.45;
  for (let row = 0; ; row++) {
    let any = false;
    for (let at = spacing * r.range(0.3, 0.6); at < columns; at += spacing * r.range(0.85, 1.15)) {
      const c = Math.min(columns - 1, Math.round(at));
      const top = blob.columnTop[c]!;
      const bottom = blob.columnBottom[c]!;
      if (top < 0) continue;
      const tall = Math.min(bottom - top, tallest);
      const base = top + tall + row * step;
      if (base > bottom + step * 0.5) continue;
      any = true;
      const h = tall * r.range(0.85, 1);
      boxes.push({ x: blob.left + c, y: Math.min(base, bottom), w: h * aspect, h });
    }
    if (!any) break;
  }
  return boxes.sort((a, b) => a.y - b.y);
}

/**
 * The subject a blob becomes: one the prompt names that this brush may draw ("a cat" for the
 * animal brush, with its colour; the brush's nth blob the nth of them), else the brush's subject
 * whose proportions fit the blob best; undefined when the library has none of them (trees then
 * come from the landscape's own).
 */
function chooseSubject(
  stamp: DoodleStamp,
  aspect: number,
  scene: Scene,
  nth: number,
): { definition: SubjectDefinition; color?: RGB } | undefined {
  const named = scene.things.flatMap((thing) => {
    const definition = subjectById(thing.id);
    return definition && (stamp.subjects.includes(definition.id) || definition.category === stamp.category)
      ? [{ definition, ...(thing.color ? { color: thing.color } : {}) }]
      : [];
  });
  if (named.length > 0) return named[nth % named.length];
  let best: SubjectDefinition | undefined;
  let bestFit = Infinity;
  for (const id of stamp.subjects) {
    const definition = subjectById(id);
    if (!definition) continue;
    const fit = Math.abs(Math.log(definition.aspect / aspect));
    if (fit < bestFit - 1e-6) {
      best = definition;
      bestFit = fit;
    }
  }
  return best && { definition: best };
}

/** Lays an RGBA layer (straight alpha) over the picture. */
export function layOver(data: Uint8ClampedArray, layer: Uint8ClampedArray): void {
  for (let i = 0; i < layer.length; i += 4) {
    const a = layer[i + 3]! / 255;
    if (a === 0) continue;
    data[i] = data[i]! + (layer[i]! - data[i]!) * a;
    data[i + 1] = data[i + 1]! + (layer[i + 1]! - data[i + 1]!) * a;
    data[i + 2] = data[i + 2]! + (layer[i + 2]! - data[i + 2]!) * a;
  }
}
