// The image tools' worker-thread entry, run by piscina (one thread). Plain JavaScript so that
// it needs no build step in development, tests or production; the message shapes are in
// protocol.ts. Each model loads once per worker, on first use, and stays loaded until piscina
// retires the idle thread.
//
// - Background removal: @imgly/background-removal-node (ONNX model files inside the package,
//   run by onnxruntime-node's bundled CPU binaries). Nothing is fetched from the network: the
//   package's publicPath is set to its own dist/ folder as a file:// URL.
// - Upscaling 2×: the ESRGAN "slim" layers model shipped in @upscalerjs/esrgan-slim, run by
//   TensorFlow.js on the WebAssembly backend, tile by tile with overlap so memory stays bounded
//   and a cancel takes effect between tiles.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { workerData } from "node:worker_threads";

const require = createRequire(import.meta.url);
const THREADS = Math.max(1, Number(workerData?.threads) || 1);

class Unavailable extends Error {}

/** Loads once; a failure is not remembered, so a later task tries again. */
function once(load) {
  let promise;
  return () => {
    promise ??= load().catch((error) => {
      promise = undefined;
      throw error;
    });
    return promise;
  };
}

/** The folder holding `name`'s package.json, found from a resolved entry file. */
function packageDir(entryFile, name) {
  let dir = path.dirname(entryFile);
  for (;;) {
    const manifest = path.join(dir, "package.json");
    if (fs.existsSync(manifest)) {
      try {
        if (JSON.parse(fs.readFileSync(manifest, "utf8")).name === name) return dir;
      } catch {}
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Unavailable(`cannot find the folder of ${name} above ${entryFile}`);
    dir = parent;
  }
}

function resolveOrExplain(req, name) {
  try {
    return req.resolve(name);
  } catch (error) {
    throw new Unavailable(`${name} is not installed (${error.message.split("\n")[0]})`);
  }
}

// ---------------------------------------------------------------- background removal

/** imgly memoizes its session by JSON.stringify(config), which drops functions, and then keeps
 * the first call's config: so its progress callback is one stable function that forwards to
 * whichever task is running. */
let reportImgly = null;
const imglyProgress = (key, current, total) => reportImgly?.(key, current, total);

const loadRemover = once(async () => {
  const entry = resolveOrExplain(require, "@imgly/background-removal-node");
  const dist = path.dirname(entry);
  if (!fs.existsSync(path.join(dist, "resources.json")))
    throw new Unavailable(`the model list ${path.join(dist, "resources.json")} is missing`);
  // The same onnxruntime-node instance imgly imports: ask it for few threads (its default is one
  // per core, in parallel mode) so a web process on the same machine keeps a core.
  const ort = require(resolveOrExplain(createRequire(entry), "onnxruntime-node"));
  const { InferenceSession } = ort;
  if (!InferenceSession.__atelierThreads) {
    const create = InferenceSession.create.bind(InferenceSession);
    InferenceSession.create = (model, options) =>
      create(model, { ...options, executionMode: "sequential", intraOpNumThreads: THREADS, interOpNumThreads: 1 });
    InferenceSession.__atelierThreads = THREADS;
  }
  const imgly = await import(pathToFileURL(path.join(dist, "index.mjs")).href);
  const config = {
    publicPath: `${pathToFileURL(dist).href}/`,
    model: "medium",
    output: { format: "image/x-rgba8" },
    progress: imglyProgress,
  };
  return { imgly, config };
});

async function removeBackground(task, report, canceled) {
  report(0, "Loading the background remover");
  const { imgly, config } = await loadRemover();
  if (canceled()) return { status: "canceled" };
  const { width, height } = task;
  const input = new Blob([task.rgba], { type: `image/x-rgba8;width=${width};height=${height}` });
  reportImgly = (key, current, total) => {
    if (key.startsWith("fetch:")) report(Math.round((current / total) * 30), "Loading the model");
    else if (key === "compute:inference")
      report(current >= total ? 95 : 35, current >= total ? "Applying the mask" : "Finding the subject");
  };
  try {
    const out = await imgly.removeBackground(input, config);
    if (canceled()) return { status: "canceled" };
    const data = new Uint8Array(await out.arrayBuffer());
    if (data.length !== width * height * 4)
      throw new Error(`the background remover returned ${data.length} bytes for ${width}×${height}`);
    report(100, "Done");
    return { status: "ok", width, height, channels: 4, data };
  } finally {
    reportImgly = null;
  }
}

// ---------------------------------------------------------------- upscaling

const loadUpscaler = once(async () => {
  const tfEntry = resolveOrExplain(require, "@tensorflow/tfjs");
  resolveOrExplain(require, "@tensorflow/tfjs-backend-wasm");
  const definitionFile = resolveOrExplain(require, "@upscalerjs/esrgan-slim/2x");
  const definition = require(definitionFile);
  const def = definition.default ?? definition;
  if (def.scale !== 2 || def.modelType !== "layers")
    throw new Unavailable(`unexpected ESRGAN model definition (scale ${def.scale}, ${def.modelType})`);
  const modelFile = path.join(packageDir(definitionFile, "@upscalerjs/esrgan-slim"), def._internals.path);
  if (!fs.existsSync(modelFile)) throw new Unavailable(`the model file ${modelFile} is missing`);

  const tf = await import(pathToFileURL(tfEntry).href);
  const wasm = require("@tensorflow/tfjs-backend-wasm");
  // Node has no cross-origin isolation flag, so tfjs uses its single-threaded SIMD build; the
  // count only matters if the threaded build is ever picked.
  wasm.setThreadsCount(Math.min(THREADS, 2));
  if (!(await tf.setBackend("wasm"))) throw new Unavailable("the TensorFlow.js WebAssembly backend did not start");
  await tf.ready();

  // A file-reading IOHandler: the model's JSON and weight shards from the package folder.
  const dir = path.dirname(modelFile);
  const handler = {
    async load() {
      const json = JSON.parse(await fs.promises.readFile(modelFile, "utf8"));
      const weightSpecs = [];
      const shards = [];
      for (const group of json.weightsManifest) {
        weightSpecs.push(...group.weights);
        for (const p of group.paths) shards.push(await fs.promises.readFile(path.join(dir, p)));
      }
      const all = Buffer.concat(shards);
      return {
        modelTopology: json.modelTopology,
        format: json.format,
        generatedBy: json.generatedBy,
        convertedBy: json.convertedBy,
        weightSpecs,
        weightData: all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength),
      };
    },
  };
  const model = await tf.loadLayersModel(handler);
  const [inLow, inHigh] = def.inputRange ?? [0, 255];
  const [outLow, outHigh] = def.outputRange ?? [0, 255];
  return { tf, model, inScale: (inHigh - inLow) / 255, inLow, outScale: 255 / (outHigh - outLow), outLow };
});

/** Tiles covering the image: each core region (written to the output) with its padded read region. */
export function planTiles(width, height, tileSize, overlap) {
  const tiles = [];
  for (let y = 0; y < height; y += tileSize) {
    for (let x = 0; x < width; x += tileSize) {
      const w = Math.min(tileSize, width - x);
      const h = Math.min(tileSize, height - y);
      const px = Math.max(0, x - overlap);
      const py = Math.max(0, y - overlap);
      const pw = Math.min(width, x + w + overlap) - px;
      const ph = Math.min(height, y + h + overlap) - py;
      tiles.push({ x, y, w, h, px, py, pw, ph });
    }
  }
  return tiles;
}

async function upscale(task, report, canceled) {
  report(0, "Loading the upscaler");
  const { tf, model, inScale, inLow, outScale, outLow } = await loadUpscaler();
  const { width, height, rgb } = task;
  const outWidth = width * 2;
  const outHeight = height * 2;
  const out = new Uint8ClampedArray(outWidth * outHeight * 3);
  const tiles = planTiles(width, height, task.tileSize, task.overlap);
  for (let i = 0; i < tiles.length; i++) {
    if (canceled()) return { status: "canceled" };
    report(
      Math.round((i / tiles.length) * 100),
      tiles.length > 1 ? `Upscaling (part ${i + 1} of ${tiles.length})` : "Upscaling",
    );
    const { x, y, w, h, px, py, pw, ph } = tiles[i];
    const input = new Float32Array(pw * ph * 3);
    for (let row = 0; row < ph; row++) {
      const src = ((py + row) * width + px) * 3;
      const dst = row * pw * 3;
      for (let k = 0; k < pw * 3; k++) input[dst + k] = rgb[src + k] * inScale + inLow;
    }
    const result = tf.tidy(() => model.predict(tf.tensor4d(input, [1, ph, pw, 3])));
    let values;
    try {
      values = await result.data();
    } finally {
      result.dispose();
    }
    // Copy the core region (2× coordinates) out of the padded result.
    const rw = pw * 2;
    const offX = (x - px) * 2;
    const offY = (y - py) * 2;
    for (let row = 0; row < h * 2; row++) {
      const src = ((offY + row) * rw + offX) * 3;
      const dst = ((y * 2 + row) * outWidth + x * 2) * 3;
      for (let k = 0; k < w * 2 * 3; k++) out[dst + k] = (values[src + k] - outLow) * outScale; // clamped and rounded by the array
    }
  }
  if (canceled()) return { status: "canceled" };
  report(100, "Done");
  return { status: "ok", width: outWidth, height: outHeight, channels: 3, data: new Uint8Array(out.buffer) };
}

// ---------------------------------------------------------------- entry

export default async function runImageTool(task) {
  if (task.kind === "probe") {
    try {
      if (task.tool === "removeBackground") await loadRemover();
      else await loadUpscaler();
      return { status: "probed" };
    } catch (error) {
      return { status: "unavailable", message: String(error?.message ?? error) };
    }
  }

  const { port, cancel } = task;
  const canceled = () => Atomics.load(cancel, 0) !== 0;
  let last = "";
  const report = (percent, stage) => {
    const key = `${percent} ${stage}`;
    if (key === last) return;
    last = key;
    port.postMessage({ percent, stage });
  };
  try {
    if (canceled()) return { status: "canceled" };
    try {
      return task.kind === "removeBackground"
        ? await removeBackground(task, report, canceled)
        : await upscale(task, report, canceled);
    } catch (error) {
      if (
        error instanceof Unavailable ||
        error?.code === "ERR_MODULE_NOT_FOUND" ||
        error?.code === "MODULE_NOT_FOUND"
      ) {
        return { status: "unavailable", message: String(error.message) };
      }
      throw error;
    }
  } finally {
    port.close();
  }
}
