/**
 * "Needs only configuration": each kind of backend is added the way the admin form adds it,
 * routed for every mode, and text, image and doodle to art then run through the real job
 * pipeline against a local server that speaks that backend's documented API.
 */
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { GenerationInput, GenerationMode } from "../../app/lib/generation";
import { createEngine, type EngineFormInput, setModeRoute } from "../../server/admin/engines";
import { generationImages, generations, user } from "../../server/db/schema";
import { invalidateEngineCatalog } from "../../server/generation/engines/catalog";
import { routeEngines } from "../../server/generation/engines/registry";
import { createGeneration } from "../../server/generation/generations";
import { applyTokenMovement, getTokenBalance } from "../../server/generation/ledger";
import { runGeneration } from "../../server/generation/render-job";
import { startFakeA1111 } from "../support/a1111-server";
import { startFakeComfyUI } from "../support/comfyui-server";
import { startFakeOpenAI } from "../support/openai-images-server";
import { startFakeStability } from "../support/stability-server";
import { setUpTestDatabase } from "../support/database";

const t = setUpTestDatabase();
const admin = { userUid: "admin-1", email: "admin@example.test" };
const closers: (() => Promise<unknown>)[] = [];

beforeEach(async () => {
  invalidateEngineCatalog();
  routeEngines(null);
  await t.db.insert(user).values([
    { id: admin.userUid, name: "Admin", email: admin.email, emailVerified: true, role: "admin" },
    { id: "ada", name: "Ada", email: "ada@example.test", emailVerified: true },
  ]);
  await applyTokenMovement(t.db, {
    userId: "ada",
    amount: 500,
    reason: "admin_adjustment",
    idempotencyKey: "seed:ada",
  });
});
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function sources() {
  const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#3a6ea5" } })
    .composite([
      { input: { create: { width: 120, height: 120, channels: 3, background: "#e2583e" } }, left: 100, top: 60 },
    ])
    .jpeg()
    .toBuffer();
  const doodle = await sharp({ create: { width: 256, height: 256, channels: 3, background: "#ffffff" } })
    .composite([
      { input: { create: { width: 160, height: 12, channels: 3, background: "#111111" } }, left: 48, top: 180 },
    ])
    .png()
    .toBuffer();
  return {
    image: { bytes: photo, contentType: "image/jpeg", ext: "jpg" },
    doodle: { bytes: doodle, contentType: "image/png", ext: "png" },
  };
}

const input = (mode: GenerationMode): GenerationInput => ({
  mode,
  prompt: "a lighthouse on a cliff at dusk",
  negativePrompt: "",
  style: "watercolor",
  aspectRatio: "1:1",
  size: 1024,
  count: 1,
  seed: 11,
  strength: 0.6,
  christmas: false,
});

const KINDS: {
  kind: string;
  start(): Promise<{ url: string; close(): Promise<unknown>; requests: { path: string }[] }>;
  form: Partial<EngineFormInput>;
}[] = [
  { kind: "a1111", start: () => startFakeA1111(), form: {} },
  { kind: "comfyui", start: () => startFakeComfyUI(), form: {} },
  { kind: "openai", start: () => startFakeOpenAI({ apiKey: "sk-test-kinds" }), form: { apiKey: "sk-test-kinds" } },
  {
    kind: "stability",
    start: () => startFakeStability({ apiKey: "sk-stability-kinds" }),
    form: { apiKey: "sk-stability-kinds" },
  },
];

describe("every kind of backend, configured like the admin form does", () => {
  for (const { kind, start, form } of KINDS) {
    it(`${kind}: text, image and doodle to art run there, priced, stored and named`, { timeout: 60_000 }, async () => {
      const server = await start();
      closers.push(() => server.close());
      const engine = await createEngine(t.db, admin, {
        kind,
        name: `My ${kind}`,
        baseUrl: server.url,
        settings: {},
        enabled: true,
        costMultiplier: "1",
        timeoutSeconds: "60",
        ...form,
      });
      for (const mode of ["text", "image", "doodle"] as const) await setModeRoute(t.db, admin, mode, [engine.id]);
      const { image, doodle } = await sources();

      for (const mode of ["text", "image", "doodle"] as const) {
        const source = mode === "image" ? image : mode === "doodle" ? doodle : undefined;
        const { generation } = await createGeneration(t.db, {
          userId: "ada",
          input: input(mode),
          ...(source ? { source } : {}),
          enqueue: async () => {},
        });
        expect(generation.engineId).toBe(engine.id);
        await runGeneration(t.db, generation.id, { lastAttempt: false });
        const [row] = await t.db.select().from(generations).where(eq(generations.id, generation.id));
        expect(row, `${kind} ${mode}: ${row?.error} / ${row?.errorDetail}`).toMatchObject({
          status: "succeeded",
          engineLabel: `My ${kind}`,
          progress: 100,
        });
        const images = await t.db
          .select()
          .from(generationImages)
          .where(eq(generationImages.generationId, generation.id));
        expect(images).toHaveLength(1);
        expect(images[0]!.width).toBeGreaterThan(0);
      }
      expect(server.requests.length).toBeGreaterThanOrEqual(3);
      const spent = (await t.db.select({ cost: generations.cost }).from(generations)).reduce(
        (sum, g) => sum + g.cost,
        0,
      );
      expect(await getTokenBalance(t.db, "ada")).toBe(500 - spent);
    });
  }
});
