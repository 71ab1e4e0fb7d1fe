/**
 * The AUTOMATIC1111 adapter against a local fake of the /sdapi/v1 API (tests/support/a1111-server.ts):
 * request bodies, seeds, ControlNet doodles, progress, cancel, auth and every failure kind.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { beforeAll, describe, expect, it, vi } from "vitest";
import {
  createA1111Engine,
  listA1111Models,
  listA1111Samplers,
  type A1111Config,
} from "../../server/generation/engines/a1111";
import type { ProgressUpdate } from "../../server/generation/engines/engine";
import { startFakeA1111, type FakeA1111 } from "../support/a1111-server";
import { engineFailure as failure, fakeServers, generationRequest, runEngine as run } from "../support/engine-harness";

let drawing: Buffer;
let photo: Buffer;
beforeAll(async () => {
  drawing = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#ffffff" } })
    .composite([
      { input: { create: { width: 20, height: 20, channels: 3, background: "#000000" } }, left: 10, top: 10 },
    ])
    .png()
    .toBuffer();
  photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#3366aa" } })
    .jpeg()
    .toBuffer();
});

const fake = fakeServers(startFakeA1111);

const engineFor = (f: FakeA1111, change: Partial<A1111Config> = {}) =>
  createA1111Engine({ id: "a1111:test", label: "Test A1111", baseUrl: f.url, pollIntervalMs: 20, ...change });

const request = generationRequest;

const posts = (f: FakeA1111) => f.requests.filter((r) => r.method === "POST" && /\/(txt2img|img2img)$/.test(r.path));

describe("AUTOMATIC1111 engine", () => {
  it("sends text mode to txt2img with exactly the documented fields", async () => {
    const f = await fake();
    const result = await run(engineFor(f), request());
    const [post] = posts(f);
    expect(post?.path).toBe("/sdapi/v1/txt2img");
    const body = post?.body as Record<string, unknown>;
    expect(body).toEqual({
      prompt: "a lighthouse at dusk, watercolor painting, soft washes, paper texture",
      negative_prompt: "blurry",
      seed: 1234,
      width: 512,
      height: 384,
      batch_size: 2,
      n_iter: 1,
      steps: 25,
      cfg_scale: 7,
      sampler_name: "Euler a",
      send_images: true,
      save_images: false,
      force_task_id: expect.stringMatching(/^task\(atelier-/),
    });
    expect(post?.headers.authorization).toBeUndefined();
    expect(result.images).toHaveLength(2);
    for (const image of result.images) {
      expect(image.mime).toBe("image/png");
      expect([image.width, image.height]).toEqual([512, 384]);
      expect((await sharp(image.bytes).metadata()).format).toBe("png");
    }
  });

  it("adds no suffix for an unknown style", async () => {
    const f = await fake();
    await run(engineFor(f), request({ style: "no-such-style", count: 1 }));
    expect((posts(f)[0]!.body as { prompt: string }).prompt).toBe("a lighthouse at dusk");
  });

  it("reads per-image seeds from info.all_seeds and skips a leading grid", async () => {
    const f = await fake();
    f.grid = true;
    const result = await run(engineFor(f), request({ seed: 77, count: 3 }));
    expect(result.images.map((i) => i.seed)).toEqual([77, 78, 79]);
    expect(result.images).toHaveLength(3);
  });

  it("prefers info.all_seeds over seed + i", async () => {
    const f = await fake();
    f.reportSeeds = [900, 42];
    const result = await run(engineFor(f), request({ seed: 5, count: 2 }));
    expect(result.images.map((i) => i.seed)).toEqual([900, 42]);
  });

  it("sends image mode to img2img with the init image and denoising strength", async () => {
    const f = await fake();
    const result = await run(engineFor(f), request({ mode: "image", sourceImage: photo, count: 1, strength: 0.35 }));
    const post = posts(f)[0];
    expect(post?.path).toBe("/sdapi/v1/img2img");
    const body = post?.body as Record<string, unknown>;
    expect(body.init_images).toEqual([photo.toString("base64")]);
    expect(body.denoising_strength).toBe(0.35);
    expect(result.images).toHaveLength(1);
  });

  it("sends doodles through a ControlNet scribble unit and drops the detected maps", async () => {
    const f = await fake();
    const result = await run(
      engineFor(f, { controlnetModel: "control_v11p_sd15_scribble [d4ba51ff]" }),
      request({ mode: "doodle", sourceImage: drawing, count: 2 }),
    );
    const post = posts(f)[0];
    expect(post?.path).toBe("/sdapi/v1/txt2img");
    const body = post?.body as {
      alwayson_scripts: { controlnet: { args: Record<string, unknown>[] } };
      init_images?: unknown;
    };
    expect(body.init_images).toBeUndefined();
    const units = body.alwayson_scripts.controlnet.args;
    expect(units).toHaveLength(1);
    expect(units[0]).toMatchObject({
      enabled: true,
      image: drawing.toString("base64"),
      module: "invert",
      model: "control_v11p_sd15_scribble [d4ba51ff]",
      resize_mode: "Crop and Resize",
      control_mode: "Balanced",
    });
    // The fake appended one detected map after the two images.
    expect(result.images).toHaveLength(2);
    expect(result.images.map((i) => i.seed)).toEqual([1234, 1235]);
  });

  it("reports progress while the job runs", async () => {
    const f = await fake({ jobMs: 250 });
    const updates: ProgressUpdate[] = [];
    await run(engineFor(f), request({ count: 1 }), undefined, (u) => updates.push(u));
    const middle = updates.filter((u) => u.percent !== null && u.percent > 0 && u.percent < 100);
    expect(middle.length).toBeGreaterThan(0);
    expect(updates.at(-1)).toEqual({ percent: 100, stage: "Done" });
    expect(f.requests.some((r) => r.path === "/sdapi/v1/progress?skip_current_image=true")).toBe(true);
    // Polling stops with the job. (A negative has no condition to wait for: a window several times
    // the poll interval shows no more polls come.)
    const polls = f.requests.length;
    await new Promise((r) => setTimeout(r, 80));
    expect(f.requests.length).toBe(polls);
  });

  it("cancels through /interrupt and ends with kind canceled", async () => {
    const f = await fake({ jobMs: 3000 });
    const controller = new AbortController();
    const started = f.jobStarted();
    const pending = run(engineFor(f), request(), controller.signal);
    await started;
    controller.abort();
    const error = await failure(pending);
    expect(error.kind).toBe("canceled");
    expect(f.requests.some((r) => r.method === "POST" && r.path === "/sdapi/v1/interrupt")).toBe(true);
  });

  it("sends Basic auth and maps a 401 to failed without leaking details", async () => {
    const f = await fake({ auth: "artist:s3cret" });
    await run(engineFor(f, { username: "artist", password: "s3cret" }), request({ count: 1 }));
    expect(posts(f)[0]?.headers.authorization).toBe(`Basic ${Buffer.from("artist:s3cret").toString("base64")}`);

    const error = await failure(run(engineFor(f, { username: "artist", password: "wrong" }), request({ count: 1 })));
    expect(error.kind).toBe("failed");
    expect(error.message).toContain("Incorrect username or password");
    expect(error.userMessage).not.toMatch(/username|password|401/i);
  });

  it("maps a refused connection to unavailable", async () => {
    const server = http.createServer();
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const port = (server.address() as AddressInfo).port;
    await new Promise<void>((r) => server.close(() => r()));
    const engine = createA1111Engine({ id: "a", label: "A", baseUrl: `http://127.0.0.1:${port}` });
    const error = await failure(run(engine, request({ count: 1 })));
    expect(error.kind).toBe("unavailable");
    expect(error.retryable).toBe(true);
  });

  it("maps a slow backend to timeout and interrupts it", async () => {
    const f = await fake();
    f.failure = "hang";
    const error = await failure(run(engineFor(f, { timeoutMs: 150 }), request({ count: 1 })));
    expect(error.kind).toBe("timeout");
    await vi.waitFor(() => expect(f.requests.some((r) => r.path === "/sdapi/v1/interrupt")).toBe(true));
  });

  it("maps a 500 error body to failed, keeping the backend's words for admins only", async () => {
    const f = await fake();
    f.failure = "error500";
    const error = await failure(run(engineFor(f), request({ count: 1 })));
    expect(error.kind).toBe("failed");
    expect(error.message).toContain("OutOfMemoryError");
    expect(error.message).toContain("CUDA out of memory");
    expect(error.userMessage).not.toMatch(/CUDA|memory|OutOfMemory/i);
  });

  it("maps request validation errors to invalid_request", async () => {
    const f = await fake();
    const error = await failure(run(engineFor(f, { samplerName: "Nope" }), request({ count: 1 })));
    expect(error.kind).toBe("invalid_request");
    expect(error.message).toContain("Sampler not found");
  });

  it.each(["malformed", "truncated", "not-image"] as const)("maps a %s answer to failed", async (mode) => {
    const f = await fake();
    f.failure = mode;
    const error = await failure(run(engineFor(f), request({ count: 1 })));
    expect(error.kind).toBe("failed");
  });

  it("lists models and samplers", async () => {
    const f = await fake({ auth: "a:b" });
    const config = { id: "x", label: "X", baseUrl: f.url, username: "a", password: "b" };
    expect((await listA1111Models(config))[0]?.title).toBe("v1-5-pruned-emaonly.safetensors [6ce0161689]");
    expect((await listA1111Samplers(config)).map((s) => s.name)).toContain("DPM++ 2M");
  });

  it("validates requests against its capabilities", () => {
    const engine = createA1111Engine({ id: "a", label: "A", baseUrl: "http://127.0.0.1:1" });
    expect(engine.validate(request())).toEqual([]);
    expect(engine.validate(request({ width: 640, height: 480 })).map((i) => i.field)).toContain("size");
    expect(engine.validate(request({ mode: "image" })).map((i) => i.field)).toContain("sourceImage");
    expect(engine.validate(request({ count: 5 })).map((i) => i.field)).toContain("count");
  });
});

describe("AUTOMATIC1111 engine on a shared server", () => {
  it("does not interrupt someone else's job when canceling while queued", async () => {
    const f = await fake({ jobMs: 250 });
    const started = f.jobStarted();
    const other = fetch(`${f.url}/sdapi/v1/txt2img`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ prompt: "someone else", force_task_id: "task(other)" }),
    });
    await started;
    const controller = new AbortController();
    const pending = run(engineFor(f), request({ count: 1 }), controller.signal);
    for (let i = 0; i < 200 && posts(f).length < 2; i++) await new Promise((r) => setTimeout(r, 5));
    controller.abort();
    expect((await failure(pending)).kind).toBe("canceled");
    const response = await other;
    expect(response.status).toBe(200);
    expect(((await response.json()) as { images: string[] }).images).toHaveLength(1);
    expect(f.requests.some((r) => r.path === "/sdapi/v1/interrupt")).toBe(false);
  });
});
