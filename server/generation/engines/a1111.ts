/**
 * AUTOMATIC1111 / Forge / SD.Next through their `/sdapi/v1/*` API (shared/reference/image-backends.md §1, §1b).
 * Text → txt2img, image → img2img, doodle → txt2img with a ControlNet scribble unit. Edits
 * (issue 31) → img2img with `mask` and the inpainting options (§1 img2img); an outpaint is an
 * inpaint of a padded canvas (edit-canvas.ts). Progress is polled while the generation POST is
 * pending; cancel calls the global /interrupt.
 */
import { randomUUID } from "node:crypto";
import { EDIT_DENOISE, type EditCanvas, editCanvas, finishEdit, type PlacedCanvas, padCanvas } from "./edit-canvas";
import {
  EngineError,
  type GeneratedImage,
  type GenerationRequest,
  type ImageEngine,
  type EngineSettingField,
  type ValidationIssue,
  type EngineCapabilities,
  FULL_CAPABILITIES,
} from "./engine";
import {
  basicAuthHeader,
  canceledError,
  checkStableDiffusionRequest,
  credentialsRefusedError,
  decodeEngineImage,
  editPrompt,
  fetchFailure,
  joinUrl,
  notSetUpError,
  parseJsonBody,
  pictureFailedError,
  remoteEngine,
  settingsRefusedError,
  styledPrompt,
  timeoutError,
  UNREACHABLE_MESSAGE,
  unreachableError,
} from "./remote";

export interface A1111Config {
  id: string;
  label: string;
  baseUrl: string;
  username?: string;
  password?: string;
  /** Whole generation, POST included. */
  timeoutMs?: number;
  pollIntervalMs?: number;
  steps?: number;
  cfgScale?: number;
  samplerName?: string;
  /** Must match an entry of GET /controlnet/model_list on the backend. */
  controlnetModel?: string;
  /** A title from /sdapi/v1/sd-models, sent as override_settings; unset keeps the server's loaded model. */
  checkpoint?: string;
  fetch?: typeof fetch;
}

/** What the model and sampler lists need: the admin page may ask before an engine exists. */
export type A1111Connection = Pick<A1111Config, "baseUrl" | "username" | "password" | "timeoutMs" | "fetch">;

export interface A1111Model {
  title: string;
  model_name: string;
  hash: string | null;
}

export interface A1111Sampler {
  name: string;
  aliases: string[];
}

const DEFAULT_TIMEOUT_MS = 180_000;
const DEFAULT_POLL_MS = 1000;
/** Short requests (model lists, interrupt) should never hold a job for long. */
const SIDE_REQUEST_MS = 10_000;

function headers(config: A1111Connection, json: boolean): Record<string, string> {
  const h: Record<string, string> = { accept: "application/json" };
  if (json) h["content-type"] = "application/json";
  if (config.username) {
    h.authorization = basicAuthHeader(config.username, config.password);
  }
  return h;
}

function endpoint(config: A1111Connection, path: string): string {
  return joinUrl(config.baseUrl, path);
}

/** A1111 errors are `{error, detail, body, errors}`; FastAPI validation errors are `{detail: [...]}`. */
function describeErrorBody(text: string): string {
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    if (Array.isArray(body.detail)) {
      return body.detail
        .map((d: { loc?: unknown[]; msg?: unknown }) => `${(d.loc ?? []).join(".")}: ${String(d.msg ?? "")}`)
        .join("; ");
    }
    const parts = [body.error, body.detail, body.errors].filter((p) => typeof p === "string" && p !== "");
    if (parts.length > 0) return [...new Set(parts)].join(": ");
  } catch {
    // not JSON: fall through to the raw text
  }
  return text.slice(0, 500);
}

function httpError(status: number, text: string): EngineError {
  const detail = `AUTOMATIC1111 answered ${status}: ${describeErrorBody(text)}`;
  if (status === 401 || status === 403) return credentialsRefusedError(detail);
  // FastAPI's own 404: the route is missing, so the URL is wrong or the server runs without --api.
  if (status === 404 && /"detail"\s*:\s*"Not Found"/.test(text))
    return notSetUpError(`${detail} (is the server started with --api, and is the URL right?)`);
  if (status === 400 || status === 404 || status === 422) return settingsRefusedError(detail);
  if (status === 502 || status === 503 || status === 504) {
    return new EngineError("unavailable", UNREACHABLE_MESSAGE, { detail });
  }
  return pictureFailedError(detail);
}

async function getJson<T>(config: A1111Connection, path: string): Promise<T> {
  const doFetch = config.fetch ?? fetch;
  let response: Response;
  let text: string;
  try {
    response = await doFetch(endpoint(config, path), {
      headers: headers(config, false),
      signal: AbortSignal.timeout(config.timeoutMs ?? SIDE_REQUEST_MS),
    });
    text = await response.text();
  } catch (error) {
    if ((error as Error)?.name === "TimeoutError") {
      throw new EngineError("timeout", "The image server took too long to answer.", {
        cause: error,
        detail: `GET ${path} timed out`,
      });
    }
    throw unreachableError("AUTOMATIC1111", config.baseUrl, error);
  }
  if (!response.ok) throw httpError(response.status, text);
  return parseJsonBody<T>(text, `GET ${path}`);
}

/** What the admin may set per AUTOMATIC1111 engine (stored as strings, read by createA1111EngineFromSettings). */
export const A1111_SETTING_FIELDS: readonly EngineSettingField[] = [
  {
    name: "checkpoint",
    label: "Checkpoint",
    type: "text",
    defaultValue: "",
    help: "A title from the server's model list; blank keeps the model it has loaded.",
  },
  {
    name: "samplerName",
    label: "Sampler",
    type: "text",
    defaultValue: "Euler a",
    help: "A name from the server's sampler list.",
  },
  { name: "steps", label: "Steps", type: "number", min: 1, max: 150, defaultValue: "25" },
  { name: "cfgScale", label: "CFG scale", type: "number", min: 1, max: 30, defaultValue: "7" },
  {
    name: "controlnetModel",
    label: "ControlNet scribble model (doodles)",
    type: "text",
    defaultValue: "control_v11p_sd15_scribble",
    help: "As /controlnet/model_list names it.",
  },
];

/** One cheap authenticated call: the model list proves the URL, the --api flag and the credentials. */
export async function checkA1111Health(connection: A1111Connection): Promise<string> {
  const models = await listA1111Models(connection);
  return models.length === 1 ? "1 model available" : `${models.length} models available`;
}

export async function listA1111Models(config: A1111Connection): Promise<A1111Model[]> {
  const list = await getJson<A1111Model[]>(config, "/sdapi/v1/sd-models");
  return Array.isArray(list)
    ? list.map((m) => ({ title: m.title, model_name: m.model_name, hash: m.hash ?? null }))
    : [];
}

export async function listA1111Samplers(config: A1111Connection): Promise<A1111Sampler[]> {
  const list = await getJson<A1111Sampler[]>(config, "/sdapi/v1/samplers");
  return Array.isArray(list) ? list.map((s) => ({ name: s.name, aliases: s.aliases ?? [] })) : [];
}

/** Inpainting options of an edit (reference §1 img2img: names from ControlNet's API test payload). */
const EDIT_OPTIONS = {
  resize_mode: 0, // just resize: the canvas already has the size sent
  mask_blur: 4,
  inpainting_fill: 1, // 1 = original: start from what is under the mask (an outpaint's repeated border)
  inpaint_full_res_padding: 32,
  inpainting_mask_invert: 0, // white = change, as our masks are
} as const;

/**
 * The request body for txt2img / img2img; exported for tests and the admin preview. An edit
 * needs its canvas, prepared and padded to multiples of 8 (`edit`).
 */
export function buildA1111Payload(
  config: A1111Config,
  request: GenerationRequest,
  taskId: string,
  edit?: PlacedCanvas,
): { path: string; body: Record<string, unknown> } {
  const body: Record<string, unknown> = {
    prompt: styledPrompt(request),
    negative_prompt: request.negativePrompt,
    seed: request.seed,
    width: request.width,
    height: request.height,
    batch_size: request.count,
    n_iter: 1,
    steps: config.steps ?? 25,
    cfg_scale: config.cfgScale ?? 7,
    sampler_name: config.samplerName ?? "Euler a",
    send_images: true,
    save_images: false,
    force_task_id: taskId,
  };
  if (config.checkpoint) {
    // Restored afterwards (the API's default), so other users of a shared server keep their model.
    body.override_settings = { sd_model_checkpoint: config.checkpoint };
  }
  if (request.edit) {
    if (!edit) throw new Error("an edit needs its prepared canvas");
    Object.assign(body, {
      prompt: editPrompt(request),
      width: edit.box.outerWidth,
      height: edit.box.outerHeight,
      init_images: [edit.picture.toString("base64")],
      mask: edit.mask.toString("base64"),
      denoising_strength: EDIT_DENOISE[request.edit.kind],
      ...EDIT_OPTIONS,
      // Only masked: a small inpaint is rendered at full resolution and pasted back. An outpaint's
      // mask runs along the edges, so the whole canvas is rendered instead.
      inpaint_full_res: request.edit.kind === "inpaint",
    });
    return { path: "/sdapi/v1/img2img", body };
  }
  const source = request.sourceImage?.toString("base64");
  if (request.mode === "image") {
    body.init_images = [source];
    body.denoising_strength = request.strength;
    return { path: "/sdapi/v1/img2img", body };
  }
  if (request.mode === "doodle") {
    body.alwayson_scripts = {
      controlnet: {
        args: [
          {
            enabled: true, // ControlNetUnit defaults to false and would be skipped silently
            image: source,
            // Doodles are dark marks on white paper: "invert" turns them into the white-on-black map scribble models expect.
            module: "invert",
            model: config.controlnetModel ?? "control_v11p_sd15_scribble",
            // Strength 1 = full style: let the prompt lead more as strength rises.
            weight: Math.round((1.5 - request.strength * 0.7) * 100) / 100,
            resize_mode: "Crop and Resize",
            control_mode: "Balanced",
            pixel_perfect: true,
            guidance_start: 0,
            guidance_end: 1,
          },
        ],
      },
    };
  }
  return { path: "/sdapi/v1/txt2img", body };
}

interface A1111Response {
  images?: unknown;
  info?: unknown;
}

function parseInfo(info: unknown): { seeds?: number[]; first: number } {
  if (typeof info !== "string") return { first: 0 };
  try {
    const parsed = JSON.parse(info) as { all_seeds?: unknown; index_of_first_image?: unknown };
    const seeds =
      Array.isArray(parsed.all_seeds) && parsed.all_seeds.every((s) => Number.isInteger(s))
        ? (parsed.all_seeds as number[])
        : undefined;
    const first = Number.isInteger(parsed.index_of_first_image) ? (parsed.index_of_first_image as number) : 0;
    return { seeds, first };
  } catch {
    return { first: 0 }; // info is a nicety: the images still count
  }
}

export function createA1111Engine(config: A1111Config): ImageEngine {
  const doFetch = config.fetch ?? fetch;
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const pollMs = config.pollIntervalMs ?? DEFAULT_POLL_MS;

  const capabilities: EngineCapabilities = { ...FULL_CAPABILITIES, edits: ["inpaint", "outpaint"] };

  function validate(request: GenerationRequest): ValidationIssue[] {
    return checkStableDiffusionRequest(request, capabilities);
  }

  /** /interrupt is global: skip it when /progress shows someone else's task running. */
  async function interrupt(taskId: string): Promise<void> {
    try {
      const r = await doFetch(endpoint(config, "/sdapi/v1/progress?skip_current_image=true"), {
        headers: headers(config, false),
        signal: AbortSignal.timeout(2000),
      });
      const p = (await r.json()) as { current_task?: unknown };
      if (typeof p.current_task === "string" && p.current_task !== taskId) return;
    } catch {
      // cannot tell whose job runs: interrupt anyway, ours is the likely one
    }
    return doFetch(endpoint(config, "/sdapi/v1/interrupt"), {
      method: "POST",
      headers: headers(config, false),
      signal: AbortSignal.timeout(SIDE_REQUEST_MS),
    }).then(
      (r) => void r.body?.cancel().catch(() => {}),
      () => {}, // best effort: the job is abandoned either way
    );
  }

  /** Polls /progress until stopped; never throws (progress is a nicety). */
  function startPolling(
    taskId: string,
    onProgress: (u: { percent: number | null; stage: string }) => void,
  ): () => void {
    let stopped = false;
    let timer: NodeJS.Timeout | undefined;
    const controller = new AbortController();
    const tick = async () => {
      try {
        const r = await doFetch(endpoint(config, "/sdapi/v1/progress?skip_current_image=true"), {
          headers: headers(config, false),
          signal: controller.signal,
        });
        if (r.ok && !stopped) {
          const p = (await r.json()) as {
            progress?: unknown;
            current_task?: unknown;
            state?: { sampling_step?: unknown; sampling_steps?: unknown };
          };
          // Progress is global to the server: someone else's job is not ours.
          const ours = typeof p.current_task !== "string" || p.current_task === taskId;
          const progress = typeof p.progress === "number" ? p.progress : 0;
          if (!stopped) {
            if (!ours || progress <= 0) onProgress({ percent: 0, stage: "Waiting for the GPU" });
            else onProgress({ percent: Math.min(99, Math.round(progress * 100)), stage: "Painting" });
          }
        } else {
          await r.body?.cancel().catch(() => {});
        }
      } catch {
        // ignore: the generation POST decides success or failure
      }
      if (!stopped) timer = setTimeout(tick, pollMs);
    };
    timer = setTimeout(tick, pollMs);
    return () => {
      stopped = true;
      clearTimeout(timer);
      controller.abort();
    };
  }

  async function generate(request: GenerationRequest, { onProgress, signal }: Parameters<ImageEngine["generate"]>[1]) {
    const canceled = canceledError;

    let canvas: EditCanvas | undefined;
    let placed: PlacedCanvas | undefined;
    if (request.edit) {
      canvas = await editCanvas(request);
      placed = await padCanvas(canvas, 8);
      if (signal.aborted) throw canceled();
    }
    const taskId = `task(atelier-${randomUUID()})`;
    const { path, body } = buildA1111Payload(config, request, taskId, placed);
    const controller = new AbortController();
    let reason: "timeout" | "canceled" | undefined;
    let interrupting: Promise<void> | undefined;
    const timer = setTimeout(() => {
      reason = "timeout";
      interrupting = interrupt(taskId); // free the GPU: nobody will take the result
      controller.abort();
    }, timeoutMs);
    const onAbort = () => {
      reason ??= "canceled";
      interrupting = interrupt(taskId);
      controller.abort();
    };
    signal.addEventListener("abort", onAbort, { once: true });
    onProgress({ percent: 0, stage: "Sending to the image server" });
    const stopPolling = startPolling(taskId, onProgress);

    let status: number;
    let text: string;
    try {
      const response = await doFetch(endpoint(config, path), {
        method: "POST",
        headers: headers(config, true),
        body: JSON.stringify(body),
        signal: controller.signal,
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      if (reason === "canceled") {
        await interrupting;
        throw canceled();
      }
      if (reason === "timeout") throw timeoutError("AUTOMATIC1111", path, timeoutMs, error);
      throw fetchFailure("AUTOMATIC1111", config.baseUrl, error);
    } finally {
      clearTimeout(timer);
      stopPolling();
      signal.removeEventListener("abort", onAbort);
    }

    if (status < 200 || status >= 300) throw httpError(status, text);
    const parsed = parseJsonBody<A1111Response>(text, path);
    if (!Array.isArray(parsed.images) || parsed.images.length === 0) {
      throw new EngineError("failed", "The image server sent no pictures back.", {
        detail: `${path}: no images in the response`,
      });
    }
    const { seeds, first } = parseInfo(parsed.info);
    // Skip a leading grid; drop ControlNet's detect maps appended after the batch.
    const wanted = parsed.images.slice(first, first + request.count);
    const images: GeneratedImage[] = [];
    for (const [i, b64] of wanted.entries()) {
      let image = await decodeEngineImage(b64, `images[${first + i}]`);
      if (canvas && placed) image = await finishEdit(image.bytes, canvas, placed.box);
      images.push({ ...image, seed: seeds?.[i] ?? (request.seed + i) >>> 0 });
    }
    onProgress({ percent: 100, stage: "Done" });
    return { images };
  }

  return remoteEngine(config, capabilities, validate, generate);
}
