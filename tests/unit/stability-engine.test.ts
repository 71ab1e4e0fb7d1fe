/**
 * The Stability AI adapter against a local fake of the v2beta Stable Image API
 * (tests/support/stability-server.ts): multipart fields per endpoint, aspect mapping, sequential
 * batches with seed + i, moderation, every failure kind, cancel, and the health check.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { ASPECT_RATIOS } from "../../app/lib/generation";
import type { GenerationRequest, ProgressUpdate } from "../../server/generation/engines/engine";
import {
  buildStabilityPayload,
  checkStabilityHealth,
  createStabilityEngine,
  sketchControlStrength,
  STABILITY_ASPECT_RATIOS,
  STABILITY_SETTING_FIELDS,
  stabilitySeed,
  type StabilityConfig,
} from "../../server/generation/engines/stability";
import { startFakeStability, STABILITY_ASPECTS, type FakeStability } from "../support/stability-server";
import { engineFailure as failure, fakeServers, generationRequest, runEngine as run } from "../support/engine-harness";

let drawing: Buffer;
let photo: Buffer;
let tiny: Buffer;
beforeAll(async () => {
  drawing = await sharp({ create: { width: 256, height: 192, channels: 3, background: "#ffffff" } })
    .composite([
      { input: { create: { width: 60, height: 40, channels: 3, background: "#111111" } }, left: 30, top: 30 },
    ])
    .png()
    .toBuffer();
  photo = await sharp({ create: { width: 96, height: 64, channels: 3, background: "#3366aa" } })
    .jpeg()
    .toBuffer();
  tiny = await sharp({ create: { width: 32, height: 32, channels: 3, background: "#3366aa" } })
    .png()
    .toBuffer();
});

const fake = fakeServers(() => startFakeStability());

const engineFor = (f: FakeStability, change: Partial<StabilityConfig> = {}) =>
  createStabilityEngine({ id: "stability:test", label: "Test Stability", baseUrl: f.url, apiKey: f.apiKey, ...change });

const request = (change: Partial<GenerationRequest> = {}): GenerationRequest =>
  generationRequest({
    mode: "text",
    prompt: "a lighthouse at dusk",
    negativePrompt: "blurry",
    style: "watercolor",
    width: 1024,
    height: 768,
    aspectRatio: "4:3",
    seed: 1234,
    count: 1,
    strength: 0.6,
    christmas: false,
    ...change,
  });

const WATERCOLOR = "a lighthouse at dusk, watercolor painting, soft washes, paper texture";
const PIXEL_ART = "a lighthouse at dusk, pixel art, 16-bit, limited palette";
/** The fields request() sends to every endpoint; each endpoint adds its own, or replaces one. */
const SENT = { prompt: WATERCOLOR, negative_prompt: "blurry", seed: "1234", output_format: "png" };

/** One endpoint: what the engine sends for a config and a request, and what it makes of the answer. */
interface EndpointCase {
  sends: string;
  config: Partial<StabilityConfig>;
  change: Partial<GenerationRequest>;
  source?: "photo" | "drawing";
  path: string;
  fields: Record<string, string>;
  /** The picture sent: content type, file name, and format and size as it decodes. */
  image?: [string, string, string, number, number];
  answer: { mime: string; size?: [number, number]; usage: Record<string, unknown> };
}

const posts = (f: FakeStability) => f.requests.filter((r) => r.method === "POST");

describe("Stability engine: requests per endpoint", () => {
  it("sends text mode to generate/core as multipart with exactly the documented fields", async () => {
    const f = await fake();
    const result = await run(engineFor(f), request());
    const [post] = posts(f);
    expect(post?.path).toBe("/v2beta/stable-image/generate/core");
    expect(post?.headers.authorization).toBe(`Bearer ${f.apiKey}`);
    expect(post?.headers.accept).toBe("image/*");
    expect(post?.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    expect(post?.fields).toEqual({ ...SENT, aspect_ratio: "5:4" });
    expect(post?.files).toEqual({});
    expect(post?.status).toBe(200);

    expect(result.moderation).toBeUndefined();
    expect(result.images).toHaveLength(1);
    const [image] = result.images;
    expect(image?.mime).toBe("image/png");
    expect([image?.width, image?.height]).toEqual([1152, 896]);
    expect(image?.seed).toBe(1234);
    expect((await sharp(image!.bytes).metadata()).format).toBe("png");
    expect(result.usage).toMatchObject({
      service: "core",
      path: "/v2beta/stable-image/generate/core",
      requests: 1,
      estimatedCredits: 3,
    });
    expect((result.usage as { requestIds: string[] }).requestIds).toHaveLength(1);
  });

  it("adds the documented style_preset on core when our style has a twin", async () => {
    const f = await fake();
    await run(engineFor(f), request({ style: "pixel-art" }));
    expect(posts(f)[0]?.fields).toMatchObject({
      style_preset: "pixel-art",
      prompt: PIXEL_ART,
    });
  });

  it("omits an empty negative prompt", async () => {
    const f = await fake();
    await run(engineFor(f), request({ negativePrompt: "  " }));
    expect(posts(f)[0]?.fields).not.toHaveProperty("negative_prompt");
  });

  it("maps every aspect ratio of ours to one Stability documents", async () => {
    for (const ours of ASPECT_RATIOS) expect(STABILITY_ASPECTS).toContain(STABILITY_ASPECT_RATIOS[ours]);
    expect(STABILITY_ASPECT_RATIOS).toEqual({
      "1:1": "1:1",
      "4:3": "5:4",
      "3:4": "4:5",
      "16:9": "16:9",
      "9:16": "9:16",
    });
    const f = await fake();
    const engine = engineFor(f);
    for (const aspectRatio of ["16:9", "3:4"] as const) {
      const result = await run(
        engine,
        request({
          aspectRatio,
          width: aspectRatio === "16:9" ? 1024 : 768,
          height: aspectRatio === "16:9" ? 576 : 1024,
        }),
      );
      const image = result.images[0]!;
      expect(Math.sign(image.width - image.height)).toBe(aspectRatio === "16:9" ? 1 : -1);
    }
    expect(posts(f).map((p) => p.fields.aspect_ratio)).toEqual(["16:9", "4:5"]);
  });

  it.each<EndpointCase>([
    {
      sends: "text mode to generate/ultra with the chosen output format",
      config: { textModel: "ultra", outputFormat: "webp" },
      change: { style: "pixel-art" },
      path: "/v2beta/stable-image/generate/ultra",
      // style_preset is documented on core only: ultra gets the prompt suffix alone.
      fields: { ...SENT, prompt: PIXEL_ART, aspect_ratio: "5:4", output_format: "webp" },
      answer: { mime: "image/webp", usage: { service: "ultra", estimatedCredits: 8 } },
    },
    {
      sends: "text mode to generate/sd3 with mode and model, and png where sd3 has no webp",
      config: { textModel: "sd3", sd3Model: "sd3.5-medium", outputFormat: "webp" },
      change: {},
      path: "/v2beta/stable-image/generate/sd3",
      fields: { ...SENT, mode: "text-to-image", aspect_ratio: "5:4", model: "sd3.5-medium" },
      answer: { mime: "image/png", usage: { service: "sd3", estimatedCredits: 3.5 } },
    },
    {
      sends: "image mode to sd3 image-to-image when core is chosen (core takes no image)",
      config: {},
      change: { mode: "image", strength: 0.35 },
      source: "photo",
      path: "/v2beta/stable-image/generate/sd3",
      fields: { ...SENT, mode: "image-to-image", strength: "0.35", model: "sd3.5-large" },
      image: ["image/jpeg", "image.jpg", "jpeg", 96, 64],
      answer: { mime: "image/png", size: [96, 64], usage: { estimatedCredits: 6.5 } },
    },
    {
      sends: "image mode to ultra with image and strength but no aspect ratio",
      config: { textModel: "ultra" },
      change: { mode: "image", strength: 1 },
      source: "photo",
      path: "/v2beta/stable-image/generate/ultra",
      fields: { ...SENT, strength: "1" },
      image: ["image/jpeg", "image.jpg", "jpeg", 96, 64],
      answer: { mime: "image/png", usage: { service: "ultra", estimatedCredits: 8 } },
    },
    {
      sends: "doodles to control/sketch, scaled to the requested size, with control_strength from our strength",
      config: { textModel: "ultra" },
      change: { mode: "doodle", strength: 0.6 },
      source: "drawing",
      path: "/v2beta/stable-image/control/sketch",
      fields: { ...SENT, control_strength: "0.64" },
      image: ["image/png", "image.png", "png", 1024, 768],
      // Sketch output has the drawing's size.
      answer: { mime: "image/png", size: [1024, 768], usage: { service: "sketch", estimatedCredits: 3 } },
    },
  ])("sends $sends", async ({ config, change, source, path, fields, image, answer }) => {
    const f = await fake();
    const result = await run(
      engineFor(f, config),
      request(source ? { ...change, sourceImage: { photo, drawing }[source] } : change),
    );
    const post = posts(f)[0];
    expect(post?.path).toBe(path);
    expect(post?.fields).toEqual(fields);
    if (image) {
      const part = post!.files.image!;
      const meta = await sharp(part.bytes).metadata();
      expect([part.contentType, part.filename, meta.format, meta.width, meta.height]).toEqual(image);
      if (source === "photo") expect(part.bytes.equals(photo)).toBe(true); // a fitting picture is sent untouched
    } else {
      expect(post?.files).toEqual({});
    }
    const [picture] = result.images;
    expect(picture?.mime).toBe(answer.mime);
    if (answer.size) expect([picture?.width, picture?.height]).toEqual(answer.size);
    expect(result.usage).toMatchObject(answer.usage);
  });

  it("leaves the negative prompt out for sd3 turbo models and says so in its capabilities", async () => {
    const f = await fake();
    const engine = engineFor(f, { textModel: "sd3", sd3Model: "sd3.5-large-turbo" });
    expect(engine.capabilities.negativePrompt).toBe(false);
    expect(engineFor(f).capabilities.negativePrompt).toBe(true);
    await run(engine, request());
    expect(posts(f)[0]?.fields).not.toHaveProperty("negative_prompt");
    expect(posts(f)[0]?.fields.model).toBe("sd3.5-large-turbo");
  });

  it("converts a picture in another format to PNG before sending it", async () => {
    const f = await fake();
    const tiff = await sharp({ create: { width: 80, height: 80, channels: 3, background: "#884422" } })
      .tiff()
      .toBuffer();
    await run(engineFor(f), request({ mode: "image", sourceImage: tiff }));
    const part = posts(f)[0]?.files.image;
    expect(part?.contentType).toBe("image/png");
    expect((await sharp(part!.bytes).metadata()).format).toBe("png");
  });

  it("refuses a picture smaller than 64 px plainly, without spending a request", async () => {
    const f = await fake();
    const error = await failure(run(engineFor(f), request({ mode: "image", sourceImage: tiny })));
    expect(error.kind).toBe("invalid_request");
    expect(error.userMessage).toBe("This picture is too small for the image server.");
    expect(f.requests).toHaveLength(0);
  });

  it("derives control_strength so that more strength means a looser hold of the sketch", () => {
    expect(sketchControlStrength(0)).toBe(1);
    expect(sketchControlStrength(0.5)).toBe(0.7); // the API's default
    expect(sketchControlStrength(1)).toBe(0.4);
    expect(sketchControlStrength(7)).toBe(0.4);
  });

  it("keeps seeds inside 0..4294967294", () => {
    expect(stabilitySeed(10, 2)).toBe(12);
    expect(stabilitySeed(4_294_967_294, 0)).toBe(4_294_967_294);
    expect(stabilitySeed(4_294_967_294, 1)).toBe(0);
    expect(stabilitySeed(4_294_967_295, 3)).toBe(3);
  });

  it("exports its payload builder with the same fields it sends", () => {
    const payload = buildStabilityPayload(
      { id: "s", label: "S", apiKey: "k", textModel: "core" },
      request({ seed: 9 }),
      2,
    );
    expect(payload).toEqual({
      path: "/v2beta/stable-image/generate/core",
      fields: { prompt: WATERCOLOR, aspect_ratio: "5:4", negative_prompt: "blurry", seed: "11", output_format: "png" },
      credits: 3,
    });
  });
});

describe("Stability engine: answers, batches and progress", () => {
  it("makes count > 1 as sequential requests with seed + i and reports progress per image", async () => {
    const f = await fake();
    f.delayMs = 30;
    const updates: ProgressUpdate[] = [];
    const result = await run(engineFor(f), request({ count: 3, seed: 500 }), undefined, (u) => updates.push(u));
    expect(posts(f).map((p) => p.fields.seed)).toEqual(["500", "501", "502"]);
    expect(f.peakConcurrency).toBe(1);
    expect(result.images.map((i) => i.seed)).toEqual([500, 501, 502]);
    expect(updates).toEqual([
      { percent: 0, stage: "Painting picture 1 of 3" },
      { percent: 33, stage: "Painting picture 2 of 3" },
      { percent: 67, stage: "Painting picture 3 of 3" },
      { percent: 100, stage: "Done" },
    ]);
    expect(result.usage).toMatchObject({ requests: 3, estimatedCredits: 9 });
  });

  it("reads base64 JSON answers when asked for application/json", async () => {
    const f = await fake();
    const result = await run(
      engineFor(f, { accept: "application/json", outputFormat: "jpeg" }),
      request({ count: 2, seed: 77 }),
    );
    expect(posts(f)[0]?.headers.accept).toBe("application/json");
    expect(result.images.map((i) => [i.mime, i.seed])).toEqual([
      ["image/jpeg", 77],
      ["image/jpeg", 78],
    ]);
    expect((await sharp(result.images[0]!.bytes).metadata()).format).toBe("jpeg");
  });

  it("takes the seed from the answer when seed 0 asked for a random one", async () => {
    const f = await fake();
    const result = await run(engineFor(f), request({ seed: 0 }));
    expect(posts(f)[0]?.fields.seed).toBe("0");
    expect(result.images[0]?.seed).toBeGreaterThan(0);
  });

  it("never lets a throwing progress listener fail the picture", async () => {
    const f = await fake();
    const result = await run(engineFor(f), request({ count: 2 }), undefined, () => {
      throw new Error("listener broke");
    });
    expect(result.images).toHaveLength(2);
  });
});

describe("Stability engine: moderation", () => {
  it.each(["image/*", "application/json"] as const)(
    "treats CONTENT_FILTERED (%s) as blocked, keeps no picture and sends no more",
    async (accept) => {
      const f = await fake();
      f.failure = "content-filtered";
      f.failFrom = 1;
      const result = await run(engineFor(f, { accept }), request({ count: 3 }));
      expect(posts(f)).toHaveLength(2);
      expect(result.images).toEqual([]);
      expect(result.moderation?.status).toBe("blocked");
      expect(result.moderation?.message).toMatch(/safety filter/);
      // Both answers were 200s, so both were billed.
      expect(result.usage).toMatchObject({ requests: 2, estimatedCredits: 6 });
    },
  );

  it("maps a 403 content_moderation to moderated, not retryable", async () => {
    const f = await fake();
    f.failure = "moderation";
    const error = await failure(run(engineFor(f), request()));
    expect(error.kind).toBe("moderated");
    expect(error.retryable).toBe(false);
    expect(error.message).toContain("content_moderation");
    expect(error.userMessage).not.toMatch(/charged|flagged/);
  });
});

describe("Stability engine: failures", () => {
  it("maps a wrong key to failed without leaking the backend's words", async () => {
    const f = await fake();
    const error = await failure(run(engineFor(f, { apiKey: "sk-wrong" }), request()));
    expect(error.kind).toBe("failed");
    expect(error.retryable).toBe(false);
    expect(error.message).toContain("401");
    expect(error.message).toContain("invalid API key");
    expect(error.userMessage).toBe("The image server refused our credentials. An admin needs to check its settings.");
  });

  it("maps a 401 answer to failed", async () => {
    const f = await fake();
    f.failure = "unauthorized";
    expect((await failure(run(engineFor(f), request()))).kind).toBe("failed");
  });

  it("fails plainly without a request when no API key is set", async () => {
    const f = await fake();
    const error = await failure(run(engineFor(f, { apiKey: "" }), request()));
    expect(error.kind).toBe("failed");
    expect(f.requests).toHaveLength(0);
  });

  it("maps 402 payment required to failed, not retryable, with a plain detail for admins", async () => {
    const f = await fake();
    f.failure = "payment";
    const error = await failure(run(engineFor(f), request()));
    expect(error.kind).toBe("failed");
    expect(error.retryable).toBe(false);
    expect(error.message).toContain("payment_required");
    expect(error.message).toContain("out of credits");
    expect(error.userMessage).not.toMatch(/credit|payment/i);
  });

  it("maps 429 to unavailable with Retry-After", async () => {
    const f = await fake();
    f.failure = "rate-limit";
    f.retryAfter = "12";
    const error = await failure(run(engineFor(f), request()));
    expect(error.kind).toBe("unavailable");
    expect(error.retryable).toBe(true);
    expect(error.retryAfterSeconds).toBe(12);
  });

  it("maps 500 to unavailable, keeping the backend's words for admins only", async () => {
    const f = await fake();
    f.failure = "server-error";
    const error = await failure(run(engineFor(f), request()));
    expect(error.kind).toBe("unavailable");
    expect(error.retryable).toBe(true);
    expect(error.message).toContain("internal_error");
    expect(error.message).toMatch(/\(id [0-9a-f]{32}\)/);
    expect(error.userMessage).not.toMatch(/unexpected|internal/i);
  });

  it("stops a batch at the first failure and tells admins how far it got", async () => {
    const f = await fake();
    f.failure = "server-error";
    f.failFrom = 1;
    const error = await failure(run(engineFor(f), request({ count: 3 })));
    expect(error.kind).toBe("unavailable");
    expect(error.message).toContain("after 1 of 3 images, ~3 credits");
    expect(error.retryable).toBe(false); // one picture is paid for: the batch is not made again
    expect(posts(f)).toHaveLength(2);
  });

  it("maps a request the server rejects (400) to invalid_request", async () => {
    const f = await fake();
    const error = await failure(run(engineFor(f), request({ prompt: "x".repeat(10_001) })));
    expect(posts(f)[0]?.status).toBe(400);
    expect(error.kind).toBe("invalid_request");
    expect(error.message).toContain("prompt: must be at most 10000 characters");
    expect(error.userMessage).not.toContain("10000");
  });

  it.each([
    [413, "invalid_request"],
    [422, "invalid_request"],
    [403, "failed"],
    [404, "failed"],
    [502, "unavailable"],
    [503, "unavailable"],
  ] as const)("maps %i to %s", async (status, kind) => {
    const stub: typeof fetch = async () =>
      new Response(JSON.stringify({ id: "abc", name: "some_error", errors: ["something: went wrong"] }), {
        status,
        headers: { "content-type": "application/json" },
      });
    const engine = createStabilityEngine({ id: "s", label: "S", apiKey: "k", fetch: stub });
    const error = await failure(run(engine, request()));
    expect(error.kind).toBe(kind);
    expect(error.message).toContain("some_error: something: went wrong (id abc)");
  });

  it("maps a 200 with an unexpected content-type to failed", async () => {
    const stub: typeof fetch = async () =>
      new Response("<html>maintenance</html>", { status: 200, headers: { "content-type": "text/html" } });
    const error = await failure(
      run(createStabilityEngine({ id: "s", label: "S", apiKey: "k", fetch: stub }), request()),
    );
    expect(error.kind).toBe("failed");
    expect(error.message).toContain("text/html");
  });

  it("maps an unknown finish reason to failed", async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    const stub: typeof fetch = async () =>
      new Response(new Uint8Array(png), {
        status: 200,
        headers: { "content-type": "image/png", "finish-reason": "ERROR", seed: "5" },
      });
    const error = await failure(
      run(createStabilityEngine({ id: "s", label: "S", apiKey: "k", fetch: stub }), request()),
    );
    expect(error.kind).toBe("failed");
  });

  it.each(["malformed", "truncated", "undecodable"] as const)("maps a %s answer to failed", async (mode) => {
    for (const accept of ["image/*", "application/json"] as const) {
      const f = await fake();
      f.failure = mode;
      const error = await failure(run(engineFor(f, { accept }), request()));
      expect(error.kind).toBe("failed");
      expect(error.retryable).toBe(false);
    }
  });

  it("ends with an error, not a hang, when the connection drops mid-picture", async () => {
    const f = await fake();
    f.failure = "cut";
    const error = await failure(run(engineFor(f), request()));
    // A socket lost mid-answer is a network failure (remote.ts fetchFailure): another try may work.
    expect(error.kind).toBe("unavailable");
  });

  it("maps a refused connection to unavailable", async () => {
    const server = http.createServer();
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const port = (server.address() as AddressInfo).port;
    await new Promise<void>((r) => server.close(() => r()));
    const engine = createStabilityEngine({ id: "s", label: "S", baseUrl: `http://127.0.0.1:${port}`, apiKey: "k" });
    const error = await failure(run(engine, request()));
    expect(error.kind).toBe("unavailable");
    expect(error.retryable).toBe(true);
  });

  it("maps a backend that never answers to timeout and abandons the request", async () => {
    const f = await fake();
    f.failure = "hang";
    const error = await failure(run(engineFor(f, { timeoutMs: 150 }), request({ count: 2 })));
    expect(error.kind).toBe("timeout");
    expect(error.retryable).toBe(false); // sent and possibly billed: not sent again
    await vi.waitFor(() => expect(f.abandoned).toBe(1));
    expect(posts(f)).toHaveLength(1);
  });
});

describe("Stability engine: cancel", () => {
  it("aborts the request in flight and sends no more", async () => {
    const f = await fake();
    f.delayMs = 5000;
    const controller = new AbortController();
    const started = f.generationStarted();
    const pending = run(engineFor(f), request({ count: 3 }), controller.signal);
    await started;
    controller.abort();
    const error = await failure(pending);
    expect(error.kind).toBe("canceled");
    await vi.waitFor(() => expect(f.abandoned).toBe(1));
    expect(posts(f)).toHaveLength(1);
  });

  it("cancels between images of a batch", async () => {
    const f = await fake();
    const controller = new AbortController();
    const pending = run(engineFor(f), request({ count: 4 }), controller.signal, (u) => {
      if (u.stage === "Painting picture 2 of 4") controller.abort();
    });
    expect((await failure(pending)).kind).toBe("canceled");
    expect(posts(f).length).toBeLessThanOrEqual(2);
  });

  it("sends nothing when canceled before it starts", async () => {
    const f = await fake();
    const controller = new AbortController();
    controller.abort();
    expect((await failure(run(engineFor(f), request(), controller.signal))).kind).toBe("canceled");
    expect(f.requests).toHaveLength(0);
  });
});

describe("Stability engine: validation, settings and health", () => {
  it("validates requests against its capabilities", () => {
    const engine = createStabilityEngine({ id: "s", label: "S", apiKey: "k" });
    expect(engine.capabilities.sizes).toEqual([1024]);
    expect(engine.validate(request())).toEqual([]);
    expect(engine.validate(request({ width: 512, height: 384 })).map((i) => i.field)).toContain("size");
    expect(engine.validate(request({ mode: "image" })).map((i) => i.field)).toContain("sourceImage");
    expect(
      engine
        .validate(request({ mode: "doodle", sourceImage: drawing, prompt: "", style: "no-such-style" }))
        .map((i) => i.field),
    ).toEqual(["prompt"]);
    expect(engine.validate(request({ count: 5 })).map((i) => i.field)).toContain("count");
  });

  it("offers the documented options with the defaults the adapter uses", () => {
    const byName = Object.fromEntries(STABILITY_SETTING_FIELDS.map((f) => [f.name, f]));
    expect(byName.textModel).toMatchObject({ type: "select", options: ["core", "ultra", "sd3"], defaultValue: "core" });
    expect(byName.sd3Model?.options).toContain("sd3.5-large-turbo");
    expect(byName.sd3Model?.defaultValue).toBe("sd3.5-large");
    expect(byName.outputFormat).toMatchObject({ options: ["png", "jpeg", "webp"], defaultValue: "png" });
  });

  it("checks health with GET /v1/user/balance", async () => {
    const f = await fake();
    expect(await checkStabilityHealth({ baseUrl: f.url, apiKey: f.apiKey })).toBe("42.5 credits left");
    const [call] = f.requests;
    expect([call?.method, call?.path, call?.headers.authorization]).toEqual([
      "GET",
      "/v1/user/balance",
      `Bearer ${f.apiKey}`,
    ]);

    const denied = await failure(checkStabilityHealth({ baseUrl: f.url, apiKey: "sk-wrong" }));
    expect(denied.kind).toBe("failed");
    expect(denied.message).toContain("invalid API key");

    expect((await failure(checkStabilityHealth({ baseUrl: f.url, apiKey: "" }))).kind).toBe("failed");
    f.failure = "malformed";
    expect((await failure(checkStabilityHealth({ baseUrl: f.url, apiKey: f.apiKey }))).kind).toBe("failed");
  });

  it("reports an unreachable server from the health check", async () => {
    const error = await failure(checkStabilityHealth({ baseUrl: "http://127.0.0.1:1", apiKey: "k" }));
    expect(error.kind).toBe("unavailable");
  });
});

describe("the fake Stability server holds clients to the documented rules", () => {
  let wide: Buffer;
  beforeAll(async () => {
    wide = await sharp({ create: { width: 300, height: 100, channels: 3, background: "#ffffff" } })
      .png()
      .toBuffer();
  });

  async function post(f: FakeStability, path: string, fields: Record<string, string>, image?: Buffer) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    if (image) form.append("image", new Blob([new Uint8Array(image)], { type: "image/png" }), "image.png");
    const response = await fetch(`${f.url}${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${f.apiKey}`, accept: "image/*" },
      body: form,
    });
    return { status: response.status, body: (await response.json()) as { id: string; name: string; errors: string[] } };
  }

  const core = "/v2beta/stable-image/generate/core";
  const ultra = "/v2beta/stable-image/generate/ultra";
  const sd3 = "/v2beta/stable-image/generate/sd3";
  const sketch = "/v2beta/stable-image/control/sketch";
  it.each([
    ["a missing prompt", core, {}, false, "prompt: is required"],
    ["an unknown aspect ratio", core, { prompt: "p", aspect_ratio: "4:3" }, false, "aspect_ratio"],
    ["a seed out of range", core, { prompt: "p", seed: "4294967295" }, false, "seed"],
    ["an unknown style preset", core, { prompt: "p", style_preset: "watercolor" }, false, "style_preset"],
    ["an image on core", core, { prompt: "p" }, true, "image: not a field"],
    ["style_preset on ultra", ultra, { prompt: "p", style_preset: "anime" }, false, "style_preset: not a field"],
    ["ultra image without strength", ultra, { prompt: "p" }, true, "strength: is required"],
    ["ultra strength without image", ultra, { prompt: "p", strength: "0.5" }, false, "strength: only valid"],
    ["sd3 webp", sd3, { prompt: "p", output_format: "webp" }, false, "output_format"],
    [
      "sd3 image-to-image without strength",
      sd3,
      { prompt: "p", mode: "image-to-image" },
      true,
      "strength: is required",
    ],
    [
      "sd3 image-to-image with an aspect ratio",
      sd3,
      { prompt: "p", mode: "image-to-image", strength: "0.5", aspect_ratio: "1:1" },
      true,
      "aspect_ratio: only valid",
    ],
    ["sd3 text-to-image with an image", sd3, { prompt: "p" }, true, "image: only valid"],
    ["an unknown sd3 model", sd3, { prompt: "p", model: "sd4" }, false, "model"],
    ["sketch without image", sketch, { prompt: "p" }, false, "image: is required"],
    ["control_strength above 1", sketch, { prompt: "p", control_strength: "1.5" }, true, "control_strength"],
    ["aspect_ratio on sketch", sketch, { prompt: "p", aspect_ratio: "1:1" }, true, "aspect_ratio: not a field"],
  ] as const)("answers 400 {id,name,errors} to %s", async (_label, path, fields, withImage, words) => {
    const f = await fake();
    const { status, body } = await post(f, path, fields, withImage ? drawing : undefined);
    expect(status).toBe(400);
    expect(body.id).toMatch(/^[0-9a-f]{32}$/);
    expect(typeof body.name).toBe("string");
    expect(body.errors.join(" ")).toContain(words);
  });

  it("refuses sketches beyond 2.5:1 and accepts a valid one with the documented headers", async () => {
    const f = await fake();
    expect((await post(f, sketch, { prompt: "p" }, wide)).body.errors.join(" ")).toContain("aspect ratio");
    const form = new FormData();
    form.append("prompt", "p");
    form.append("seed", "99");
    form.append("image", new Blob([new Uint8Array(drawing)], { type: "image/png" }), "d.png");
    const response = await fetch(`${f.url}${sketch}`, {
      method: "POST",
      headers: { authorization: `Bearer ${f.apiKey}` },
      body: form,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("finish-reason")).toBe("SUCCESS");
    expect(response.headers.get("seed")).toBe("99");
    expect(response.headers.get("x-request-id")).toBeTruthy();
  });
});
