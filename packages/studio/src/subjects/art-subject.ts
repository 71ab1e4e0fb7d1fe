/**
 * A drawing of the art set as a subject of the scene (issue 28): placed, scaled and related like
 * the library's own subjects (it is one more SubjectDefinition, id `art:<hexcode>`), then lit by
 * the scene — shaded away from the light, darker toward its base, dimmed at night and tinted by
 * the light's colour — with a shadow on the ground. A colour word recolours its main hue. The
 * style is applied to the whole picture afterwards, as to everything else.
 */
import { createCanvas, Image } from "@napi-rs/canvas";
import type { Graphics } from "../scene/canvas";
import { hex, hsl, toHsl } from "../scene/colors";
import type { RGB } from "../scene/types";
import { type Drawing, drawingByHexcode, drawingSvg, SKIN_TONES } from "../vocabulary/art-set";
import { groundShadow } from "./paint";
import type { Placement, SubjectBox, SubjectCategory, SubjectDefinition, SubjectLook } from "./types";

export const ART_PREFIX = "art:";

/** Where a kind of drawing stands, its box's height as a share of the picture's, and what it is. */
interface Kind {
  category: SubjectCategory;
  placement: Placement;
  size: number;
  indoor?: boolean;
  flies?: boolean;
  /** Drawn facing left, as the sets draw animals and vehicles: mirrored to face the other way. */
  facesLeft?: boolean;
  /** Furniture: how high its top is, as a share of its box, for what stands on it. */
  surface?: number;
}

const KINDS: Record<string, Kind> = {
  "animal-mammal": { category: "animal", placement: "ground", size: 0.34, facesLeft: true },
  "animal-bird": { category: "animal", placement: "ground", size: 0.22, flies: true, facesLeft: true },
  "animal-marine": { category: "animal", placement: "water", size: 0.28, facesLeft: true },
  "animal-bug": { category: "animal", placement: "ground", size: 0.12, facesLeft: true },
  "animal-reptile": { category: "animal", placement: "ground", size: 0.22, facesLeft: true },
  "animal-amphibian": { category: "animal", placement: "ground", size: 0.16, facesLeft: true },
  "plant-flower": { category: "nature", placement: "ground", size: 0.22 },
  "plant-other": { category: "nature", placement: "ground", size: 0.3 },
  "transport-ground": { category: "vehicle", placement: "ground", size: 0.3, facesLeft: true },
  "transport-water": { category: "vehicle", placement: "water", size: 0.34, facesLeft: true },
  "transport-air": { category: "vehicle", placement: "sky", size: 0.26, flies: true },
  "place-building": { category: "building", placement: "ground", size: 0.5 },
  "place-religious": { category: "building", placement: "ground", size: 0.5 },
  "place-other": { category: "building", placement: "ground", size: 0.45 },
  "place-map": { category: "building", placement: "ground", size: 0.45 },
  "place-geographic": { category: "nature", placement: "ground", size: 0.45 },
  "sky-weather": { category: "sky", placement: "sky", size: 0.2 },
  "face-costume": { category: "figure", placement: "ground", size: 0.36 },
  heart: { category: "object", placement: "sky", size: 0.18 },
};
const FIGURE: Kind = { category: "figure", placement: "ground", size: 0.42 };
/** Things a prompt that names nothing else puts on a table in a room: food, drink, dishes, things of a home or office. */
const INDOOR_THING: Kind = { category: "object", placement: "ground", size: 0.22, indoor: true };
/** Toys, balloons, tools, clothes: small things that go anywhere, carried when a figure is named with them. */
const THING: Kind = { category: "object", placement: "ground", size: 0.22 };
const INDOOR_GROUPS =
  /^(food|drink|dishware|household|office|book-paper|computer|writing|time|phone|mail|medical|science|light-video)/;

/** Drawings of the sea that stay on its floor: corals and shells grow there, crabs and lobsters walk it. */
const ON_THE_FLOOR: Record<string, Kind> = {
  coral: { category: "nature", placement: "ground", size: 0.24 },
  "spiral shell": { category: "object", placement: "ground", size: 0.1 },
  oyster: { category: "object", placement: "ground", size: 0.1 },
  crab: { category: "animal", placement: "ground", size: 0.14, facesLeft: true },
  lobster: { category: "animal", placement: "ground", size: 0.18, facesLeft: true },
};

/** Furniture, as large as a room's, with a top things stand on ("a cat sleeping on the bed"). */
const FURNITURE: Record<string, Kind> = {
  bed: { category: "object", placement: "ground", size: 0.4, indoor: true, surface: 0.62 },
  "couch and lamp": { category: "object", placement: "ground", size: 0.42, indoor: true, surface: 0.5 },
  chair: { category: "object", placement: "ground", size: 0.34, indoor: true, surface: 0.5 },
  bathtub: { category: "object", placement: "ground", size: 0.34, indoor: true, surface: 0.62 },
  // A plate is seen from above: what is on it sits on its middle, not on its rim.
  "fork and knife with plate": { category: "object", placement: "ground", size: 0.26, indoor: true, surface: 0.3 },
};

function kindOf(drawing: Drawing): Kind {
  const floor = ON_THE_FLOOR[drawing.label] ?? FURNITURE[drawing.label];
  if (floor) return floor;
  const kind = KINDS[drawing.subgroup];
  if (kind) return kind;
  if (drawing.subgroup.startsWith("person")) return FIGURE;
  return INDOOR_GROUPS.test(drawing.subgroup) ? INDOOR_THING : THING;
}

/** Hats and crowns go on a head; scarves, ties and bows round a neck. */
const HEAD_WEAR = /\b(hat|cap|crown|helmet|tiara|beanie|hood|sunglasses|glasses|goggles|bonnet|headband|headphone)s?\b/;
const NECK_WEAR = /\b(scarf|bandana|necktie|tie|bow|ribbon|collar|necklace|medal|lei)s?\b/;

function wornOn(drawing: Drawing): "head" | "neck" | undefined {
  if (drawing.subgroup !== "clothing" && drawing.subgroup !== "award-medal" && drawing.subgroup !== "event")
    return undefined;
  if (HEAD_WEAR.test(drawing.label)) return "head";
  if (NECK_WEAR.test(drawing.label)) return "neck";
  return undefined;
}

/** What the drawing looks like once: its opaque bounds in its view box and its commonest colour. */
interface Measure {
  /** Opaque bounds as shares of the view box. */
  left: number;
  top: number;
  right: number;
  bottom: number;
  main: RGB;
  /** Its highest point, in box units as SubjectDefinition.head: where a hat goes. */
  head: [number, number];
}

const MEASURE_SIZE = 64;
const measures = new Map<string, Measure>();

function svgImage(body: string, viewBox: number, width: number, height: number): Image {
  const image = new Image();
  image.src = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${viewBox} ${viewBox}" preserveAspectRatio="none">${body}</svg>`,
  );
  return image;
}

function measure(drawing: Drawing): Measure {
  const known = measures.get(drawing.hexcode);
  if (known) return known;
  const svg = drawingSvg(drawing);
  const result: Measure = { left: 0, top: 0, right: 1, bottom: 1, main: [128, 128, 128], head: [0, 1] };
  if (svg) {
    const canvas = createCanvas(MEASURE_SIZE, MEASURE_SIZE);
    const g = canvas.getContext("2d");
    g.drawImage(svgImage(svg.body, svg.size, MEASURE_SIZE, MEASURE_SIZE), 0, 0);
    const { data } = g.getImageData(0, 0, MEASURE_SIZE, MEASURE_SIZE);
    let [x0, y0, x1, y1] = [MEASURE_SIZE, MEASURE_SIZE, -1, -1];
    const counts = new Map<number, number>();
    for (let y = 0; y < MEASURE_SIZE; y++)
      for (let x = 0; x < MEASURE_SIZE; x++) {
        const i = (y * MEASURE_SIZE + x) * 4;
        if (data[i + 3]! < 128) continue;
        x0 = Math.min(x0, x);
        y0 = Math.min(y0, y);
        x1 = Math.max(x1, x);
        y1 = Math.max(y1, y);
        // Colours counted to 5 bits a channel: flat art has few.
        const key = ((data[i]! >> 3) << 10) | ((data[i + 1]! >> 3) << 5) | (data[i + 2]! >> 3);
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
    if (x1 >= 0) {
      Object.assign(result, {
        left: x0 / MEASURE_SIZE,
        top: y0 / MEASURE_SIZE,
        right: (x1 + 1) / MEASURE_SIZE,
        bottom: (y1 + 1) / MEASURE_SIZE,
      });
      // The head: the middle of the opaque pixels in the top tenth of the drawing; the sets draw
      // animals facing left, so toward the left is toward where it faces.
      let sum = 0;
      let n = 0;
      for (let y = y0; y <= y0 + Math.max(1, (y1 - y0) * 0.1); y++)
        for (let x = x0; x <= x1; x++)
          if (data[(y * MEASURE_SIZE + x) * 4 + 3]! >= 128) {
            sum += x;
            n++;
          }
      const across = n > 0 ? (sum / n - (x0 + x1) / 2) / Math.max(1, x1 - x0 + 1) : 0;
      result.head = [-across, 0.97];
      const [key] = [...counts.entries()].reduce((a, b) => (b[1] > a[1] ? b : a));
      result.main = [((key >> 10) & 31) * 8 + 4, ((key >> 5) & 31) * 8 + 4, (key & 31) * 8 + 4];
    }
  }
  measures.set(drawing.hexcode, result);
  return result;
}

const definitions = new Map<string, SubjectDefinition>();

/** The subject for `art:<hexcode>`, made the first time it is asked for. */
export function artSubject(id: string): SubjectDefinition | undefined {
  const known = definitions.get(id);
  if (known) return known;
  const drawing = drawingByHexcode(id.slice(ART_PREFIX.length));
  if (!drawing) return undefined;
  const kind = kindOf(drawing);
  const definition: SubjectDefinition = {
    id,
    category: kind.category,
    words: [drawing.label],
    plurals: [],
    // Measured when first drawn or placed, not when a prompt is read.
    get color() {
      return measure(drawing).main;
    },
    get aspect() {
      const m = measure(drawing);
      return Math.max(0.2, Math.min(5, (m.right - m.left) / Math.max(0.05, m.bottom - m.top)));
    },
    size: kind.size,
    placement: kind.placement,
    ...(kind.indoor ? { indoor: true } : {}),
    // Furniture stands beside its owner: "a kid with bunk beds" holds no bed.
    ...(kind.category === "object" && !kind.surface ? { carried: true } : {}),
    ...(wornOn(drawing) ? { worn: wornOn(drawing) } : {}),
    // Where the head is: measured on drawings that face a way; the middle of the top on the rest.
    get head(): [number, number] {
      return kind.facesLeft ? measure(drawing).head : [0, 0.97];
    },
    ...(kind.flies ? { flies: true } : {}),
    ...(kind.surface ? { surface: kind.surface } : {}),
    ...(/\bface\b/.test(drawing.label) ? { frontal: true } : {}),
    draw: (g, box, look) => drawArt(g, drawing, kind, box, look),
  };
  definitions.set(id, definition);
  return definition;
}

export function artSubjectId(drawing: Drawing): string {
  return `${ART_PREFIX}${drawing.hexcode}`;
}

function drawArt(g: Graphics, drawing: Drawing, kind: Kind, box: SubjectBox, look: SubjectLook): void {
  const tone = drawing.skins ? look.random.int(0, SKIN_TONES.length - 1) : 0;
  const svg = drawingSvg(drawing, tone);
  if (!svg) return;
  const m = measure(drawing);
  const w = Math.max(2, Math.round(box.w));
  const h = Math.max(2, Math.round(box.h));
  // The view box scaled so that the drawing's opaque bounds fill the box.
  const scaleX = w / (m.right - m.left);
  const scaleY = h / (m.bottom - m.top);
  const body = sameColour(look.color, m.main) ? svg.body : recolour(svg.body, m.main, look.color);
  const canvas = createCanvas(w, h);
  const off = canvas.getContext("2d");
  const mirror = kind.facesLeft === true && look.facing === 1;
  if (mirror) {
    off.translate(w, 0);
    off.scale(-1, 1);
  }
  off.drawImage(svgImage(body, svg.size, Math.round(scaleX), Math.round(scaleY)), -m.left * scaleX, -m.top * scaleY);
  const image = off.getImageData(0, 0, w, h);
  light(image.data, w, h, look, kind.placement !== "sky");
  off.setTransform(1, 0, 0, 1, 0, 0);
  off.putImageData(image, 0, 0);
  groundShadow(g, box, look, 0.45);
  g.drawImage(canvas, box.x - w / 2, box.y - h);
}

/**
 * The scene's light on flat art: exposure and the light's colour on everything, the side away
 * from the light turned toward the shadow's colour, and the part near the ground a little darker.
 */
function light(data: Uint8ClampedArray, w: number, h: number, look: SubjectLook, grounded: boolean): void {
  const exposure = 0.45 + 0.55 * look.exposure;
  const [lr, lg, lb] = look.light.map((c) => 0.75 + (0.25 * c) / 255) as RGB;
  const [sr, sg, sb] = look.shadow;
  for (let y = 0; y < h; y++) {
    const base = grounded ? Math.max(0, 1 - (h - y) / (h * 0.18)) * 0.18 : 0;
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 4;
      if (data[i + 3] === 0) continue;
      // −0.5 on the side away from the light … 0.5 toward it.
      const side = (x / w - 0.5) * look.lightFrom;
      const shade = Math.min(0.5, Math.max(0, 0.12 - side * 0.5) + base);
      data[i] = (data[i]! * exposure * lr * (1 - shade) + sr * shade) | 0;
      data[i + 1] = (data[i + 1]! * exposure * lg * (1 - shade) + sg * shade) | 0;
      data[i + 2] = (data[i + 2]! * exposure * lb * (1 - shade) + sb * shade) | 0;
    }
  }
}

function sameColour(a: RGB, b: RGB): boolean {
  return Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) + Math.abs(a[2] - b[2]) < 24;
}

/** Every colour of the drawing near the main colour's hue moves to the wanted colour, keeping its shading. */
function recolour(body: string, main: RGB, wanted: RGB): string {
  const [mh, ms, ml] = toHsl(main);
  const [wh, ws, wl] = toHsl(wanted);
  return body.replace(/#([0-9a-f]{6}|[0-9a-f]{3})\b/gi, (written) => {
    const full = written.length === 4 ? `#${[...written.slice(1)].map((c) => c + c).join("")}` : written;
    const [h, s, l] = toHsl(hex(full));
    const hueGap = Math.min(Math.abs(h - mh), 1 - Math.abs(h - mh));
    const near = ms < 0.12 ? s < 0.15 && Math.abs(l - ml) < 0.25 : s > 0.12 && hueGap < 0.08;
    if (!near) return written;
    const s2 = Math.min(1, ws * (ms > 0.05 ? s / ms : 1));
    const l2 = Math.min(0.97, Math.max(0.03, wl + (l - ml)));
    const [r, g, b] = hsl(wh, s2, l2);
    return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`;
  });
}
