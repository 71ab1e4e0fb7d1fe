/**
 * What the main thread and the image-tools worker (worker.mjs, plain JavaScript so it runs
 * without a build step) send each other. Pixels travel raw; decoding, orientation, size checks
 * and PNG encoding stay on the main side with sharp (libuv's pool, off the event loop).
 */
import type { MessagePort } from "node:worker_threads";

export interface WorkerData {
  /** Threads for the models inside the one worker: onnxruntime intra-op and the tfjs wasm backend. */
  threads: number;
}

interface TaskBase {
  /** Receives `{ percent, stage }` (percent 0–100 of the worker's own part). */
  port: MessagePort;
  /** Int32Array over a SharedArrayBuffer; index 0 becomes 1 when the caller cancels. */
  cancel: Int32Array;
}

export interface RemoveBackgroundTask extends TaskBase {
  kind: "removeBackground";
  width: number;
  height: number;
  /** RGBA, 4 bytes a pixel. */
  rgba: Uint8Array;
}

export interface UpscaleTask extends TaskBase {
  kind: "upscale";
  width: number;
  height: number;
  /** RGB, 3 bytes a pixel. */
  rgb: Uint8Array;
  /** Core tile side in input pixels (each tile is read with `overlap` more on every side). */
  tileSize: number;
  overlap: number;
}

export interface ProbeTask {
  kind: "probe";
  tool: "removeBackground" | "upscale";
}

export type WorkerTask = RemoveBackgroundTask | UpscaleTask | ProbeTask;

export type WorkerResult =
  | { status: "ok"; width: number; height: number; channels: 3 | 4; data: Uint8Array }
  | { status: "probed" }
  | { status: "canceled" }
  /** The package or its model files could not be loaded (message is technical, for logs). */
  | { status: "unavailable"; message: string };

export interface ProgressMessage {
  percent: number;
  stage: string;
}
