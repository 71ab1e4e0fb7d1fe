/**
 * Studio's speed on ONE core (this thread, no worker pool): text to art and image to art at
 * 1024 × 1024, median of several runs, each also as a ratio to sharp's own 1024² PNG encode
 * measured in the same run, so the figure means the same on a faster or slower machine.
 * Targets (issue 28): text to art ≤ 1.0 s at 1024² and ≤ 0.25 s at 512² — the showcase prompts,
 * prompts of the open-vocabulary set, whose things are the art set's drawings, and the places
 * (street, room, cave, harbour, jar) —, image to art
 * ≤ 1 s per image, memory per job under 300 MB (the peak resident memory one 1024² job adds to a
 * fresh process), and at most 60 MB of resident memory added by the open vocabulary's data
 * (WordNet's indexes, the drawings' names and senses, the art sets' SVG) once loaded.
 *   npm run bench -w @atelier/studio [-- runs]   (or node packages/studio/scripts/run-ts.mjs bench/studio.bench.ts)
 *   npm run bench -w @atelier/studio -- --styles [id,id…] [runs]   (each style's own text-to-art speed)
 */
import { execFileSync } from "node:child_process";
import sharp from "sharp";
import { decodeSource, encodePng } from "../src/codec";
import { OPEN_EVALUATION_PROMPTS } from "../src/evaluation-open";
import { SHOWCASE_PROMPTS } from "../src/evaluation-prompts";
import { renderSquare, renderStudioImage } from "../src/render";
import { STYLE_IDS } from "../src/studio-styles";

/** Prompts that paint each of the places (street level, a room by kind, a cave, a harbour, a jar). */
const PLACE_PROMPTS = [
  "a rainy street in tokyo at night, neon signs",
  "a cat in a cafe",
  "a bear sleeping in a cave",
  "fishing boats in a harbor at dawn",
  "a firefly in a jar",
];

/** One text-to-art picture, encoded as the worker does. */
const paint = (size: number, prompt: string, style: string, seed: number) =>
  encodePng(renderSquare(prompt, style, size, seed));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const time = async (run: () => unknown) => {
  const t = performance.now();
  await run();
  return performance.now() - t;
};

/** One 1024² job in this process, printing how much its peak resident memory rose over the idle process. */
async function memoryJob() {
  // Load the code and warm the canvas with a tiny job first: what stays is the process, not the job.
  await paint(64, "a fox", "natural", 3);
  const idle = process.memoryUsage().rss;
  await paint(1024, "a lighthouse on a cliff above a stormy sea, a red fox and three sheep", "oil-painting", 3);
  console.log(JSON.stringify({ peakMb: (process.resourceUsage().maxRSS * 1024 - idle) / 1e6 }));
}

/** Open-vocabulary prompts the benchmark paints: the first of each of the public set's twelve kinds. */
const OPEN_PROMPTS = OPEN_EVALUATION_PROMPTS.filter((_, i) => i % 17 === 0).map((p) => p.prompt);

/**
 * How much resident memory the open vocabulary's data adds to a process that already paints: a
 * library prompt first, then the open prompts, which load WordNet, the drawings' index and senses
 * and the art sets' SVG.
 */
async function vocabularyMemory() {
  const settle = () => {
    for (let i = 0; i < 3; i++) global.gc?.();
    return process.memoryUsage();
  };
  await paint(64, "a red fox in a snowy forest", "natural", 3);
  const before = settle();
  for (const prompt of OPEN_PROMPTS) await paint(64, prompt, "natural", 3);
  const after = settle();
  const mb = (key: keyof NodeJS.MemoryUsage) => (after[key] - before[key]) / 1e6;
  console.log(
    JSON.stringify({
      addedMb: mb("rss"),
      heapMb: mb("heapUsed"),
      externalMb: mb("external"),
      buffersMb: mb("arrayBuffers"),
    }),
  );
}

/**
 * Each style's own speed: text to art at 1024² and 512² (render + encode) over the showcase
 * prompts, median of `runs`, against the same targets.
 *   npm run bench -w @atelier/studio -- --styles anime,cartoon [runs]   (no list: every style)
 */
async function styleSpeeds(list: string | undefined, runs: number) {
  const styles = list ? list.split(",") : [...STYLE_IDS];
  await paint(512, SHOWCASE_PROMPTS[0]!, "natural", 0); // warm up
  console.log(`Text to art per style on one thread, median of ${runs} runs (showcase prompts)`);
  for (const style of styles) {
    const at = async (size: number) => {
      const ms: number[] = [];
      for (let i = 0; i < runs; i++)
        ms.push(await time(() => paint(size, SHOWCASE_PROMPTS[i % SHOWCASE_PROMPTS.length]!, style, i)));
      return median(ms);
    };
    const large = await at(1024);
    const small = await at(512);
    const mark = (ms: number, target: number) => `${ms.toFixed(0).padStart(5)} ms ${ms <= target ? "met" : "MISSED"}`;
    console.log(`${style.padEnd(20)} 1024²: ${mark(large, 1000)}   512²: ${mark(small, 250)}`);
  }
}

export async function main(args: string[]) {
  if (args[0] === "--styles") return styleSpeeds(args[1], Number(args[2] ?? 5));
  if (args[0] === "--memory-job") return memoryJob();
  if (args[0] === "--vocabulary-memory") return vocabularyMemory();
  const runs = Number(args[0] ?? 5);
  const size = 1024;
  const prompts = SHOWCASE_PROMPTS;

  // Baseline: sharp encoding a detailed 1024² image to PNG.
  const sample = renderSquare(prompts[0]!, "natural", size, 1);
  const encodes: number[] = [];
  for (let i = 0; i < runs; i++) encodes.push(await time(() => encodePng(sample)));
  const baseline = median(encodes);

  const text: number[] = [];
  const styles = ["watercolor", "oil-painting", "stained-glass", "ink-sketch", "low-poly"];
  for (let i = 0; i < runs; i++)
    text.push(await time(() => paint(size, prompts[i % prompts.length]!, styles[i % styles.length]!, i)));

  const small: number[] = [];
  for (let i = 0; i < runs; i++) small.push(await time(() => paint(512, prompts[i % prompts.length]!, "natural", i)));

  // The open vocabulary: loaded once (the first prompt pays for it, reported apart), then per picture.
  const firstOpen = await time(() => paint(512, OPEN_PROMPTS[0]!, "natural", 0));
  const open: number[] = [];
  const openSmall: number[] = [];
  for (let i = 0; i < runs; i++) {
    open.push(await time(() => paint(size, OPEN_PROMPTS[i % OPEN_PROMPTS.length]!, styles[i % styles.length]!, i)));
    openSmall.push(await time(() => paint(512, OPEN_PROMPTS[(i + 3) % OPEN_PROMPTS.length]!, "natural", i)));
  }

  // The places a prompt names (ADR 0048): a street, a room by kind, a cave, a harbour, a jar.
  const places: number[] = [];
  for (let i = 0; i < runs; i++)
    places.push(await time(() => paint(size, PLACE_PROMPTS[i % PLACE_PROMPTS.length]!, styles[i % styles.length]!, i)));

  const photo = await sharp(await encodePng(sample))
    .jpeg({ quality: 90 })
    .toBuffer();
  const image: number[] = [];
  for (let i = 0; i < runs; i++) {
    const style = ["oil-painting", "watercolor", "pixel-art", "pop-art", "stained-glass"][i % 5]!;
    image.push(
      await time(async () => {
        const source = await decodeSource(photo, { mode: "image", width: size, height: size });
        return encodePng(
          renderStudioImage({
            mode: "image",
            prompt: "",
            negativePrompt: "",
            style,
            width: size,
            height: size,
            seed: i,
            strength: 0.8,
            christmas: false,
            source,
          }),
        );
      }),
    );
  }

  const row = (name: string, ms: number, target?: number) =>
    console.log(
      `${name.padEnd(40)} ${ms.toFixed(0).padStart(6)} ms   ×${(ms / baseline).toFixed(1).padStart(5)} of the PNG encode${target ? `   target ≤ ${target} ms: ${ms <= target ? "met" : "MISSED"}` : ""}`,
    );
  console.log(`Studio at ${size}×${size} on one thread, median of ${runs} runs`);
  row("sharp PNG encode (baseline)", baseline);
  row("text to art (render + encode)", median(text), 1000);
  row("text to art at 512² (render + encode)", median(small), 250);
  row("open vocabulary, first picture at 512²", firstOpen);
  row("open vocabulary, text to art", median(open), 1000);
  row("open vocabulary, text to art at 512²", median(openSmall), 250);
  row("places (street, room, cave, harbour, jar)", median(places), 1000);
  row("image to art (decode + style + encode)", median(image), 1000);
  // A fresh process for the memory figure, so the runs above do not count.
  const out = execFileSync(process.execPath, [process.argv[1]!, "bench/studio.bench.ts", "--memory-job"], {
    encoding: "utf8",
  });
  const { peakMb } = JSON.parse(out.trim().split("\n").at(-1)!) as { peakMb: number };
  console.log(
    `${"memory per 1024² job (peak RSS rise)".padEnd(40)} ${peakMb.toFixed(0).padStart(6)} MB   target ≤ 300 MB: ${peakMb <= 300 ? "met" : "MISSED"}`,
  );
  const vocabulary = execFileSync(
    process.execPath,
    ["--expose-gc", process.argv[1]!, "bench/studio.bench.ts", "--vocabulary-memory"],
    { encoding: "utf8" },
  );
  const { addedMb } = JSON.parse(vocabulary.trim().split("\n").at(-1)!) as { addedMb: number };
  console.log(
    `${"open vocabulary's data (RSS added)".padEnd(40)} ${addedMb.toFixed(0).padStart(6)} MB   target ≤ 60 MB: ${addedMb <= 60 ? "met" : "MISSED"}`,
  );
}
