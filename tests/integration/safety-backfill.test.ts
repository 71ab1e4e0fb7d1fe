/**
 * Screening the pictures made before screening (issue 40, ADR 0059) with the real classifier: the
 * background job's batches rate every unrated artwork and generation picture once, classify each
 * picture's bytes once, find nothing to do the second time, and — on PostgreSQL — finish what a
 * process killed with SIGKILL part-way left, without rating any row twice.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { eq, isNull, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import {
  artworks,
  generationImages,
  generations,
  pictureReviews,
  pictureScreenings,
  user,
} from "../../server/db/schema";
import { startJobQueue, stopJobQueue, enqueueJob } from "../../server/jobs/queue";
import {
  countUnscreenedPictures,
  safetyBackfillJob,
  screenBackfillBatch,
  UNREADABLE_PICTURE,
  type BackfillBatch,
} from "../../server/safety/backfill";
import { closeClassifier } from "../../server/safety/classifier";
import { pictureHash, screenPicture } from "../../server/safety/screenings";
import { adultShares, DEFAULT_SAFETY_THRESHOLDS, saveSafetyThresholds } from "../../server/safety/thresholds";
import { getStorage } from "../../server/storage/storage";
import { setUpTestDatabase, testDatabaseKind } from "../support/database";
import { landscape } from "../support/pictures";
import { publishedArtworkRow, studioGenerationRow } from "../support/rows";

const t = setUpTestDatabase();
afterAll(async () => {
  await stopJobQueue();
  await closeClassifier();
});

const USER = "backfill-user";
let base: Buffer | undefined;
/** Distinct small pictures: the test landscape turned round the colour wheel. */
async function pictures(n: number, from = 0): Promise<Buffer[]> {
  base ??= await landscape();
  const b = base;
  return Promise.all(
    Array.from({ length: n }, (_, i) =>
      sharp(b)
        .modulate({ hue: (from + i) * 13 })
        .png()
        .toBuffer(),
    ),
  );
}

async function put(bytes: Buffer, name: string): Promise<string> {
  const key = `users/${USER}/backfill/${name}.png`;
  await getStorage().put(key, bytes, "image/png");
  return key;
}

async function seedUser() {
  await t.db.insert(user).values({ id: USER, name: "Backfill", email: "backfill@example.test", emailVerified: true });
}

/** A generation with one stored picture per entry (`thumb` when its thumbnail is another file). */
async function seedGeneration(files: { bytes: Buffer; thumb?: Buffer }[], status = "succeeded") {
  const [gen] = await t.db
    .insert(generations)
    .values(studioGenerationRow(USER, { status, count: files.length }))
    .returning({ id: generations.id });
  return t.db
    .insert(generationImages)
    .values(
      await Promise.all(
        files.map(async (file, index) => {
          const key = await put(file.bytes, `${gen!.id}-${index}`);
          const thumbKey = file.thumb ? await put(file.thumb, `${gen!.id}-${index}-thumb`) : key;
          return {
            generationId: gen!.id,
            index,
            key,
            thumbKey,
            placeholder: "data:image/webp;base64,AAAA",
            mime: "image/png",
            bytes: file.bytes.length,
            width: 320,
            height: 240,
          };
        }),
      ),
    )
    .returning({ id: generationImages.id });
}

/** A published artwork; a picture or thumbnail given as null is not stored (its file is missing). */
async function seedArtwork(
  title: string,
  bytes: Buffer | null,
  thumb: Buffer | null = bytes,
  extra: Partial<typeof artworks.$inferInsert> = {},
) {
  const row = publishedArtworkRow(USER, title, extra);
  if (bytes) await getStorage().put(row.key, bytes, "image/png");
  if (thumb) await getStorage().put(row.thumbKey, thumb, "image/webp");
  const [art] = await t.db.insert(artworks).values(row).returning({ id: artworks.id });
  return art!.id;
}

async function runUntilDone(limit: number): Promise<BackfillBatch[]> {
  const batches: BackfillBatch[] = [];
  for (;;) {
    const batch = await screenBackfillBatch(t.db, { limit });
    if (batch.picked === 0) return batches;
    batches.push(batch);
  }
}

const sum = (batches: BackfillBatch[], key: keyof BackfillBatch) => batches.reduce((n, b) => n + b[key], 0);

describe("screening earlier pictures", () => {
  it("rates every unrated picture once, artworks first, classifying each picture's bytes once; a second run does nothing", async () => {
    await seedUser();
    const [a, b, c, e, f] = (await pictures(5)) as [Buffer, Buffer, Buffer, Buffer, Buffer];
    const garbage = Buffer.from("not a picture at all");
    const images = await seedGeneration([{ bytes: a }, { bytes: b }, { bytes: garbage, thumb: c }]);
    const [running] = await seedGeneration([{ bytes: b }], "running");
    // The same bytes as the generation's first picture, published.
    const published = await seedArtwork("Published", a);
    const marked = await seedArtwork("Marked mature", e, e, { markedMature: true });
    const reviewed = await seedArtwork("Rated mature before", f, f, { maturity: "mature" });
    const lost = await seedArtwork("Files lost", null, null);
    const thumbOnly = await seedArtwork("Only its thumbnail", null, b);
    expect(await countUnscreenedPictures(t.db)).toEqual({ artworks: 5, generationImages: 3, total: 8 });

    // Two runs at once take the same rows: each row is rated by one of them.
    const rated: string[] = [];
    const onRated = (table: string) => rated.push(table);
    const racing = await Promise.all([
      screenBackfillBatch(t.db, { limit: 3, onRated }),
      screenBackfillBatch(t.db, { limit: 3, onRated }),
    ]);
    expect(sum(racing, "rated")).toBe(3);
    expect(sum(racing, "alreadyRated")).toBe(3);
    expect(rated).toEqual(["artworks", "artworks", "artworks"]);
    expect(racing.map((r) => r.left)).toEqual([5, 5]);
    const rest = await runUntilDone(3);
    const batches = [...racing, ...rest];
    expect(rest.map((r) => r.left)).toEqual([2, 0]);
    expect(sum(batches, "rated")).toBe(8);
    expect(sum(batches, "unreadable")).toBe(1);
    expect(sum(batches, "failed")).toBe(0);
    // Five different pictures, each classified once (the artwork's bytes and its generation's are one).
    expect(sum(batches, "classified")).toBe(5);
    const screenings = await t.db.select({ sha256: pictureScreenings.sha256 }).from(pictureScreenings);
    expect(screenings.map((s) => s.sha256).sort()).toEqual([a, b, c, e, f].map(pictureHash).sort());

    const image = async (id: string) =>
      (await t.db.select().from(generationImages).where(eq(generationImages.id, id)))[0]!;
    const artwork = async (id: string) => (await t.db.select().from(artworks).where(eq(artworks.id, id)))[0]!;
    const rows = async () => ({
      images: await Promise.all([...images, running!].map((i) => image(i.id))),
      artworks: await Promise.all([published, marked, reviewed, lost, thumbOnly].map(artwork)),
    });
    const before = await rows();
    expect(before.images.map((i) => [i.sha256, i.maturity])).toEqual([
      [pictureHash(a), "general"],
      [pictureHash(b), "general"],
      // Its picture cannot be decoded: rated by its thumbnail.
      [pictureHash(c), "general"],
      // A running generation's pictures are screened by its own job.
      [null, null],
    ]);
    expect(before.artworks.map((r) => [r.sha256, r.maturity])).toEqual([
      [pictureHash(a), "general"],
      // Up, never down: the creator's mark and an earlier rating stay.
      [pictureHash(e), "mature"],
      [pictureHash(f), "mature"],
      [UNREADABLE_PICTURE, "explicit"],
      [pictureHash(b), "general"],
    ]);
    expect(await countUnscreenedPictures(t.db)).toEqual({ artworks: 0, generationImages: 0, total: 0 });

    const again = await screenBackfillBatch(t.db);
    expect(again).toMatchObject({ picked: 0, rated: 0, classified: 0 });
    expect(await rows()).toEqual(before);
  });

  it("rates pictures mature or explicit when the thresholds in force are below their real scores", async () => {
    await seedUser();
    const [p, q] = (await pictures(2, 7)) as [Buffer, Buffer];
    const [sp, sq] = await Promise.all([screenPicture(t.db, p), screenPicture(t.db, q)]);
    // The one the model finds the more explicit is rated explicit, the other mature.
    const [hi, lo] = adultShares(sp.scores).explicit > adultShares(sq.scores).explicit ? [p, q] : [q, p];
    const [shi, slo] = [hi, lo].map((x) => adultShares(x === p ? sp.scores : sq.scores)) as [
      ReturnType<typeof adultShares>,
      ReturnType<typeof adultShares>,
    ];
    expect(shi.explicit).toBeGreaterThan(slo.explicit);
    await saveSafetyThresholds(t.db, {
      explicitAt: Math.max(0.0001, (shi.explicit + slo.explicit) / 2),
      matureAt: Math.max(0.0001, slo.mature * 0.9),
      // A prompt with a term that makes it mature: the same picture is explicit.
      strictExplicitAt: Math.max(0.0001, slo.explicit * 0.9),
    });
    const [image] = await seedGeneration([{ bytes: hi }]);
    const explicitArt = await seedArtwork("Explicit", hi);
    const matureArt = await seedArtwork("Mature", lo);
    const strictArt = await seedArtwork("Mature prompt", lo, lo, { prompt: "a sensual portrait in a garden" });

    const batches = await runUntilDone(10);
    expect(sum(batches, "rated")).toBe(4);
    expect(sum(batches, "classified")).toBe(0); // both were screened above
    const [img] = await t.db.select().from(generationImages).where(eq(generationImages.id, image!.id));
    expect(img!.maturity).toBe("explicit");
    const art = await t.db.select({ id: artworks.id, maturity: artworks.maturity }).from(artworks);
    expect(Object.fromEntries(art.map((r) => [r.id, r.maturity]))).toEqual({
      [explicitArt]: "explicit",
      [matureArt]: "mature",
      [strictArt]: "explicit",
    });
    // The explicit artworks wait in the admins' review queue, once each.
    const queued = await t.db.select().from(pictureReviews);
    expect(queued.map((r) => [r.kind, r.artworkId]).sort()).toEqual(
      [
        ["rated", explicitArt],
        ["rated", strictArt],
      ].sort(),
    );
    await saveSafetyThresholds(t.db, DEFAULT_SAFETY_THRESHOLDS);
  });

  it("the job runs a batch per run and queues the next until nothing is left", async () => {
    await seedUser();
    await seedGeneration((await pictures(3, 20)).map((bytes) => ({ bytes })));
    await startJobQueue(t.target, t.handle, {
      definitions: [safetyBackfillJob as never],
      work: true,
      pollingIntervalSeconds: 0.5,
    });
    await enqueueJob(safetyBackfillJob, { limit: 1 });
    await expect
      .poll(async () => (await countUnscreenedPictures(t.db)).total, { timeout: 20_000, interval: 200 })
      .toBe(0);
    const runs = async () => {
      const result = (await t.db.execute(
        sql`select state, count(*)::int as n from pgboss.job where name = ${safetyBackfillJob.name} group by state`,
      )) as unknown as { rows: { state: string; n: number }[] };
      return Object.fromEntries(result.rows.map((r) => [r.state, r.n]));
    };
    // Three runs, each with one picture; the last one queues nothing (a tick of the schedule
    // landing in these seconds may add a fourth, which finds nothing to do).
    await expect.poll(async () => Object.keys(await runs()), { timeout: 5_000, interval: 100 }).toEqual(["completed"]);
    expect((await runs()).completed).toBeGreaterThanOrEqual(3);
    expect((await runs()).completed).toBeLessThanOrEqual(4);
    await stopJobQueue();
  });
});

describe.skipIf(testDatabaseKind !== "postgres")("a process killed part-way (PostgreSQL)", () => {
  it("the next process finishes what it left, rating every picture exactly once", async () => {
    await seedUser();
    const bytes = await pictures(20, 40);
    const images = await seedGeneration(bytes.slice(0, 10).map((b) => ({ bytes: b })));
    for (const [i, b] of bytes.slice(10).entries()) await seedArtwork(`Artwork ${i}`, b);
    const root = path.resolve(import.meta.dirname, "../..");
    const { bundleEntry } = (await import(path.join(root, "scripts/studio-bundle.mjs"))) as {
      bundleEntry(root: string, entry: string, outfile: string): Promise<string>;
    };
    const child = await bundleEntry(
      root,
      "tests/support/safety-backfill-child.ts",
      path.join(root, "node_modules/.cache/atelier-safety-backfill-child.mjs"),
    );
    const run = (onLine: (line: string) => void) => {
      const proc = spawn(process.execPath, [child], {
        cwd: root,
        env: {
          ...process.env,
          BACKFILL_DATABASE_URL: (t.target as { url: string }).url,
          // One thread: on small machines two threads loading the model at once start later, not sooner.
          SAFETY_THREADS: "1",
          LOG_LEVEL: "warn",
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      let partial = "";
      proc.stdout!.on("data", (d: Buffer) => {
        output += d.toString();
        const lines = (partial + d.toString()).split("\n");
        partial = lines.pop()!;
        for (const line of lines) onLine(line);
      });
      proc.stderr!.on("data", (d: Buffer) => (output += d.toString()));
      const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
        proc.on("exit", (code, signal) => resolve(signal ?? code)),
      );
      return { proc, exited, output: () => output };
    };

    const ratedBy: string[][] = [[], []];
    const first = run((line) => {
      if (!line.startsWith("rated ")) return;
      ratedBy[0]!.push(line.slice(6));
      // Killed once some, not all, are rated: mid-batch, with other pictures on the classifier.
      if (ratedBy[0]!.length === 6) first.proc.kill("SIGKILL");
    });
    expect(await first.exited, first.output()).toBe("SIGKILL");
    const afterKill = (await countUnscreenedPictures(t.db)).total;
    expect(afterKill).toBeGreaterThan(0);
    expect(afterKill).toBeLessThanOrEqual(14);

    const second = run((line) => {
      if (line.startsWith("rated ")) ratedBy[1]!.push(line.slice(6));
    });
    expect(await second.exited, second.output()).toBe(0);
    expect(second.output()).toContain("done");

    // No row rated twice: each is rated by one process, once.
    const all = [...ratedBy[0]!, ...ratedBy[1]!];
    expect(new Set(all).size).toBe(all.length);
    expect(ratedBy[1]!.length).toBeGreaterThanOrEqual(afterKill);
    expect(await countUnscreenedPictures(t.db)).toEqual({ artworks: 0, generationImages: 0, total: 0 });
    // Every row names its own picture's screening, and each picture was screened once.
    const hashes = bytes.map(pictureHash);
    const imageRows = await t.db.select().from(generationImages).orderBy(generationImages.index);
    expect(imageRows.map((r) => [r.sha256, r.maturity])).toEqual(hashes.slice(0, 10).map((h) => [h, "general"]));
    expect(imageRows.map((r) => r.id).sort()).toEqual(images.map((i) => i.id).sort());
    const artRows = await t.db.select().from(artworks).where(isNull(artworks.sha256));
    expect(artRows).toEqual([]);
    const arts = await t.db
      .select({ title: artworks.title, sha256: artworks.sha256, maturity: artworks.maturity })
      .from(artworks);
    expect(
      arts
        .sort((x, y) => Number(x.title.split(" ")[1]) - Number(y.title.split(" ")[1]))
        .map((r) => [r.sha256, r.maturity]),
    ).toEqual(hashes.slice(10).map((h) => [h, "general"]));
    const screenings = await t.db.select({ sha256: pictureScreenings.sha256 }).from(pictureScreenings);
    expect(screenings.map((s) => s.sha256).sort()).toEqual([...hashes].sort());
  }, 30_000);
});
