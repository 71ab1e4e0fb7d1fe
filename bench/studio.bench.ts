/**
 * Studio's speed on ONE core (this thread, no worker pool): text to art and image to art at
 * 1024 × 1024, median of several runs, each also as a ratio to sharp's own 1024² PNG encode
 * measured in the same run, so the figure means the same on a faster or slower machine.
 * Targets: text to art ≤ 1.5 s at 1024² and ≤ 0.4 s at 512², image to art ≤ 1 s per image, and
 * memory per job under 300 MB (the peak resident memory one 1024² job adds to a fresh process).
 *   node bench/run-ts.mjs bench/studio.bench.ts [runs]
 */
import { execFileSync } from "node:child_process";
import sharp from "sharp";
import { decodeSource, encodePng } from "../server/generation/studio/engine";
import { SHOWCASE_PROMPTS } from "../server/generation/studio/evaluation-prompts";
import { renderSquare, renderStudioImage } from "../server/generation/studio/render";

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

export async function main(args: string[]) {
  if (args[0] === "--memory-job") return memoryJob();
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
  row("text to art (render + encode)", median(text), 1500);
  row("text to art at 512² (render + encode)", median(small), 400);
  row("image to art (decode + style + encode)", median(image), 1000);
  // A fresh process for the memory figure, so the runs above do not count.
  const out = execFileSync(process.execPath, [process.argv[1]!, "bench/studio.bench.ts", "--memory-job"], {
    encoding: "utf8",
  });
  const { peakMb } = JSON.parse(out.trim().split("\n").at(-1)!) as { peakMb: number };
  console.log(
    `${"memory per 1024² job (peak RSS rise)".padEnd(40)} ${peakMb.toFixed(0).padStart(6)} MB   target ≤ 300 MB: ${peakMb <= 300 ? "met" : "MISSED"}`,
  );
}
