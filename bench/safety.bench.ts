/**
 * Picture safety, measured (issue 40 item 7, ADR 0059): the real classifier (nsfwjs's MobileNetV2
 * on its worker threads, server/safety/classifier.ts) on pictures Studio paints in this process.
 *
 * 1. Memory and cold start: the process's resident memory before and after `warmClassifier()` with
 *    one thread, then (after `closeClassifier()`) with two; the time a fresh thread takes to load
 *    the model.
 * 2. The classifier's whole time: Studio's 1024² text to art (render + PNG encode, one core, as
 *    bench/…/studio.bench.ts times it) against classifying that PNG on the warm worker (decode +
 *    classify), and the main thread's event-loop delay while it classifies.
 * 2b. What screening adds to a generation as the render job runs it (server/generation/render-job.ts,
 *    `screenAndPrepare`: the classifier screens the pictures while the job's thread makes their
 *    WebP thumbnail and blur placeholder, which it makes anyway). For --added N distinct 1024²
 *    Studio pictures (default 10), with a warm classifier: (a) the thumbnail and placeholder alone
 *    — the same sharp calls as render-job.ts's `prepareImage`, copied here because the job has no
 *    way to skip the screening — and (b) `screenAndPrepare` itself on an in-memory PGlite, each
 *    picture's first screening. The added time is b − a, against that picture's own render.
 * 3. False positives: N distinct 512² pictures (default 1000) — prompts of Studio's showcase and
 *    public evaluation sets (the ones its public entry `@atelier/studio/evaluation` exports), every
 *    style Studio offers (the christmas ones with christmas on), a seed each — each rated with the
 *    default thresholds; the adult shares' distribution, the worst pictures, per style and per
 *    set, and what other thresholds would rate above general. A sample is painted again at 1024²
 *    to see whether the size changes the scores.
 *
 *   node bench/run-ts.mjs bench/safety.bench.ts [pictures] [--sample N] [--runs N] [--added N]
 *     [--save DIR] [--style ID] [--size 512|768|1024]
 * Quick: `… safety.bench.ts 40 --sample 8 --runs 3 --added 5`. --save writes the 12 worst pictures
 * as PNG and every score as JSON; --style paints every picture in one style; --size paints part 3
 * at that size; 0 pictures (or --added 0) skips that part.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { encodePng, renderSquare } from "@atelier/studio";
import sharp from "sharp";
import { EVALUATION_PROMPTS, SHOWCASE_PROMPTS } from "@atelier/studio/evaluation";
import { STYLE_PRESETS } from "@atelier/studio/styles";
import type { ScreeningScores } from "../server/db/schema";
import { classifyPicture, closeClassifier, configureClassifier, warmClassifier } from "../server/safety/classifier";
import { adultShares, DEFAULT_SAFETY_THRESHOLDS, rateScores } from "../server/safety/thresholds";

interface Prompt {
  prompt: string;
  set: string;
  christmas: boolean;
}

interface Picture extends Prompt {
  style: string;
  seed: number;
}

interface Rated extends Picture {
  scores: ScreeningScores;
  explicit: number;
  mature: number;
  renderMs: number;
  classifyMs: number;
}

const MB = 1024 * 1024;
const rss = () => process.memoryUsage().rss;
const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;
const pct = (share: number) => `${(share * 100).toFixed(share < 0.001 ? 4 : share < 0.1 ? 3 : 1)} %`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
/** The q-quantile, nearest rank. */
const quantile = (xs: number[], q: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const loadavg = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" / ");

/** A small deterministic generator (mulberry32), so the same N gives the same pictures. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Every prompt of Studio's evaluation sets once (the first set naming it wins). */
function allPrompts(): Prompt[] {
  const sets: [string, readonly { prompt: string; christmas?: boolean }[]][] = [
    ["showcase", SHOWCASE_PROMPTS.map((prompt) => ({ prompt }))],
    ["public", EVALUATION_PROMPTS],
  ];
  const seen = new Map<string, Prompt>();
  for (const [set, entries] of sets)
    for (const entry of entries)
      if (!seen.has(entry.prompt))
        seen.set(entry.prompt, {
          prompt: entry.prompt,
          set,
          christmas: !!entry.christmas,
        });
  return [...seen.values()];
}

/**
 * N pictures: the prompts shuffled (so every set is spread over the run), each picture the next
 * prompt in the next style, so every style gets N / 14 pictures of every kind of prompt; past the
 * last prompt the list starts again in other styles and seeds.
 */
function choosePictures(count: number, only?: string): Picture[] {
  const prompts = allPrompts();
  const styles = only ? STYLE_PRESETS.filter((s) => s.id === only) : STYLE_PRESETS;
  if (styles.length === 0) throw new Error(`no style ${only}`);
  const next = random(40);
  for (let i = prompts.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [prompts[i], prompts[j]] = [prompts[j]!, prompts[i]!];
  }
  return Array.from({ length: count }, (_, k) => {
    const prompt = prompts[k % prompts.length]!;
    const style = styles[(k + Math.floor(k / prompts.length)) % styles.length]!;
    return {
      ...prompt,
      style: style.id,
      christmas: prompt.christmas || style.christmas,
      seed: 1000 + k * 7919,
    };
  });
}

/** One text-to-art picture as Studio's engine makes it: the raster, then sharp's PNG. */
async function paint(picture: Picture, size: number): Promise<{ bytes: Buffer; ms: number }> {
  const t = performance.now();
  const bytes = await encodePng(renderSquare(picture.prompt, picture.style, size, picture.seed, picture.christmas));
  return { bytes, ms: performance.now() - t };
}

/** render-job.ts's thumbnail size and its `prepareImage`'s sharp calls, for a picture larger than the thumbnail. */
const THUMB_SIZE = 384;
async function prepareOnly(bytes: Buffer): Promise<{ thumb: Buffer; placeholder: string }> {
  const [thumb, tiny] = await Promise.all([
    sharp(bytes).resize(THUMB_SIZE, THUMB_SIZE, { fit: "inside" }).webp({ quality: 78 }).toBuffer(),
    sharp(bytes).resize(16, 16, { fit: "inside" }).webp({ quality: 40 }).toBuffer(),
  ]);
  return { thumb, placeholder: `data:image/webp;base64,${tiny.toString("base64")}` };
}

/**
 * 2b: for `count` distinct 1024² Studio pictures, (a) the thumbnail and placeholder alone against
 * (b) the job's `screenAndPrepare` (their first screening: picture_screenings is emptied before
 * each), in alternating order, each on its own copy of the bytes so neither reuses libvips's cache
 * of the other; then (c) `screenAndPrepare` again once the screening is kept (the lookup by hash).
 * The classifier must be warm. An in-memory PGlite, migrated: the app's config is not used.
 */
async function measureAddedTime(
  count: number,
  longestDelay: <T>(run: () => Promise<T>) => Promise<[T, number]>,
): Promise<void> {
  const { openDatabase } = await import("../server/db/client");
  const { migrateDatabase } = await import("../server/db/migrate");
  const { pictureScreenings } = await import("../server/db/schema");
  const { screenAndPrepare } = await import("../server/generation/render-job");
  const { pictureHash } = await import("../server/safety/screenings");
  const { eq } = await import("drizzle-orm");
  const target = { kind: "pglite", dir: null } as const;
  const handle = await openDatabase(target);
  await migrateDatabase(target, handle);
  const db = handle.db;

  console.log(
    `\n2b. What screening adds to a 1024² generation as the render job runs it: ${count} distinct pictures, warm classifier, in-memory PGlite (load ${loadavg()})`,
  );
  const styles = STYLE_PRESETS.filter((s) => !s.christmas);
  // Distinct from part 2's pictures and from one another: public prompts, every style in turn.
  const pictures: Picture[] = Array.from({ length: count + 1 }, (_, i) => ({
    prompt: EVALUATION_PROMPTS[(i * 11) % EVALUATION_PROMPTS.length]!.prompt,
    set: "public",
    christmas: false,
    style: styles[i % styles.length]!.id,
    seed: 40_000 + i * 104_729,
  }));
  const image = (bytes: Buffer) => ({
    bytes: Buffer.from(bytes),
    mime: "image/png" as const,
    width: 1024,
    height: 1024,
  });
  const rows: {
    picture: Picture;
    render: number;
    a: number;
    b: number;
    kept: number;
    worker: number;
    delay: number;
    idleDelay: number;
  }[] = [];
  let ticks = 0;
  let screeningMs = 0;
  for (const [i, picture] of pictures.entries()) {
    const { bytes, ms: render } = await paint(picture, 1024);
    const timeA = async () => {
      const t = performance.now();
      await prepareOnly(Buffer.from(bytes));
      return performance.now() - t;
    };
    const timeB = async () => {
      await db.delete(pictureScreenings);
      const ticker = setInterval(() => ticks++, 1);
      const t = performance.now();
      const [result, delay] = await longestDelay(() => screenAndPrepare(db, [image(bytes)], false));
      const ms = performance.now() - t;
      clearInterval(ticker);
      if (result.prepared[0]?.thumb === null || result.ratings.length !== 1)
        throw new Error("screenAndPrepare: no thumbnail or no rating");
      return { ms, delay };
    };
    // The order alternates, so neither one always runs on caches the other warmed.
    let a: number;
    let b: { ms: number; delay: number };
    if (i % 2 === 0) {
      a = await timeA();
      b = await timeB();
    } else {
      b = await timeB();
      a = await timeA();
    }
    const [screening] = await db
      .select({ millis: pictureScreenings.millis })
      .from(pictureScreenings)
      .where(eq(pictureScreenings.sha256, pictureHash(bytes)));
    const t = performance.now();
    await screenAndPrepare(db, [image(bytes)], false);
    const kept = performance.now() - t;
    const idleDelay = (await longestDelay(() => sleep(b.ms)))[1];
    // The first picture warms sharp's WebP encoder, PGlite's queries and the worker's buffers: not counted.
    if (i === 0) {
      ticks = 0;
      continue;
    }
    screeningMs += b.ms;
    rows.push({
      picture,
      render,
      a,
      b: b.ms,
      kept,
      worker: screening?.millis ?? Number.NaN,
      delay: b.delay,
      idleDelay,
    });
    console.log(
      `  ${String(i).padStart(2)}. render ${render.toFixed(0).padStart(5)} ms | (a) prepare only ${a.toFixed(0).padStart(4)} ms | (b) screenAndPrepare ${b.ms.toFixed(0).padStart(4)} ms (classifier on the worker ${String(screening?.millis ?? "?").padStart(3)} ms) | added ${(b.ms - a).toFixed(0).padStart(4)} ms = ${(((b.ms - a) / render) * 100).toFixed(1).padStart(5)} % | screening kept: ${kept.toFixed(0)} ms — "${picture.prompt}", ${picture.style}`,
    );
  }
  await handle.close();
  const col = (pick: (r: (typeof rows)[number]) => number) => rows.map(pick);
  const both = (xs: number[], unit = " ms", digits = 0) =>
    `median ${median(xs).toFixed(digits)}${unit}, p90 ${quantile(xs, 0.9).toFixed(digits)}${unit}`;
  const addedMs = col((r) => r.b - r.a);
  const ratios = col((r) => ((r.b - r.a) / r.render) * 100);
  const wholeRatios = col((r) => (r.b / r.render) * 100);
  console.log(`  Studio 1024² render + PNG encode:        ${both(col((r) => r.render))}`);
  console.log(`  (a) thumbnail + placeholder alone:       ${both(col((r) => r.a))}`);
  console.log(`  (b) screenAndPrepare, first screening:   ${both(col((r) => r.b))}`);
  console.log(`      the classifier's own time (worker):  ${both(col((r) => r.worker))}`);
  console.log(`  (c) screenAndPrepare, screening kept:    ${both(col((r) => r.kept))}`);
  console.log(`  added by screening (b − a):              ${both(addedMs)}`);
  console.log(
    `  added / that picture's render:           ${both(ratios, " %", 1)}   goal < 10 %: ${median(ratios) < 10 && quantile(ratios, 0.9) < 10 ? "met (median and p90)" : median(ratios) < 10 ? "met at the median, not at p90" : "MISSED"}`,
  );
  console.log(
    `  median added / median render:            ${((median(addedMs) / median(col((r) => r.render))) * 100).toFixed(1)} %`,
  );
  console.log(`  (b) / render, for comparison:            ${both(wholeRatios, " %", 1)}`);
  console.log(
    `  main thread during (b): longest event-loop delay ${Math.max(...col((r) => r.delay)).toFixed(1)} ms (${both(
      col((r) => r.delay),
      " ms",
      1,
    )}; waiting as long on a timer instead: max ${Math.max(...col((r) => r.idleDelay)).toFixed(1)} ms, ${both(
      col((r) => r.idleDelay),
      " ms",
      1,
    )}); a 1 ms timer ran ${ticks} times in ${screeningMs.toFixed(0)} ms (load ${loadavg()})`,
  );
}

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at >= 0 ? args.splice(at, 2)[1] : undefined;
}

export async function main(argv: string[]) {
  const args = [...argv];
  const sample = Number(option(args, "--sample") ?? 40);
  const runs = Number(option(args, "--runs") ?? 7);
  const added = Number(option(args, "--added") ?? 10);
  const save = option(args, "--save");
  const only = option(args, "--style");
  const size = Number(option(args, "--size") ?? 512);
  const count = Number(args[0] ?? 1000);

  const cpus = os.cpus();
  console.log(
    `Picture safety bench, ${new Date().toISOString()}: ${cpus.length} × ${cpus[0]?.model ?? "?"}, ${mb(os.totalmem())} memory, Node ${process.version}, load average ${loadavg()}`,
  );

  // 1. Memory per worker and cold start, before anything else is loaded.
  console.log("\n1. Memory and cold start");
  const before1 = rss();
  configureClassifier({ threads: 1 });
  let t = performance.now();
  await warmClassifier();
  const cold1 = performance.now() - t;
  const after1 = rss();
  const tiny = await encodePng(renderSquare("a calm lake", "natural", 64, 1));
  t = performance.now();
  const firstTask = await classifyPicture(tiny);
  const firstMs = performance.now() - t;
  t = performance.now();
  await classifyPicture(tiny);
  const secondMs = performance.now() - t;
  const beforeClose = rss();
  await closeClassifier();
  await sleep(1000);
  const before2 = rss();
  configureClassifier({ threads: 2 });
  t = performance.now();
  await warmClassifier();
  const cold2 = performance.now() - t;
  const after2 = rss();
  await closeClassifier();
  await sleep(1000);
  const closed2 = rss();
  console.log(
    `  1 thread:  RSS ${mb(before1)} → ${mb(after1)} after warmClassifier (+${mb(after1 - before1)}); ${mb(beforeClose)} after two classifications`,
  );
  console.log(
    `  2 threads: RSS ${mb(before2)} → ${mb(after2)} after warmClassifier (+${mb(after2 - before2)}, ${mb((after2 - before2) / 2)} per thread); ${mb(closed2)} after closeClassifier`,
  );
  console.log(
    `  cold load, one thread (thread start + TensorFlow.js wasm + model): ${(cold1 / 1000).toFixed(2)} s; two threads at once: ${(cold2 / 1000).toFixed(2)} s`,
  );
  console.log(
    `  first classification after the load (64² PNG): ${firstMs.toFixed(0)} ms (worker ${firstTask.millis} ms), the next ${secondMs.toFixed(0)} ms`,
  );

  // 2. What screening adds to a 1024² generation, and the main thread's event loop meanwhile.
  console.log(`\n2. Screening time against Studio's 1024² text to art (median of ${runs}, load ${loadavg()})`);
  configureClassifier({ threads: 1 });
  await warmClassifier();
  await classifyPicture(tiny);
  const styles = ["watercolor", "oil-painting", "stained-glass", "ink-sketch", "low-poly", "natural", "pop-art"];
  const renders: number[] = [];
  const onWorker: number[] = [];
  const roundTrips: number[] = [];
  // The event loop's longest delay during each classification, and during as long an idle wait. A
  // fresh monitor each time: a reused one counts the render before it as one long delay.
  const longestDelay = async <T>(run: () => Promise<T>): Promise<[T, number]> => {
    const monitor = monitorEventLoopDelay({ resolution: 5 });
    monitor.enable();
    const value = await run();
    monitor.disable();
    return [value, monitor.max / 1e6];
  };
  const delays: number[] = [];
  const idleDelays: number[] = [];
  const decodes: number[] = [];
  let looped = 0;
  for (let i = 0; i < runs; i++) {
    const picture: Picture = {
      prompt: SHOWCASE_PROMPTS[i % SHOWCASE_PROMPTS.length]!,
      set: "showcase",
      christmas: false,
      style: styles[i % styles.length]!,
      seed: i,
    };
    const { bytes, ms } = await paint(picture, 1024);
    renders.push(ms);
    // The main thread only waits: a 1 ms timer counts how often it gets to run meanwhile.
    const ticker = setInterval(() => looped++, 1);
    t = performance.now();
    const [result, longest] = await longestDelay(() => classifyPicture(bytes));
    roundTrips.push(performance.now() - t);
    clearInterval(ticker);
    delays.push(longest);
    onWorker.push(result.millis);
    idleDelays.push((await longestDelay(() => sleep(roundTrips.at(-1)!)))[1]);
    // The worker's first step alone (decode and squeeze to 224², as classifier-worker.mjs does), here.
    t = performance.now();
    await sharp(bytes)
      .rotate()
      .flatten({ background: "#ffffff" })
      .resize(224, 224, { fit: "fill" })
      .removeAlpha()
      .raw()
      .toBuffer();
    decodes.push(performance.now() - t);
  }
  const render = median(renders);
  const worker = median(onWorker);
  const roundTrip = median(roundTrips);
  const classifyingMs = roundTrips.reduce((a, b) => a + b, 0);
  console.log(`  Studio 1024² render + PNG encode:          ${render.toFixed(0)} ms`);
  console.log(
    `  classify that PNG on the worker:           ${worker.toFixed(0)} ms (decode + classify), ${roundTrip.toFixed(0)} ms round trip from the main thread; the decode and resize to 224² alone ${median(decodes).toFixed(0)} ms`,
  );
  console.log(
    `  ratio: ${((worker / render) * 100).toFixed(1)} % on the worker, ${((roundTrip / render) * 100).toFixed(1)} % round trip   goal < 10 %: ${roundTrip / render < 0.1 ? "met" : "MISSED"}`,
  );
  console.log(
    `  main thread while classifying: longest event-loop delay ${Math.max(...delays).toFixed(1)} ms (median per classification ${median(delays).toFixed(1)} ms; waiting as long on a timer instead: ${Math.max(...idleDelays).toFixed(1)} ms, median ${median(idleDelays).toFixed(1)} ms); a 1 ms timer ran ${looped} times in ${classifyingMs.toFixed(0)} ms`,
  );

  // 2b. What screening adds to a generation now that the job screens while it makes the thumbnails.
  if (added > 0) await measureAddedTime(added, longestDelay);

  if (count === 0) {
    await closeClassifier();
    console.log(`\nDone, load average ${loadavg()}`);
    return;
  }

  // 3. False positives on N of Studio's pictures.
  const pictures = choosePictures(count, only);
  console.log(
    `\n3. ${count} Studio pictures at ${size}², ${only ?? `${STYLE_PRESETS.length} styles`}, ${new Set(pictures.map((p) => p.prompt)).size} prompts (load ${loadavg()})`,
  );
  const rated: Rated[] = [];
  const started = performance.now();
  // The next picture is painted on this thread while the worker classifies the last one.
  let pending: Promise<void> | undefined;
  for (const [k, picture] of pictures.entries()) {
    const { bytes, ms } = await paint(picture, size);
    await pending;
    pending = classifyPicture(bytes).then((result) => {
      rated.push({
        ...picture,
        scores: result.scores,
        ...adultShares(result.scores),
        renderMs: ms,
        classifyMs: result.millis,
      });
    });
    if ((k + 1) % 50 === 0)
      console.log(`  ${k + 1} painted, ${((performance.now() - started) / 1000).toFixed(0)} s, load ${loadavg()}`);
  }
  await pending;
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `  ${rated.length} pictures in ${seconds.toFixed(0)} s (${(rated.length / seconds).toFixed(2)} per second; median render ${median(rated.map((r) => r.renderMs)).toFixed(0)} ms, classify ${median(rated.map((r) => r.classifyMs)).toFixed(0)} ms on the worker)`,
  );

  const above = (r: Rated, strict = false) => rateScores(r.scores, DEFAULT_SAFETY_THRESHOLDS, strict) !== "general";
  const flagged = rated.filter((r) => above(r));
  const strictFlagged = rated.filter((r) => above(r, true));
  const d = DEFAULT_SAFETY_THRESHOLDS;
  console.log(
    `  rated above general with the default thresholds (mature at ${d.matureAt}, explicit at ${d.explicitAt}): ${flagged.length} of ${rated.length} = ${((flagged.length / rated.length) * 100).toFixed(2)} %   goal < 1 %: ${flagged.length / rated.length < 0.01 ? "met" : "MISSED"}`,
  );
  console.log(
    `  with the strict pair (a prompt with a mature term: ${d.strictMatureAt} / ${d.strictExplicitAt}): ${strictFlagged.length} = ${((strictFlagged.length / rated.length) * 100).toFixed(2)} %`,
  );
  const top = new Map<string, number>();
  for (const r of rated) {
    const best = Object.entries(r.scores).sort((a, b) => b[1] - a[1])[0]![0];
    top.set(best, (top.get(best) ?? 0) + 1);
  }
  console.log(
    `  the model's top class: ${[...top.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([k, n]) => `${k} ${n}`)
      .join(", ")}`,
  );
  for (const [name, key] of [
    ["porn + hentai (explicit)", "explicit"],
    ["sexy + porn + hentai (mature)", "mature"],
  ] as const) {
    const xs = rated.map((r) => r[key]);
    console.log(
      `  ${name.padEnd(30)} max ${pct(Math.max(...xs))}, p99 ${pct(quantile(xs, 0.99))}, p95 ${pct(quantile(xs, 0.95))}, median ${pct(median(xs))}`,
    );
  }
  for (const key of ["sexy", "porn", "hentai"] as const) {
    const xs = rated.map((r) => r.scores[key]);
    console.log(`  ${key.padEnd(30)} max ${pct(Math.max(...xs))}, p99 ${pct(quantile(xs, 0.99))}`);
  }

  console.log("\n  Share rated above general at other thresholds (the other one of the pair out of reach):");
  const cut = [0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9];
  console.log(`  threshold          ${cut.map((c) => String(c).padStart(6)).join("")}`);
  for (const key of ["mature", "explicit"] as const)
    console.log(
      `  ${`${key} at`.padEnd(18)} ${cut.map((c) => `${((rated.filter((r) => r[key] >= c).length / rated.length) * 100).toFixed(1)}%`.padStart(6)).join("")}`,
    );

  const line = (r: Rated) =>
    `${pct(r.mature).padStart(9)} mature, ${pct(r.explicit).padStart(9)} explicit (sexy ${pct(r.scores.sexy)}, porn ${pct(r.scores.porn)}, hentai ${pct(r.scores.hentai)}) — "${r.prompt}", ${r.style}, seed ${r.seed} [${r.set}]`;
  console.log("\n  The 12 pictures with the most sexy + porn + hentai:");
  const worst = [...rated].sort((a, b) => b.mature - a.mature);
  for (const r of worst.slice(0, 12)) console.log(`  ${line(r)}`);
  console.log("  The 6 with the most porn + hentai:");
  for (const r of [...rated].sort((a, b) => b.explicit - a.explicit).slice(0, 6)) console.log(`  ${line(r)}`);

  const table = (label: string, key: (r: Rated) => string) => {
    const groups = new Map<string, Rated[]>();
    for (const r of rated) groups.set(key(r), [...(groups.get(key(r)) ?? []), r]);
    console.log(`\n  ${label.padEnd(22)} pictures  above general  mature max   mature p95  explicit max`);
    for (const [name, rs] of [...groups.entries()].sort((a, b) => a[0].localeCompare(b[0]))) {
      const mature = rs.map((r) => r.mature);
      const cells = [
        String(rs.length).padStart(8),
        String(rs.filter((r) => above(r)).length).padStart(13),
        pct(Math.max(...mature)).padStart(10),
        pct(quantile(mature, 0.95)).padStart(11),
        pct(Math.max(...rs.map((r) => r.explicit))).padStart(12),
      ];
      console.log(`  ${name.padEnd(22)} ${cells.join("  ")}`);
    }
  };
  table("style", (r) => r.style);
  table("prompt set", (r) => r.set);

  if (save) {
    fs.mkdirSync(save, { recursive: true });
    for (const [i, r] of worst.slice(0, 12).entries())
      fs.writeFileSync(
        path.join(save, `${String(i + 1).padStart(2, "0")}-${r.style}-${r.seed}.png`),
        (await paint(r, size)).bytes,
      );
    fs.writeFileSync(path.join(save, "scores.json"), JSON.stringify(rated, null, 1));
    console.log(`\n  the 12 worst pictures and every score: ${save}`);
  }

  // 4. Does the size change the scores? Every (N / sample)th picture again at 1024².
  if (sample > 0 && size !== 1024) {
    const step = Math.max(1, Math.floor(rated.length / sample));
    const again = rated.filter((_, i) => i % step === 0).slice(0, sample);
    // Also the worst few, where a change would matter.
    for (const r of worst.slice(0, 3)) if (!again.includes(r)) again.push(r);
    console.log(`\n4. ${again.length} of those pictures painted again at 1024² (load ${loadavg()})`);
    const moves: { r: Rated; mature: number; explicit: number; changed: boolean }[] = [];
    for (const r of again) {
      const { scores } = await classifyPicture((await paint(r, 1024)).bytes);
      const shares = adultShares(scores);
      moves.push({
        r,
        ...shares,
        changed: rateScores(scores, DEFAULT_SAFETY_THRESHOLDS) !== rateScores(r.scores, DEFAULT_SAFETY_THRESHOLDS),
      });
    }
    const diffs = moves.map((m) => Math.abs(m.mature - m.r.mature));
    const biggest = moves.reduce((a, b) => (Math.abs(b.mature - b.r.mature) > Math.abs(a.mature - a.r.mature) ? b : a));
    console.log(
      `  mature share, 1024² against ${size}²: median change ${pct(median(diffs))}, largest ${pct(Math.max(...diffs))} ("${biggest.r.prompt}", ${biggest.r.style}: ${pct(biggest.r.mature)} → ${pct(biggest.mature)}); max at 1024² ${pct(Math.max(...moves.map((m) => m.mature)))} (${size}²: ${pct(Math.max(...moves.map((m) => m.r.mature)))}); ratings changed: ${moves.filter((m) => m.changed).length}`,
    );
    for (const r of worst.slice(0, 3)) {
      const m = moves.find((x) => x.r === r)!;
      console.log(`  worst at ${size}² "${r.prompt}", ${r.style}: ${pct(r.mature)} → ${pct(m.mature)} at 1024²`);
    }
  }

  await closeClassifier();
  console.log(`\nDone, load average ${loadavg()}`);
}
