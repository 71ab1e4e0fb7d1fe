// The picture classifier's worker-thread entry, run by piscina (ADR 0059). Plain JavaScript, like
// the image tools' worker, so it needs no build step. The model — nsfwjs's MobileNetV2, whose
// weights ship inside the npm package — loads once per thread on first use and stays while the
// thread lives; TensorFlow.js runs it on its WebAssembly backend. Decoding (sharp) happens here
// too, so the web thread never touches the pixels.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { performance } from "node:perf_hooks";
import sharp from "sharp";

const require = createRequire(import.meta.url);
/** The model's input side, in pixels. */
const SIDE = 224;
const MODEL = "MobileNetV2";

let loading;
/** Loads once; a failure is forgotten, so a later task tries again. */
function loadModel() {
  loading ??= (async () => {
    const tf = await import("@tensorflow/tfjs");
    require("@tensorflow/tfjs-backend-wasm");
    if (!(await tf.setBackend("wasm"))) throw new Error("the TensorFlow.js WebAssembly backend did not start");
    await tf.ready();
    const nsfwjs = await import("nsfwjs");
    // nsfwjs prints a hint about hosting one's own model on every load: not for our logs.
    const info = console.info;
    console.info = () => {};
    let model;
    try {
      model = await nsfwjs.load(MODEL);
    } finally {
      console.info = info;
    }
    // The package's exports hide its package.json: found above its entry file instead.
    let dir = path.dirname(require.resolve("nsfwjs"));
    const manifest = (d) => path.join(d, "package.json");
    while (!fs.existsSync(manifest(dir)) || JSON.parse(fs.readFileSync(manifest(dir), "utf8")).name !== "nsfwjs") {
      if (path.dirname(dir) === dir) throw new Error("cannot find nsfwjs's package.json");
      dir = path.dirname(dir);
    }
    const { version } = JSON.parse(fs.readFileSync(manifest(dir), "utf8"));
    return { tf, model, modelVersion: `nsfwjs ${version}` };
  })().catch((error) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** nsfwjs's class names → the keys Atelier stores. */
const KEYS = { Drawing: "drawing", Hentai: "hentai", Neutral: "neutral", Porn: "porn", Sexy: "sexy" };

export default async function classify(task) {
  const { tf, model, modelVersion } = await loadModel();
  if (task.kind === "load") return { model: MODEL, modelVersion, rss: process.memoryUsage().rss };
  const started = performance.now();
  // The first frame, turned by its EXIF orientation, transparent parts on white, squeezed to the
  // model's square input as the model was trained (no crop: nothing at the edges escapes).
  const pixels = await sharp(Buffer.from(task.bytes), { limitInputPixels: 40_000_000, failOn: "none" })
    .rotate()
    .flatten({ background: "#ffffff" })
    .resize(SIDE, SIDE, { fit: "fill" })
    .removeAlpha()
    .raw()
    .toBuffer();
  const input = tf.tensor3d(
    new Uint8Array(pixels.buffer, pixels.byteOffset, pixels.byteLength),
    [SIDE, SIDE, 3],
    "int32",
  );
  let predictions;
  try {
    predictions = await model.classify(input, 5);
  } finally {
    input.dispose();
  }
  const scores = { drawing: 0, hentai: 0, neutral: 0, porn: 0, sexy: 0 };
  for (const { className, probability } of predictions) scores[KEYS[className]] = Math.round(probability * 1e6) / 1e6;
  return { model: MODEL, modelVersion, scores, millis: Math.round(performance.now() - started) };
}
