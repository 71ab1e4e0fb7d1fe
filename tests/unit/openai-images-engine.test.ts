/**
 * The OpenAI Images adapter against a local fake of the API (tests/support/openai-images-server.ts):
 * generations and edits requests field by field, sizes per aspect ratio, usage, moderation,
 * cancel, the health check and every failure kind.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { ASPECT_RATIOS, type AspectRatio } from "../../app/lib/generation";
import type { EngineError, GenerationRequest, ProgressUpdate } from "../../server/generation/engines/engine";
import {
  checkOpenAIImagesHealth,
  createOpenAIImagesEngine,
  OPENAI_IMAGES_SETTING_FIELDS,
  type OpenAIImagesConfig,
} from "../../server/generation/engines/openai-images";
import { startFakeOpenAI, type FakeOpenAI, type MultipartBody } from "../support/openai-images-server";
import { engineFailure as failure, fakeServers, generationRequest, runEngine as run } from "../support/engine-harness";

const KEY = "sk-test-atelier";

let drawing: Buffer;
let photo: Buffer;
let gif: Buffer;
beforeAll(async () => {
  drawing = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#ffffff" } })
    .composite([
      { input: { create: { width: 20, height: 20, channels: 3, background: "#6ec6ff" } }, left: 10, top: 10 },
    ])
    .png()
    .toBuffer();
  photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#3366aa" } })
    .jpeg()
    .toBuffer();
  gif = await sharp({ create: { width: 32, height: 32, channels: 3, background: "#aa3366" } })
    .gif()
    .toBuffer();
});

const fake = fakeServers(startFakeOpenAI);

const engineFor = (f: FakeOpenAI, change: Partial<OpenAIImagesConfig> = {}) =>
  createOpenAIImagesEngine({ id: "openai:test", label: "Test OpenAI", baseUrl: f.url, apiKey: KEY, ...change });

const request = (change: Partial<GenerationRequest> = {}): GenerationRequest =>
  generationRequest({
    mode: "text",
    prompt: "a lighthouse at dusk",
    negativePrompt: "",
    style: "watercolor",
    width: 1024,
    height: 1024,
    aspectRatio: "1:1",
    seed: 1234,
    count: 2,
    strength: 0.6,
    christmas: false,
    ...change,
  });

const imagePosts = (f: FakeOpenAI) => f.requests.filter((r) => r.method === "POST" && r.path.startsWith("/v1/images/"));

/** Plain words only: no status codes, codes or OpenAI's own sentences. */
function expectPlain(error: EngineError) {
  expect(error.userMessage).not.toMatch(/\d{3}|_|openai|api key|safety_violations|sexual|request id/i);
}

describe("OpenAI Images engine: requests", () => {
  it("sends text mode to /v1/images/generations as JSON with exactly the documented fields", async () => {
    const f = await fake();
    const result = await run(engineFor(f), request());
    const [post] = imagePosts(f);
    expect(post?.path).toBe("/v1/images/generations");
    expect(post?.headers["content-type"]).toBe("application/json");
    expect(post?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(post?.headers["openai-organization"]).toBeUndefined();
    expect(post?.body).toEqual({
      model: "gpt-image-1",
      prompt: "a lighthouse at dusk, watercolor painting, soft washes, paper texture",
      n: 2,
      size: "1024x1024",
      quality: "auto",
      background: "opaque",
      output_format: "png",
      moderation: "auto",
    });
    expect(result.images).toHaveLength(2);
    for (const image of result.images) {
      expect(image.mime).toBe("image/png");
      expect([image.width, image.height]).toEqual([1024, 1024]);
      expect(image.seed).toBeUndefined();
      expect((await sharp(image.bytes).metadata()).format).toBe("png");
    }
    expect(result.moderation).toBeUndefined();
  });

  it("records the usage OpenAI reports", async () => {
    const f = await fake();
    const result = await run(engineFor(f, { quality: "high" }), request({ count: 1 }));
    expect(result.usage).toMatchObject({
      model: "gpt-image-1",
      quality: "high",
      size: "1024x1024",
      input_tokens: expect.any(Number),
      output_tokens: 4160,
      total_tokens: expect.any(Number),
      input_tokens_details: { text_tokens: expect.any(Number), image_tokens: 0 },
      output_tokens_details: { image_tokens: 4160, text_tokens: 0 },
      requestId: expect.stringMatching(/^req_/),
    });
    const usage = result.usage as { input_tokens: number; output_tokens: number; total_tokens: number };
    expect(usage.total_tokens).toBe(usage.input_tokens + usage.output_tokens);
  });

  it.each([
    ["1:1", "1024x1024", [1024, 1024]],
    ["4:3", "1536x1024", [1536, 1024]],
    ["16:9", "1536x1024", [1536, 1024]],
    ["3:4", "1024x1536", [1024, 1536]],
    ["9:16", "1024x1536", [1024, 1536]],
  ] as const)("maps %s to size %s and reports the real size", async (ratio, size, real) => {
    const f = await fake();
    const [w, h] = ratio.split(":").map(Number) as [number, number];
    const dims =
      w >= h
        ? { width: 1024, height: Math.round((1024 * h) / w / 8) * 8 }
        : { width: Math.round((1024 * w) / h / 8) * 8, height: 1024 };
    const result = await run(engineFor(f), request({ aspectRatio: ratio, ...dims, count: 1 }));
    expect((imagePosts(f)[0]!.body as { size: string }).size).toBe(size);
    expect([result.images[0]!.width, result.images[0]!.height]).toEqual(real);
  });

  it("declares every aspect ratio it maps, no seeds and no progress", () => {
    const { capabilities } = engineFor({ url: "http://127.0.0.1:1" } as FakeOpenAI);
    expect([...capabilities.aspectRatios].sort()).toEqual([...ASPECT_RATIOS].sort());
    expect(capabilities.sizes).toEqual([1024]);
    expect(capabilities.deterministicSeeds).toBe(false);
    expect(capabilities.progress).toBe(false);
    expect(capabilities.negativePrompt).toBe(false);
    expect(capabilities.maxImagesPerRequest).toBe(4);
    expect(capabilities.modes).toEqual(["text", "image", "doodle"]);
  });

  it("sends the configured model, quality and moderation, and the organization header", async () => {
    const f = await fake({ organization: "org-atelier" });
    await run(
      engineFor(f, { model: "gpt-image-1-mini", quality: "low", moderation: "low", organization: "org-atelier" }),
      request({ count: 1 }),
    );
    const post = imagePosts(f)[0];
    expect(post?.headers["openai-organization"]).toBe("org-atelier");
    expect(post?.body).toMatchObject({ model: "gpt-image-1-mini", quality: "low", moderation: "low" });
  });

  it("accepts a base URL that already ends in /v1", async () => {
    const f = await fake();
    await run(engineFor(f, { baseUrl: `${f.url}/v1/` }), request({ count: 1 }));
    expect(imagePosts(f)[0]?.path).toBe("/v1/images/generations");
  });

  it("sends image mode to /v1/images/edits as multipart with the source as image[]", async () => {
    const f = await fake();
    const result = await run(
      engineFor(f),
      request({
        mode: "image",
        sourceImage: photo,
        count: 1,
        strength: 0.3,
        aspectRatio: "4:3",
        width: 1024,
        height: 768,
      }),
    );
    const post = imagePosts(f)[0];
    expect(post?.path).toBe("/v1/images/edits");
    expect(post?.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    expect(post?.headers.authorization).toBe(`Bearer ${KEY}`);
    const body = post?.body as MultipartBody;
    expect(body.fields).toEqual({
      model: "gpt-image-1",
      prompt: expect.stringContaining("Repaint this picture"),
      n: "1",
      size: "1536x1024",
      quality: "auto",
      background: "opaque",
      output_format: "png",
      input_fidelity: "high",
    });
    // The spec lists no moderation field for edits.
    expect(body.fields.moderation).toBeUndefined();
    expect(body.fields.prompt).toContain("Stay very close to the original");
    expect(body.fields.prompt).toContain("a lighthouse at dusk, watercolor painting");
    expect(body.files).toHaveLength(1);
    expect(body.files[0]).toMatchObject({ name: "image[]", filename: "source.jpg", contentType: "image/jpeg" });
    expect(body.files[0]!.bytes.equals(photo)).toBe(true);
    expect([result.images[0]!.width, result.images[0]!.height]).toEqual([1536, 1024]);
    expect(result.usage).toMatchObject({ input_tokens_details: { image_tokens: 323 } });
  });

  it("keeps input_fidelity at its default for strong restyles and for gpt-image-1-mini", async () => {
    const f = await fake();
    await run(engineFor(f), request({ mode: "image", sourceImage: photo, count: 1, strength: 0.9 }));
    await run(
      engineFor(f, { model: "gpt-image-1-mini" }),
      request({ mode: "image", sourceImage: photo, count: 1, strength: 0.1 }),
    );
    const [strong, mini] = imagePosts(f).map((p) => (p.body as MultipartBody).fields);
    expect(strong?.input_fidelity).toBeUndefined();
    expect(strong?.prompt).toContain("loose inspiration");
    expect(mini?.input_fidelity).toBeUndefined();
    expect(mini?.model).toBe("gpt-image-1-mini");
  });

  it("converts a GIF source to PNG, which the edits endpoint accepts", async () => {
    const f = await fake();
    await run(engineFor(f), request({ mode: "image", sourceImage: gif, count: 1, prompt: "", style: "none-such" }));
    const body = imagePosts(f)[0]?.body as MultipartBody;
    expect(body.files[0]).toMatchObject({ name: "image[]", filename: "source.png", contentType: "image/png" });
    expect((await sharp(body.files[0]!.bytes).metadata()).format).toBe("png");
    // No user prompt: the prompt still says what to do (OpenAI requires one).
    expect(body.fields.prompt).toMatch(
      /^Repaint this picture as a new artwork\. Keep its composition and main subjects\.$/,
    );
  });

  it("sends doodles to edits with a prompt that turns the sketch into finished artwork", async () => {
    const f = await fake();
    const result = await run(
      engineFor(f),
      request({ mode: "doodle", sourceImage: drawing, count: 2, aspectRatio: "9:16", width: 576, height: 1024 }),
    );
    const post = imagePosts(f)[0];
    expect(post?.path).toBe("/v1/images/edits");
    const body = post?.body as MultipartBody;
    expect(body.fields).toMatchObject({ model: "gpt-image-1", n: "2", size: "1024x1536", output_format: "png" });
    expect(body.fields.input_fidelity).toBeUndefined();
    expect(body.fields.prompt).toMatch(/^Turn this rough sketch into finished, detailed artwork\./);
    expect(body.fields.prompt).toContain("Subject and style: a lighthouse at dusk, watercolor painting");
    expect(body.fields.prompt).toContain("#6ec6ff = sky");
    expect(body.fields.prompt).not.toContain("ink"); // the ink brush is lines, not a label
    expect(body.files[0]).toMatchObject({ name: "image[]", filename: "source.png", contentType: "image/png" });
    expect(body.files[0]!.bytes.equals(drawing)).toBe(true);
    expect(result.images).toHaveLength(2);
    expect(result.images.every((i) => i.width === 1024 && i.height === 1536)).toBe(true);
  });

  it("reports stages without percentages, and a throwing progress callback does not fail the picture", async () => {
    const f = await fake();
    const updates: ProgressUpdate[] = [];
    await run(engineFor(f), request({ count: 1 }), undefined, (u) => updates.push(u));
    expect(updates[0]).toMatchObject({ percent: null, stage: expect.stringMatching(/Painting/) });
    expect(updates.at(-1)).toEqual({ percent: 100, stage: "Done" });
    const result = await run(engineFor(f), request({ count: 1 }), undefined, () => {
      throw new Error("progress store is down");
    });
    expect(result.images).toHaveLength(1);
  });

  it("validates requests against its capabilities", () => {
    const engine = engineFor({ url: "http://127.0.0.1:1" } as FakeOpenAI);
    expect(engine.validate(request())).toEqual([]);
    expect(engine.validate(request({ width: 512, height: 512 })).map((i) => i.field)).toContain("size");
    expect(engine.validate(request({ count: 5 })).map((i) => i.field)).toContain("count");
    expect(engine.validate(request({ mode: "image" })).map((i) => i.field)).toContain("sourceImage");
    expect(engine.validate(request({ mode: "doodle" })).map((i) => i.field)).toContain("sourceImage");
    expect(engine.validate(request({ prompt: "  ", style: "none-such" })).map((i) => i.field)).toContain("prompt");
    expect(engine.validate(request({ aspectRatio: "2:1" as AspectRatio })).map((i) => i.field)).toContain(
      "aspectRatio",
    );
  });

  it("refuses an invalid request before calling OpenAI", async () => {
    const f = await fake();
    const error = await failure(run(engineFor(f), request({ count: 7 })));
    expect(error.kind).toBe("invalid_request");
    expect(imagePosts(f)).toHaveLength(0);
  });
});

describe("OpenAI Images engine: moderation", () => {
  it("maps moderation_blocked on the prompt to kind moderated with a plain message", async () => {
    const f = await fake();
    f.failure = "moderation";
    const error = await failure(run(engineFor(f), request({ count: 1 })));
    expect(error.kind).toBe("moderated");
    expect(error.retryable).toBe(false);
    expect(error.userMessage).toBe(
      "The image service's safety check turned down this request. Try different words or another picture.",
    );
    expectPlain(error);
    // Admins see OpenAI's words, the categories and the request id.
    expect(error.message).toContain("moderation_blocked");
    expect(error.message).toContain("rejected by the safety system");
    expect(error.message).toContain("[input: sexual]");
    expect(error.message).toMatch(/\[request req_fake\d+\]/);
  });

  it("says when the picture it made was blocked (output stage), for edits too", async () => {
    const f = await fake();
    f.failure = "moderation";
    f.moderationStage = "output";
    const error = await failure(run(engineFor(f), request({ mode: "image", sourceImage: photo, count: 1 })));
    expect(error.kind).toBe("moderated");
    expect(error.userMessage).toBe(
      "The image service's safety check blocked the picture it made. Try describing it differently.",
    );
    expectPlain(error);
  });
});

describe("OpenAI Images engine: failures", () => {
  it("maps a wrong key to failed without leaking it", async () => {
    const f = await fake();
    const error = await failure(run(engineFor(f, { apiKey: "sk-wrong-key-9999" }), request({ count: 1 })));
    expect(error.kind).toBe("failed");
    expect(error.retryable).toBe(false);
    expect(error.userMessage).toBe("The image service refused our credentials. An admin needs to check its settings.");
    expect(error.message).toContain("invalid_api_key");
    expect(error.message).toContain("401");
    expectPlain(error);
  });

  it("maps a 401 answer and a wrong organization to failed", async () => {
    const f = await fake();
    f.failure = "unauthorized";
    expect((await failure(run(engineFor(f), request({ count: 1 })))).kind).toBe("failed");
    f.failure = "none";
    const error = await failure(run(engineFor(f, { organization: "org-other" }), request({ count: 1 })));
    expect(error.kind).toBe("failed");
    expect(error.message).toContain("mismatched_organization");
  });

  it("maps a 403 (organization not verified) to failed", async () => {
    const f = await fake();
    f.failure = "forbidden";
    const error = await failure(run(engineFor(f), request({ count: 1 })));
    expect(error.kind).toBe("failed");
    expect(error.message).toContain("must be verified");
    expectPlain(error);
  });

  it("maps a rate limit to unavailable, retryable after Retry-After", async () => {
    const f = await fake();
    f.failure = "rate-limit";
    const error = await failure(run(engineFor(f), request({ count: 1 })));
    expect(error.kind).toBe("unavailable");
    expect(error.retryable).toBe(true);
    expect(error.retryAfterSeconds).toBe(12);
    expect(error.message).toContain("rate_limit_exceeded");
    expectPlain(error);
  });

  it("prefers retry-after-ms, as the official SDK does", async () => {
    const f = await fake();
    f.failure = "rate-limit";
    f.retryAfterMs = "2500";
    expect((await failure(run(engineFor(f), request({ count: 1 })))).retryAfterSeconds).toBe(3);
    f.retryAfter = null;
    f.retryAfterMs = null;
    const error = await failure(run(engineFor(f), request({ count: 1 })));
    expect(error.retryAfterSeconds).toBeUndefined();
    expect(error.retryable).toBe(true);
  });

  it("maps insufficient_quota to unavailable that is not retried", async () => {
    const f = await fake();
    f.failure = "insufficient-quota";
    const error = await failure(run(engineFor(f), request({ count: 1 })));
    expect(error.kind).toBe("unavailable");
    expect(error.retryable).toBe(false);
    expect(error.retryAfterSeconds).toBeUndefined();
    expect(error.message).toContain("exceeded your current quota");
    expectPlain(error);
  });

  it("maps a 500 to unavailable and retryable", async () => {
    const f = await fake();
    f.failure = "error500";
    const error = await failure(run(engineFor(f), request({ count: 1 })));
    expect(error.kind).toBe("unavailable");
    expect(error.retryable).toBe(true);
    expect(error.message).toContain("server_error");
    expectPlain(error);
  });

  it("maps a 503 overload to unavailable with its Retry-After", async () => {
    const f = await fake();
    f.failure = "overloaded";
    f.retryAfter = "30";
    const error = await failure(run(engineFor(f), request({ count: 1 })));
    expect(error.kind).toBe("unavailable");
    expect(error.retryable).toBe(true);
    expect(error.retryAfterSeconds).toBe(30);
  });

  it("honours x-should-retry: false", async () => {
    const stub: typeof fetch = async () =>
      new Response(JSON.stringify({ error: { message: "busy", type: "server_error", param: null, code: null } }), {
        status: 503,
        headers: { "content-type": "application/json", "x-should-retry": "false" },
      });
    const engine = createOpenAIImagesEngine({ id: "o", label: "O", apiKey: KEY, fetch: stub });
    const error = await failure(run(engine, request({ count: 1 })));
    expect(error.kind).toBe("unavailable");
    expect(error.retryable).toBe(false);
  });

  it("maps a proxy's non-JSON 502 page to unavailable", async () => {
    const stub: typeof fetch = async () =>
      new Response("<html><body>502 Bad Gateway</body></html>", {
        status: 502,
        headers: { "content-type": "text/html" },
      });
    const engine = createOpenAIImagesEngine({ id: "o", label: "O", apiKey: KEY, fetch: stub });
    const error = await failure(run(engine, request({ count: 1 })));
    expect(error.kind).toBe("unavailable");
    expect(error.message).toContain("502 Bad Gateway");
  });

  it("maps other 400 answers to invalid_request, keeping the parameter for admins", async () => {
    const f = await fake();
    const error = await failure(run(engineFor(f, { model: "gpt-image-9" as never }), request({ count: 1 })));
    expect(error.kind).toBe("invalid_request");
    expect(error.retryable).toBe(false);
    expect(error.message).toContain("invalid_request_error/invalid_value");
    expect(error.message).toContain("(param model)");
    expectPlain(error);
  });

  it("maps a refused connection to unavailable", async () => {
    const server = http.createServer();
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const port = (server.address() as AddressInfo).port;
    await new Promise<void>((r) => server.close(() => r()));
    const engine = createOpenAIImagesEngine({ id: "o", label: "O", baseUrl: `http://127.0.0.1:${port}`, apiKey: KEY });
    const error = await failure(run(engine, request({ count: 1 })));
    expect(error.kind).toBe("unavailable");
    expect(error.retryable).toBe(true);
  });

  it.each(["malformed", "truncated", "not-image"] as const)("maps a %s answer to failed", async (mode) => {
    const f = await fake();
    f.failure = mode;
    const error = await failure(run(engineFor(f), request({ count: 2 })));
    expect(error.kind).toBe("failed");
    expect(error.retryable).toBe(false);
    expect(error.message).toMatch(
      { malformed: /malformed JSON/, truncated: /answer cut off/, "not-image": /does not decode/ }[mode],
    );
    expectPlain(error);
  });

  it("maps an answer without pictures to failed", async () => {
    const stub: typeof fetch = async () => new Response(JSON.stringify({ created: 1, data: [] }), { status: 200 });
    const engine = createOpenAIImagesEngine({ id: "o", label: "O", apiKey: KEY, fetch: stub });
    expect((await failure(run(engine, request({ count: 1 })))).kind).toBe("failed");
  });

  it("maps a backend that never answers to timeout and hangs up", async () => {
    const f = await fake();
    f.failure = "hang";
    const gone = f.clientGone();
    const started = Date.now();
    const error = await failure(run(engineFor(f, { timeoutMs: 150 }), request({ count: 1 })));
    expect(error.kind).toBe("timeout");
    expect(error.retryable).toBe(false); // the request went out: it may be billed, so it is not sent again
    expect(Date.now() - started).toBeLessThan(2000);
    await gone;
    expect(f.abandoned).toBe(1);
  });

  it("cancels by aborting the request", async () => {
    const f = await fake();
    f.failure = "hang";
    const controller = new AbortController();
    const arrived = f.requestArrived();
    const gone = f.clientGone();
    const pending = run(engineFor(f), request({ mode: "doodle", sourceImage: drawing }), controller.signal);
    await arrived;
    const abortedAt = Date.now();
    controller.abort();
    const error = await failure(pending);
    expect(error.kind).toBe("canceled");
    expect(Date.now() - abortedAt).toBeLessThan(1000);
    await gone; // the server saw the connection close
    expect(f.abandoned).toBe(1);
  });

  it("does not call OpenAI when canceled before it starts", async () => {
    const f = await fake();
    const controller = new AbortController();
    controller.abort();
    expect((await failure(run(engineFor(f), request(), controller.signal))).kind).toBe("canceled");
    expect(f.requests).toHaveLength(0);
  });
});

describe("OpenAI Images health check and settings", () => {
  it("retrieves the model with the key and organization", async () => {
    const f = await fake({ organization: "org-atelier" });
    expect(
      await checkOpenAIImagesHealth({
        baseUrl: f.url,
        apiKey: KEY,
        model: "gpt-image-1-mini",
        organization: "org-atelier",
      }),
    ).toBe("gpt-image-1-mini is available (organization org-atelier)");
    const [get] = f.requests;
    expect(get).toMatchObject({ method: "GET", path: "/v1/models/gpt-image-1-mini" });
    expect(get?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(get?.headers["openai-organization"]).toBe("org-atelier");
  });

  it("throws EngineErrors for a wrong key, an unknown model and an unreachable server", async () => {
    const f = await fake();
    expect((await failure(checkOpenAIImagesHealth({ baseUrl: f.url, apiKey: "sk-nope" }))).kind).toBe("failed");
    const missing = await failure(
      checkOpenAIImagesHealth({ baseUrl: f.url, apiKey: KEY, model: "gpt-image-0" as never }),
    );
    expect(missing.kind).toBe("failed");
    expect(missing.message).toContain("model_not_found");
    await f.close();
    expect((await failure(checkOpenAIImagesHealth({ baseUrl: f.url, apiKey: KEY }))).kind).toBe("unavailable");
  });

  it("times out a health check that hangs", async () => {
    const server = http.createServer(() => {}); // never answers
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      expect((await failure(checkOpenAIImagesHealth({ baseUrl: url, apiKey: KEY, timeoutMs: 100 }))).kind).toBe(
        "timeout",
      );
    } finally {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });

  it("offers model, quality and moderation with the API's defaults", () => {
    expect(OPENAI_IMAGES_SETTING_FIELDS.map((s) => [s.name, s.defaultValue, s.options])).toEqual([
      ["model", "gpt-image-1", ["gpt-image-1", "gpt-image-1-mini"]],
      ["quality", "auto", ["auto", "low", "medium", "high"]],
      ["moderation", "auto", ["auto", "low"]],
    ]);
  });
});
