/**
 * Throughput of the background screening of earlier pictures (issue 40, ADR 0059): N distinct
 * pictures stored as generation pictures (three in four) and artworks (one in four), then rated by
 * the backfill's batches with the real classifier, as the `safety.backfill` job runs them — file
 * read, decode and classification on the worker threads, the screening's row and the conditional
 * update — with SAFETY_THREADS = 1 and 2. The model's load is timed apart (once per thread, at a
 * process's first screening). Pictures are 1024² PNGs with grain, so decoding costs what a
 * painted picture's does. Embedded PGlite in a scratch folder, or PostgreSQL with TEST_POSTGRES_URL.
 *   node bench/run-ts.mjs bench/safety-backfill.bench.ts [pictures=200] [side=1024]
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createScratchDatabase, openAppDatabase } from "./support/database";

export async function main(args: string[]) {
  const total = Number(args[0] ?? 200);
  const side = Number(args[1] ?? 1024);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "atelier-bench-backfill-"));
  const server = process.env.TEST_POSTGRES_URL;
  const scratch = server ? await createScratchDatabase(server, "atelier_bench_backfill") : null;
  Object.assign(process.env, {
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    NODE_ENV: "test",
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
  });
  delete process.env.S3_URL;
  if (!scratch) delete process.env.DATABASE_URL;
  const sharp = (await import("sharp")).default;
  const { sql } = await import("drizzle-orm");
  const schema = await import("../server/db/schema");
  const { getStorage } = await import("../server/storage/storage");
  const { BACKFILL_BATCH, countUnscreenedPictures, screenBackfillBatch } = await import("../server/safety/backfill");
  const { closeClassifier, configureClassifier, warmClassifier } = await import("../server/safety/classifier");
  const { landscape } = await import("../tests/support/pictures");
  const { publishedArtworkRow, studioGenerationRow } = await import("../tests/support/rows");
  const { handle, db } = await openAppDatabase();

  // Seeding: distinct pictures (a hue each), grain over the landscape so PNG decoding is not free.
  let t = performance.now();
  const userId = "bench-backfill";
  await db.insert(schema.user).values({ id: userId, name: userId, email: `${userId}@bench.test`, emailVerified: true });
  const grain = await sharp({
    create: {
      width: side,
      height: side,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 40 },
    },
  })
    .png()
    .toBuffer();
  const base = await sharp(await landscape())
    .resize(side, side, { fit: "fill" })
    .composite([{ input: grain, blend: "soft-light" }])
    .png()
    .toBuffer();
  const storage = getStorage();
  const [generation] = await db
    .insert(schema.generations)
    .values(studioGenerationRow(userId, { status: "succeeded", size: side, width: side, height: side }))
    .returning({ id: schema.generations.id });
  let bytesTotal = 0;
  for (let i = 0; i < total; i++) {
    const bytes = await sharp(base)
      .modulate({ hue: (i * 7) % 360, brightness: 0.9 + (i % 5) * 0.05 })
      .png()
      .toBuffer();
    bytesTotal += bytes.length;
    if (i % 4 === 3) {
      const row = publishedArtworkRow(userId, `Bench ${i}`, { width: side, height: side, size: side });
      await storage.put(row.key, bytes, "image/png");
      await storage.put(row.thumbKey, bytes, "image/png");
      await db.insert(schema.artworks).values(row);
    } else {
      const key = `users/${userId}/generations/bench-${i}.png`;
      await storage.put(key, bytes, "image/png");
      await db.insert(schema.generationImages).values({
        generationId: generation!.id,
        index: i,
        key,
        thumbKey: key,
        placeholder: "data:image/webp;base64,AAAA",
        mime: "image/png",
        bytes: bytes.length,
        width: side,
        height: side,
      });
    }
  }
  console.log(
    `Seeded ${total} distinct ${side}² PNG pictures (${Math.round(bytesTotal / total / 1024)} KB each on average) in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );
  console.log(
    `Database: ${scratch ? "PostgreSQL" : "embedded PGlite"}; ${os.availableParallelism()} cores; batches of ${BACKFILL_BATCH}\n`,
  );

  for (const threads of [1, 2]) {
    // From scratch: every row unrated, no screening kept.
    await db.execute(sql`UPDATE generation_images SET maturity = NULL, sha256 = NULL`);
    await db.execute(sql`UPDATE artworks SET sha256 = NULL, maturity = 'general'`);
    await db.execute(sql`DELETE FROM picture_screenings`);
    await closeClassifier();
    configureClassifier({ threads });
    t = performance.now();
    const loaded = await warmClassifier();
    const loadSeconds = (performance.now() - t) / 1000;
    t = performance.now();
    const cpu = process.cpuUsage();
    let batches = 0;
    let rated = 0;
    let classified = 0;
    for (;;) {
      const batch = await screenBackfillBatch(db, { concurrency: threads * 2 });
      if (batch.picked === 0) break;
      batches++;
      rated += batch.rated;
      classified += batch.classified;
    }
    const seconds = (performance.now() - t) / 1000;
    // CPU time of the whole process (worker threads included): what a picture costs however busy the machine is.
    const used = process.cpuUsage(cpu);
    const cpuMillis = (used.user + used.system) / 1000 / total;
    const left = (await countUnscreenedPictures(db)).total;
    if (rated !== total || classified !== total || left !== 0)
      throw new Error(
        `expected ${total} rated and classified, 0 left: ${rated} rated, ${classified} classified, ${left} left`,
      );
    const line = `SAFETY_THREADS=${threads}: ${rated} pictures in ${seconds.toFixed(1)} s over ${batches} batches = ${(rated / seconds).toFixed(1)} pictures/s (${((seconds * 1000) / rated).toFixed(0)} ms each, ${cpuMillis.toFixed(0)} ms of CPU each); model load ${loadSeconds.toFixed(1)} s, ${Math.round(Math.max(...loaded.map((l) => l.rss)) / 1024 / 1024)} MB resident in the process after`;
    console.log(`${line}; load average ${os.loadavg()[0]!.toFixed(1)}`);
  }
  await closeClassifier();
  await handle.close();
  await scratch?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
