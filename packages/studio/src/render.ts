/**
 * One Studio image from its parameters: scene (text), source picture (image) or drawing
 * (doodle) → style. Pure and synchronous: runs inside a worker thread (Atelier's engine) and in the
 * command-line tool (cli.ts). Decoding and encoding happen outside, with sharp.
 *
 * Every number drawn comes from the image's seed, so the same parameters give the same pixels.
 */
import { renderDoodle } from "./doodle/render-doodle";
import { createRandom } from "./random";
import type { Raster } from "./raster";
import { parsePrompt } from "./scene/parse-prompt";
import { renderScene, type Scene } from "./scene/render-scene";
import { applyStyle } from "./styles/index";

/** What Studio paints from: a prompt (text), a picture (image) or a drawing in label colours (doodle). */
export type StudioMode = "text" | "image" | "doodle";

/** One image of a generation request, with this image's seed and its source decoded. */
export interface StudioImageTask {
  mode: StudioMode;
  prompt: string;
  negativePrompt: string;
  /** A style id of studio-styles.ts. */
  style: string;
  width: number;
  height: number;
  /** Image and doodle modes: 0 keeps the source, 1 is full style. */
  strength: number;
  /** Typed on the christmas-event pages: the christmas styles and things are offered. */
  christmas: boolean;
  /** This image's own seed. */
  seed: number;
  /** Image mode: the picture; doodle mode: the drawing; both already width × height. */
  source?: Raster;
}

export type StageReporter = (fraction: number, stage: string) => void;

/** Shares of the work: the first stage (scene, drawing or nothing) and the style. */
const SHARES: Record<StudioMode, number> = { text: 0.6, image: 0, doodle: 0.5 };

export function renderStudioImage(task: StudioImageTask, report: StageReporter = () => {}): Raster {
  const random = createRandom(task.seed);
  const first = SHARES[task.mode];
  const firstStage: StageReporter = (f, stage) => report(Math.min(1, Math.max(0, f)) * first, stage);
  const styleStage: StageReporter = (f, stage) => report(first + Math.min(1, Math.max(0, f)) * (1 - first), stage);

  if (task.mode === "text") {
    const scene = withFaces(parsePrompt(task.prompt, { christmas: task.christmas }), task.style);
    const raster = renderScene(scene, {
      width: task.width,
      height: task.height,
      random: random.fork("scene"),
      onProgress: firstStage,
    });
    styleStage(0, "Applying the style");
    return applyStyle(raster, task.style, {
      strength: 1,
      random: random.fork("style"),
      source: "scene",
      indoors: scene.indoor,
      onProgress: styleStage,
    });
  }

  if (!task.source) throw new Error(`${task.mode} mode needs a source image`);
  if (task.mode === "image") {
    styleStage(0, "Restyling your picture");
    return applyStyle(task.source, task.style, {
      strength: task.strength,
      random: random.fork("style"),
      source: "photo",
      onProgress: styleStage,
    });
  }

  const scene = task.prompt.trim() ? parsePrompt(task.prompt, { christmas: task.christmas }) : undefined;
  const drawing = renderDoodle(task.source, {
    width: task.width,
    height: task.height,
    random: random.fork("doodle"),
    ...(scene ? { scene } : {}),
    onProgress: firstStage,
  });
  styleStage(0, "Applying the style");
  // The regions are always filled; strength decides how far the style goes on top of them.
  return applyStyle(drawing.raster, task.style, {
    strength: task.strength,
    random: random.fork("style"),
    source: drawing.kind === "ink" ? "ink" : "scene",
    indoors: scene?.indoor === true,
    onProgress: styleStage,
  });
}

/** The scene with the faces its style draws (anime eyes), so the things are drawn for the style. */
function withFaces(scene: Scene, style: string): Scene {
  return style === "anime" ? { ...scene, faces: "anime" } : scene;
}

/** A square text-to-art picture from a prompt and a style alone: what the CLI's sheets and the benchmark paint. */
export function renderSquare(prompt: string, style: string, size: number, seed: number, christmas = false): Raster {
  return renderStudioImage({
    mode: "text",
    prompt,
    negativePrompt: "",
    style,
    width: size,
    height: size,
    seed,
    strength: 1,
    christmas,
  });
}
