// Seconds per image for the offline neural tools on this machine, through their real worker
// thread (the same path a job takes): upscaling 2× at several sizes and background removal,
// the first call of each shown apart (it loads the model), then the median of the next runs.
// Also the process's memory once both models are loaded.
//   node bench/image-tools.bench.mjs [runs] [--threads N]
import path from "node:path";
import { pathToFileURL } from "node:url";
import sharp from "sharp";
import { bundleEntry } from "../scripts/studio-bundle.mjs";

const root = path.resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const threadsAt = args.indexOf("--threads");
const threads = threadsAt >= 0 ? Number(args.splice(threadsAt, 2)[1]) : 1;
const runs = Number(args[0] ?? 3);

const out = await bundleEntry(
  root,
  "server/image-tools/index.ts",
  path.join(root, "node_modules/.cache/atelier-image-tools-bench.mjs"),
);
const tools = await import(pathToFileURL(out).href);
tools.configureImageTools({ threads });

const available = await tools.imageToolsAvailable();
if (available.removeBackground !== true || available.upscale !== true) {
  console.error(available);
  process.exit(1);
}

// A real photograph shipped with the ESRGAN package (128 × 128), enlarged to each size.
const esrgan = path.dirname(
  (await import("node:module")).createRequire(import.meta.url).resolve("@upscalerjs/esrgan-slim/2x"),
);
const photo = path.join(esrgan, "../../../../../../assets/fixture.png");
const picture = (size) => sharp(photo).resize(size, size, { kernel: "lanczos3" }).jpeg({ quality: 90 }).toBuffer();

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const seconds = async (run) => {
  const t = performance.now();
  await run();
  return (performance.now() - t) / 1000;
};
const fmt = (s) => `${s.toFixed(2)} s`;

console.log(
  `Image tools on ${(await import("node:os")).cpus().length} cores, model threads ${threads}, ${runs} runs each\n`,
);

console.log("Upscale 2× (ESRGAN slim, tfjs-wasm, 256 px tiles with 16 px overlap)");
const first = await picture(128);
console.log(`  first call, 128 px (loads the model): ${fmt(await seconds(() => tools.upscaleImage(first)))}`);
for (const size of [128, 256, 512, 1024]) {
  const input = await picture(size);
  const n = size >= 1024 ? 1 : runs;
  const times = [];
  for (let i = 0; i < n; i++) times.push(await seconds(() => tools.upscaleImage(input)));
  console.log(`  ${size} px → ${size * 2} px: ${fmt(median(times))}${n > 1 ? ` (median of ${n})` : ""}`);
}

console.log("\nRemove background (imgly medium ONNX model, inferred at 1024 × 1024 whatever the size)");
const small = await picture(512);
console.log(`  first call, 512 px (loads the model): ${fmt(await seconds(() => tools.removeBackground(small)))}`);
for (const size of [512, 2048]) {
  const input = await picture(size);
  const times = [];
  for (let i = 0; i < runs; i++) times.push(await seconds(() => tools.removeBackground(input)));
  console.log(`  ${size} px: ${fmt(median(times))} (median of ${runs})`);
}

console.log(`\nProcess memory with both models loaded: ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB RSS`);
await tools.closeImageTools();
