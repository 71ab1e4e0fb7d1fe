/**
 * Offline neural image tools: remove a picture's background, upscale it 2×.
 *
 * Both run real models shipped inside npm packages (no network at run time, no GPU):
 * - background removal: @imgly/background-removal-node (ONNX, onnxruntime-node's CPU build);
 * - upscaling: the ESRGAN "slim" weights of @upscalerjs/esrgan-slim on TensorFlow.js's
 *   WebAssembly backend (@tensorflow/tfjs + @tensorflow/tfjs-backend-wasm), in tiles.
 * They are optional dependencies: the app starts without them, and `imageToolsAvailable()`
 * says which is missing and how to get it.
 *
 * The models run in one piscina worker thread (worker.mjs), each loaded once and kept while the
 * worker lives, so the web process's event loop stays free. Inputs are checked by content here
 * (sharp: PNG, JPEG or WebP; EXIF orientation applied; size limits) before any model work.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { MessageChannel } from "node:worker_threads";
import { Piscina } from "piscina";
import sharp, { type Metadata, type Sharp } from "sharp";
import { logger } from "../logger";
import type {
  ProgressMessage,
  RemoveBackgroundTask,
  UpscaleTask,
  WorkerData,
  WorkerResult,
  WorkerTask,
} from "./protocol";
import { findAppRoot } from "../app-root";

/** Long side limits, in pixels, of the pictures each tool takes. */
export const REMOVE_BACKGROUND_MAX_SIDE = 4096;
export const UPSCALE_MAX_SIDE = 1024;
/** Upscaling tiles: core side and the context read around each (the model sees ~11 px around a pixel). */
export const UPSCALE_TILE_SIZE = 256;
export const UPSCALE_TILE_OVERLAP = 16;

export type ImageToolErrorCode = "unsupported" | "unreadable" | "too_large" | "canceled" | "unavailable" | "failed";

/** A failure with a plain message for the person who asked (`userMessage`) and a technical one (`message`). */
export class ImageToolError extends Error {
  override name = "ImageToolError";
  constructor(
    readonly code: ImageToolErrorCode,
    readonly userMessage: string,
    options?: { cause?: unknown; detail?: string },
  ) {
    super(
      options?.detail ? `${userMessage} (${options.detail})` : userMessage,
      options?.cause === undefined ? undefined : { cause: options.cause },
    );
  }
}

export interface ImageToolOptions {
  onProgress?(percent: number, stage: string): void;
  signal?: AbortSignal;
}

export interface ImageToolResult {
  /** PNG: RGBA after background removal; RGB (RGBA if the input had alpha) after upscaling. */
  bytes: Buffer;
  width: number;
  height: number;
}

export interface ImageToolsAvailability {
  /** true, or a sentence saying why the tool cannot run. */
  removeBackground: true | string;
  upscale: true | string;
}

type ToolName = keyof ImageToolsAvailability;

const TOOLS: Record<ToolName, { label: string; packages: string[] }> = {
  removeBackground: { label: "The background remover", packages: ["@imgly/background-removal-node"] },
  upscale: {
    label: "The upscaler",
    packages: ["@tensorflow/tfjs", "@tensorflow/tfjs-backend-wasm", "@upscalerjs/esrgan-slim"],
  },
};

const notInstalled = (tool: ToolName) =>
  `${TOOLS[tool].label} is not installed: run npm install --include=optional (it needs the optional package${TOOLS[tool].packages.length > 1 ? "s" : ""} ${TOOLS[tool].packages.join(", ")}).`;
/** For the person using the tool; the reason goes to the log and to imageToolsAvailable (shown to admins). */
const cannotStart = (tool: ToolName) => `${TOOLS[tool].label} could not start on this server. Please try again later.`;
const cannotStartBecause = (tool: ToolName, reason: string) =>
  `${TOOLS[tool].label} is installed but could not start: ${reason}`;

// ---------------------------------------------------------------- the worker pool

interface PoolSettings {
  /** Threads the models may use inside the one worker (default 1: leaves a core to the web server). */
  threads: number;
  /** Milliseconds an idle worker (and the ~2 GB the models take) is kept before it is retired. */
  idleTimeoutMs: number;
}

let settings: PoolSettings = { threads: 1, idleTimeoutMs: 5 * 60_000 };
let pool: Piscina | undefined;

/** Changes the pool's settings; takes effect for the next worker (call before first use, or after closeImageTools). */
export function configureImageTools(options: Partial<PoolSettings>): void {
  settings = { ...settings, ...options };
}

/** Stops the worker (and frees the models). Tools still work afterwards: a new worker starts on demand. */
export async function closeImageTools(): Promise<void> {
  const p = pool;
  pool = undefined;
  probed.clear();
  if (p) await p.destroy();
}

let root: string | undefined;
/** Atelier's folder: this file lives in server/image-tools/, or is bundled into build/server/. */
const appRoot = () => (root ??= findAppRoot(path.dirname(fileURLToPath(import.meta.url))));

function getPool(): Piscina {
  if (!pool) {
    const workerData: WorkerData = { threads: settings.threads };
    pool = new Piscina({
      filename: path.join(appRoot(), "server/image-tools/worker.mjs"),
      maxThreads: 1,
      minThreads: 0,
      idleTimeout: settings.idleTimeoutMs,
      concurrentTasksPerWorker: 1,
      workerData,
    });
  }
  return pool;
}

// ---------------------------------------------------------------- availability

/**
 * Cheap check in this thread: can the packages and their model files be found? Returns a
 * sentence for the admin, and whether it is fine to show it to a user as is (a missing install).
 */
function installedProblem(tool: ToolName): { reason: string; missing: boolean } | undefined {
  const req = createRequire(path.join(appRoot(), "package.json"));
  let models: string | undefined;
  try {
    if (tool === "removeBackground") {
      const entry = req.resolve("@imgly/background-removal-node");
      createRequire(entry).resolve("onnxruntime-node");
      models = path.join(path.dirname(entry), "resources.json");
    } else {
      req.resolve("@tensorflow/tfjs");
      req.resolve("@tensorflow/tfjs-backend-wasm");
      req.resolve("@upscalerjs/esrgan-slim/2x");
    }
  } catch {
    return { reason: notInstalled(tool), missing: true };
  }
  if (models && !fs.existsSync(models))
    return { reason: cannotStartBecause(tool, `its model list ${models} is missing`), missing: false };
  return undefined;
}

const probed = new Map<ToolName, Promise<true | string>>();

/** Loads the tool's packages (not its model session) in the worker once; remembers success only. */
function probe(tool: ToolName): Promise<true | string> {
  let answer = probed.get(tool);
  if (!answer) {
    answer = (getPool().run({ kind: "probe", tool } satisfies WorkerTask) as Promise<WorkerResult>).then(
      (result) => {
        if (result.status === "probed") return true as const;
        probed.delete(tool);
        const reason = result.status === "unavailable" ? result.message : result.status;
        logger.error({ tool, reason }, "image tool unavailable");
        return cannotStartBecause(tool, reason);
      },
      (error: unknown) => {
        probed.delete(tool);
        logger.error({ tool, err: error }, "image tool probe failed");
        return cannotStartBecause(tool, String(error));
      },
    );
    probed.set(tool, answer);
  }
  return answer;
}

/**
 * Which tools are installed, without starting the worker: cheap enough for a page load or an
 * API call in a web process that never runs the models itself. A tool that is installed but
 * cannot start is reported by its job.
 */
export function imageToolsInstalled(): ImageToolsAvailability {
  return {
    removeBackground: installedProblem("removeBackground")?.reason ?? true,
    upscale: installedProblem("upscale")?.reason ?? true,
  };
}

/** Which tools can run here, and for each that cannot, a plain sentence saying why. */
export async function imageToolsAvailable(): Promise<ImageToolsAvailability> {
  const check = async (tool: ToolName) => installedProblem(tool)?.reason ?? (await probe(tool));
  const [removeBackground, upscale] = await Promise.all([check("removeBackground"), check("upscale")]);
  return { removeBackground, upscale };
}

// ---------------------------------------------------------------- inputs

const FORMATS = new Set(["png", "jpeg", "webp"]);

interface Decoded {
  width: number;
  height: number;
  hasAlpha: boolean;
}

/** Checks the bytes by content and the size (after EXIF orientation), without decoding pixels. */
async function inspect(input: Buffer, maxSide: number, what: string): Promise<Decoded> {
  if (!((input as unknown) instanceof Uint8Array)) {
    throw new ImageToolError("unreadable", "That file is not a picture. Use a PNG, JPEG or WebP image.");
  }
  let meta: Metadata;
  try {
    meta = await sharp(input, { failOn: "error", limitInputPixels: false }).metadata();
  } catch (error) {
    throw new ImageToolError("unreadable", "That file is not a picture we can read. Use a PNG, JPEG or WebP image.", {
      cause: error,
      detail: String(error),
    });
  }
  if (!FORMATS.has(meta.format)) {
    throw new ImageToolError(
      "unsupported",
      `That picture is a ${meta.format.toUpperCase()} file. Use a PNG, JPEG or WebP image.`,
    );
  }
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  if (!width || !height)
    throw new ImageToolError("unreadable", "That picture has no size we can read. Try another file.");
  if (Math.max(width, height) > maxSide) {
    throw new ImageToolError(
      "too_large",
      `That picture is ${width} × ${height} pixels; ${what} takes pictures up to ${maxSide} pixels on the long side. Make it smaller and try again.`,
    );
  }
  return { width, height, hasAlpha: meta.hasAlpha === true };
}

/** Decodes to raw pixels with the EXIF orientation applied; decoding errors become ImageToolErrors. */
async function decode(
  pipeline: Sharp,
  expect: { width: number; height: number; channels: number },
): Promise<Uint8Array> {
  try {
    const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
    if (info.width !== expect.width || info.height !== expect.height || info.channels !== expect.channels) {
      throw new Error(
        `decoded ${info.width}×${info.height}×${info.channels}, expected ${expect.width}×${expect.height}×${expect.channels}`,
      );
    }
    return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  } catch (error) {
    throw new ImageToolError("unreadable", "That picture is damaged or incomplete. Try another file.", {
      cause: error,
      detail: String(error),
    });
  }
}

const source = (input: Buffer) =>
  sharp(input, { failOn: "error", limitInputPixels: false }).autoOrient().toColourspace("srgb");

// ---------------------------------------------------------------- running a task

const canceledError = () => new ImageToolError("canceled", "The job was canceled.");

async function runInWorker(
  tool: ToolName,
  task: Omit<RemoveBackgroundTask, "port" | "cancel"> | Omit<UpscaleTask, "port" | "cancel">,
  options: ImageToolOptions,
  percentRange: [number, number],
): Promise<Extract<WorkerResult, { status: "ok" }>> {
  const { signal, onProgress } = options;
  if (signal?.aborted) throw canceledError();
  const problem = installedProblem(tool);
  if (problem)
    throw new ImageToolError("unavailable", problem.missing ? problem.reason : cannotStart(tool), {
      detail: problem.missing ? undefined : problem.reason,
    });

  const cancel = new Int32Array(new SharedArrayBuffer(4));
  const onAbort = () => Atomics.store(cancel, 0, 1);
  signal?.addEventListener("abort", onAbort, { once: true });
  const channel = new MessageChannel();
  const [from, to] = percentRange;
  channel.port2.on("message", (m: ProgressMessage) => {
    if (!signal?.aborted) onProgress?.(Math.round(from + ((to - from) * m.percent) / 100), m.stage);
  });
  try {
    const payload = { ...task, port: channel.port1, cancel } as WorkerTask;
    let result: WorkerResult;
    try {
      result = (await getPool().run(payload, { transferList: [channel.port1] as never })) as WorkerResult;
    } catch (error) {
      throw new ImageToolError("failed", `${TOOLS[tool].label} could not process this picture.`, {
        cause: error,
        detail: String(error),
      });
    }
    if (result.status === "canceled" || signal?.aborted) throw canceledError();
    if (result.status === "unavailable") {
      logger.error({ tool, reason: result.message }, "image tool unavailable");
      throw new ImageToolError("unavailable", cannotStart(tool), { detail: result.message });
    }
    if (result.status !== "ok")
      throw new ImageToolError("failed", `${TOOLS[tool].label} could not process this picture.`, {
        detail: result.status,
      });
    return result;
  } finally {
    signal?.removeEventListener("abort", onAbort);
    channel.port2.close();
  }
}

/** Progress steps that only go forward, whatever order the worker's messages arrive in. */
function forwardOnly(onProgress: ImageToolOptions["onProgress"]): ImageToolOptions["onProgress"] {
  if (!onProgress) return undefined;
  let last = -1;
  return (percent, stage) => {
    if (percent < last) return;
    last = percent;
    onProgress(percent, stage);
  };
}

// ---------------------------------------------------------------- the tools

/** Cuts the subject out: the same picture as a PNG whose background is transparent. */
export async function removeBackground(input: Buffer, options: ImageToolOptions = {}): Promise<ImageToolResult> {
  const onProgress = forwardOnly(options.onProgress);
  if (options.signal?.aborted) throw canceledError();
  onProgress?.(0, "Reading the picture");
  const { width, height } = await inspect(input, REMOVE_BACKGROUND_MAX_SIDE, "the background remover");
  // Transparent parts are shown to the model on white, as a viewer would show them.
  const rgba = await decode(source(input).flatten({ background: "#ffffff" }).ensureAlpha(), {
    width,
    height,
    channels: 4,
  });
  const result = await runInWorker(
    "removeBackground",
    { kind: "removeBackground", width, height, rgba },
    { ...options, onProgress },
    [3, 95],
  );
  if (options.signal?.aborted) throw canceledError();
  onProgress?.(96, "Saving");
  const bytes = await sharp(result.data, { raw: { width, height, channels: 4 } })
    .png({ compressionLevel: 6 })
    .toBuffer();
  onProgress?.(100, "Done");
  return { bytes, width, height };
}

/** Doubles each side with the ESRGAN model; an alpha channel, if any, is resized alongside (Lanczos). */
export async function upscaleImage(
  input: Buffer,
  options: ImageToolOptions & { /** For tests and benchmarks: tile side in input pixels. */ tileSize?: number } = {},
): Promise<ImageToolResult> {
  const onProgress = forwardOnly(options.onProgress);
  if (options.signal?.aborted) throw canceledError();
  onProgress?.(0, "Reading the picture");
  const { width, height, hasAlpha } = await inspect(input, UPSCALE_MAX_SIDE, "the upscaler");
  const rgb = await decode(source(input).removeAlpha(), { width, height, channels: 3 });
  const alpha = hasAlpha
    ? await decode(source(input).ensureAlpha().extractChannel(3), { width, height, channels: 1 })
    : undefined;
  const tileSize = Math.max(32, Math.floor(options.tileSize ?? UPSCALE_TILE_SIZE));
  const result = await runInWorker(
    "upscale",
    { kind: "upscale", width, height, rgb, tileSize, overlap: UPSCALE_TILE_OVERLAP },
    { ...options, onProgress },
    [3, 95],
  );
  if (options.signal?.aborted) throw canceledError();
  onProgress?.(96, "Saving");
  const outWidth = width * 2;
  const outHeight = height * 2;
  let image = sharp(result.data, { raw: { width: outWidth, height: outHeight, channels: 3 } });
  if (alpha) {
    const bigAlpha = await sharp(alpha, { raw: { width, height, channels: 1 } })
      .resize(outWidth, outHeight, { kernel: "lanczos3" })
      .raw()
      .toBuffer();
    image = image.joinChannel(bigAlpha, { raw: { width: outWidth, height: outHeight, channels: 1 } });
  }
  const bytes = await image.png({ compressionLevel: 6 }).toBuffer();
  onProgress?.(100, "Done");
  return { bytes, width: outWidth, height: outHeight };
}
