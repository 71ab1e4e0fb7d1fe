/**
 * A local stand-in for AUTOMATIC1111's `/sdapi/v1/*` API, following shared/reference/image-backends.md §1/§1b:
 * checks request bodies field by field, records requests, answers with real PNGs and an `info` JSON
 * string, advances /progress while a job runs, honours /interrupt (the job returns early with the
 * images finished so far), Basic auth, and switchable failures.
 *
 * Inpainting (img2img with `mask`, reference §1): the mask must decode and have the init image's
 * size (A1111 pastes one onto the other: PIL's "images do not match"); the answer is the init
 * image with the masked pixels (the unmasked ones when `inpainting_mask_invert` is 1) painted over,
 * at the init image's size with `inpaint_full_res` (A1111 pastes the crop back) and at
 * width × height without. Stricter than the real API on purpose (it ignores unknown fields): an
 * unknown mask/inpaint field, inpainting options without a mask, or a mask on txt2img are a 422,
 * so a misspelt field fails the test instead of being silently ignored.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { closeServer, readBody, sendJson } from "./fake-http";

export type FailureMode = "none" | "error500" | "malformed" | "truncated" | "not-image" | "hang";

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

export interface FakeA1111Options {
  /** `user:pass` as given to `--api-auth`. */
  auth?: string;
  /** How long a job "renders"; /progress advances over this time. */
  jobMs?: number;
}

export interface FakeA1111 {
  url: string;
  requests: RecordedRequest[];
  failure: FailureMode;
  jobMs: number;
  /** Prepend a grid image (index_of_first_image = 1), as A1111 does when grids are returned. */
  grid: boolean;
  /** Test hook: seeds `info.all_seeds` reports, to tell them apart from the client's seed + i fallback. */
  reportSeeds: number[] | null;
  /** Resolves when a generation POST arrives (for tests that act mid-job). */
  jobStarted(): Promise<void>;
  close(): Promise<void>;
}

const CONTROLNET_MODULES = new Set(["none", "invert", "scribble_pidinet", "scribble_hed", "scribble_xdog", "canny"]);
const RESIZE_MODES = new Set([
  "Just Resize",
  "Crop and Resize",
  "Resize and Fill",
  "Inner Fit (Scale to Fit)",
  "Outer Fit (Shrink to Fit)",
]);
const CONTROL_MODES = new Set(["Balanced", "My prompt is more important", "ControlNet is more important"]);

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly detail: string,
  ) {
    super(detail);
  }
}

/** A1111's handle_exception shape. */
function errorBody(error: string, detail: string, status: number, errors?: string) {
  return { error, detail, body: "", errors: errors ?? `${status}: ${detail}` };
}

type Issue = { loc: (string | number)[]; msg: string; type: string };

/** Field types as StableDiffusionProcessing declares them; FastAPI answers 422 `{detail:[...]}` on a mismatch. */
function checkTypes(body: Record<string, unknown>, img2img: boolean): Issue[] {
  const issues: Issue[] = [];
  const is = (field: string, ok: (v: unknown) => boolean, type: string) => {
    if (field in body && body[field] !== null && !ok(body[field]))
      issues.push({ loc: ["body", field], msg: `value is not a valid ${type}`, type: `type_error.${type}` });
  };
  const int = (v: unknown) => Number.isInteger(v);
  const num = (v: unknown) => typeof v === "number" && Number.isFinite(v);
  const str = (v: unknown) => typeof v === "string";
  const bool = (v: unknown) => typeof v === "boolean";
  for (const f of [
    "prompt",
    "negative_prompt",
    "sampler_name",
    "sampler_index",
    "scheduler",
    "force_task_id",
    "script_name",
  ])
    is(f, str, "str");
  for (const f of [
    "seed",
    "subseed",
    "batch_size",
    "n_iter",
    "steps",
    "width",
    "height",
    "resize_mode",
    "mask_blur",
    "mask_blur_x",
    "mask_blur_y",
    "inpainting_fill",
    "inpaint_full_res_padding",
    "inpainting_mask_invert",
  ])
    is(f, int, "integer");
  for (const f of ["cfg_scale", "denoising_strength", "subseed_strength", "initial_noise_multiplier"])
    is(f, num, "float");
  for (const f of ["send_images", "save_images", "restore_faces", "tiling", "enable_hr", "inpaint_full_res"])
    is(f, bool, "bool");
  is("mask", str, "str");
  is("styles", (v) => Array.isArray(v) && v.every(str), "list");
  is("alwayson_scripts", (v) => typeof v === "object" && !Array.isArray(v), "dict");
  if (img2img) is("init_images", (v) => Array.isArray(v) && v.every(str), "list");
  return issues;
}

/** img2img's inpainting fields (reference §1: names from ControlNet's API test payload). */
const INPAINT_FIELDS = new Set([
  "mask",
  "mask_blur",
  "mask_blur_x",
  "mask_blur_y",
  "inpainting_fill",
  "inpaint_full_res",
  "inpaint_full_res_padding",
  "inpainting_mask_invert",
  "initial_noise_multiplier",
  "mask_round",
]);
const looksInpainting = (field: string) => /mask|inpaint/i.test(field);

/** The stricter-on-purpose checks of inpainting fields (see the header). */
function checkInpaintFields(body: Record<string, unknown>, img2img: boolean): Issue[] {
  const issues: Issue[] = [];
  const extra = (field: string, msg: string) => issues.push({ loc: ["body", field], msg, type: "value_error.extra" });
  for (const field of Object.keys(body).filter(looksInpainting)) {
    if (!INPAINT_FIELDS.has(field)) extra(field, "extra fields not permitted (not an inpainting field of img2img)");
    else if (!img2img) extra(field, "extra fields not permitted (txt2img takes no mask)");
  }
  if (img2img && body.mask == null) {
    for (const field of Object.keys(body).filter((f) => INPAINT_FIELDS.has(f) && f !== "mask"))
      extra(field, "inpainting options without a mask do nothing");
  }
  const fill = body.inpainting_fill;
  if (
    fill !== undefined &&
    fill !== null &&
    !(Number.isInteger(fill) && (fill as number) >= 0 && (fill as number) <= 3)
  )
    extra("inpainting_fill", "must be 0 (fill), 1 (original), 2 (latent noise) or 3 (latent nothing)");
  const invert = body.inpainting_mask_invert;
  if (invert !== undefined && invert !== null && invert !== 0 && invert !== 1)
    extra("inpainting_mask_invert", "must be 0 (inpaint masked) or 1 (inpaint not masked)");
  const strength = body.denoising_strength;
  if (typeof strength === "number" && (strength < 0 || strength > 1))
    extra("denoising_strength", "must be between 0 and 1");
  return issues;
}

function decodeB64(b64: string): Buffer {
  return Buffer.from(b64.replace(/^data:[^,]*,/, ""), "base64");
}

/** Shade of the pixels a job paints (also the whole picture of txt2img). */
export function a1111Shade(shade: number): { r: number; g: number; b: number } {
  return { r: shade % 256, g: (shade * 7) % 256, b: 90 };
}

/** The init image at `width` × `height` with the pixels the mask selects painted in `shade`. */
async function inpainted(
  init: Buffer,
  mask: Buffer,
  width: number,
  height: number,
  shade: number,
  invert: boolean,
): Promise<Buffer> {
  const picture = await sharp(init)
    .flatten({ background: "#ffffff" })
    .resize(width, height, { fit: "fill" })
    .toColourspace("srgb")
    .raw()
    .toBuffer();
  const selected = await sharp(mask)
    .flatten({ background: "#000000" })
    .resize(width, height, { fit: "fill" })
    .toColourspace("b-w")
    .extractChannel(0)
    .raw()
    .toBuffer();
  const { r, g, b } = a1111Shade(shade);
  for (let p = 0; p < width * height; p++) {
    if (selected[p]! >= 128 !== invert) picture.set([r, g, b], p * 3);
  }
  return sharp(picture, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

async function decodeB64Image(b64: unknown, what: string): Promise<{ width: number; height: number }> {
  if (typeof b64 !== "string") throw new ApiError(500, "HTTPException", "Invalid encoded image");
  try {
    const meta = await sharp(Buffer.from(b64.replace(/^data:[^,]*,/, ""), "base64")).metadata();
    return { width: meta.width ?? 0, height: meta.height ?? 0 };
  } catch {
    throw new ApiError(500, "HTTPException", `Invalid encoded image (${what})`);
  }
}

/** ControlNetUnit validation (internal_controlnet/args.py); returns how many units are enabled and keep their map. */
async function checkControlNet(scripts: Record<string, unknown>): Promise<number> {
  let maps = 0;
  for (const [name, script] of Object.entries(scripts)) {
    if (name.toLowerCase() !== "controlnet")
      throw new ApiError(422, "HTTPException", `always on script ${name} not found`);
    const args = (script as { args?: unknown })?.args;
    if (!Array.isArray(args))
      throw new ApiError(422, "HTTPException", "always on script controlnet: args must be a list");
    for (const unit of args as Record<string, unknown>[]) {
      if (unit.enabled !== true) continue; // default false: skipped silently
      const module = unit.module ?? "none";
      if (typeof module !== "string" || !CONTROLNET_MODULES.has(module)) {
        throw new ApiError(500, "ValidationError", `module(${String(module)}) not found in supported modules.`);
      }
      if (typeof unit.model !== "string" || unit.model === "None")
        throw new ApiError(500, "ValidationError", `model(${String(unit.model)}) not found in supported models.`);
      if (
        unit.resize_mode !== undefined &&
        !(typeof unit.resize_mode === "string" && RESIZE_MODES.has(unit.resize_mode))
      ) {
        throw new ApiError(
          500,
          "ValidationError",
          `resize_mode(${String(unit.resize_mode)}) is not a valid ResizeMode`,
        );
      }
      if (
        unit.control_mode !== undefined &&
        !(typeof unit.control_mode === "string" && CONTROL_MODES.has(unit.control_mode))
      ) {
        throw new ApiError(
          500,
          "ValidationError",
          `control_mode(${String(unit.control_mode)}) is not a valid ControlMode`,
        );
      }
      const weight = unit.weight ?? 1;
      if (typeof weight !== "number" || weight < 0 || weight > 2)
        throw new ApiError(500, "ValidationError", "weight must be within 0..2");
      const start = (unit.guidance_start ?? 0) as number;
      const end = (unit.guidance_end ?? 1) as number;
      if (!(start >= 0 && end <= 1 && start <= end))
        throw new ApiError(500, "ValidationError", "guidance_start must be <= guidance_end");
      await decodeB64Image(unit.image ?? unit.input_image, "controlnet image");
      if (unit.save_detected_map !== false) maps++;
    }
  }
  return maps;
}

function png(width: number, height: number, shade: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: a1111Shade(shade) } })
    .png()
    .toBuffer();
}

export async function startFakeA1111(options: FakeA1111Options = {}): Promise<FakeA1111> {
  const requests: RecordedRequest[] = [];
  // Progress is global to the server, as in A1111.
  const job = { running: false, started: 0, taskId: null as string | null, interrupted: false, wake: () => {} };
  let startedWaiters: (() => void)[] = [];
  // A1111 renders one job at a time (queue_lock); later requests wait their turn.
  let queue = Promise.resolve();

  const fake: FakeA1111 = {
    url: "",
    requests,
    failure: "none",
    jobMs: options.jobMs ?? 0,
    grid: false,
    reportSeeds: null,
    jobStarted: () => new Promise<void>((resolve) => startedWaiters.push(resolve)),
    close: () => closeServer(server),
  };

  const send = (res: http.ServerResponse, status: number, body: unknown, extra: Record<string, string> = {}) =>
    sendJson(res, status, body, { "x-process-time": "0.01", ...extra });

  const authorized = (req: http.IncomingMessage): { status: 401; detail: string } | null => {
    if (!options.auth) return null;
    const header = req.headers.authorization;
    if (!header?.startsWith("Basic ")) return { status: 401, detail: "Not authenticated" };
    const given = Buffer.from(header.slice(6), "base64").toString("utf8");
    return given === options.auth ? null : { status: 401, detail: "Incorrect username or password" };
  };

  async function generate(path: string, body: Record<string, unknown>, res: http.ServerResponse) {
    const img2img = path === "/sdapi/v1/img2img";
    const issues = checkTypes(body, img2img);
    if (issues.length === 0) issues.push(...checkInpaintFields(body, img2img));
    if (issues.length > 0) return send(res, 422, { detail: issues });
    let inpaint: { init: Buffer; mask: Buffer; width: number; height: number } | undefined;
    if (img2img) {
      const init = body.init_images as string[] | undefined;
      if (!init || init.length === 0) throw new ApiError(404, "HTTPException", "Init image not found");
      const sizes = [];
      for (const image of init) sizes.push(await decodeB64Image(image, "init image"));
      if (typeof body.mask === "string") {
        const mask = await decodeB64Image(body.mask, "mask");
        const first = sizes[0]!;
        // processing.py pastes the init image through the mask: PIL refuses two sizes.
        if (mask.width !== first.width || mask.height !== first.height)
          throw new ApiError(500, "ValueError", "images do not match");
        const fullRes = body.inpaint_full_res ?? true; // A1111's default: "Only masked"
        inpaint = {
          init: decodeB64(init[0]!),
          mask: decodeB64(body.mask),
          width: fullRes ? first.width : ((body.width as number | undefined) ?? 512),
          height: fullRes ? first.height : ((body.height as number | undefined) ?? 512),
        };
      }
    }
    if (body.sampler_name !== undefined && !["Euler", "Euler a", "DPM++ 2M"].includes(body.sampler_name as string)) {
      throw new ApiError(400, "HTTPException", "Sampler not found");
    }
    const maps = await checkControlNet((body.alwayson_scripts ?? {}) as Record<string, unknown>);

    const batch = (body.batch_size as number | undefined) ?? 1;
    const iterations = (body.n_iter as number | undefined) ?? 1;
    const width = (body.width as number | undefined) ?? 512;
    const height = (body.height as number | undefined) ?? 512;
    const requestedSeed = (body.seed as number | undefined) ?? -1;
    const seed = requestedSeed === -1 ? Math.floor(Math.random() * 4294967294) : requestedSeed;

    const previous = queue;
    let release = () => {};
    queue = new Promise<void>((r) => (release = r));
    await previous;
    try {
      await render();
    } finally {
      release();
    }

    // Declared after the queue wait so it sees this request's fields; hoisted.
    async function render() {
      job.running = true;
      job.started = Date.now();
      job.taskId = (body.force_task_id as string | undefined) ?? null;
      job.interrupted = false;
      for (const w of startedWaiters) w();
      startedWaiters = [];
      if (fake.failure === "hang") return; // never answers: the client's timeout must act
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, fake.jobMs);
        job.wake = () => {
          clearTimeout(t);
          resolve();
        };
      });
      // Interrupted jobs return normally with what was finished: here, the first image only.
      const made = job.interrupted ? 1 : batch * iterations;
      job.running = false;
      job.taskId = null;

      if (fake.failure === "error500") {
        return send(res, 500, errorBody("OutOfMemoryError", "", 500, "CUDA out of memory. Tried to allocate 2.00 GiB"));
      }
      const seeds = fake.reportSeeds?.slice(0, made) ?? Array.from({ length: made }, (_, i) => seed + i);
      const images: string[] = [];
      if (fake.grid && made > 1) images.push((await png(width, height, 255)).toString("base64"));
      for (const s of seeds) {
        const image = inpaint
          ? await inpainted(
              inpaint.init,
              inpaint.mask,
              inpaint.width,
              inpaint.height,
              s,
              body.inpainting_mask_invert === 1,
            )
          : await png(width, height, s);
        images.push(image.toString("base64"));
      }
      for (let i = 0; i < maps; i++) images.push((await png(width, height, 0)).toString("base64")); // detected maps, appended
      if (fake.failure === "not-image")
        images[fake.grid ? 1 : 0] = Buffer.from("this is not a picture").toString("base64");

      const info = JSON.stringify({
        prompt: body.prompt ?? "",
        all_prompts: seeds.map(() => body.prompt ?? ""),
        negative_prompt: body.negative_prompt ?? "",
        seed,
        all_seeds: seeds,
        subseed: 0,
        all_subseeds: seeds.map(() => 0),
        width,
        height,
        sampler_name: body.sampler_name ?? "Euler",
        cfg_scale: body.cfg_scale ?? 7,
        steps: body.steps ?? 50,
        batch_size: batch,
        denoising_strength: body.denoising_strength ?? 0,
        index_of_first_image: fake.grid && made > 1 ? 1 : 0,
        infotexts: seeds.map(() => ""),
      });
      const text = JSON.stringify({ images, parameters: { ...body, init_images: null }, info });
      if (fake.failure === "malformed") return send(res, 200, `{"images": [oops ${text.slice(0, 40)}`);
      if (fake.failure === "truncated") return send(res, 200, text.slice(0, Math.floor(text.length / 2)));
      send(res, 200, text);
    }
  }

  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? "/", "http://localhost");
      const raw = (await readBody(req)).toString("utf8");
      let body: unknown = null;
      if (raw !== "") {
        try {
          body = JSON.parse(raw);
        } catch {
          return send(res, 422, {
            detail: [{ loc: ["body"], msg: "JSON decode error", type: "value_error.jsondecode" }],
          });
        }
      }
      requests.push({ method: req.method ?? "GET", path: url.pathname + url.search, headers: req.headers, body });

      const denied = authorized(req);
      if (denied)
        return send(res, 401, errorBody("HTTPException", denied.detail, 401), { "www-authenticate": "Basic" });

      const route = `${req.method} ${url.pathname}`;
      if (route === "POST /sdapi/v1/txt2img" || route === "POST /sdapi/v1/img2img") {
        if (!body || typeof body !== "object") throw new ApiError(422, "HTTPException", "body must be an object");
        return await generate(url.pathname, body as Record<string, unknown>, res);
      }
      if (route === "GET /sdapi/v1/progress") {
        const progress = job.running ? Math.min(0.95, (Date.now() - job.started) / Math.max(1, fake.jobMs)) : 0;
        return send(res, 200, {
          progress,
          eta_relative: job.running ? Math.max(0, (fake.jobMs - (Date.now() - job.started)) / 1000) : 0,
          state: {
            skipped: false,
            interrupted: job.interrupted,
            stopping_generation: false,
            job: job.running ? "scripts_txt2img" : "",
            job_count: job.running ? 1 : 0,
            job_timestamp: "20261123120000",
            job_no: 0,
            sampling_step: Math.round(progress * 20),
            sampling_steps: 20,
          },
          current_image: null,
          textinfo: null,
          current_task: job.taskId,
        });
      }
      if (route === "POST /sdapi/v1/interrupt") {
        if (job.running) {
          job.interrupted = true;
          job.wake();
        }
        return send(res, 200, {});
      }
      if (route === "GET /sdapi/v1/sd-models") {
        return send(res, 200, [
          {
            title: "v1-5-pruned-emaonly.safetensors [6ce0161689]",
            model_name: "v1-5-pruned-emaonly",
            hash: "6ce0161689",
            sha256: null,
            filename: "/models/v1-5-pruned-emaonly.safetensors",
            config: null,
          },
        ]);
      }
      if (route === "GET /sdapi/v1/samplers") {
        return send(res, 200, [
          { name: "Euler a", aliases: ["k_euler_a"], options: {} },
          { name: "DPM++ 2M", aliases: ["k_dpmpp_2m"], options: {} },
        ]);
      }
      send(res, 404, { detail: "Not Found" });
    } catch (error) {
      if (res.headersSent) return;
      if (error instanceof ApiError) {
        // HTTPException carries `detail`; other exceptions only their str() in `errors`.
        const http = error.error === "HTTPException";
        return send(
          res,
          error.status,
          errorBody(error.error, http ? error.detail : "", error.status, http ? undefined : error.detail),
        );
      }
      send(res, 500, errorBody((error as Error).name ?? "Exception", "", 500, String(error)));
    }
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
