/**
 * What the editor of a part of a picture (/ai/edit, issue 31) loads: the picture — one of the
 * person's own history pictures, or their image-to-art preview as browsers show it (turned by its
 * EXIF orientation) — and, per kind of edit, the price, which must be the price createGeneration
 * charges for the same edit.
 */
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from "vitest";
import type { GenerationInput } from "../../app/lib/generation";
import { editPriceSize, editResultSize, type OutpaintSides } from "../../app/lib/picture-edits";
import { setDatabase } from "../../server/db/client";
import { user } from "../../server/db/schema";
import { routeEngines } from "../../server/generation/engines/registry";
import { createGeneration } from "../../server/generation/generations";
import { applyTokenMovement } from "../../server/generation/ledger";
import { loadEditPage, loadEditPicture } from "../../server/generation/page-data";
import { readHistoryPicture } from "../../server/generation/picture-edits";
import { runGeneration } from "../../server/generation/render-job";
import { savePreviewImage } from "../../server/generation/uploads";
import { closeClassifier } from "../../server/safety/classifier";
import { setUpTestDatabase } from "../support/database";
import { generationInputOf } from "../support/generation-input";

const t = setUpTestDatabase();
const noQueue = async () => {};

const input = (change: Partial<GenerationInput> = {}): GenerationInput =>
  generationInputOf({ mode: "image", ...change });

async function createUser(id: string) {
  await t.db.insert(user).values({ id, name: `User ${id}`, email: `${id}@example.test`, emailVerified: true });
  await applyTokenMovement(t.db, { userId: id, amount: 100, reason: "admin_adjustment", idempotencyKey: `t:${id}` });
  return id;
}

beforeAll(() => setDatabase(t.handle));
afterAll(() => setDatabase(undefined));
afterAll(() => closeClassifier());
beforeEach(() => routeEngines({ text: "studio", image: "studio" }));
afterEach(() => routeEngines(null));

describe("the editor's picture", () => {
  it("is one of the person's own history pictures, and nobody else's", async () => {
    const ada = await createUser("ada");
    const bob = await createUser("bob");
    const { generation } = await createGeneration(t.db, {
      userId: ada,
      input: input({ mode: "text", prompt: "a calm lake under a dull grey sky", aspectRatio: "4:3" }),
      enqueue: noQueue,
    });
    // Not finished yet: nothing to edit.
    expect(await loadEditPicture(ada, { generationId: generation.id, index: 0 })).toBeNull();
    await runGeneration(t.db, generation.id, { lastAttempt: false });

    const picture = await loadEditPicture(ada, { generationId: generation.id, index: 0 });
    expect(picture).toMatchObject({
      width: 512,
      height: 384,
      title: "a calm lake under a dull grey sky",
      from: { generationId: generation.id, index: 0, mode: "text" },
      preview: null,
    });
    expect(picture?.url).toMatch(/^\/api\/files\/users\/ada\//);
    expect(await loadEditPicture(ada, { generationId: generation.id, index: 1 })).toBeNull();
    expect(await loadEditPicture(bob, { generationId: generation.id, index: 0 })).toBeNull();
    expect(await loadEditPicture(ada, { generationId: "not-an-id", index: 0 })).toBeNull();
  });

  it("is a preview as browsers show it: a photo turned by its EXIF orientation is taller than stored", async () => {
    const ada = await createUser("ada");
    const stored = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#8899aa" } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const preview = await savePreviewImage(t.db, ada, stored);
    // Image to art's upload answer says the same size.
    expect([preview.width, preview.height]).toEqual([200, 300]);
    const picture = await loadEditPicture(ada, { preview: preview.fileName });
    expect(picture).toMatchObject({
      width: 200,
      height: 300,
      title: "Your upload",
      from: null,
      preview: preview.fileName,
    });
    expect(await loadEditPicture("bob", { preview: preview.fileName })).toBeNull();
    expect(await loadEditPicture(ada, { preview: "../../site/x.png" })).toBeNull();
    expect(await loadEditPicture(ada, { preview: "20260101000000-missing.png" })).toBeNull();
  });
});

describe("the editor's price", () => {
  it("is the price createGeneration charges, for a repaint and a widening", async () => {
    const ada = await createUser("ada");
    const { generation } = await createGeneration(t.db, {
      userId: ada,
      input: input({ mode: "text", prompt: "a calm lake", aspectRatio: "4:3" }),
      enqueue: noQueue,
    });
    await runGeneration(t.db, generation.id, { lastAttempt: false });
    const picture = (await loadEditPicture(ada, { generationId: generation.id, index: 0 }))!;
    const page = await loadEditPage(ada);
    expect(page.kinds.inpaint.available && page.kinds.outpaint.available).toBe(true);
    expect(page.balance).toBe(100 - generation.cost);

    const sides: OutpaintSides = { top: 0, right: 50, bottom: 0, left: 50 };
    const shown = (kind: "inpaint" | "outpaint", count: number) => {
      const offer = page.kinds[kind];
      return offer.costs[`${editPriceSize(editResultSize(picture, { kind, sides }, offer.maxSide))}`] * count;
    };
    const source = await readHistoryPicture(t.db, ada, generation.id, 0);
    const mask = await sharp({ create: { width: 512, height: 384, channels: 3, background: "#ffffff" } })
      .png()
      .toBuffer();
    const repaint = await createGeneration(t.db, {
      userId: ada,
      input: input({ count: 2 }),
      source,
      edit: { kind: "inpaint", mask: { ...source, bytes: mask, contentType: "image/png", ext: "png" } },
      expectedCost: shown("inpaint", 2),
      enqueue: noQueue,
    });
    expect(repaint.generation.cost).toBe(shown("inpaint", 2));
    const widen = await createGeneration(t.db, {
      userId: ada,
      input: input(),
      source,
      edit: { kind: "outpaint", sides },
      expectedCost: shown("outpaint", 1),
      enqueue: noQueue,
    });
    expect(widen.generation.cost).toBe(shown("outpaint", 1));
    // 512 × 384 widened by half on each side is 1024 × 384: image to art's 1024 row, dearer than the repaint's 512.
    expect(shown("outpaint", 1)).toBeGreaterThan(shown("inpaint", 1));
    expect([widen.generation.width, widen.generation.height]).toEqual([1024, 384]);
  });
});
