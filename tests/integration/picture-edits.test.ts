/**
 * Edits of a part of a picture as generations (issue 31, ADR 0056), on a real database with
 * Studio rendering: a history picture repainted under a painted mask and widened by its sides,
 * priced from image to art's table at the result's size, linked to where it came from, refused
 * before any charge when the mask marks nothing, and refunded when the engine fails.
 */
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { GenerationInput } from "../../app/lib/generation";
import { generations, user } from "../../server/db/schema";
import { createBlankEngine } from "../../server/generation/engines/blank";
import { EngineError, FULL_CAPABILITIES } from "../../server/generation/engines/engine";
import { editingEngines, registerEngine, routeEngines } from "../../server/generation/engines/registry";
import {
  createGeneration,
  deleteGeneration,
  GenerationError,
  getGenerationView,
} from "../../server/generation/generations";
import { applyTokenMovement, getTokenBalance } from "../../server/generation/ledger";
import { readHistoryPicture } from "../../server/generation/picture-edits";
import { runGeneration } from "../../server/generation/render-job";
import { loadTokenSettings } from "../../server/generation/token-settings";
import { getStorage } from "../../server/storage/storage";
import { setUpTestDatabase } from "../support/database";
import { generationInputOf } from "../support/generation-input";

const t = setUpTestDatabase();
const noQueue = async () => {};

const input = (change: Partial<GenerationInput> = {}): GenerationInput =>
  generationInputOf({ mode: "image", ...change });

async function createUser(id: string, tokens: number) {
  await t.db.insert(user).values({ id, name: `User ${id}`, email: `${id}@example.test`, emailVerified: true });
  await applyTokenMovement(t.db, { userId: id, amount: tokens, reason: "admin_adjustment", idempotencyKey: `t:${id}` });
  return id;
}

/** A 512 × 384 landscape painted by Studio into the person's history; its id. */
async function historyPicture(userId: string): Promise<string> {
  const { generation } = await createGeneration(t.db, {
    userId,
    input: input({ mode: "text", prompt: "a calm lake under a dull grey sky", aspectRatio: "4:3" }),
    enqueue: noQueue,
  });
  await runGeneration(t.db, generation.id, { lastAttempt: false });
  return generation.id;
}

/** A mask the picture's size: white (change) over the top `fraction` of it, black below. */
async function topMask(width: number, height: number, fraction: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height, 0);
  raw.fill(255, 0, Math.round(height * fraction) * width);
  return sharp(raw, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
}

async function rgbOf(bytes: Buffer, width: number, height: number) {
  return sharp(bytes).resize(width, height, { fit: "fill" }).removeAlpha().raw().toBuffer();
}

/** Mean absolute difference per channel over the rows [from, to). */
function rowDifference(a: Buffer, b: Buffer, width: number, from: number, to: number): number {
  let sum = 0;
  for (let i = from * width * 3; i < to * width * 3; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / ((to - from) * width * 3);
}

beforeEach(() => routeEngines({ text: "studio", image: "studio" }));
afterEach(() => routeEngines(null));

describe("an inpaint", () => {
  it("repaints only the masked part of a history picture, priced like image to art, linked to its source", async () => {
    const ada = await createUser("ada", 100);
    const sourceId = await historyPicture(ada);
    const picture = await readHistoryPicture(t.db, ada, sourceId, 0);
    expect([picture.width, picture.height]).toEqual([512, 384]);
    const mask = await sharp(await topMask(512, 384, 0.4))
      .resize(256, 192)
      .png()
      .toBuffer(); // any size: brought to the picture's
    const before = await getTokenBalance(t.db, ada);
    const costs = (await loadTokenSettings(t.db)).costs;

    const { generation } = await createGeneration(t.db, {
      userId: ada,
      input: input({ prompt: "a sky full of lanterns", size: 1024 }),
      source: picture,
      edit: { kind: "inpaint", mask: { ...picture, bytes: mask }, from: { generationId: sourceId, index: 0 } },
      enqueue: noQueue,
    });
    expect(generation).toMatchObject({ mode: "image", width: 512, height: 384, size: 512, aspectRatio: "4:3" });
    expect(generation.cost).toBe(costs.image["512"]);
    expect(await getTokenBalance(t.db, ada)).toBe(before - costs.image["512"]);
    expect(generation.edit).toMatchObject({ kind: "inpaint", sides: null, fromGenerationId: sourceId, fromIndex: 0 });
    expect(generation.edit!.maskUrl).toMatch(/\/masks\//);

    await runGeneration(t.db, generation.id, { lastAttempt: false });
    const done = (await getGenerationView(t.db, ada, generation.id))!;
    expect(done.status).toBe("succeeded");
    expect(done.engineId).toBe("studio");
    expect(done.understood).toEqual(expect.arrayContaining([expect.stringContaining("lantern")]));
    const [image] = done.images;
    expect([image!.width, image!.height]).toEqual([512, 384]);
    const [row] = await t.db.select().from(generations).where(eq(generations.id, generation.id));
    const resultKey = image!.url.replace(/^\/api\/files\//, "");
    const result = await rgbOf((await getStorage().get(resultKey))!.bytes, 512, 384);
    const original = await rgbOf(picture.bytes, 512, 384);
    // Below the mask (and its feather) the picture is kept; the sky under it changed.
    expect(rowDifference(result, original, 512, 200, 384)).toBeLessThan(2);
    // The lanterns cover a part of the masked sky (about a tenth); nothing changes by accident that much.
    expect(rowDifference(result, original, 512, 0, 120)).toBeGreaterThan(2.5);

    // Deleting the source keeps the edit, without its link.
    expect(await deleteGeneration(t.db, ada, sourceId)).toBe(true);
    expect((await getGenerationView(t.db, ada, generation.id))!.edit).toMatchObject({
      fromGenerationId: null,
      kind: "inpaint",
    });
    // Deleting the edit takes its mask and its copy of the picture.
    const maskKey = row!.maskKey!;
    expect(await getStorage().get(maskKey)).not.toBeNull();
    await deleteGeneration(t.db, ada, generation.id);
    expect(await getStorage().get(maskKey)).toBeNull();
    expect(await getStorage().get(row!.sourceKey!)).toBeNull();
  });

  it("refuses a mask that marks nothing, another person's picture and an engine that cannot edit, charging nothing", async () => {
    const ada = await createUser("ada", 100);
    const sourceId = await historyPicture(ada);
    const picture = await readHistoryPicture(t.db, ada, sourceId, 0);
    const before = await getTokenBalance(t.db, ada);
    const empty = await topMask(512, 384, 0);
    const attempt = (edit: Parameters<typeof createGeneration>[1]["edit"]) =>
      createGeneration(t.db, { userId: ada, input: input(), source: picture, edit, enqueue: noQueue });

    await expect(attempt({ kind: "inpaint", mask: { ...picture, bytes: empty } })).rejects.toMatchObject({
      code: "invalid_input",
      fields: { mask: ["Paint over the part of the picture to change first."] },
    });
    await expect(attempt({ kind: "inpaint" })).rejects.toMatchObject({ fields: { mask: expect.any(Array) } });
    await expect(
      attempt({ kind: "inpaint", mask: { ...picture, bytes: Buffer.from("not a picture") } }),
    ).rejects.toMatchObject({ fields: { mask: expect.any(Array) } });
    await expect(readHistoryPicture(t.db, "someone-else", sourceId, 0)).rejects.toMatchObject({
      code: "source_missing",
    });
    await expect(readHistoryPicture(t.db, ada, sourceId, 3)).rejects.toMatchObject({ code: "source_missing" });

    routeEngines({ image: "blank" });
    await expect(attempt({ kind: "outpaint", sides: { top: 0, right: 50, bottom: 0, left: 0 } })).rejects.toThrow(
      GenerationError,
    );
    await expect(attempt({ kind: "outpaint", sides: { top: 0, right: 50, bottom: 0, left: 0 } })).rejects.toMatchObject(
      { code: "no_engine" },
    );
    expect(await getTokenBalance(t.db, ada)).toBe(before);
    const rows = await t.db.select().from(generations).where(eq(generations.userId, ada));
    expect(rows).toHaveLength(1);
  });

  it("refunds an edit the engine fails", async () => {
    const blank = createBlankEngine();
    registerEngine({
      ...blank,
      id: "editing-fails",
      capabilities: FULL_CAPABILITIES,
      generate: () => Promise.reject(new EngineError("failed", "The engine could not edit this picture.")),
    });
    const ada = await createUser("ada", 100);
    const sourceId = await historyPicture(ada);
    const picture = await readHistoryPicture(t.db, ada, sourceId, 0);
    const before = await getTokenBalance(t.db, ada);
    routeEngines({ image: "editing-fails" });
    const { generation } = await createGeneration(t.db, {
      userId: ada,
      input: input({ prompt: "a lighthouse" }),
      source: picture,
      edit: { kind: "inpaint", mask: { ...picture, bytes: await topMask(512, 384, 0.5) } },
      enqueue: noQueue,
    });
    expect(await getTokenBalance(t.db, ada)).toBeLessThan(before);
    await runGeneration(t.db, generation.id, { lastAttempt: true });
    expect(await getGenerationView(t.db, ada, generation.id)).toMatchObject({
      status: "failed",
      refunded: true,
      error: "The engine could not edit this picture.",
    });
    expect(await getTokenBalance(t.db, ada)).toBe(before);
  });
});

describe("an outpaint", () => {
  it("widens the picture by its sides within the engine's largest size, priced at the result's size", async () => {
    const ada = await createUser("ada", 100);
    const sourceId = await historyPicture(ada);
    const picture = await readHistoryPicture(t.db, ada, sourceId, 0);
    const costs = (await loadTokenSettings(t.db)).costs;
    const { generation } = await createGeneration(t.db, {
      userId: ada,
      input: input(),
      source: picture,
      // 512 × 384 widened by 100 % on each side is 1536 × 384: fitted to Studio's 1024.
      edit: { kind: "outpaint", sides: { top: 0, right: 100, bottom: 0, left: 100 } },
      enqueue: noQueue,
    });
    expect(generation).toMatchObject({ width: 1024, height: 256, size: 1024, aspectRatio: "16:9" });
    expect(generation.cost).toBe(costs.image["1024"]);
    expect(generation.edit).toMatchObject({
      kind: "outpaint",
      sides: { top: 0, right: 100, bottom: 0, left: 100 },
      maskUrl: null,
      fromGenerationId: null,
    });
    await runGeneration(t.db, generation.id, { lastAttempt: false });
    const done = (await getGenerationView(t.db, ada, generation.id))!;
    expect(done.status).toBe("succeeded");
    expect([done.images[0]!.width, done.images[0]!.height]).toEqual([1024, 256]);
    // The middle third is the picture, scaled to its place.
    const result = await rgbOf(
      (await getStorage().get(done.images[0]!.url.replace(/^\/api\/files\//, "")))!.bytes,
      1024,
      256,
    );
    const middle = await sharp(result, { raw: { width: 1024, height: 256, channels: 3 } })
      .extract({ left: 344, top: 0, width: 336, height: 256 })
      .raw()
      .toBuffer();
    const original = await sharp(picture.bytes)
      .resize(341, 256, { fit: "fill" })
      .extract({ left: 3, top: 0, width: 336, height: 256 })
      .removeAlpha()
      .raw()
      .toBuffer();
    expect(rowDifference(middle, original, 336, 8, 248)).toBeLessThan(12);
  });
});

describe("routing an edit", () => {
  it("keeps only the engines that make that kind of edit, in the route's order", () => {
    const blank = createBlankEngine();
    const routed = (id: string, edits: readonly ("inpaint" | "outpaint")[]) => ({
      id,
      engine: { ...blank, id, capabilities: { ...FULL_CAPABILITIES, edits } },
      costMultiplier: 1,
      circuitOpen: false,
      circuitOpenUntil: null,
    });
    const list = [routed("none", []), routed("outpaints", ["outpaint"]), routed("both", ["inpaint", "outpaint"])];
    expect(editingEngines(list, "inpaint").map((r) => r.id)).toEqual(["both"]);
    expect(editingEngines(list, "outpaint").map((r) => r.id)).toEqual(["outpaints", "both"]);
  });
});
