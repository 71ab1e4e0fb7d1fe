/**
 * Image edits on a real database (PGlite and PostgreSQL) with the real models: an upload
 * upscaled 2×, a generated picture's background removed, the limits and refusals a person can
 * meet, cancel, and recovery of an edit whose worker died.
 */
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { generationImages, imageEdits, user } from "../../server/db/schema";
import { routeEngines } from "../../server/generation/engines/registry";
import { createGeneration } from "../../server/generation/generations";
import { applyTokenMovement } from "../../server/generation/ledger";
import { runGeneration } from "../../server/generation/render-job";
import { closeImageTools } from "../../server/image-tools";
import { closeClassifier } from "../../server/safety/classifier";
import {
  cancelImageEdit,
  createImageEdit,
  deleteImageEdit,
  ImageEditError,
  MAX_ACTIVE_EDITS,
  readImageEditResult,
  recoverImageEdits,
  runImageEdit,
} from "../../server/image-tools/edits";
import { getStorage } from "../../server/storage/storage";
import { setUpTestDatabase } from "../support/database";

const t = setUpTestDatabase();
const noQueue = async () => {};

async function createUser(id: string) {
  await t.db.insert(user).values({ id, name: id, email: `${id}@example.test`, emailVerified: true });
  await applyTokenMovement(t.db, { userId: id, amount: 100, reason: "admin_adjustment", idempotencyKey: `seed:${id}` });
  return id;
}

/** A small "photo": a warm disc on a cool gradient, as JPEG. */
function photo(width = 96, height = 72): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g"><stop offset="0" stop-color="#3a6ea5"/><stop offset="1" stop-color="#9cc3e6"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="#e2583e"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg().toBuffer();
}

const rowOf = async (id: string) => (await t.db.select().from(imageEdits).where(eq(imageEdits.id, id)))[0]!;

beforeEach(() => routeEngines({ text: "blank", image: "blank", doodle: "blank" }));
afterEach(() => routeEngines(null));
afterAll(() => Promise.all([closeImageTools(), closeClassifier()]));

describe("image edits", () => {
  it("upscales an uploaded picture 2× with progress, and serves the PNG as a named download", {
    timeout: 60_000,
  }, async () => {
    const ada = await createUser("ada");
    const queued: string[] = [];
    const edit = await createImageEdit(t.db, {
      userId: ada,
      tool: "upscale",
      source: { kind: "upload", bytes: await photo() },
      enqueue: async (id) => void queued.push(id),
    });
    expect(edit).toMatchObject({
      status: "queued",
      tool: "upscale",
      toolLabel: "Upscale 2×",
      sourceWidth: 96,
      sourceHeight: 72,
      resultUrl: null,
    });
    expect(queued).toEqual([edit.id]);

    await runImageEdit(t.db, edit.id);
    const row = await rowOf(edit.id);
    expect(row).toMatchObject({ status: "succeeded", progress: 100, resultWidth: 192, resultHeight: 144, attempts: 1 });
    const download = await readImageEditResult(t.db, ada, edit.id);
    expect(download!.fileName).toMatch(/^atelier-\d{14}-upscaled-2x\.png$/);
    expect(await sharp(download!.bytes).metadata()).toMatchObject({ format: "png", width: 192, height: 144 });
    expect(await readImageEditResult(t.db, "bob", edit.id)).toBeNull();

    expect(await deleteImageEdit(t.db, ada, edit.id)).toBe(true);
    expect(await getStorage().get(row.resultKey!)).toBeNull();
    expect(await getStorage().get(row.sourceKey)).toBeNull();
  });

  it("removes the background of a generated picture, from a copy that outlives the generation", {
    timeout: 120_000,
  }, async () => {
    const ada = await createUser("ada");
    const { generation } = await createGeneration(t.db, {
      userId: ada,
      input: {
        mode: "text",
        prompt: "a red disc",
        negativePrompt: "",
        style: "watercolor",
        aspectRatio: "1:1",
        size: 512,
        count: 1,
        seed: 3,
        strength: 0.75,
        christmas: false,
      },
      enqueue: noQueue,
    });
    await runGeneration(t.db, generation.id, { lastAttempt: false });
    // The blank engine paints 8 px swatches; give the picture a real subject instead.
    const [image] = await t.db.select().from(generationImages).where(eq(generationImages.generationId, generation.id));
    await getStorage().put(
      image!.key,
      await sharp(await photo(128, 128))
        .png()
        .toBuffer(),
      "image/png",
    );

    await expect(
      createImageEdit(t.db, {
        userId: "bob-not-owner",
        tool: "remove-background",
        source: { kind: "generation", generationId: generation.id, index: 0 },
        enqueue: noQueue,
      }),
    ).rejects.toMatchObject({
      status: 404,
    });
    const edit = await createImageEdit(t.db, {
      userId: ada,
      tool: "remove-background",
      source: { kind: "generation", generationId: generation.id, index: 0 },
      enqueue: noQueue,
    });
    await getStorage().delete(image!.key); // the original goes; the edit has its own copy
    await runImageEdit(t.db, edit.id);
    const row = await rowOf(edit.id);
    expect(row).toMatchObject({ status: "succeeded", sourceImageId: image!.id, resultWidth: 128, resultHeight: 128 });
    const result = await getStorage().get(row.resultKey!);
    const { data, info } = await sharp(result!.bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(4);
    expect(data[3]).toBeLessThan(32); // top-left corner: background, now transparent
  });

  it("refuses what it cannot do, next to the field, and keeps nothing", async () => {
    const ada = await createUser("ada");
    const refuse = (bytes: Buffer, tool: "upscale" | "remove-background" = "upscale") =>
      createImageEdit(t.db, { userId: ada, tool, source: { kind: "upload", bytes }, enqueue: noQueue }).catch(
        (e: unknown) => e,
      );
    expect(await refuse(Buffer.from("not a picture at all"))).toMatchObject({ status: 415, field: "image" });
    const big = await sharp({ create: { width: 1100, height: 600, channels: 3, background: "#808080" } })
      .png()
      .toBuffer();
    const tooBig = await refuse(big);
    expect(tooBig).toBeInstanceOf(ImageEditError);
    expect(tooBig).toMatchObject({
      status: 413,
      field: "image",
      message: expect.stringContaining("up to 1024 pixels"),
    });
    expect(await t.db.select().from(imageEdits)).toHaveLength(0);

    // Parallel requests cannot all slip past the limit.
    const bytes = await photo();
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () =>
        createImageEdit(t.db, { userId: ada, tool: "upscale", source: { kind: "upload", bytes }, enqueue: noQueue }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(MAX_ACTIVE_EDITS);
    expect(results.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason)).toEqual(
      Array.from({ length: 6 - MAX_ACTIVE_EDITS }, () =>
        expect.objectContaining({ status: 409, code: "too_many_edits" }),
      ),
    );
    expect(await t.db.select().from(imageEdits)).toHaveLength(MAX_ACTIVE_EDITS);
  });

  it("cancels queued work for good, and recovers an edit whose worker died", { timeout: 60_000 }, async () => {
    const ada = await createUser("ada");
    const first = await createImageEdit(t.db, {
      userId: ada,
      tool: "upscale",
      source: { kind: "upload", bytes: await photo() },
      enqueue: noQueue,
    });
    expect((await cancelImageEdit(t.db, ada, first.id))?.status).toBe("canceled");
    expect(await cancelImageEdit(t.db, ada, first.id)).toBeUndefined();
    await runImageEdit(t.db, first.id); // the job arriving later does nothing
    expect(await rowOf(first.id)).toMatchObject({ status: "canceled", resultKey: null, attempts: 0 });

    const second = await createImageEdit(t.db, {
      userId: ada,
      tool: "upscale",
      source: { kind: "upload", bytes: await photo() },
      enqueue: noQueue,
    });
    await t.db
      .update(imageEdits)
      .set({ status: "running", attempts: 1, heartbeatAt: new Date(Date.now() - 120_000) })
      .where(eq(imageEdits.id, second.id));
    const requeued: string[] = [];
    expect(await recoverImageEdits(t.db, async (id) => void requeued.push(id))).toBe(1);
    expect(requeued).toEqual([second.id]);
    await runImageEdit(t.db, second.id);
    expect(await rowOf(second.id)).toMatchObject({ status: "succeeded", attempts: 2 });
  });
});
