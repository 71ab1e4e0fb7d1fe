/**
 * A world in a vessel (issue 28): "a firefly in a jar", "a tiny forest in a glass", "a ship in a
 * bottle", "a house in a snow globe". The prompt's scene is painted on its own, then seen through
 * the vessel's glass — a jar with its lid, a tumbler, a bottle with its cork, a globe on its base
 * with snow inside — standing on a table against a plain wall, with the glass's tint, rim and
 * highlights over it.
 */
import { createCanvas } from "@napi-rs/canvas";
import { createRaster, type Raster } from "../raster";
import { subjectById } from "../subjects/library";
import { drawWithCanvas, type Graphics } from "./canvas";
import { css, mix, type RGB, scale } from "./colors";
import { createContext, type RenderContext } from "./context";
import { grade } from "./finish";
import type { RenderOptions } from "./render-scene";
import type { Scene, Vessel } from "./types";

const WALL: RGB = [214, 200, 182];
const TABLE: RGB = [138, 92, 56];
const GLASS: RGB = [214, 236, 240];
const BRASS: RGB = [186, 150, 84];

/** Where the vessel's glass is: its outline and the box the scene inside is painted into. */
interface Shape {
  outline: (g: Graphics) => void;
  inner: { x: number; y: number; w: number; h: number };
}

export function renderInVessel(
  scene: Scene,
  options: RenderOptions,
  paintScene: (scene: Scene, options: RenderOptions) => Raster,
): Raster {
  const { width, height, random } = options;
  const progress = options.onProgress ?? (() => {});
  const kind = scene.vessel!;
  const raster = createRaster(width, height);
  const ctx = createContext(scene, width, height, random.fork("vessel-room"), raster.data);
  const shape = shapeOf(kind, width, height);
  // The world inside, painted at the size it is seen, then set into the glass.
  // Small things are seen closer: a firefly fills its jar more than it would fill a meadow.
  const things = scene.things.map((t) => ({
    ...t,
    scale: (t.scale ?? 1) * ((subjectById(t.id)?.size ?? 1) < 0.2 ? 2 : 1.3),
  }));
  const inner = paintScene(
    { ...scene, things, vessel: null, snowy: scene.snowy || kind === "globe" },
    {
      width: Math.max(16, Math.round(shape.inner.w)),
      height: Math.max(16, Math.round(shape.inner.h)),
      random: random.fork("inside"),
      onProgress: (f, stage) => progress(f * 0.8, stage),
    },
  );
  progress(0.85, "Setting it under glass");
  const picture = createCanvas(inner.width, inner.height);
  const pg = picture.getContext("2d");
  const image = pg.createImageData(inner.width, inner.height);
  image.data.set(inner.data);
  pg.putImageData(image, 0, 0);

  drawWithCanvas(ctx, (g) => {
    paintRoom(g, ctx, kind === "globe" ? height * 0.86 : height * 0.84);
    // A soft shadow where the vessel stands.
    const base = kind === "globe" ? height * 0.92 : shape.inner.y + shape.inner.h;
    g.fillStyle = css([40, 28, 20], 0.3);
    g.beginPath();
    g.ellipse(width / 2, base, shape.inner.w * 0.55, height * 0.025, 0, 0, Math.PI * 2);
    g.fill();
    if (kind === "globe") paintGlobeBase(g, ctx);
    g.save();
    shape.outline(g);
    g.clip();
    g.drawImage(picture, shape.inner.x, shape.inner.y, shape.inner.w, shape.inner.h);
    // The glass tints what is behind it and darkens toward its edges.
    const tint = g.createRadialGradient(
      width / 2,
      shape.inner.y + shape.inner.h * 0.45,
      shape.inner.w * 0.2,
      width / 2,
      shape.inner.y + shape.inner.h * 0.5,
      shape.inner.w * 0.75,
    );
    tint.addColorStop(0, css(GLASS, 0));
    tint.addColorStop(1, css(scale(GLASS, 0.55), 0.45));
    g.fillStyle = tint;
    g.fillRect(0, 0, width, height);
    if (kind === "globe") paintFlakes(g, ctx, shape);
    g.restore();
    paintGlass(g, ctx, shape, kind);
  });
  grade(ctx);
  progress(1, "Done");
  return raster;
}

function shapeOf(kind: Vessel, width: number, height: number): Shape {
  const cx = width / 2;
  if (kind === "globe") {
    const r = Math.min(width, height) * 0.36;
    const cy = height * 0.5;
    return {
      outline: (g) => {
        g.beginPath();
        g.arc(cx, cy, r, 0, Math.PI * 2);
      },
      inner: { x: cx - r, y: cy - r, w: 2 * r, h: 2 * r },
    };
  }
  const unit = Math.min(width, height);
  const w = unit * (kind === "bottle" ? 0.36 : kind === "glass" ? 0.5 : 0.54);
  const bottom = height * 0.86;
  const top = height * (kind === "glass" ? 0.3 : kind === "bottle" ? 0.34 : 0.22);
  const x = cx - w / 2;
  const round = w * (kind === "glass" ? 0.06 : 0.16);
  // From the neck's top (a bottle's is high and narrow) down to the foot.
  const innerTop = kind === "bottle" ? height * 0.12 : kind === "glass" ? top : top - height * 0.04;
  return {
    outline: (g) => {
      g.beginPath();
      if (kind === "glass") {
        // A tumbler: wider at the rim than at the foot.
        const foot = w * 0.08;
        g.moveTo(x, top);
        g.lineTo(x + w, top);
        g.lineTo(x + w - foot, bottom - round);
        g.quadraticCurveTo(x + w - foot, bottom, x + w - foot - round, bottom);
        g.lineTo(x + foot + round, bottom);
        g.quadraticCurveTo(x + foot, bottom, x + foot, bottom - round);
        g.closePath();
        return;
      }
      // A jar or a bottle's body: a rounded shoulder up to its neck.
      const neck = kind === "bottle" ? w * 0.18 : w * 0.38;
      const neckTop = kind === "bottle" ? height * 0.12 : top - height * 0.04;
      g.moveTo(cx - neck, neckTop);
      g.lineTo(cx - neck, top - round * 0.4);
      g.quadraticCurveTo(x, top - round * 0.2, x, top + round);
      g.lineTo(x, bottom - round);
      g.quadraticCurveTo(x, bottom, x + round, bottom);
      g.lineTo(x + w - round, bottom);
      g.quadraticCurveTo(x + w, bottom, x + w, bottom - round);
      g.lineTo(x + w, top + round);
      g.quadraticCurveTo(x + w, top - round * 0.2, cx + neck, top - round * 0.4);
      g.lineTo(cx + neck, neckTop);
      g.closePath();
    },
    inner: { x, y: innerTop, w, h: bottom - innerTop },
  };
}

/** A plain wall behind and a table top in front, lit softly from the side. */
function paintRoom(g: Graphics, ctx: RenderContext, tableTop: number): void {
  const { width, height, palette: p } = ctx;
  const exposure = Math.max(0.5, p.exposure);
  const wall = g.createRadialGradient(width * 0.4, height * 0.35, 0, width * 0.5, height * 0.5, width * 0.9);
  wall.addColorStop(0, css(scale(WALL, exposure)));
  wall.addColorStop(1, css(scale(WALL, exposure * 0.55)));
  g.fillStyle = wall;
  g.fillRect(0, 0, width, tableTop);
  const table = g.createLinearGradient(0, tableTop, 0, height);
  table.addColorStop(0, css(scale(TABLE, exposure * 0.75)));
  table.addColorStop(1, css(scale(TABLE, exposure)));
  g.fillStyle = table;
  g.fillRect(0, tableTop, width, height - tableTop);
}

/** A snow globe's turned wooden base. */
function paintGlobeBase(g: Graphics, ctx: RenderContext): void {
  const { width, height } = ctx;
  const cx = width / 2;
  const r = Math.min(width, height) * 0.36;
  const top = height * 0.5 + r * 0.8;
  const bottom = height * 0.92;
  const wood = g.createLinearGradient(cx - r, 0, cx + r, 0);
  wood.addColorStop(0, css(scale(TABLE, 0.55)));
  wood.addColorStop(0.45, css(mix(TABLE, [255, 230, 200], 0.2)));
  wood.addColorStop(1, css(scale(TABLE, 0.45)));
  g.fillStyle = wood;
  g.beginPath();
  g.moveTo(cx - r * 0.62, top);
  g.lineTo(cx + r * 0.62, top);
  g.lineTo(cx + r * 0.85, bottom);
  g.lineTo(cx - r * 0.85, bottom);
  g.closePath();
  g.fill();
}

/** Snow falling inside the globe. */
function paintFlakes(g: Graphics, ctx: RenderContext, shape: Shape): void {
  const r = ctx.random.fork("globe-snow");
  g.fillStyle = css([255, 255, 255], 0.9);
  for (let k = 0; k < 90; k++) {
    const x = shape.inner.x + r.next() * shape.inner.w;
    const y = shape.inner.y + r.next() * shape.inner.h;
    g.beginPath();
    g.arc(x, y, r.range(0.6, 2.2) * ctx.unit, 0, Math.PI * 2);
    g.fill();
  }
}

/** The glass itself: a bright rim, a highlight down one side, and a lid, a cork or nothing on top. */
function paintGlass(g: Graphics, ctx: RenderContext, shape: Shape, kind: Vessel): void {
  const { width, height, unit } = ctx;
  const { x, y, w, h } = shape.inner;
  g.strokeStyle = css([255, 255, 255], 0.55);
  g.lineWidth = Math.max(1.5, 3 * unit);
  shape.outline(g);
  g.stroke();
  // A highlight: a soft white stripe along the left of the glass.
  g.save();
  shape.outline(g);
  g.clip();
  const stripe = g.createLinearGradient(x + w * 0.08, 0, x + w * 0.26, 0);
  stripe.addColorStop(0, css([255, 255, 255], 0));
  stripe.addColorStop(0.5, css([255, 255, 255], 0.35));
  stripe.addColorStop(1, css([255, 255, 255], 0));
  g.fillStyle = stripe;
  g.fillRect(x + w * 0.08, y, w * 0.18, h);
  g.restore();
  if (kind === "jar") {
    // A brass screw lid over the neck.
    const neck = w * 0.38;
    const top = y;
    g.fillStyle = css(BRASS);
    g.fillRect(width / 2 - neck * 1.08, top - height * 0.05, neck * 2.16, height * 0.055);
    g.strokeStyle = css(scale(BRASS, 0.7));
    g.lineWidth = Math.max(1, unit);
    for (let k = 1; k < 4; k++) {
      const ly = top - height * 0.05 + (height * 0.055 * k) / 4;
      g.beginPath();
      g.moveTo(width / 2 - neck * 1.08, ly);
      g.lineTo(width / 2 + neck * 1.08, ly);
      g.stroke();
    }
  } else if (kind === "bottle") {
    const neck = w * 0.18;
    g.fillStyle = css([170, 130, 90]);
    g.fillRect(width / 2 - neck * 0.9, height * 0.08, neck * 1.8, height * 0.06);
  }
}
