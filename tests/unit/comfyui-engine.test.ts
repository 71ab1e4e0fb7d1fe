/**
 * The ComfyUI adapter against a local fake of its HTTP + websocket API (tests/support/comfyui-server.ts):
 * each mode's workflow node by node, uploads, progress, results, cancel (interrupt vs queue delete),
 * the websocket dropping, refused or silent, and every failure kind.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import {
  buildComfyUIWorkflow,
  checkComfyUIHealth,
  COMFYUI_SETTING_FIELDS,
  createComfyUIEngine,
  listComfyUICheckpoints,
  type ComfyUIConfig,
} from "../../server/generation/engines/comfyui";
import type { ProgressUpdate } from "../../server/generation/engines/engine";
import { startFakeComfyUI, type FakeComfyUI } from "../support/comfyui-server";
import { engineFailure as failure, fakeServers, generationRequest, runEngine as run } from "../support/engine-harness";

let drawing: Buffer;
let photo: Buffer;
beforeAll(async () => {
  // Black ink square on white paper, as the doodle canvas draws.
  drawing = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#ffffff" } })
    .composite([
      { input: { create: { width: 16, height: 16, channels: 3, background: "#111111" } }, left: 24, top: 16 },
    ])
    .png()
    .toBuffer();
  photo = await sharp({ create: { width: 200, height: 100, channels: 3, background: "#3366aa" } })
    .jpeg()
    .toBuffer();
});

const fake = fakeServers(startFakeComfyUI);

const engineFor = (f: FakeComfyUI, change: Partial<ComfyUIConfig> = {}) =>
  createComfyUIEngine({ id: "comfyui:test", label: "Test ComfyUI", baseUrl: f.url, pollIntervalMs: 20, ...change });

const request = generationRequest;

async function until(condition: () => boolean, what: string) {
  for (let i = 0; i < 400 && !condition(); i++) await new Promise((r) => setTimeout(r, 5));
  if (!condition()) throw new Error(`timed out waiting for ${what}`);
}

const calls = (f: FakeComfyUI, method: string, path: string | RegExp) =>
  f.requests.filter((r) => r.method === method && (typeof path === "string" ? r.path === path : path.test(r.path)));
const postedPrompt = (f: FakeComfyUI, i = 0) =>
  calls(f, "POST", "/prompt")[i]?.body as {
    prompt: Record<string, { class_type: string; inputs: Record<string, unknown> }>;
    client_id: string;
  };

const SAMPLER_DEFAULTS = { steps: 25, cfg: 7, sampler_name: "euler_ancestral", scheduler: "normal" };

describe("ComfyUI engine workflows", () => {
  it("sends text mode as checkpoint → two prompts → empty latent → KSampler → VAEDecode → SaveImage", async () => {
    const f = await fake();
    const result = await run(engineFor(f), request());
    const posted = postedPrompt(f);
    expect(posted.prompt).toEqual({
      "4": { class_type: "CheckpointLoaderSimple", inputs: { ckpt_name: "v1-5-pruned-emaonly.safetensors" } },
      "6": {
        class_type: "CLIPTextEncode",
        inputs: { text: "a lighthouse at dusk, watercolor painting, soft washes, paper texture", clip: ["4", 1] },
      },
      "7": { class_type: "CLIPTextEncode", inputs: { text: "blurry", clip: ["4", 1] } },
      "5": { class_type: "EmptyLatentImage", inputs: { width: 512, height: 384, batch_size: 2 } },
      "3": {
        class_type: "KSampler",
        inputs: {
          model: ["4", 0],
          positive: ["6", 0],
          negative: ["7", 0],
          latent_image: ["5", 0],
          seed: 1234,
          ...SAMPLER_DEFAULTS,
          denoise: 1,
        },
      },
      "8": { class_type: "VAEDecode", inputs: { samples: ["3", 0], vae: ["4", 2] } },
      "9": { class_type: "SaveImage", inputs: { images: ["8", 0], filename_prefix: "atelier" } },
    });
    // The websocket listened under the same client id the prompt was queued with.
    expect(f.sockets.map((s) => s.clientId)).toEqual([posted.client_id]);
    expect(posted.client_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(f.uploads).toHaveLength(0);
    expect(calls(f, "POST", "/prompt")[0]?.headers.authorization).toBeUndefined();

    expect(result.images).toHaveLength(2);
    for (const image of result.images) {
      expect(image.mime).toBe("image/png");
      expect([image.width, image.height]).toEqual([512, 384]);
      expect((await sharp(image.bytes).metadata()).format).toBe("png");
      // One KSampler seed makes the whole batch: every picture records it, none is invented.
      expect(image.seed).toBe(1234);
    }
    expect(result.images[0]!.bytes.equals(result.images[1]!.bytes)).toBe(false);
    // Fetched from /view with the names the history listed.
    const views = calls(f, "GET", /^\/view\?/);
    expect(views).toHaveLength(2);
    expect(new URLSearchParams(views[0]!.path.split("?")[1]).get("type")).toBe("output");
    expect(new URLSearchParams(views[0]!.path.split("?")[1]).get("filename")).toMatch(/^atelier_\d{5}_\.png$/);
  });

  it("fills in the admin's checkpoint and sampler settings, and adds no suffix for an unknown style", async () => {
    const f = await fake();
    const engine = engineFor(f, {
      checkpoint: "sdxl_base_1.0.safetensors",
      steps: 30,
      cfg: 5.5,
      samplerName: "dpmpp_2m",
      scheduler: "karras",
    });
    await run(engine, request({ style: "no-such-style", count: 1, seed: 0, negativePrompt: "" }));
    const { prompt } = postedPrompt(f);
    expect(prompt["4"]!.inputs.ckpt_name).toBe("sdxl_base_1.0.safetensors");
    expect(prompt["6"]!.inputs.text).toBe("a lighthouse at dusk");
    expect(prompt["7"]!.inputs.text).toBe("");
    expect(prompt["3"]!.inputs).toMatchObject({
      seed: 0,
      steps: 30,
      cfg: 5.5,
      sampler_name: "dpmpp_2m",
      scheduler: "karras",
    });
  });

  it("uploads the picture for image mode and encodes it instead of an empty latent", async () => {
    const f = await fake();
    const result = await run(engineFor(f), request({ mode: "image", sourceImage: photo, count: 3, strength: 0.35 }));

    expect(f.uploads).toHaveLength(1);
    const upload = f.uploads[0]!;
    expect(upload.filename).toMatch(/^atelier-[0-9a-f-]{36}\.png$/);
    expect(upload.contentType).toBe("image/png");
    expect(upload.fields).toEqual({ type: "input", overwrite: "true" });
    // Cropped to the requested size, so the result has it too (VAEEncode keeps the input's size).
    const meta = await sharp(upload.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 512, 384]);
    // Uploaded before the prompt was queued.
    const order = f.requests.map((r) => `${r.method} ${r.path}`);
    expect(order.indexOf("POST /upload/image")).toBeLessThan(order.indexOf("POST /prompt"));

    const { prompt } = postedPrompt(f);
    expect(prompt["5"]).toBeUndefined();
    expect(prompt["10"]).toEqual({ class_type: "LoadImage", inputs: { image: upload.name } });
    expect(prompt["11"]).toEqual({ class_type: "VAEEncode", inputs: { pixels: ["10", 0], vae: ["4", 2] } });
    expect(prompt["12"]).toEqual({ class_type: "RepeatLatentBatch", inputs: { samples: ["11", 0], amount: 3 } });
    expect(prompt["3"]).toEqual({
      class_type: "KSampler",
      inputs: {
        model: ["4", 0],
        positive: ["6", 0],
        negative: ["7", 0],
        latent_image: ["12", 0],
        seed: 1234,
        ...SAMPLER_DEFAULTS,
        denoise: 0.35,
      },
    });
    expect(prompt["8"]).toEqual({ class_type: "VAEDecode", inputs: { samples: ["3", 0], vae: ["4", 2] } });
    expect(prompt["9"]).toEqual({ class_type: "SaveImage", inputs: { images: ["8", 0], filename_prefix: "atelier" } });
    expect(Object.keys(prompt).sort()).toEqual(["10", "11", "12", "3", "4", "6", "7", "8", "9"]);

    expect(result.images).toHaveLength(3);
    expect(result.images.map((i) => [i.width, i.height])).toEqual([
      [512, 384],
      [512, 384],
      [512, 384],
    ]);
  });

  it("sends doodles inverted to a scribble ControlNet applied to both prompts", async () => {
    const f = await fake();
    const engine = engineFor(f, { controlnetModel: "control_v11p_sd15_canny.pth" });
    const result = await run(engine, request({ mode: "doodle", sourceImage: drawing, count: 2, strength: 1 }));

    const upload = f.uploads[0]!;
    const { data, info } = await sharp(upload.bytes).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([512, 384]);
    const pixel = (x: number, y: number) => data[(y * info.width + x) * info.channels]!;
    // White paper became black, black ink became white lines: what scribble models expect.
    expect(pixel(5, 5)).toBeLessThan(10);
    expect(pixel(256, 192)).toBe(0xff - 0x11); // ink #111111

    const { prompt } = postedPrompt(f);
    expect(prompt["5"]).toEqual({ class_type: "EmptyLatentImage", inputs: { width: 512, height: 384, batch_size: 2 } });
    expect(prompt["10"]).toEqual({ class_type: "LoadImage", inputs: { image: upload.name } });
    expect(prompt["11"]).toBeUndefined();
    expect(prompt["13"]).toEqual({
      class_type: "ControlNetLoader",
      inputs: { control_net_name: "control_v11p_sd15_canny.pth" },
    });
    expect(prompt["14"]).toEqual({
      class_type: "ControlNetApplyAdvanced",
      inputs: {
        positive: ["6", 0],
        negative: ["7", 0],
        control_net: ["13", 0],
        image: ["10", 0],
        strength: 0.8,
        start_percent: 0,
        end_percent: 1,
      },
    });
    expect(prompt["3"]).toEqual({
      class_type: "KSampler",
      inputs: {
        model: ["4", 0],
        positive: ["14", 0],
        negative: ["14", 1],
        latent_image: ["5", 0],
        seed: 1234,
        ...SAMPLER_DEFAULTS,
        denoise: 1,
      },
    });
    expect(Object.keys(prompt).sort()).toEqual(["10", "13", "14", "3", "4", "5", "6", "7", "8", "9"]);
    expect(result.images).toHaveLength(2);
  });

  it("holds the drawing harder as strength falls", () => {
    const strengthFor = (strength: number) =>
      buildComfyUIWorkflow({}, request({ mode: "doodle", strength }), "d.png")["14"]!.inputs.strength;
    expect(strengthFor(0)).toBe(1.5);
    expect(strengthFor(0.5)).toBe(1.15);
    expect(strengthFor(1)).toBe(0.8);
  });

  it("returns the cached pictures when the same graph runs again", async () => {
    const f = await fake();
    const engine = engineFor(f);
    const first = await run(engine, request({ count: 1 }));
    const second = await run(engine, request({ count: 1 }));
    expect(second.images[0]!.bytes.equals(first.images[0]!.bytes)).toBe(true);
    const cached = [...f.sent.values()].flat().filter((m) => m.type === "execution_cached");
    expect((cached[1]!.data.nodes as string[]).length).toBe(7);
  });

  it("works against the /api prefix, websocket included", async () => {
    const f = await fake();
    const result = await run(engineFor(f, { baseUrl: `${f.url}/api/` }), request({ count: 1 }));
    expect(result.images).toHaveLength(1);
    expect(f.sockets[0]?.path).toMatch(/^\/api\/ws\?clientId=/);
    expect(calls(f, "POST", "/prompt")).toHaveLength(1);
  });
});

describe("ComfyUI engine progress and results", () => {
  it("reports the websocket's sampler progress and the stage of each node", async () => {
    const f = await fake({ jobMs: 250 });
    const updates: ProgressUpdate[] = [];
    await run(engineFor(f, { pollIntervalMs: 1000 }), request({ count: 1 }), undefined, (u) => updates.push(u));
    // Entering KSampler says "Painting" at 0; each sampler step then raises the percentage.
    const painting = updates.filter((u) => u.stage === "Painting").map((u) => u.percent ?? -1);
    expect(painting.filter((p) => p > 0).length).toBeGreaterThanOrEqual(5);
    expect(painting.every((p, i) => p >= 0 && p < 100 && (i === 0 || p >= painting[i - 1]!))).toBe(true);
    const stages = updates.map((u) => u.stage);
    for (const stage of [
      "Sending to the image server",
      "Waiting for the GPU",
      "Loading the model",
      "Reading the prompt",
      "Painting",
      "Finishing",
    ]) {
      expect(stages).toContain(stage);
    }
    expect(updates.at(-1)).toEqual({ percent: 100, stage: "Done" });
    // The websocket said when it was done: one history read, no polling loop.
    expect(calls(f, "GET", /^\/history\//)).toHaveLength(1);
  });

  it("keeps going when the progress callback throws", async () => {
    const f = await fake({ jobMs: 50 });
    const result = await run(engineFor(f), request({ count: 1 }), undefined, () => {
      throw new Error("sink broke");
    });
    expect(result.images).toHaveLength(1);
  });

  it("falls back to polling /history when the websocket drops mid-run", async () => {
    const f = await fake({ jobMs: 200 });
    f.socket = "drop";
    const updates: ProgressUpdate[] = [];
    const result = await run(engineFor(f), request({ count: 2 }), undefined, (u) => updates.push(u));
    expect(result.images).toHaveLength(2);
    expect(updates.some((u) => u.stage === "Painting")).toBe(true); // the first progress came before the drop
    expect(calls(f, "GET", /^\/history\//).length).toBeGreaterThan(1);
  });

  it("polls /history when the websocket cannot connect", async () => {
    const f = await fake({ jobMs: 100 });
    f.socket = "refuse";
    const result = await run(engineFor(f), request({ count: 1 }));
    expect(result.images).toHaveLength(1);
    expect(f.sockets).toHaveLength(0);
    expect(calls(f, "GET", /^\/history\//).length).toBeGreaterThan(1);
  });

  it("still finishes when the websocket stays open but says nothing", async () => {
    const f = await fake({ jobMs: 50 });
    f.socket = "silent";
    const result = await run(engineFor(f), request({ count: 1 }));
    expect(result.images).toHaveLength(1);
    expect(f.sockets).toHaveLength(1);
  });

  it("rides out a few 5xx answers from /history while polling", async () => {
    const f = await fake({ jobMs: 100 });
    f.socket = "refuse";
    f.historyFailures = 2;
    const result = await run(engineFor(f), request({ count: 1 }));
    expect(result.images).toHaveLength(1);
  });

  it("gives up when /history keeps failing", async () => {
    const f = await fake({ jobMs: 100 });
    f.socket = "refuse";
    f.historyFailures = 50;
    const error = await failure(run(engineFor(f), request({ count: 1 })));
    expect(error.kind).toBe("failed");
    expect(error.message).toContain("Server got itself in trouble");
    expect(error.userMessage).not.toMatch(/trouble|500/);
  });

  it("sends the API key as a Bearer token on every request and the websocket", async () => {
    const f = await fake({ apiKey: "k-123" });
    await run(engineFor(f, { apiKey: "k-123" }), request({ mode: "image", sourceImage: photo, count: 1 }));
    expect(f.requests.length).toBeGreaterThanOrEqual(4);
    for (const r of f.requests) expect(r.headers.authorization).toBe("Bearer k-123");
    expect(f.sockets[0]?.headers.authorization).toBe("Bearer k-123");
  });
});

describe("ComfyUI engine cancel", () => {
  it("interrupts our prompt when /queue shows it running", async () => {
    const f = await fake({ jobMs: 5000 });
    const controller = new AbortController();
    const started = f.promptStarted();
    const pending = run(engineFor(f), request(), controller.signal);
    const id = await started;
    controller.abort();
    const error = await failure(pending);
    expect(error.kind).toBe("canceled");
    expect(calls(f, "GET", "/queue")).toHaveLength(1);
    expect(calls(f, "POST", "/interrupt").map((r) => r.body)).toEqual([{ prompt_id: id }]);
    expect(calls(f, "POST", "/queue")).toHaveLength(0);
    await until(() => [...f.sent.values()].flat().some((m) => m.type === "execution_interrupted"), "the interrupt");
  });

  it("deletes our prompt from the queue, and interrupts nobody, while someone else's runs", async () => {
    const f = await fake({ jobMs: 300 });
    const started = f.promptStarted();
    const workflow = buildComfyUIWorkflow({}, request({ prompt: "someone else", count: 1 }));
    const other = await fetch(`${f.url}/prompt`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ prompt: workflow, client_id: "other" }),
    });
    const otherId = ((await other.json()) as { prompt_id: string }).prompt_id;
    await started;

    const controller = new AbortController();
    const pending = run(engineFor(f), request({ count: 1 }), controller.signal);
    await until(() => f.prompts.length === 2, "our prompt to be queued");
    controller.abort();
    expect((await failure(pending)).kind).toBe("canceled");
    const ours = f.prompts[1]!.id;
    expect(calls(f, "POST", "/queue").map((r) => r.body)).toEqual([{ delete: [ours] }]);
    expect(calls(f, "POST", "/interrupt")).toHaveLength(0);

    // The other prompt finishes, ours never runs.
    await until(
      () => (f.sent.get("other") ?? []).some((m) => m.type === "executing" && m.data.node === null),
      "the other prompt",
    );
    const history = (await (await fetch(`${f.url}/history/${otherId}`)).json()) as Record<
      string,
      { status: { status_str: string } }
    >;
    expect(history[otherId]?.status.status_str).toBe("success");
    expect(await (await fetch(`${f.url}/history/${ours}`)).json()).toEqual({});
  });

  it("ends canceled when someone interrupts our prompt on the server", async () => {
    const f = await fake({ jobMs: 5000 });
    const started = f.promptStarted();
    const pending = run(engineFor(f), request({ count: 1 }));
    await started;
    await fetch(`${f.url}/interrupt`, { method: "POST" });
    const error = await failure(pending);
    expect(error.kind).toBe("canceled");
    expect(error.message).toContain("interrupted at node 3 (KSampler)");
  });

  it("ends canceled at once when the signal is already aborted", async () => {
    const f = await fake();
    const controller = new AbortController();
    controller.abort();
    expect((await failure(run(engineFor(f), request(), controller.signal))).kind).toBe("canceled");
    expect(f.requests).toHaveLength(0);
  });

  it("times out a prompt that never ends and frees the GPU", async () => {
    const f = await fake({ jobMs: 20 });
    f.failure = "hang";
    const error = await failure(run(engineFor(f, { timeoutMs: 300 }), request({ count: 1 })));
    expect(error.kind).toBe("timeout");
    expect(error.retryable).toBe(true);
    expect(calls(f, "POST", "/interrupt")).toHaveLength(1);
  });
});

describe("ComfyUI engine failures", () => {
  it("maps an execution_error to failed with the node's message for admins only", async () => {
    const f = await fake();
    f.failure = "execution-error";
    const error = await failure(run(engineFor(f), request({ count: 1 })));
    expect(error.kind).toBe("failed");
    expect(error.message).toContain("node 3 (KSampler)");
    expect(error.message).toContain("CUDA out of memory");
    expect(error.userMessage).not.toMatch(/CUDA|memory|KSampler/i);
    expect(calls(f, "POST", "/interrupt")).toHaveLength(0);
  });

  it("reads an execution error from /history when there is no websocket", async () => {
    const f = await fake();
    f.failure = "execution-error";
    f.socket = "refuse";
    const error = await failure(run(engineFor(f), request({ count: 1 })));
    expect(error.kind).toBe("failed");
    expect(error.message).toContain("torch.OutOfMemoryError: CUDA out of memory");
  });

  it("maps POST /prompt's validation errors to invalid_request with the node errors in detail", async () => {
    const f = await fake();
    const error = await failure(run(engineFor(f, { checkpoint: "missing.safetensors" }), request({ count: 1 })));
    expect(error.kind).toBe("invalid_request");
    expect(error.retryable).toBe(false);
    expect(error.message).toContain("Prompt outputs failed validation");
    expect(error.message).toContain(
      "node 4 (CheckpointLoaderSimple): Value not in list: ckpt_name: 'missing.safetensors' not in",
    );
    expect(error.userMessage).not.toContain("missing.safetensors");
    // Nothing was queued, so nothing to cancel.
    expect(calls(f, "GET", "/queue")).toHaveLength(0);
  });

  it("reports a missing ControlNet model the same way", async () => {
    const f = await fake();
    const error = await failure(
      run(engineFor(f, { controlnetModel: "nope.pth" }), request({ mode: "doodle", sourceImage: drawing, count: 1 })),
    );
    expect(error.kind).toBe("invalid_request");
    expect(error.message).toContain("node 13 (ControlNetLoader)");
  });

  it("maps a refused connection to unavailable", async () => {
    const server = http.createServer();
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const port = (server.address() as AddressInfo).port;
    await new Promise<void>((r) => server.close(() => r()));
    const engine = createComfyUIEngine({ id: "c", label: "C", baseUrl: `http://127.0.0.1:${port}` });
    const error = await failure(run(engine, request({ count: 1 })));
    expect(error.kind).toBe("unavailable");
    expect(error.retryable).toBe(true);
    expect(error.userMessage).not.toContain(String(port));
  });

  it("maps a server that drops every connection to unavailable", async () => {
    const f = await fake();
    f.failure = "refuse";
    const error = await failure(run(engineFor(f), request({ count: 1 })));
    expect(error.kind).toBe("unavailable");
  });

  it("maps a 401 from the proxy in front to failed without leaking details", async () => {
    const f = await fake({ apiKey: "right" });
    const error = await failure(run(engineFor(f, { apiKey: "wrong" }), request({ count: 1 })));
    expect(error.kind).toBe("failed");
    expect(error.message).toContain("401");
    expect(error.userMessage).toMatch(/credentials/);
    expect(error.userMessage).not.toMatch(/401|Unauthorized/);
  });

  it("maps a 429 to unavailable with Retry-After, not retried automatically", async () => {
    const f = await fake();
    f.failure = "rate-limited";
    const error = await failure(run(engineFor(f), request({ count: 1 })));
    expect(error.kind).toBe("unavailable");
    expect(error.retryAfterSeconds).toBe(7);
    expect(error.retryable).toBe(false);
  });

  it("maps a 500 to failed, keeping the backend's words for admins only", async () => {
    const f = await fake();
    f.failure = "error500";
    const error = await failure(run(engineFor(f), request({ count: 1 })));
    expect(error.kind).toBe("failed");
    expect(error.retryable).toBe(false);
    expect(error.message).toContain("Server got itself in trouble");
    expect(error.userMessage).not.toMatch(/trouble|500/);
  });

  it("maps a malformed POST /prompt answer to failed and cleans up the prompt it queued", async () => {
    const f = await fake({ jobMs: 5000 });
    f.failure = "malformed";
    const error = await failure(run(engineFor(f), request({ count: 1 })));
    expect(error.kind).toBe("failed");
    expect(error.message).toContain("malformed JSON");
    // Found by our client id: interrupted if it had started, else deleted.
    const cleaned = calls(f, "POST", "/interrupt").length + calls(f, "POST", "/queue").length;
    expect(cleaned).toBe(1);
  });

  it("maps a malformed /history answer to failed", async () => {
    const f = await fake();
    f.failure = "malformed-history";
    const error = await failure(run(engineFor(f), request({ count: 1 })));
    expect(error.kind).toBe("failed");
    expect(error.message).toContain("malformed JSON");
  });

  it.each(["truncated", "not-image"] as const)("maps a %s picture from /view to failed", async (mode) => {
    const f = await fake();
    f.failure = mode;
    const error = await failure(run(engineFor(f), request({ count: 1 })));
    expect(error.kind).toBe("failed");
    expect(error.userMessage).toBe("The image server sent a picture we could not open.");
  });

  it("refuses a source picture that does not open before calling the server", async () => {
    const f = await fake();
    const error = await failure(
      run(engineFor(f), request({ mode: "image", sourceImage: Buffer.from("nope"), count: 1 })),
    );
    expect(error.kind).toBe("invalid_request");
    expect(f.requests).toHaveLength(0);
  });
});

describe("ComfyUI admin helpers", () => {
  it("lists checkpoints in both /object_info forms and checks health", async () => {
    for (const comboForm of [false, true]) {
      const f = await fake({ comboForm, apiKey: "k" });
      const connection = { baseUrl: f.url, apiKey: "k" };
      expect(await listComfyUICheckpoints(connection)).toEqual([
        "v1-5-pruned-emaonly.safetensors",
        "sdxl_base_1.0.safetensors",
      ]);
      expect(await checkComfyUIHealth(connection)).toBe("2 checkpoints available");
      expect(calls(f, "GET", "/object_info/CheckpointLoaderSimple")[0]?.headers.authorization).toBe("Bearer k");
    }
  });

  it("fails the health check for a missing checkpoint, a wrong key or no server", async () => {
    const f = await fake({ apiKey: "k" });
    const missing = await failure(checkComfyUIHealth({ baseUrl: f.url, apiKey: "k", checkpoint: "other.safetensors" }));
    expect(missing.kind).toBe("invalid_request");
    expect(missing.userMessage).toContain("other.safetensors");
    expect((await failure(checkComfyUIHealth({ baseUrl: f.url, apiKey: "bad" }))).kind).toBe("failed");
    expect((await failure(checkComfyUIHealth({ baseUrl: "http://127.0.0.1:1" }))).kind).toBe("unavailable");
  });

  it("offers its settings with defaults", () => {
    expect(COMFYUI_SETTING_FIELDS.map((s) => [s.name, s.defaultValue])).toEqual([
      ["checkpoint", "v1-5-pruned-emaonly.safetensors"],
      ["controlnetModel", "control_v11p_sd15_scribble.pth"],
      ["steps", "25"],
      ["cfg", "7"],
      ["samplerName", "euler_ancestral"],
      ["scheduler", "normal"],
    ]);
  });

  it("validates requests against its capabilities", () => {
    const engine = createComfyUIEngine({ id: "c", label: "C", baseUrl: "http://127.0.0.1:1" });
    expect(engine.validate(request())).toEqual([]);
    expect(engine.validate(request({ width: 640, height: 480 })).map((i) => i.field)).toContain("size");
    expect(engine.validate(request({ width: 1024, height: 575 })).map((i) => i.field)).toContain("size");
    expect(engine.validate(request({ mode: "doodle" })).map((i) => i.field)).toContain("sourceImage");
    expect(engine.validate(request({ count: 5 })).map((i) => i.field)).toContain("count");
    expect(engine.validate(request({ seed: 1.5 })).map((i) => i.field)).toContain("seed");
  });
});

describe("the fake ComfyUI server", () => {
  const post = async (f: FakeComfyUI, prompt: unknown) => {
    const response = await fetch(`${f.url}/prompt`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ prompt, client_id: "x" }),
    });
    return {
      status: response.status,
      body: (await response.json()) as {
        error: { type: string; message: string };
        node_errors: Record<string, { errors: { type: string; details: string }[] }>;
      },
    };
  };
  const text = () => buildComfyUIWorkflow({}, request({ count: 1 }));

  it("rejects workflows the way ComfyUI's validate_prompt does", async () => {
    const f = await fake();
    const noClass = text() as Record<string, unknown>;
    noClass["3"] = { inputs: {} };
    expect((await post(f, noClass)).body.error.message).toBe(
      "Cannot execute because a node is missing the class_type property.",
    );

    const unknown = text();
    unknown["3"]!.class_type = "KSamplerTurbo";
    expect((await post(f, unknown)).body.error).toMatchObject({
      type: "invalid_prompt",
      message: "Cannot execute because node KSamplerTurbo does not exist.",
    });

    const dangling = text();
    dangling["8"]!.inputs.samples = ["99", 0];
    const danglingAnswer = await post(f, dangling);
    expect(danglingAnswer.status).toBe(400);
    expect(danglingAnswer.body.node_errors["8"]?.errors[0]?.type).toBe("bad_linked_input");

    const wrongType = text();
    wrongType["8"]!.inputs.vae = ["4", 1];
    expect((await post(f, wrongType)).body.node_errors["8"]?.errors[0]?.type).toBe("return_type_mismatch");

    const floatSeed = text();
    floatSeed["3"]!.inputs.seed = 1.5;
    expect((await post(f, floatSeed)).body.node_errors["3"]?.errors[0]?.type).toBe("invalid_input_type");

    const missing = text();
    delete missing["3"]!.inputs.denoise;
    expect((await post(f, missing)).body.node_errors["3"]?.errors[0]).toMatchObject({
      type: "required_input_missing",
      details: "denoise",
    });

    const image = buildComfyUIWorkflow({}, request({ mode: "image", count: 1 }), "never-uploaded.png");
    expect((await post(f, image)).body.node_errors["10"]?.errors[0]).toMatchObject({
      type: "custom_validation_failed",
      details: "image - Invalid image file: never-uploaded.png",
    });

    const noOutput = text();
    delete noOutput["9"];
    expect((await post(f, noOutput)).body.error.type).toBe("prompt_no_outputs");
    expect(f.prompts).toHaveLength(0);
  });
});
