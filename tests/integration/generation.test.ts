/**
 * The generation pipeline on a real database (PGlite and PostgreSQL): the ledger under
 * concurrency, refunds on failure and cancel, retries, recovery of work a dead worker left,
 * and the whole path through the pg-boss queue. Engines here are the built-in "blank" engine
 * and small engines that fail or wait on purpose, through the same interface remote backends use.
 */
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import type { GenerationInput } from "../../app/lib/generation";
import { generationImages, generations, notifications, tokenLedger, user } from "../../server/db/schema";
import { EngineError, type ImageEngine } from "../../server/generation/engines/engine";
import { createBlankEngine } from "../../server/generation/engines/blank";
import { registerEngine, routeEngines } from "../../server/generation/engines/registry";
import {
  cancelGeneration,
  createGeneration,
  deleteGeneration,
  GenerationError,
  getGenerationView,
  listGenerations,
} from "../../server/generation/generations";
import { applyTokenMovement, getTokenBalance, grantSignupTokens, sumTokenLedger } from "../../server/generation/ledger";
import {
  enqueueRenderJob,
  recoverGenerations,
  renderGenerationJob,
  runGeneration,
  STALE_AFTER_MS,
} from "../../server/generation/render-job";
import { saveTokenSettings } from "../../server/generation/token-settings";
import { startJobQueue, stopJobQueue } from "../../server/jobs/queue";
import { getStorage } from "../../server/storage/storage";
import { setUpTestDatabase } from "../support/database";
import { generationInputOf } from "../support/generation-input";

const t = setUpTestDatabase();

const input = (change: Partial<GenerationInput> = {}): GenerationInput =>
  generationInputOf({ mode: "text", prompt: "a red sunset over snowy mountains and a calm lake", seed: 42, ...change });

const noQueue = async () => {};

async function createUser(id: string, tokens = 0) {
  await t.db.insert(user).values({ id, name: `User ${id}`, email: `${id}@example.test`, emailVerified: true });
  if (tokens > 0)
    await applyTokenMovement(t.db, {
      userId: id,
      amount: tokens,
      reason: "admin_adjustment",
      idempotencyKey: `test:${id}`,
    });
  return id;
}

async function statusOf(id: string) {
  const [row] = await t.db.select().from(generations).where(eq(generations.id, id));
  return row!;
}

/** An engine that fails the way a remote backend can. */
function failingEngine(error: EngineError): ImageEngine {
  return {
    ...createBlankEngine(),
    id: `failing-${error.kind}`,
    label: "Failing test engine",
    generate: async () => Promise.reject(error),
  };
}

/** An engine that runs until it is aborted, reporting progress as it goes. */
function waitingEngine(): ImageEngine & { started: Promise<void> } {
  let markStarted!: () => void;
  const started = new Promise<void>((r) => (markStarted = r));
  return {
    ...createBlankEngine(),
    id: "waiting",
    label: "Waiting test engine",
    started,
    generate: (_request, { signal, onProgress }) =>
      new Promise((_resolve, reject) => {
        onProgress({ percent: 10, stage: "Thinking" });
        markStarted();
        const tick = setInterval(() => onProgress({ percent: 20, stage: "Still thinking" }), 50);
        signal.addEventListener("abort", () => {
          clearInterval(tick);
          reject(new EngineError("canceled", "canceled"));
        });
      }),
  };
}

beforeEach(() => routeEngines({ text: "blank", image: "blank", doodle: "blank" }));
afterEach(() => routeEngines(null));

describe("token ledger", () => {
  it("credits the sign-up grant once, and the balance is the sum of the rows", async () => {
    const ada = await createUser("ada");
    expect((await grantSignupTokens(t.db, ada, 50)).applied).toBe(true);
    expect((await grantSignupTokens(t.db, ada, 50)).applied).toBe(false);
    expect(await getTokenBalance(t.db, ada)).toBe(50);
    expect(await sumTokenLedger(t.db, ada)).toBe(50);
  });

  it("never goes below zero", async () => {
    const ada = await createUser("ada", 5);
    await expect(
      applyTokenMovement(t.db, { userId: ada, amount: -6, reason: "admin_adjustment", idempotencyKey: "x" }),
    ).rejects.toThrow(/needs 6 tokens and you have 5/);
    expect(await getTokenBalance(t.db, ada)).toBe(5);
  });

  it("accepts exactly as many of 50 parallel generations as the tokens pay for", async () => {
    await saveTokenSettings(t.db, { maxConcurrentJobs: 20 });
    const ada = await createUser("ada", 10 * 2); // a 512 px text image costs 2 tokens by default
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        createGeneration(t.db, { userId: ada, input: input({ seed: i }), enqueue: noQueue }),
      ),
    );
    const accepted = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(accepted).toHaveLength(10);
    expect(refused.every((r) => r.reason instanceof GenerationError && r.reason.status === 402)).toBe(true);
    expect(await getTokenBalance(t.db, ada)).toBe(0);
    expect(await sumTokenLedger(t.db, ada)).toBe(0);
    expect(await t.db.select().from(generations)).toHaveLength(10);
  });
});

describe("creating a generation", () => {
  it("debits the cost, stores the settings and answers a queued view", async () => {
    const ada = await createUser("ada", 20);
    const { generation, balance } = await createGeneration(t.db, {
      userId: ada,
      input: input({ size: 1024, count: 2 }),
      enqueue: noQueue,
    });
    expect(balance).toBe(20 - 8);
    expect(generation).toMatchObject({
      status: "queued",
      cost: 8,
      seed: 42,
      width: 1024,
      height: 1024,
      count: 2,
      engineId: "blank",
      queuePosition: 0,
    });
    const ledger = await t.db.select().from(tokenLedger).where(eq(tokenLedger.generationId, generation.id));
    expect(ledger.map((r) => [r.reason, r.amount])).toEqual([["generation", -8]]);
  });

  it("refuses more concurrent jobs than allowed, and anything while paused", async () => {
    await saveTokenSettings(t.db, { maxConcurrentJobs: 2 });
    const ada = await createUser("ada", 100);
    await createGeneration(t.db, { userId: ada, input: input(), enqueue: noQueue });
    await createGeneration(t.db, { userId: ada, input: input(), enqueue: noQueue });
    await expect(createGeneration(t.db, { userId: ada, input: input(), enqueue: noQueue })).rejects.toMatchObject({
      status: 409,
      code: "too_many_jobs",
    });
    await saveTokenSettings(t.db, { generationPaused: true, maxConcurrentJobs: 10 });
    await expect(createGeneration(t.db, { userId: ada, input: input(), enqueue: noQueue })).rejects.toMatchObject({
      status: 503,
    });
    expect(await getTokenBalance(t.db, ada)).toBe(100 - 4);
  });

  it("refuses image mode without a picture and debits nothing", async () => {
    const ada = await createUser("ada", 20);
    await expect(
      createGeneration(t.db, { userId: ada, input: input({ mode: "image" }), enqueue: noQueue }),
    ).rejects.toMatchObject({
      status: 400,
      fields: { sourceImage: ["Upload a picture first"] },
    });
    expect(await getTokenBalance(t.db, ada)).toBe(20);
  });
});

describe("running a generation", () => {
  it("stores the images with thumbnails and placeholders, and delete removes them", async () => {
    const ada = await createUser("ada", 20);
    const { generation } = await createGeneration(t.db, { userId: ada, input: input({ count: 2 }), enqueue: noQueue });
    await runGeneration(t.db, generation.id, { lastAttempt: false });
    const view = (await getGenerationView(t.db, ada, generation.id))!;
    expect(view).toMatchObject({ status: "succeeded", progress: 100, refunded: false });
    expect(view.images.map((i) => i.seed)).toEqual([42, 43]);
    // Blank's 8 × 8 images are their own placeholder and thumbnail (Studio's get WebP ones; see the e2e tests).
    expect(view.images[0]!.placeholder).toMatch(/^data:image\/png;base64,/);
    const [stored] = await t.db.select().from(generationImages).where(eq(generationImages.generationId, generation.id));
    expect(stored!.key).toMatch(/^users\/ada\/generations\/\d{14}-[0-9a-f-]{36}\.png$/);
    expect((await getStorage().get(stored!.key))?.contentType).toBe("image/png");
    expect(stored!.thumbKey).toBe(stored!.key);

    expect(await deleteGeneration(t.db, "someone-else", generation.id)).toBe(false);
    expect(await deleteGeneration(t.db, ada, generation.id)).toBe(true);
    expect(await getStorage().get(stored!.key)).toBeNull();
    expect(await getGenerationView(t.db, ada, generation.id)).toBeUndefined();
  });

  it("keeps how the engine read the prompt with the pictures, and shows it from then on", async () => {
    const reading = { understood: ["beagle → dog", "lake"], notDrawn: ["typewriter"] };
    const blank = createBlankEngine();
    registerEngine({
      ...blank,
      id: "reading",
      generate: async (request, options) => ({ ...(await blank.generate(request, options)), reading }),
    });
    routeEngines({ text: "reading" });
    const ada = await createUser("ada", 10);
    const { generation } = await createGeneration(t.db, { userId: ada, input: input(), enqueue: noQueue });
    expect(generation).toMatchObject({ understood: null, notDrawn: null });
    await runGeneration(t.db, generation.id, { lastAttempt: false });
    expect(await getGenerationView(t.db, ada, generation.id)).toMatchObject({ status: "succeeded", ...reading });
  });

  it("refunds a failed generation once and tells the user why", async () => {
    registerEngine(failingEngine(new EngineError("moderated", "The engine refused this prompt.")));
    routeEngines({ text: "failing-moderated" });
    const ada = await createUser("ada", 10);
    const { generation } = await createGeneration(t.db, { userId: ada, input: input(), enqueue: noQueue });
    await runGeneration(t.db, generation.id, { lastAttempt: false });
    await runGeneration(t.db, generation.id, { lastAttempt: true }); // a duplicate delivery changes nothing
    const row = await statusOf(generation.id);
    expect(row).toMatchObject({ status: "failed", refunded: true, error: "The engine refused this prompt." });
    expect(await getTokenBalance(t.db, ada)).toBe(10);
    expect(await sumTokenLedger(t.db, ada)).toBe(10);
    const [note] = await t.db.select().from(notifications).where(eq(notifications.userId, ada));
    expect(note!.message).toContain("Your 2 tokens were refunded");
  });

  it("retries an engine that is down, then refunds on the last attempt", async () => {
    registerEngine(failingEngine(new EngineError("unavailable", "The engine is not answering.")));
    routeEngines({ text: "failing-unavailable" });
    const ada = await createUser("ada", 10);
    const { generation } = await createGeneration(t.db, { userId: ada, input: input(), enqueue: noQueue });
    await expect(runGeneration(t.db, generation.id, { lastAttempt: false })).rejects.toThrow(
      "The engine is not answering.",
    );
    expect(await statusOf(generation.id)).toMatchObject({ status: "queued", attempts: 1, refunded: false });
    // The person sees a retry and why, not a place in line.
    expect(await getGenerationView(t.db, ada, generation.id)).toMatchObject({
      status: "queued",
      retrying: true,
      stage: "That try did not work; trying again in a moment (try 2 of 3)",
    });
    await runGeneration(t.db, generation.id, { lastAttempt: true });
    expect(await statusOf(generation.id)).toMatchObject({ status: "failed", attempts: 2, refunded: true });
    expect(await getTokenBalance(t.db, ada)).toBe(10);
  });

  it("cancels queued work with a refund, once", async () => {
    const ada = await createUser("ada", 10);
    const { generation } = await createGeneration(t.db, { userId: ada, input: input(), enqueue: noQueue });
    expect(await cancelGeneration(t.db, "bob", generation.id)).toBeUndefined();
    expect((await cancelGeneration(t.db, ada, generation.id))?.status).toBe("canceled");
    expect(await cancelGeneration(t.db, ada, generation.id)).toBeUndefined();
    await runGeneration(t.db, generation.id, { lastAttempt: false }); // the job arriving later does nothing
    expect(await statusOf(generation.id)).toMatchObject({ status: "canceled", refunded: true });
    expect(await getTokenBalance(t.db, ada)).toBe(10);
    expect(
      (await t.db.select().from(tokenLedger).where(eq(tokenLedger.userId, ada))).map((r) => r.amount).sort(),
    ).toEqual([-2, 10, 2].sort());
  });

  it("stops running work when it is canceled and stores nothing", async () => {
    const engine = waitingEngine();
    registerEngine(engine);
    routeEngines({ text: "waiting" });
    const ada = await createUser("ada", 10);
    const { generation } = await createGeneration(t.db, { userId: ada, input: input(), enqueue: noQueue });
    const running = runGeneration(t.db, generation.id, { lastAttempt: false });
    await engine.started;
    expect((await statusOf(generation.id)).status).toBe("running");
    await cancelGeneration(t.db, ada, generation.id);
    await running; // the engine is aborted at its next progress write
    expect(await statusOf(generation.id)).toMatchObject({ status: "canceled", refunded: true });
    expect(await t.db.select().from(generationImages)).toHaveLength(0);
    expect(await getTokenBalance(t.db, ada)).toBe(10);
  });

  it("recovers a generation whose worker died, and refunds one that keeps dying", async () => {
    const ada = await createUser("ada", 10);
    const { generation } = await createGeneration(t.db, { userId: ada, input: input(), enqueue: noQueue });
    const stale = new Date(Date.now() - STALE_AFTER_MS - 1000);
    // What a killed worker leaves behind: running, with a heartbeat nobody renews.
    await t.db
      .update(generations)
      .set({ status: "running", attempts: 1, heartbeatAt: stale, createdAt: stale })
      .where(eq(generations.id, generation.id));
    const queued: string[] = [];
    expect(await recoverGenerations(t.db, async (id) => void queued.push(id))).toEqual({ requeued: 1, failed: 0 });
    expect(queued).toEqual([generation.id]);
    await runGeneration(t.db, generation.id, { lastAttempt: false });
    expect((await statusOf(generation.id)).status).toBe("succeeded");

    const second = (await createGeneration(t.db, { userId: ada, input: input(), enqueue: noQueue })).generation;
    await t.db
      .update(generations)
      .set({ status: "running", attempts: 3, heartbeatAt: stale })
      .where(eq(generations.id, second.id));
    expect(await recoverGenerations(t.db, noQueue)).toEqual({ requeued: 0, failed: 1 });
    expect(await statusOf(second.id)).toMatchObject({ status: "failed", refunded: true });
    expect(await getTokenBalance(t.db, ada)).toBe(10 - 2);
  });

  it("lists a user's history newest first with a cursor", async () => {
    await saveTokenSettings(t.db, { maxConcurrentJobs: 20 });
    const ada = await createUser("ada", 100);
    for (let i = 0; i < 5; i++)
      await createGeneration(t.db, { userId: ada, input: input({ seed: i }), enqueue: noQueue });
    await createUser("bob", 10);
    await createGeneration(t.db, { userId: "bob", input: input(), enqueue: noQueue });
    const first = await listGenerations(t.db, ada, { limit: 3 });
    expect(first.items.map((g) => g.seed)).toEqual([4, 3, 2]);
    const second = await listGenerations(t.db, ada, { limit: 3, cursor: first.nextCursor });
    expect(second.items.map((g) => g.seed)).toEqual([1, 0]);
    expect(second.nextCursor).toBeNull();
    expect((await listGenerations(t.db, ada, { mode: "image" })).items).toHaveLength(0);
  });
});

describe("through the job queue", () => {
  afterAll(() => stopJobQueue());

  it("a queued generation is picked up by a worker and finishes", async () => {
    await startJobQueue(t.target, t.handle, {
      definitions: [renderGenerationJob as never],
      work: true,
      pollingIntervalSeconds: 0.5,
    });
    const ada = await createUser("ada", 10);
    const { generation } = await createGeneration(t.db, {
      userId: ada,
      input: input(),
      enqueue: (id) => enqueueRenderJob(id),
    });
    await expect
      .poll(async () => (await statusOf(generation.id)).status, { timeout: 20_000, interval: 200 })
      .toBe("succeeded");
    expect(await getTokenBalance(t.db, ada)).toBe(8);
  });
});
