/**
 * Engine configuration on a real database (PGlite and PostgreSQL) with real HTTP backends (the
 * local AUTOMATIC1111 reference server): credentials encrypted at rest and never shown, form
 * validation, routes with failover from a dead engine to a live one, the circuit breaker,
 * health checks, cost multipliers, switching engines off, and pictures that say which engine
 * made them.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import type { GenerationInput } from "../../app/lib/generation";
import {
  checkEngineNow,
  createEngine,
  deleteEngine,
  EngineConfigError,
  engineActivity,
  type EngineFormInput,
  getEngineForAdmin,
  listEnginesForAdmin,
  listRecentEngineFailures,
  setEngineEnabled,
  setModeRoute,
  updateEngine,
} from "../../server/admin/engines";
import { auditLog, generations, imageEngines, user } from "../../server/db/schema";
import {
  BREAKER_THRESHOLD,
  invalidateEngineCatalog,
  loadEngineCatalog,
  recordEngineFailure,
} from "../../server/generation/engines/catalog";
import { enginesForMode, routeEngines } from "../../server/generation/engines/registry";
import { cancelGeneration, createGeneration, GenerationError } from "../../server/generation/generations";
import { applyTokenMovement, getTokenBalance } from "../../server/generation/ledger";
import { renderGenerationJob, runGeneration } from "../../server/generation/render-job";
import { startJobQueue, stopJobQueue } from "../../server/jobs/queue";
import { startFakeOpenAI, type FakeOpenAI } from "../support/openai-images-server";
import { startFakeA1111, type FakeA1111 } from "../support/a1111-server";
import { setUpTestDatabase } from "../support/database";
import { generationInputOf } from "../support/generation-input";

const t = setUpTestDatabase();
const admin = { userUid: "admin-1", email: "admin@example.test" };

const input = (change: Partial<GenerationInput> = {}): GenerationInput =>
  generationInputOf({ mode: "text", prompt: "a lighthouse on a cliff at dusk", ...change });

const form = (change: Partial<EngineFormInput> = {}): EngineFormInput => ({
  kind: "a1111",
  name: "GPU box",
  baseUrl: "http://127.0.0.1:1",
  username: "",
  password: "",
  apiKey: "",
  settings: {},
  enabled: true,
  costMultiplier: "1",
  timeoutSeconds: "60",
  ...change,
});

const fakes: FakeA1111[] = [];
async function liveA1111(options: Parameters<typeof startFakeA1111>[0] = {}) {
  const fake = await startFakeA1111(options);
  fakes.push(fake);
  return fake;
}

/** An address where nothing listens: a port that was free a moment ago. */
async function deadUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  await new Promise((r) => server.close(r));
  return `http://127.0.0.1:${port}`;
}

async function createUser(id: string, tokens: number) {
  await t.db.insert(user).values({ id, name: id, email: `${id}@example.test`, emailVerified: true });
  await applyTokenMovement(t.db, {
    userId: id,
    amount: tokens,
    reason: "admin_adjustment",
    idempotencyKey: `seed:${id}`,
  });
  return id;
}

const noQueue = async () => {};

beforeEach(async () => {
  invalidateEngineCatalog();
  routeEngines(null);
  await t.db
    .insert(user)
    .values({ id: admin.userUid, name: "Admin", email: admin.email, emailVerified: true, role: "admin" });
});
const openAIFakes: FakeOpenAI[] = [];
async function liveOpenAI() {
  const fake = await startFakeOpenAI({ apiKey: "sk-test-e2e-key" });
  openAIFakes.push(fake);
  return fake;
}
/** A fake OpenAI (its behaviour set by `change` before the engine exists), added as "OpenAI" and routed for text. */
async function routedOpenAI(change: Partial<FakeOpenAI> = {}) {
  const openai = Object.assign(await liveOpenAI(), change);
  await createEngine(
    t.db,
    admin,
    form({ kind: "openai", name: "OpenAI", baseUrl: openai.url, apiKey: "sk-test-e2e-key" }),
  );
  await setModeRoute(t.db, admin, "text", ["openai"]);
  return openai;
}
afterEach(async () => {
  await Promise.all([...fakes.splice(0), ...openAIFakes.splice(0)].map((f) => f.close()));
});
afterAll(() => stopJobQueue());

describe("engine configuration", () => {
  it("stores credentials encrypted, shows only that they are saved, and keeps them out of the audit", async () => {
    const created = await createEngine(t.db, admin, form({ username: "painter", password: "s3cret-horse-battery" }));
    expect(created).toMatchObject({ id: "gpu-box", username: "painter", savedSecrets: ["password"] });
    expect(JSON.stringify(created)).not.toContain("s3cret");

    const [row] = await t.db.select().from(imageEngines).where(eq(imageEngines.id, "gpu-box"));
    expect(row!.credentials).toMatch(/^v1\./);
    expect(row!.credentials).not.toContain("s3cret");
    expect(row!.credentials).not.toContain("painter");

    // A blank password keeps the saved one; the registry still has it.
    await updateEngine(t.db, admin, "gpu-box", form({ name: "GPU box 2", username: "painter", password: "" }));
    const catalog = await loadEngineCatalog(t.db);
    expect(catalog.engines.find((e) => e.id === "gpu-box")!.credentials).toEqual({
      username: "painter",
      password: "s3cret-horse-battery",
    });

    const audit = await t.db.select().from(auditLog);
    expect(audit.map((a) => a.action)).toEqual(["engine.create", "engine.update"]);
    expect(JSON.stringify(audit)).not.toContain("s3cret");

    // Pointed at another address, a saved secret must be typed again: it never follows the URL on its own.
    const moved = await updateEngine(
      t.db,
      admin,
      "gpu-box",
      form({ name: "GPU box 2", baseUrl: "http://127.0.0.1:2", username: "painter" }),
    ).catch((e: unknown) => e);
    expect(moved).toBeInstanceOf(EngineConfigError);
    expect((moved as EngineConfigError).fields).toEqual({ password: [expect.stringContaining("the address changed")] });
    await updateEngine(
      t.db,
      admin,
      "gpu-box",
      form({ name: "GPU box 2", baseUrl: "http://127.0.0.1:2/", username: "painter", password: "new-horse-battery" }),
    );
    expect((await loadEngineCatalog(t.db)).engines.find((e) => e.id === "gpu-box")!.credentials.password).toBe(
      "new-horse-battery",
    );

    // A ciphertext moved onto another engine's row does not open there.
    await createEngine(t.db, admin, form({ name: "Other box" }));
    await t.db.update(imageEngines).set({ credentials: row!.credentials }).where(eq(imageEngines.id, "other-box"));
    invalidateEngineCatalog();
    expect((await getEngineForAdmin(t.db, "other-box"))!.credentialsUnreadable).toBe(true);
    expect((await enginesForMode(t.db, "text")).map((e) => e.id)).toEqual(["studio"]);
  });

  it("names every bad field", async () => {
    const error = await createEngine(
      t.db,
      admin,
      form({
        name: " ",
        baseUrl: "ftp://example.test",
        costMultiplier: "0",
        timeoutSeconds: "5",
        settings: { steps: "500" },
        password: "x",
      }),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineConfigError);
    expect(Object.keys((error as EngineConfigError).fields ?? {}).sort()).toEqual([
      "baseUrl",
      "costMultiplier",
      "name",
      "setting-steps",
      "timeoutSeconds",
      "username",
    ]);
    expect(await t.db.select().from(imageEngines)).toHaveLength(0);
    await expect(createEngine(t.db, admin, form({ baseUrl: "http://user:pw@example.test" }))).rejects.toThrow(
      EngineConfigError,
    );
    await expect(createEngine(t.db, admin, form({ kind: "studio" }))).rejects.toThrow(/built in/);
    await expect(deleteEngine(t.db, admin, "studio")).rejects.toThrow(/built in/);
  });

  it("fails over from a dead engine to a live one, and the picture names the engine that made it", async () => {
    const live = await liveA1111();
    await createEngine(t.db, admin, form({ name: "Dead box", baseUrl: await deadUrl() }));
    await createEngine(t.db, admin, form({ name: "Live box", baseUrl: live.url }));
    await setModeRoute(t.db, admin, "text", ["dead-box", "live-box"]);

    const ada = await createUser("ada", 10);
    const { generation } = await createGeneration(t.db, { userId: ada, input: input(), enqueue: noQueue });
    expect(generation).toMatchObject({ engineId: "dead-box", engineLabel: "Dead box" });
    await runGeneration(t.db, generation.id, { lastAttempt: false });

    const [row] = await t.db.select().from(generations).where(eq(generations.id, generation.id));
    expect(row).toMatchObject({ status: "succeeded", engineId: "live-box", engineLabel: "Live box", attempts: 1 });
    expect(live.requests.filter((r) => r.path === "/sdapi/v1/txt2img")).toHaveLength(1);
    expect(await engineActivity(t.db)).toEqual({ "live-box": { succeeded: 1, failed: 0 } });
    const dead = await getEngineForAdmin(t.db, "dead-box");
    expect(dead).toMatchObject({ consecutiveFailures: 1 });
    expect(dead!.lastError).toMatch(/Cannot reach AUTOMATIC1111 at http:\/\/127\.0\.0\.1:\d+: ECONNREFUSED/);
  });

  it("skips an engine whose circuit is open, and a passing health check closes it", async () => {
    const live = await liveA1111();
    const deadAddress = await deadUrl();
    await createEngine(t.db, admin, form({ name: "Flaky", baseUrl: deadAddress }));
    await createEngine(t.db, admin, form({ name: "Steady", baseUrl: live.url }));
    await setModeRoute(t.db, admin, "text", ["flaky", "steady"]);
    for (let i = 0; i < BREAKER_THRESHOLD; i++) await recordEngineFailure(t.db, "flaky", "ECONNREFUSED");

    expect((await enginesForMode(t.db, "text")).map((e) => [e.id, e.circuitOpen])).toEqual([
      ["flaky", true],
      ["steady", false],
    ]);
    const ada = await createUser("ada", 10);
    const { generation } = await createGeneration(t.db, { userId: ada, input: input(), enqueue: noQueue });
    expect(generation.engineId).toBe("flaky"); // priced on the route's first engine: the price does not jump while it flaps
    await runGeneration(t.db, generation.id, { lastAttempt: false });
    expect((await t.db.select().from(generations))[0]).toMatchObject({ status: "succeeded", engineId: "steady" });
    expect(live.requests.filter((r) => r.path === "/sdapi/v1/txt2img")).toHaveLength(1);

    expect(await checkEngineNow(t.db, "flaky")).toMatchObject({ ok: false });
    expect((await getEngineForAdmin(t.db, "flaky"))!.circuitOpenUntil).not.toBeNull();
    // The backend comes back: the next check half-opens the circuit; the count stays until a real success.
    const back = await liveA1111();
    await t.db
      .update(imageEngines)
      .set({ baseUrl: back.url, updatedAt: new Date() })
      .where(eq(imageEngines.id, "flaky"));
    invalidateEngineCatalog();
    expect(await checkEngineNow(t.db, "flaky")).toMatchObject({
      ok: true,
      message: expect.stringMatching(/models? available/),
    });
    expect(await getEngineForAdmin(t.db, "flaky")).toMatchObject({
      circuitOpenUntil: null,
      consecutiveFailures: BREAKER_THRESHOLD,
      healthOk: true,
    });
    const second = (await createGeneration(t.db, { userId: ada, input: input(), enqueue: noQueue })).generation;
    await runGeneration(t.db, second.id, { lastAttempt: false });
    expect((await t.db.select().from(generations).where(eq(generations.id, second.id)))[0]).toMatchObject({
      status: "succeeded",
      engineId: "flaky",
    });
    expect(await getEngineForAdmin(t.db, "flaky")).toMatchObject({ consecutiveFailures: 0 });
  });

  it("refunds when every engine is down, and tells the user plainly", async () => {
    await createEngine(t.db, admin, form({ name: "Dead box", baseUrl: await deadUrl() }));
    await setModeRoute(t.db, admin, "text", ["dead-box"]);
    const ada = await createUser("ada", 10);
    const { generation } = await createGeneration(t.db, { userId: ada, input: input(), enqueue: noQueue });
    await runGeneration(t.db, generation.id, { lastAttempt: true });
    const [row] = await t.db.select().from(generations).where(eq(generations.id, generation.id));
    expect(row).toMatchObject({
      status: "failed",
      refunded: true,
      error: "The image server is not reachable right now. Try again in a moment.",
    });
    expect(row!.errorDetail).toMatch(/ECONNREFUSED/);
    expect(await getTokenBalance(t.db, ada)).toBe(10);
    // Admins see the backend's words beside what the user was told.
    expect(await listRecentEngineFailures(t.db)).toEqual([
      expect.objectContaining({
        generationId: generation.id,
        engineLabel: "Dead box",
        error: row!.error,
        detail: expect.stringMatching(/unavailable: Cannot reach AUTOMATIC1111/),
      }),
    ]);
  });

  it("charges the engine's price multiplier and refuses a mode with no engine on", async () => {
    const live = await liveA1111();
    await createEngine(t.db, admin, form({ name: "Premium", baseUrl: live.url, costMultiplier: "2.5" }));
    await setModeRoute(t.db, admin, "text", ["premium"]);
    const ada = await createUser("ada", 100);
    const { generation, balance } = await createGeneration(t.db, {
      userId: ada,
      input: input({ count: 2 }),
      enqueue: noQueue,
    });
    expect(generation.cost).toBe(2 * Math.ceil(2 * 2.5)); // 512 px text costs 2 tokens by default
    expect(balance).toBe(100 - generation.cost);
    // The price the person saw is checked: a changed one is refused, not charged.
    const stale = await createGeneration(t.db, {
      userId: ada,
      input: input({ count: 2 }),
      expectedCost: 4,
      enqueue: noQueue,
    }).catch((e: unknown) => e);
    expect(stale).toMatchObject({
      status: 409,
      code: "price_changed",
      message: expect.stringContaining("changed to 10 tokens"),
    });
    expect(await getTokenBalance(t.db, ada)).toBe(100 - generation.cost);

    await setEngineEnabled(t.db, admin, "premium", false);
    const refused = await createGeneration(t.db, { userId: ada, input: input(), enqueue: noQueue }).catch(
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(GenerationError);
    expect(refused).toMatchObject({ status: 503, code: "no_engine" });
    // The other modes still follow the default (Studio).
    expect((await enginesForMode(t.db, "image")).map((e) => e.id)).toEqual(["studio"]);

    // Clearing the route goes back to the default engine.
    await setModeRoute(t.db, admin, "text", []);
    expect((await listEnginesForAdmin(t.db)).routed.text).toBe(false);
    expect((await enginesForMode(t.db, "text")).map((e) => e.id)).toEqual(["studio"]);
  });

  it("sends the saved credentials and settings to the backend", async () => {
    const live = await liveA1111({ auth: "painter:s3cret-horse-battery" });
    await createEngine(
      t.db,
      admin,
      form({
        name: "Locked",
        baseUrl: live.url,
        username: "painter",
        password: "s3cret-horse-battery",
        settings: { steps: "12", samplerName: "DPM++ 2M", checkpoint: "sd_xl_base_1.0.safetensors [31e35c80fc]" },
      }),
    );
    await setModeRoute(t.db, admin, "text", ["locked"]);
    const ada = await createUser("ada", 10);
    const { generation } = await createGeneration(t.db, { userId: ada, input: input(), enqueue: noQueue });
    await runGeneration(t.db, generation.id, { lastAttempt: false });
    expect((await t.db.select().from(generations))[0]!.status).toBe("succeeded");
    const post = live.requests.find((r) => r.path === "/sdapi/v1/txt2img")!;
    expect(post.headers.authorization).toBe(`Basic ${Buffer.from("painter:s3cret-horse-battery").toString("base64")}`);
    expect(post.body).toMatchObject({
      steps: 12,
      sampler_name: "DPM++ 2M",
      override_settings: { sd_model_checkpoint: "sd_xl_base_1.0.safetensors [31e35c80fc]" },
    });
  });

  it("routes Studio like any engine and refuses engines that cannot render a mode", async () => {
    await setModeRoute(t.db, admin, "doodle", ["studio"]);
    expect((await listEnginesForAdmin(t.db)).routed.doodle).toBe(true);
    await setEngineEnabled(t.db, admin, "studio", false);
    expect(await enginesForMode(t.db, "doodle")).toEqual([]);
    await expect(setModeRoute(t.db, admin, "text", ["nope"])).rejects.toThrow(EngineConfigError);
  });

  it("records what the backend reports: usage on success, its words for admins on failure, moderation as a refund with the reason", async () => {
    const openai = await routedOpenAI();
    const ada = await createUser("ada", 100);
    const make = async () =>
      (await createGeneration(t.db, { userId: ada, input: input({ size: 1024 }), enqueue: noQueue })).generation.id;

    const good = await make();
    await runGeneration(t.db, good, { lastAttempt: false });
    const [done] = await t.db.select().from(generations).where(eq(generations.id, good));
    expect(done).toMatchObject({ status: "succeeded", engineId: "openai", engineLabel: "OpenAI" });
    expect(done!.engineUsage).toMatchObject({ total_tokens: expect.any(Number) });

    openai.failure = "moderation";
    const refused = await make();
    await runGeneration(t.db, refused, { lastAttempt: false });
    const [moderated] = await t.db.select().from(generations).where(eq(generations.id, refused));
    expect(moderated).toMatchObject({ status: "failed", refunded: true });
    expect(moderated!.error).toMatch(/safety|refused|allowed/i);
    expect((await getEngineForAdmin(t.db, "openai"))!.consecutiveFailures).toBe(0); // a refusal is not an outage

    openai.failure = "unauthorized";
    const locked = await make();
    await runGeneration(t.db, locked, { lastAttempt: false });
    const [denied] = await t.db.select().from(generations).where(eq(generations.id, locked));
    expect(denied).toMatchObject({ status: "failed", refunded: true });
    expect(denied!.error).not.toMatch(/401|api key/i);
    const engine = await getEngineForAdmin(t.db, "openai");
    expect(engine!.lastError).toMatch(/401/);
    expect(engine!.consecutiveFailures).toBe(0);
    expect(await getTokenBalance(t.db, ada)).toBe(100 - done!.cost);
  });

  it("waits as long as a 429's Retry-After asks before trying again", async () => {
    await startJobQueue(t.target, t.handle, { definitions: [renderGenerationJob as never], work: false });
    await routedOpenAI({ failure: "rate-limit", retryAfter: "40", retryAfterMs: null });
    const ada = await createUser("ada", 100);
    const { generation } = await createGeneration(t.db, {
      userId: ada,
      input: input({ size: 1024 }),
      enqueue: noQueue,
    });
    await runGeneration(t.db, generation.id, { lastAttempt: false });
    const [row] = await t.db.select().from(generations).where(eq(generations.id, generation.id));
    expect(row).toMatchObject({
      status: "queued",
      refunded: false,
      attempts: 1,
      stage: "The image server is busy; trying again shortly",
    });
    const jobs = (await t.db.execute(
      sql`select start_after from pgboss.job where name = ${renderGenerationJob.name} and data->>'generationId' = ${generation.id}`,
    )) as unknown as { rows: { start_after: string }[] };
    expect(jobs.rows).toHaveLength(1);
    const waitMs = new Date(jobs.rows[0]!.start_after).getTime() - Date.now();
    expect(waitMs).toBeGreaterThan(30_000);
    expect(waitMs).toBeLessThanOrEqual(41_000);
  });

  it("refunds at once when Retry-After asks for longer than anyone would wait, and no early job claims a deferred picture", async () => {
    await startJobQueue(t.target, t.handle, { definitions: [renderGenerationJob as never], work: false });
    const openai = await routedOpenAI({ failure: "rate-limit", retryAfterMs: null });
    const ada = await createUser("ada", 100);

    openai.retryAfter = "3600";
    const hour = (await createGeneration(t.db, { userId: ada, input: input({ size: 1024 }), enqueue: noQueue }))
      .generation;
    await runGeneration(t.db, hour.id, { lastAttempt: false });
    expect((await t.db.select().from(generations).where(eq(generations.id, hour.id)))[0]).toMatchObject({
      status: "failed",
      refunded: true,
      error: expect.stringContaining("too busy"),
    });

    openai.retryAfter = "40";
    const later = (await createGeneration(t.db, { userId: ada, input: input({ size: 1024 }), enqueue: noQueue }))
      .generation;
    await runGeneration(t.db, later.id, { lastAttempt: false });
    const calls = openai.requests.length;
    await runGeneration(t.db, later.id, { lastAttempt: false }); // a pending retry arriving early
    expect(openai.requests.length).toBe(calls);
    expect((await t.db.select().from(generations).where(eq(generations.id, later.id)))[0]).toMatchObject({
      status: "queued",
      attempts: 1,
    });
    expect(await getTokenBalance(t.db, ada)).toBe(100 - later.cost);
  });

  it("a cancel reaches the backend: AUTOMATIC1111 is interrupted and the tokens come back", async () => {
    const live = await liveA1111({ jobMs: 10_000 });
    await createEngine(t.db, admin, form({ name: "Slow box", baseUrl: live.url }));
    await setModeRoute(t.db, admin, "text", ["slow-box"]);
    const ada = await createUser("ada", 10);
    const { generation } = await createGeneration(t.db, { userId: ada, input: input(), enqueue: noQueue });
    const running = runGeneration(t.db, generation.id, { lastAttempt: false });
    await live.jobStarted();
    await cancelGeneration(t.db, ada, generation.id);
    await running; // the cancel is seen at the next heartbeat or progress write
    expect(live.requests.some((r) => r.path === "/sdapi/v1/interrupt")).toBe(true);
    expect((await t.db.select().from(generations))[0]).toMatchObject({ status: "canceled", refunded: true });
    expect(await getTokenBalance(t.db, ada)).toBe(10);
  });
});
