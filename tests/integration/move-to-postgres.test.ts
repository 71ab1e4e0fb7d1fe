/**
 * From the embedded default to PostgreSQL in one step (issue 18, ADR 0041): a populated embedded
 * install — demo data, people, purchases, a ledger, artworks, files — is moved into an empty
 * PostgreSQL database and an S3 bucket (a real S3-protocol server); every table's count and
 * checksum, every file's bytes agree; the moved database works (a new row gets the next id, the
 * triggers announce again). A target with rows is refused, as is an install whose server is running.
 */
import { spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { S3Settings } from "../../server/config";
import { openDatabase } from "../../server/db/client";
import { migrateDatabase } from "../../server/db/migrate";
import { artworks, generations, user } from "../../server/db/schema";
import { applyTokenMovement, getTokenBalance } from "../../server/generation/ledger";
import { MoveRefused, moveToPostgres } from "../../server/ops/move-to-postgres";
import { seedDemoData } from "../../server/seed";
import { createS3Storage, s3Client } from "../../server/storage/s3-storage";
import { createLocalStorage } from "../../server/storage/storage";
import { onTestServer, postgresUrl } from "../support/global-setup";
import { insertPaidStarterPurchase } from "../support/purchases";
import { publishedArtworkRow, studioGenerationRow } from "../support/rows";
import { type FakeS3, speakToS3rver, startFakeS3 } from "../support/s3-server";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "atelier-move-"));
const names = [`atelier_move_${randomBytes(4).toString("hex")}`, `atelier_move_${randomBytes(4).toString("hex")}`];
let s3: FakeS3;
let settings: S3Settings;
const files = new Map<string, Buffer>();

beforeAll(async () => {
  for (const name of names) await onTestServer(`CREATE DATABASE ${name}`);
  s3 = await startFakeS3("moved-files");
  settings = {
    bucket: s3.bucket,
    prefix: "atelier",
    endpoint: s3.endpoint,
    region: "us-east-1",
    credentials: s3.credentials,
    forcePathStyle: true,
    signedUrls: false,
  };
  // An embedded install as people leave it: demo data, a buyer with history, pictures on disk.
  const target = { kind: "pglite", dir: path.join(dataDir, "db") } as const;
  const source = await openDatabase(target);
  await migrateDatabase(target, source);
  await seedDemoData(source.db);
  const buyer = randomUUID();
  await source.db.insert(user).values({ id: buyer, name: "Ada Moved", email: "ada@moved.test", emailVerified: true });
  await applyTokenMovement(source.db, { userId: buyer, amount: 40, reason: "admin_adjustment", idempotencyKey: "m1" });
  await insertPaidStarterPurchase(source.db, buyer);
  const [generation] = await source.db.insert(generations).values(studioGenerationRow(buyer)).returning();
  await source.db
    .insert(artworks)
    .values(publishedArtworkRow(buyer, "Harbour at dusk — «quoted», 'apostrophes'", { generationId: generation!.id }));
  const local = createLocalStorage(path.join(dataDir, "files"));
  for (const [key, size] of [
    [`users/${buyer}/pictures/a.webp`, 70_000],
    [`users/${buyer}/avatar/b.png`, 12],
    ["site/slides/c.jpg", 3_000],
  ] as const) {
    const bytes = randomBytes(size);
    files.set(key, bytes);
    await local.put(key, bytes, key.endsWith(".png") ? "image/png" : "image/webp");
  }
  await source.close();
}, 120_000);

afterAll(async () => {
  await s3?.close();
  for (const name of names) await onTestServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("moving an embedded install to PostgreSQL", () => {
  it("copies every table and file, checks them on both sides, and the moved database works", async () => {
    const lines: string[] = [];
    const report = await moveToPostgres({
      dataDir,
      to: postgresUrl(names[0]),
      storage: settings,
      log: (line) => lines.push(line),
    });
    const rowsOf = (table: string) => report.tables.find((t) => t.table === table)?.rows;
    expect(rowsOf("user")).toBeGreaterThanOrEqual(3); // the demo accounts and the buyer
    expect(rowsOf("token_ledger")).toBeGreaterThanOrEqual(3);
    expect(rowsOf("transactions")).toBe(1);
    expect(rowsOf("artworks")).toBe(1);
    expect(report.tables.every((t) => /^[0-9a-f]{32}$/.test(t.checksum))).toBe(true);
    expect(report.files).toEqual({ count: 3, bytes: 73_012 });
    expect(lines.at(-1)).toMatch(/^files: 3 copied/);

    // Every file, from the bucket, byte for byte.
    const bucket = createS3Storage(settings, speakToS3rver(s3Client(settings)));
    for (const [key, bytes] of files) expect((await bucket.get(key))?.bytes.equals(bytes), key).toBe(true);

    const moved = await openDatabase({ kind: "postgres", url: postgresUrl(names[0]) });
    try {
      const [ada] = await moved.db.select().from(user).where(eq(user.email, "ada@moved.test"));
      expect(await getTokenBalance(moved.db, ada!.id)).toBeGreaterThanOrEqual(40);
      const [art] = await moved.db.select().from(artworks);
      expect(art!.title).toBe("Harbour at dusk — «quoted», 'apostrophes'");
      // The triggers are on again: a change is announced as before (runtime_changes moves).
      await moved.db.execute(sql`update feature_flags set enabled = enabled`);
      const after = (await moved.db.execute(sql`select count(*)::int as n from runtime_changes`)) as unknown as {
        rows: { n: number }[];
      };
      expect(after.rows[0]!.n).toBeGreaterThan(0);
    } finally {
      await moved.close();
    }
  });

  it("refuses a target that holds rows, and an install whose server is running", async () => {
    await expect(moveToPostgres({ dataDir, to: postgresUrl(names[0]) })).rejects.toThrow(MoveRefused);
    await expect(moveToPostgres({ dataDir, to: postgresUrl(names[0]) })).rejects.toThrow(/not empty/);
    // A server holding the embedded database: another live process owns its lock file.
    const server = spawn("sleep", ["30"]);
    fs.writeFileSync(`${path.join(dataDir, "db")}.lock`, String(server.pid));
    try {
      await expect(moveToPostgres({ dataDir, to: postgresUrl(names[1]) })).rejects.toThrow(/already open/);
    } finally {
      server.kill();
      fs.rmSync(`${path.join(dataDir, "db")}.lock`, { force: true });
    }
    // Without --storage the files stay where they are.
    expect((await moveToPostgres({ dataDir, to: postgresUrl(names[1]) })).files).toBeNull();
  });
});
