/**
 * Stability AI's hosted REST API, v2beta Stable Image (shared/reference/image-backends.md §4, §5).
 * Text → generate/{core|ultra|sd3}, image → generate/ultra or generate/sd3 (image-to-image; core
 * takes no image), doodle → control/sketch, edits (issue 31) → edit/inpaint, edit/erase (an
 * inpaint without words) and edit/outpaint. One image per request: a batch is sequential
 * requests with seed + i, and progress is the share of images done. Cancel aborts the request
 * in flight (the work may still be billed) and sends no more.
 */
import sharp, { type Metadata } from "sharp";
import { type EditCanvas, editCanvas, finishEdit, type OutpaintCanvas } from "./edit-canvas";
import type { AspectRatio } from "../../../app/lib/generation";
import {
  EngineError,
  type EngineSettingField,
  type GeneratedImage,
  type GenerationRequest,
  type GenerationResult,
  type ImageEngine,
  type ValidationIssue,
  FULL_CAPABILITIES,
} from "./engine";
import {
  canceledError,
  checkCapabilities,
  credentialsRefusedError,
  deadline,
  decodeEngineImage,
  editPrompt,
  encodeMultipart,
  fetchFailure,
  joinUrl,
  notSetUpError,
  parseJsonBody,
  pictureFailedError,
  pictureTooLargeError,
  quietProgress,
  remoteEngine,
  retryAfterSeconds,
  settingsRefusedError,
  styledPrompt,
  timeoutError,
  UNREACHABLE_MESSAGE,
  unreadableError,
} from "./remote";

export const STABILITY_TEXT_MODELS = ["core", "ultra", "sd3"] as const;
export type StabilityTextModel = (typeof STABILITY_TEXT_MODELS)[number];
export const STABILITY_SD3_MODELS = [
  "sd3.5-large",
  "sd3.5-large-turbo",
  "sd3.5-medium",
  "sd3-large",
  "sd3-large-turbo",
  "sd3-medium",
] as const;
export type StabilitySd3Model = (typeof STABILITY_SD3_MODELS)[number];
export const STABILITY_OUTPUT_FORMATS = ["png", "jpeg", "webp"] as const;
export type StabilityOutputFormat = (typeof STABILITY_OUTPUT_FORMATS)[number];

export interface StabilityConfig {
  id: string;
  label: string;
  /** Default https://api.stability.ai */
  baseUrl?: string;
  /** Checked when generating: a missing key fails plainly without a request. */
  apiKey?: string;
  /** Each request (one image); a batch of four may take four times as long. */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Endpoint for text mode; image mode uses ultra for "ultra" and sd3 otherwise (core takes no image). */
  textModel?: StabilityTextModel;
  /** The `model` field of generate/sd3. */
  sd3Model?: StabilitySd3Model;
  /** sd3 has no webp: png is sent there instead. */
  outputFormat?: StabilityOutputFormat;
  /** Raw bytes (default) or base64 JSON; answers of either kind are read whatever was asked. */
  accept?: "image/*" | "application/json";
}

/** What the health check needs: the admin page may ask before an engine exists. */
export type StabilityConnection = Pick<StabilityConfig, "baseUrl" | "apiKey" | "timeoutMs" | "fetch">;

export const STABILITY_DEFAULT_BASE_URL = "https://api.stability.ai";
const DEFAULT_TIMEOUT_MS = 120_000;
const HEALTH_TIMEOUT_MS = 10_000;
/** Stability renders about one megapixel whatever we ask; 1024 is the honest long side to offer. */
const SIZES = [1024] as const;
/** seed is 0..4294967294 and 0 means "random". */
const SEED_LIMIT = 4_294_967_295;
/** Requests are capped at 10 MiB (413); leave room for the multipart framing and the text fields. */
const MAX_UPLOAD_BYTES = 9 * 1024 * 1024;

export const STABILITY_SETTING_FIELDS: readonly EngineSettingField[] = [
  {
    name: "textModel",
    label: "Text to art service",
    type: "select",
    options: STABILITY_TEXT_MODELS,
    defaultValue: "core",
    help: "core: 3 credits per image; ultra: 8; sd3: 3.5 to 6.5 by model. Image to art uses ultra when ultra is chosen, else sd3 (core takes no picture).",
  },
  {
    name: "sd3Model",
    label: "SD3 model",
    type: "select",
    options: STABILITY_SD3_MODELS,
    defaultValue: "sd3.5-large",
    help: "Used by the sd3 service. Large 6.5 credits, Large Turbo 4, Medium 3.5. Turbo models ignore the negative prompt.",
  },
  {
    name: "outputFormat",
    label: "Picture format",
    type: "select",
    options: STABILITY_OUTPUT_FORMATS,
    defaultValue: "png",
    help: "sd3 cannot make webp; it sends png then.",
  },
];

/** Credits per successful image (reference §4); Stability reports none in its answers. */
const SD3_CREDITS: Record<StabilitySd3Model, number> = {
  "sd3.5-large": 6.5,
  "sd3.5-large-turbo": 4,
  "sd3.5-medium": 3.5,
  "sd3-large": 6.5,
  "sd3-large-turbo": 4,
  "sd3-medium": 3.5,
};

/** Ours → Stability's (21:9 16:9 3:2 5:4 1:1 4:5 2:3 9:16 9:21): 4:3 and 3:4 have no twin, 5:4 and 4:5 are nearest. */
export const STABILITY_ASPECT_RATIOS: Record<AspectRatio, string> = {
  "1:1": "1:1",
  "4:3": "5:4",
  "3:4": "4:5",
  "16:9": "16:9",
  "9:16": "9:16",
};

/** Our styles that have a documented style_preset twin (core only); the prompt suffix is sent as well. */
const STYLE_PRESETS: Record<string, string> = {
  "pixel-art": "pixel-art",
  "low-poly": "low-poly",
  "ink-sketch": "line-art",
  "neon-synthwave": "neon-punk",
  anime: "anime",
  "comic-book": "comic-book",
  claymation: "modeling-compound",
};

/** Stability's limits on the picture each endpoint takes (reference §4). */
export interface SourceLimits {
  minSide: number;
  maxSide: number;
  maxPixels: number;
  /** Long side / short side. */
  maxAspect: number;
}
const SKETCH_LIMITS: SourceLimits = { minSide: 64, maxSide: Infinity, maxPixels: 9_437_184, maxAspect: 2.5 };
const ULTRA_LIMITS: SourceLimits = { minSide: 64, maxSide: 16_384, maxPixels: Infinity, maxAspect: Infinity };
/** sd3 documents only "every side ≥ 64"; keep it near its 1 MP output and well under 10 MiB. */
const SD3_LIMITS: SourceLimits = { minSide: 64, maxSide: 4096, maxPixels: 9_437_184, maxAspect: Infinity };

export interface StabilitySource {
  bytes: Buffer;
  mime: "image/png" | "image/jpeg" | "image/webp";
  filename: string;
  width: number;
  height: number;
}

export interface StabilityPayload {
  path: string;
  /** Text fields exactly as sent (multipart values are strings). */
  fields: Record<string, string>;
  /** The `image` file part, when the endpoint takes one. */
  image?: StabilitySource;
  /** The `mask` file part (inpaint and erase). */
  mask?: StabilitySource;
  /** Credits a successful answer costs, for usage. */
  credits: number;
}

function resolved(config: StabilityConfig) {
  const textModel: StabilityTextModel = STABILITY_TEXT_MODELS.includes(config.textModel as StabilityTextModel)
    ? config.textModel!
    : "core";
  const sd3Model: StabilitySd3Model = STABILITY_SD3_MODELS.includes(config.sd3Model as StabilitySd3Model)
    ? config.sd3Model!
    : "sd3.5-large";
  const outputFormat: StabilityOutputFormat = STABILITY_OUTPUT_FORMATS.includes(
    config.outputFormat as StabilityOutputFormat,
  )
    ? config.outputFormat!
    : "png";
  return { textModel, sd3Model, outputFormat, turbo: sd3Model.endsWith("-turbo") };
}

/** Which endpoint a mode goes to with this configuration. */
export function stabilityEndpoint(
  config: StabilityConfig,
  mode: GenerationRequest["mode"],
): "core" | "ultra" | "sd3" | "sketch" {
  const { textModel } = resolved(config);
  if (mode === "doodle") return "sketch";
  if (mode === "image") return textModel === "ultra" ? "ultra" : "sd3";
  return textModel;
}

/** Seed of image `index`: seed + i, kept inside Stability's 0..4294967294. */
export function stabilitySeed(seed: number, index: number): number {
  return (((seed + index) % SEED_LIMIT) + SEED_LIMIT) % SEED_LIMIT;
}

/** Strength 0 keeps the drawing, 1 is full style: the sketch's hold on the picture loosens as strength rises. */
export function sketchControlStrength(strength: number): number {
  const clamped = Math.min(1, Math.max(0, strength));
  return Math.round((1 - 0.6 * clamped) * 100) / 100;
}

const round = (n: number) => String(Math.round(n * 1000) / 1000);

/** The multipart fields of image `index`; exported for tests and the admin preview. */
export function buildStabilityPayload(
  config: StabilityConfig,
  request: GenerationRequest,
  index: number,
  source?: StabilitySource,
): StabilityPayload {
  const { sd3Model, outputFormat, turbo } = resolved(config);
  const endpoint = stabilityEndpoint(config, request.mode);
  const fields: Record<string, string> = { prompt: styledPrompt(request) };
  const negative = request.negativePrompt.trim();
  const seed = String(stabilitySeed(request.seed, index));
  const aspect = STABILITY_ASPECT_RATIOS[request.aspectRatio] ?? "1:1";

  if (endpoint === "sketch") {
    fields.control_strength = String(sketchControlStrength(request.strength));
    if (negative) fields.negative_prompt = negative;
    fields.seed = seed;
    fields.output_format = outputFormat;
    return { path: "/v2beta/stable-image/control/sketch", fields, image: source, credits: 3 };
  }
  if (endpoint === "sd3") {
    if (request.mode === "image") {
      fields.mode = "image-to-image";
      fields.strength = round(request.strength);
    } else {
      fields.mode = "text-to-image";
      fields.aspect_ratio = aspect; // only valid for text-to-image
    }
    fields.model = sd3Model;
    // Turbo models take no negative prompt (reference: MEMORY).
    if (negative && !turbo) fields.negative_prompt = negative;
    fields.seed = seed;
    fields.output_format = outputFormat === "webp" ? "png" : outputFormat;
    return {
      path: "/v2beta/stable-image/generate/sd3",
      fields,
      image: request.mode === "image" ? source : undefined,
      credits: SD3_CREDITS[sd3Model],
    };
  }
  if (endpoint === "ultra") {
    // With a starting picture the picture frames the result; aspect_ratio is for text only.
    if (request.mode === "image") fields.strength = round(request.strength);
    else fields.aspect_ratio = aspect;
    if (negative) fields.negative_prompt = negative;
    fields.seed = seed;
    fields.output_format = outputFormat;
    return {
      path: "/v2beta/stable-image/generate/ultra",
      fields,
      image: request.mode === "image" ? source : undefined,
      credits: 8,
    };
  }
  fields.aspect_ratio = aspect;
  if (negative) fields.negative_prompt = negative;
  fields.seed = seed;
  const preset = STYLE_PRESETS[request.style];
  if (preset) fields.style_preset = preset; // documented on core only
  fields.output_format = outputFormat;
  return { path: "/v2beta/stable-image/generate/core", fields, credits: 3 };
}

// ---------------------------------------------------------------------------------------------
// Edits (issue 31). What the edit endpoints take is not in shared/reference/image-backends.md; read from:
//  - Stability's OpenAPI spec as openapi-typescript output: tadasant/mcp-server-stability-ai,
//    src/stabilityAi/types.ts (snapshot d2f0a57a, 2025-06-24), paths /v2beta/stable-image/edit/{inpaint,
//    erase,outpaint}: fields, required ones, defaults, credits, responses (same as generate/*: image bytes
//    with finish-reason/seed headers, or JSON; errors {id, name, errors}; 400/403/413/422/429/500);
//  - ranges the generator drops, from copies of platform.stability.ai's reference (apifox mirror of
//    edit/outpaint; docs.comfy.org "stability/edit-outpaint") and public clients: left/right/up/down
//    integers 0..2000, creativity 0..1 (default 0.5; the spec's shared Creativity schema says 0.35),
//    grow_mask 0..100 (default 5; one client documents 0..20, we send 5).
// edit/inpaint (3 credits): image (file, required; jpeg/png/webp, every side ≥ 64 px, 4,096..9,437,184 px),
//   prompt (required, ≤ 10,000 chars), negative_prompt, mask (file: black = keep, white = full strength,
//   greys in between; "automatically resized" when its size differs; without it the image's alpha is the
//   mask), grow_mask, seed (0 = random, ≤ 4,294,967,294), output_format (png|jpeg|webp). The spec says
//   the output "will be 4 megapixels": the answer is scaled back to the result's size.
// edit/erase (3 credits): image, mask, grow_mask, seed, output_format; no prompt. Used for an inpaint
//   with no words (the product's "remove what was masked").
// edit/outpaint (4 credits): image (file, required; as inpaint, and aspect 1:2.5..2.5:1), left, right, up,
//   down (pixels; at least one > 0), creativity, prompt (optional), seed, output_format.
// None of them takes style_preset or aspect_ratio in that spec.

const OUTPAINT_CREDITS = 4;
const INPAINT_CREDITS = 3;
/** edit/outpaint's own default; inside every range the copies of the reference give. */
const OUTPAINT_CREATIVITY = "0.5";
/** Pixels the mask grows (and blurs) by: the spec's default, sent so it shows in the logs. */
const GROW_MASK = "5";
const EDIT_LIMITS: SourceLimits = { minSide: 64, maxSide: Infinity, maxPixels: 9_437_184, maxAspect: Infinity };
const OUTPAINT_LIMITS: SourceLimits = { ...EDIT_LIMITS, maxAspect: 2.5 };

/** What an edit sends besides its text fields. */
export interface StabilityEditParts {
  image: StabilitySource;
  /** Inpaint and erase. */
  mask?: StabilitySource;
  /** Outpaint: the margins in pixels around `image`. */
  margins?: { left: number; right: number; up: number; down: number };
}

/** The endpoint an edit goes to: an inpaint without words erases. */
export function stabilityEditEndpoint(request: GenerationRequest): "inpaint" | "erase" | "outpaint" {
  if (request.edit?.kind === "outpaint") return "outpaint";
  return editPrompt(request) === "" ? "erase" : "inpaint";
}

/** The multipart fields of an edit's image `index`; exported for tests. */
export function buildStabilityEditPayload(
  config: StabilityConfig,
  request: GenerationRequest,
  index: number,
  parts: StabilityEditParts,
): StabilityPayload {
  const { outputFormat } = resolved(config);
  const prompt = editPrompt(request);
  const seed = String(stabilitySeed(request.seed, index));
  const endpoint = stabilityEditEndpoint(request);
  if (endpoint === "outpaint") {
    const margins = parts.margins;
    if (!margins) throw new Error("an outpaint needs its margins");
    const fields: Record<string, string> = {
      left: String(margins.left),
      right: String(margins.right),
      up: String(margins.up),
      down: String(margins.down),
      creativity: OUTPAINT_CREATIVITY,
    };
    if (prompt) fields.prompt = prompt;
    fields.seed = seed;
    fields.output_format = outputFormat;
    return { path: "/v2beta/stable-image/edit/outpaint", fields, image: parts.image, credits: OUTPAINT_CREDITS };
  }
  if (!parts.mask) throw new Error("an inpaint needs its mask");
  const fields: Record<string, string> = {};
  if (endpoint === "inpaint") {
    fields.prompt = prompt;
    const negative = request.negativePrompt.trim();
    if (negative) fields.negative_prompt = negative;
  }
  fields.grow_mask = GROW_MASK;
  fields.seed = seed;
  fields.output_format = outputFormat;
  return {
    path: `/v2beta/stable-image/edit/${endpoint}`,
    fields,
    image: parts.image,
    mask: parts.mask,
    credits: INPAINT_CREDITS,
  };
}

/** The picture (and mask, or margins) an edit sends, from its canvas. */
async function editParts(canvas: EditCanvas | OutpaintCanvas): Promise<StabilityEditParts> {
  if ("layout" in canvas) {
    // Stability widens the picture itself: it gets the picture at its size on the canvas and the margins.
    const { layout } = canvas;
    return {
      image: await prepareStabilitySource(canvas.inner, OUTPAINT_LIMITS),
      margins: { left: layout.left, right: layout.right, up: layout.top, down: layout.bottom },
    };
  }
  return {
    image: await prepareStabilitySource(canvas.picture, EDIT_LIMITS),
    mask: { bytes: canvas.mask, mime: "image/png", filename: "mask.png", width: canvas.width, height: canvas.height },
  };
}

function formData(payload: StabilityPayload): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(payload.fields)) form.append(name, value);
  for (const [name, part] of [
    ["image", payload.image],
    ["mask", payload.mask],
  ] as const) {
    if (part) form.append(name, new Blob([new Uint8Array(part.bytes)], { type: part.mime }), part.filename);
  }
  return form;
}

/**
 * Fits the user's picture to what the endpoint accepts: converts other formats, scales down
 * what is too large, and refuses what cannot be fixed without changing the picture.
 * Doodles are scaled to the requested size, since sketch output has the drawing's size.
 */
export async function prepareStabilitySource(
  bytes: Buffer,
  limits: SourceLimits,
  target?: { width: number; height: number },
): Promise<StabilitySource> {
  const invalid = (userMessage: string, detail: string) =>
    new EngineError("invalid_request", userMessage, { detail: `Stability AI: ${detail}` });
  let meta: Metadata;
  try {
    meta = await sharp(bytes).metadata();
  } catch (error) {
    throw new EngineError("invalid_request", "We could not read the picture to send.", {
      cause: error,
      detail: `Stability AI: source image does not decode`,
    });
  }
  if (!meta.width || !meta.height) throw invalid("We could not read the picture to send.", "source image has no size");
  let image = sharp(bytes).rotate(); // bake EXIF orientation in: the API sees pixels only
  let width = meta.width;
  let height = meta.height;
  let changed = meta.orientation !== undefined && meta.orientation !== 1;
  if (changed && meta.orientation! >= 5) [width, height] = [height, width];
  if (target) {
    image = image.resize(target.width, target.height, { fit: "cover" });
    ({ width, height } = target);
    changed = true;
  }
  const aspect = Math.max(width, height) / Math.min(width, height);
  if (aspect > limits.maxAspect) {
    throw invalid(
      "This picture is too long and thin for the image server.",
      `source aspect ${aspect.toFixed(2)} is beyond 1:${limits.maxAspect}`,
    );
  }
  const scale = Math.min(1, limits.maxSide / Math.max(width, height), Math.sqrt(limits.maxPixels / (width * height)));
  if (scale < 1) {
    width = Math.max(1, Math.floor(width * scale));
    height = Math.max(1, Math.floor(height * scale));
    image = image.resize(width, height, { fit: "fill" });
    changed = true;
  }
  if (Math.min(width, height) < limits.minSide) {
    throw invalid(
      "This picture is too small for the image server.",
      `source is ${width}x${height}; every side must be at least ${limits.minSide} px`,
    );
  }
  const format = meta.format === "jpeg" || meta.format === "png" || meta.format === "webp" ? meta.format : null;
  if (!changed && format && bytes.byteLength <= MAX_UPLOAD_BYTES) return source(bytes, format, width, height);
  // Re-encode: PNG keeps lines and flat colours exact; a large photo goes to JPEG to stay under 10 MiB.
  let out = await image.png().toBuffer();
  let outFormat: "png" | "jpeg" = "png";
  if (out.byteLength > MAX_UPLOAD_BYTES) {
    out = await image.jpeg({ quality: 90 }).toBuffer();
    outFormat = "jpeg";
  }
  if (out.byteLength > MAX_UPLOAD_BYTES)
    throw invalid("This picture is too large for the image server.", `source is ${out.byteLength} bytes even as JPEG`);
  return source(out, outFormat, width, height);
}

function source(bytes: Buffer, format: "png" | "jpeg" | "webp", width: number, height: number): StabilitySource {
  const ext = format === "jpeg" ? "jpg" : format;
  return { bytes, mime: `image/${format}`, filename: `image.${ext}`, width, height };
}

interface StabilityErrorBody {
  id?: unknown;
  name?: unknown;
  errors?: unknown;
  message?: unknown;
}

/** `{id, name, errors[]}` (v2beta) or `{id, name, message}` (v1); anything else as raw text. */
function readErrorBody(text: string): { name?: string; words: string } {
  try {
    const body = JSON.parse(text) as StabilityErrorBody;
    if (body && typeof body === "object") {
      const name = typeof body.name === "string" ? body.name : undefined;
      const errors = Array.isArray(body.errors)
        ? body.errors.map(String).join("; ")
        : typeof body.message === "string"
          ? body.message
          : "";
      const id = typeof body.id === "string" ? ` (id ${body.id})` : "";
      if (name || errors) return { name, words: `${[name, errors].filter(Boolean).join(": ")}${id}` };
    }
  } catch {
    // not JSON: fall through to the raw text
  }
  return { words: text.slice(0, 500) };
}

function httpError(status: number, text: string, headers: Headers, what: string): EngineError {
  const { name, words } = readErrorBody(text);
  const requestId = headers.get("x-request-id");
  const detail = `Stability AI answered ${status} to ${what}: ${words}${requestId ? ` [x-request-id ${requestId}]` : ""}`;
  if (name === "content_moderation") {
    return new EngineError(
      "moderated",
      "The image server's safety filter refused this request. Try a different prompt or picture.",
      { detail },
    );
  }
  if (status === 401 || status === 403) return credentialsRefusedError(detail);
  if (status === 402) {
    return new EngineError(
      "failed",
      "The image service cannot take new work right now. An admin needs to check its account.",
      {
        retryable: false,
        detail: `${detail} — the Stability AI account is out of credits; top it up at platform.stability.ai`,
      },
    );
  }
  if (status === 413) return pictureTooLargeError(detail);
  // 422: well-formed but rejected (e.g. unsupported language, picture too large in pixels).
  if (status === 400 || status === 422) return settingsRefusedError(detail);
  if (status === 429) {
    return new EngineError("unavailable", "The image server is busy right now. Try again in a moment.", {
      detail,
      retryable: true,
      retryAfterSeconds: retryAfterSeconds(headers.get("retry-after")),
    });
  }
  if (status >= 500) return new EngineError("unavailable", UNREACHABLE_MESSAGE, { detail, retryable: true });
  if (status === 404) return notSetUpError(`${detail} (is the base URL right?)`);
  return pictureFailedError(detail);
}

interface Answer {
  finishReason: string | undefined;
  seed: number | undefined;
  /** Raw bytes or base64, still to be decoded. */
  image: Buffer | string | undefined;
}

/** Reads a 2xx: raw bytes with finish-reason/seed headers, or JSON {image, finish_reason, seed}. */
function readAnswer(bytes: Buffer, headers: Headers, what: string): Answer {
  const type = (headers.get("content-type") ?? "").toLowerCase();
  if (type.startsWith("application/json")) {
    const body = parseJsonBody<{ image?: unknown; finish_reason?: unknown; seed?: unknown }>(
      bytes.toString("utf8"),
      what,
    );
    if (!body || typeof body !== "object") throw unreadableError(`${what}: JSON answer is not an object`);
    return {
      finishReason: typeof body.finish_reason === "string" ? body.finish_reason : undefined,
      seed: Number.isInteger(body.seed) ? (body.seed as number) : undefined,
      image: typeof body.image === "string" ? body.image : undefined,
    };
  }
  if (type.startsWith("image/")) {
    const seedHeader = headers.get("seed");
    return {
      finishReason: headers.get("finish-reason") ?? undefined,
      seed: seedHeader && /^\d+$/.test(seedHeader.trim()) ? Number(seedHeader.trim()) : undefined,
      image: bytes,
    };
  }
  throw unreadableError(`${what}: unexpected content-type "${type}" (${bytes.byteLength} bytes)`);
}

function authHeaders(apiKey: string, accept: string): Record<string, string> {
  return { authorization: `Bearer ${apiKey}`, accept };
}

/** GET /v1/user/balance: authenticated, free, and says whether the account can pay. */
export async function checkStabilityHealth(connection: StabilityConnection): Promise<string> {
  const baseUrl = connection.baseUrl || STABILITY_DEFAULT_BASE_URL;
  const doFetch = connection.fetch ?? fetch;
  const timeoutMs = Math.min(connection.timeoutMs ?? HEALTH_TIMEOUT_MS, HEALTH_TIMEOUT_MS);
  if (!connection.apiKey)
    throw new EngineError("failed", "The image server has no API key. An admin needs to add one.", {
      detail: "Stability AI: apiKey is empty",
    });
  let response: Response;
  let text: string;
  try {
    response = await doFetch(joinUrl(baseUrl, "/v1/user/balance"), {
      headers: authHeaders(connection.apiKey, "application/json"),
      signal: AbortSignal.timeout(timeoutMs),
    });
    text = await response.text();
  } catch (error) {
    if ((error as Error)?.name === "TimeoutError")
      throw timeoutError("Stability AI", "GET /v1/user/balance", timeoutMs, error);
    throw fetchFailure("Stability AI", baseUrl, error);
  }
  if (!response.ok) throw httpError(response.status, text, response.headers, "GET /v1/user/balance");
  const body = parseJsonBody<{ credits?: unknown }>(text, "GET /v1/user/balance");
  if (typeof body?.credits !== "number") throw unreadableError("GET /v1/user/balance: no credits in the answer");
  return `${Math.round(body.credits * 100) / 100} credits left`;
}

export function createStabilityEngine(config: StabilityConfig): ImageEngine {
  const doFetch = config.fetch ?? fetch;
  const baseUrl = config.baseUrl || STABILITY_DEFAULT_BASE_URL;
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const accept = config.accept ?? "image/*";
  const { textModel, turbo } = resolved(config);

  const capabilities = {
    ...FULL_CAPABILITIES,
    edits: ["inpaint", "outpaint"] as const,
    sizes: SIZES,
    negativePrompt: !(textModel === "sd3" && turbo),
  };

  function validate(request: GenerationRequest): ValidationIssue[] {
    const issues = checkCapabilities(request, capabilities);
    // Every generate/control endpoint requires a prompt, doodles and pictures included (edits: see stabilityEditEndpoint).
    if (!request.edit && styledPrompt(request) === "")
      issues.push({ field: "prompt", message: "Describe what you want to see" });
    return issues;
  }

  async function generate(
    request: GenerationRequest,
    { onProgress, signal }: Parameters<ImageEngine["generate"]>[1],
  ): Promise<GenerationResult> {
    const apiKey = config.apiKey;
    if (!apiKey) {
      throw notSetUpError("Stability AI: apiKey is empty");
    }
    const progress = quietProgress(onProgress);

    const endpoint = request.edit ? stabilityEditEndpoint(request) : stabilityEndpoint(config, request.mode);
    let prepared: StabilitySource | undefined;
    let canvas: EditCanvas | undefined;
    let parts: StabilityEditParts | undefined;
    if (request.edit) {
      canvas = await editCanvas(request);
      parts = await editParts(canvas);
    } else if (endpoint === "sketch") {
      prepared = await prepareStabilitySource(request.sourceImage!, SKETCH_LIMITS, {
        width: request.width,
        height: request.height,
      });
    } else if (request.mode === "image") {
      prepared = await prepareStabilitySource(request.sourceImage!, endpoint === "ultra" ? ULTRA_LIMITS : SD3_LIMITS);
    }
    if (signal.aborted) throw canceledError();

    const images: GeneratedImage[] = [];
    const requestIds: string[] = [];
    let credits = 0;
    let path = "";
    const usage = () => ({
      service: endpoint,
      path,
      requests: requestIds.length,
      estimatedCredits: credits,
      requestIds: requestIds.filter(Boolean),
    });
    const spent = () =>
      images.length > 0 ? ` (after ${images.length} of ${request.count} images, ~${credits} credits)` : "";

    for (let index = 0; index < request.count; index++) {
      if (signal.aborted) throw canceledError();
      const count = request.count;
      progress({
        percent: Math.round((index / count) * 100),
        stage: count > 1 ? `Painting picture ${index + 1} of ${count}` : "Painting",
      });
      const payload = parts
        ? buildStabilityEditPayload(config, request, index, parts)
        : buildStabilityPayload(config, request, index, prepared);
      path = payload.path;
      const what = `POST ${payload.path}`;
      const clock = deadline("Stability AI", signal, timeoutMs);
      let status: number;
      let headers: Headers;
      let bytes: Buffer;
      try {
        const multipart = await encodeMultipart(formData(payload));
        const response = await doFetch(joinUrl(baseUrl, payload.path), {
          method: "POST",
          headers: { ...authHeaders(apiKey, accept), "content-type": multipart.contentType },
          body: multipart.body,
          signal: clock.signal,
        });
        status = response.status;
        headers = response.headers;
        bytes = Buffer.from(await response.arrayBuffer());
      } catch (error) {
        // Sent and possibly billed: a timeout is not retried (ADR 0024).
        throw clock.stoppedError(`${what}${spent()}`, error, false) ?? fetchFailure("Stability AI", baseUrl, error);
      } finally {
        clock.dispose();
      }
      requestIds.push(headers.get("x-request-id") ?? "");

      if (status < 200 || status >= 300) {
        const error = httpError(status, bytes.toString("utf8"), headers, what);
        if (images.length === 0) throw error;
        // Part of the batch is made and paid for: making it all again would pay twice.
        throw new EngineError(error.kind, error.userMessage, {
          detail: `${error.message}${spent()}`,
          retryable: false,
          retryAfterSeconds: error.retryAfterSeconds,
        });
      }
      credits += payload.credits; // a 200 is billed, filtered or unreadable
      const answer = readAnswer(bytes, headers, what);
      if (answer.finishReason === "CONTENT_FILTERED") {
        // The picture came back blurred: nothing usable, so stop paying for more and refund the user.
        return {
          images: [],
          moderation: {
            status: "blocked",
            message: "its safety filter blurred the picture, so we did not keep it. Try a different prompt.",
          },
          usage: usage(),
        };
      }
      if (answer.finishReason !== undefined && answer.finishReason !== "SUCCESS") {
        throw pictureFailedError(`${what}: finish reason ${answer.finishReason}${spent()}`);
      }
      let image = await decodeEngineImage(answer.image, `${what} image ${index + 1}`);
      // Inpaint answers at about 4 megapixels: scaled to the result, and the kept part pasted back.
      if (canvas) image = await finishEdit(image.bytes, canvas);
      // Seed 0 asks for a random one: only the answer knows it then.
      const sent = Number(payload.fields.seed);
      images.push({ ...image, seed: answer.seed ?? (sent !== 0 ? sent : undefined) });
    }
    progress({ percent: 100, stage: "Done" });
    return { images, usage: usage() };
  }

  return remoteEngine(config, capabilities, validate, generate);
}
