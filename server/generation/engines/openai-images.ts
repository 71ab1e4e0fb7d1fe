/**
 * OpenAI Images (gpt-image-1 family) through its REST API (shared/reference/image-backends.md §3, §5).
 * Text → POST /v1/images/generations (JSON); image and doodle → POST /v1/images/edits (multipart,
 * the source as `image[]`). Edits (issue 31) → /v1/images/edits with a `mask` whose transparent
 * pixels mark the area to change; an outpaint is an inpaint of a padded canvas (edit-canvas.ts),
 * and the canvas is letterboxed into the size the API renders and cut back from its answer.
 * No seeds and no progress; cancel aborts the HTTP request (OpenAI may still bill the work it
 * started).
 */
import sharp from "sharp";
import { DOODLE_BRUSHES } from "@atelier/studio/brushes";
import { GENERATION_MODES, MAX_IMAGES, type AspectRatio } from "../../../app/lib/generation";
import { STYLE_IDS } from "@atelier/studio/styles";
import {
  type CanvasBox,
  type EditCanvas,
  editCanvas,
  finishEdit,
  letterboxCanvas,
  openAIMask,
  type Size,
} from "./edit-canvas";
import {
  EngineError,
  type EngineCapabilities,
  type EngineSettingField,
  type GenerateOptions,
  type GeneratedImage,
  type GenerationRequest,
  type GenerationResult,
  type ImageEngine,
  type ValidationIssue,
} from "./engine";
import {
  checkCapabilities,
  deadline,
  decodeEngineImage,
  editPrompt,
  encodeMultipart,
  fetchFailure,
  joinUrl,
  parseJsonBody,
  quietProgress,
  remoteEngine,
  retryAfterSeconds,
  styledPrompt,
  UNREACHABLE_MESSAGE,
  unreadableError,
} from "./remote";

export const OPENAI_IMAGE_MODELS = ["gpt-image-1", "gpt-image-1-mini"] as const;
export type OpenAIImageModel = (typeof OPENAI_IMAGE_MODELS)[number];
export const OPENAI_IMAGE_QUALITIES = ["auto", "low", "medium", "high"] as const;
export type OpenAIImageQuality = (typeof OPENAI_IMAGE_QUALITIES)[number];
export const OPENAI_IMAGE_MODERATIONS = ["auto", "low"] as const;
export type OpenAIImageModeration = (typeof OPENAI_IMAGE_MODERATIONS)[number];

export interface OpenAIImagesConfig {
  id: string;
  label: string;
  /** Default https://api.openai.com; a trailing /v1 is accepted too. */
  baseUrl?: string;
  apiKey: string;
  /** Sent as OpenAI-Organization when the key belongs to several organizations. */
  organization?: string;
  /** Whole request, upload and answer included. */
  timeoutMs?: number;
  fetch?: typeof fetch;
  model?: OpenAIImageModel;
  quality?: OpenAIImageQuality;
  /** Content filtering strictness (generations only; the spec has no such field for edits). */
  moderation?: OpenAIImageModeration;
}

/** What the health check needs: the admin page may ask before an engine exists. */
export type OpenAIImagesConnection = Pick<
  OpenAIImagesConfig,
  "baseUrl" | "apiKey" | "organization" | "timeoutMs" | "fetch" | "model"
>;

export const OPENAI_IMAGES_SETTING_FIELDS: readonly EngineSettingField[] = [
  {
    name: "model",
    label: "Model",
    type: "select",
    options: OPENAI_IMAGE_MODELS,
    defaultValue: "gpt-image-1",
    help: "gpt-image-1-mini is cheaper and faster, and keeps less of an uploaded picture.",
  },
  {
    name: "quality",
    label: "Quality",
    type: "select",
    options: OPENAI_IMAGE_QUALITIES,
    defaultValue: "auto",
    help: "Higher quality costs more tokens and takes longer (a minute or more for high).",
  },
  {
    name: "moderation",
    label: "Moderation",
    type: "select",
    options: OPENAI_IMAGE_MODERATIONS,
    defaultValue: "auto",
    help: "low filters less strictly. Applies to text to art only.",
  },
];

export const OPENAI_BASE_URL = "https://api.openai.com";
const BACKEND = "OpenAI Images";
/** High quality takes over a minute; the reference advises at least 2–5 minutes. */
const DEFAULT_TIMEOUT_MS = 300_000;
const SIDE_REQUEST_MS = 15_000;
/** The API's own limit on n. */
const API_MAX_N = 10;

/**
 * gpt-image-1 renders three sizes only, so each of our ratios goes to the nearest one: the
 * wide ratios come back 3:2 (1536×1024) and tall ones 2:3. Images report their real size.
 */
export const OPENAI_SIZE_FOR_RATIO: Readonly<Record<AspectRatio, "1024x1024" | "1536x1024" | "1024x1536">> = {
  "1:1": "1024x1024",
  "4:3": "1536x1024",
  "16:9": "1536x1024",
  "3:4": "1024x1536",
  "9:16": "1024x1536",
};
type OpenAISize = (typeof OPENAI_SIZE_FOR_RATIO)[AspectRatio];

/**
 * The size an edit's canvas is rendered at: the one nearest its shape (the boundaries are the
 * geometric means of the three ratios). The canvas is letterboxed into it and cut back after.
 */
export function openAIEditSize(width: number, height: number): OpenAISize {
  const ratio = width / height;
  const boundary = Math.sqrt(1.5);
  if (ratio > boundary) return "1536x1024";
  if (ratio < 1 / boundary) return "1024x1536";
  return "1024x1024";
}

function sizeOf(size: OpenAISize): Size {
  const [width, height] = size.split("x").map(Number) as [number, number];
  return { width, height };
}

/** The long side our form offers: requests are for 1024, the API renders 1024 or 1536. */
const SIZES = [1024] as const;
const SUPPORTED_RATIOS = Object.keys(OPENAI_SIZE_FOR_RATIO) as AspectRatio[];

function apiUrl(baseUrl: string | undefined, path: string): string {
  // Admins often paste the SDK's base URL, which already ends in /v1.
  const base = (baseUrl ?? OPENAI_BASE_URL).replace(/\/+$/, "").replace(/\/v1$/, "");
  return joinUrl(base, path);
}

function headers(config: OpenAIImagesConnection): Record<string, string> {
  const h: Record<string, string> = { accept: "application/json", authorization: `Bearer ${config.apiKey}` };
  if (config.organization) h["openai-organization"] = config.organization;
  return h;
}

interface OpenAIErrorBody {
  message?: unknown;
  type?: unknown;
  param?: unknown;
  code?: unknown;
  moderation_details?: { moderation_stage?: unknown; categories?: unknown };
}

function readErrorBody(text: string): { error: OpenAIErrorBody; described: string } {
  let error: OpenAIErrorBody = {};
  try {
    const body = JSON.parse(text) as { error?: unknown; moderation_details?: OpenAIErrorBody["moderation_details"] };
    if (body && typeof body.error === "object" && body.error !== null) {
      error = { moderation_details: body.moderation_details, ...(body.error as OpenAIErrorBody) };
    }
  } catch {
    // a proxy's HTML page or a cut-off body: the raw text is all there is
  }
  if (error.message === undefined && error.code === undefined) return { error, described: text.slice(0, 500) };
  const parts = [
    [error.type, error.code].filter((p) => typeof p === "string" && p !== "").join("/"),
    typeof error.message === "string" ? error.message : "",
    typeof error.param === "string" ? `(param ${error.param})` : "",
  ];
  const categories = error.moderation_details?.categories;
  if (Array.isArray(categories))
    parts.push(`[${String(error.moderation_details?.moderation_stage ?? "?")}: ${categories.join(", ")}]`);
  return { error, described: parts.filter(Boolean).join(" ") };
}

const CREDENTIALS_MESSAGE = "The image service refused our credentials. An admin needs to check its settings.";

/** Maps an error answer to an EngineError: plain words for the user, OpenAI's words (and request id) for admins. */
function httpError(status: number, text: string, responseHeaders: Headers): EngineError {
  const { error, described } = readErrorBody(text);
  const requestId = responseHeaders.get("x-request-id");
  const detail = `${BACKEND} answered ${status}: ${described}${requestId ? ` [request ${requestId}]` : ""}`;
  const code = typeof error.code === "string" ? error.code : undefined;
  const type = typeof error.type === "string" ? error.type : undefined;
  // The SDK lets x-should-retry overrule its own status rules; so do we, for the statuses we would retry.
  const shouldRetry = responseHeaders.get("x-should-retry");
  const retryable = shouldRetry !== "false";
  const wait = retryAfterMs(responseHeaders);

  if (code === "moderation_blocked" || code === "content_policy_violation") {
    const output = error.moderation_details?.moderation_stage === "output";
    return new EngineError(
      "moderated",
      output
        ? "The image service's safety check blocked the picture it made. Try describing it differently."
        : "The image service's safety check turned down this request. Try different words or another picture.",
      { detail, retryable: false },
    );
  }
  if (status === 401 || status === 403) {
    // 403: the organization is not verified for this model, or the region is not supported.
    return new EngineError("failed", CREDENTIALS_MESSAGE, { detail });
  }
  if (status === 429 && (code === "insufficient_quota" || type === "insufficient_quota")) {
    // Out of credit: waiting will not help until someone pays.
    return new EngineError("unavailable", "The image service has used up its credit. An admin needs to top it up.", {
      detail,
      retryable: false,
    });
  }
  if (status === 429) {
    return new EngineError("unavailable", "The image service is busy right now. Try again in a moment.", {
      detail,
      retryable,
      retryAfterSeconds: wait,
    });
  }
  if (status === 408 || status === 409 || status >= 500) {
    return new EngineError("unavailable", UNREACHABLE_MESSAGE, { detail, retryable, retryAfterSeconds: wait });
  }
  if (status === 404) {
    // Unknown model or a wrong base URL: configuration, not the user's request.
    return new EngineError(
      "failed",
      "The image service is not set up correctly. An admin needs to check its settings.",
      { detail },
    );
  }
  if (status === 400 || status === 413 || status === 422) {
    return new EngineError("invalid_request", "The image service could not accept these settings.", { detail });
  }
  return new EngineError("failed", "The image service could not make this picture.", { detail });
}

/** retry-after-ms first (as the SDK does), then retry-after. */
function retryAfterMs(responseHeaders: Headers): number | undefined {
  const ms = Number(responseHeaders.get("retry-after-ms"));
  if (responseHeaders.has("retry-after-ms") && Number.isFinite(ms) && ms >= 0) return Math.ceil(ms / 1000);
  return retryAfterSeconds(responseHeaders.get("retry-after"));
}

/** One cheap authenticated request (GET /v1/models/{model}) for the admin page. */
export async function checkOpenAIImagesHealth(connection: OpenAIImagesConnection): Promise<string> {
  const doFetch = connection.fetch ?? fetch;
  const model = connection.model ?? "gpt-image-1";
  const path = `/v1/models/${encodeURIComponent(model)}`;
  let response: Response;
  let text: string;
  try {
    response = await doFetch(apiUrl(connection.baseUrl, path), {
      headers: headers(connection),
      signal: AbortSignal.timeout(connection.timeoutMs ?? SIDE_REQUEST_MS),
    });
    text = await response.text();
  } catch (error) {
    if ((error as Error)?.name === "TimeoutError") {
      throw new EngineError("timeout", "The image service took too long to answer.", {
        cause: error,
        detail: `GET ${path} timed out`,
      });
    }
    throw fetchFailure(BACKEND, connection.baseUrl ?? OPENAI_BASE_URL, error);
  }
  if (!response.ok) throw httpError(response.status, text, response.headers);
  const body = parseJsonBody<{ id?: unknown; owned_by?: unknown }>(text, `GET ${path}`);
  const id = typeof body.id === "string" ? body.id : model;
  return `${id} is available${connection.organization ? ` (organization ${connection.organization})` : ""}`;
}

/** Doodles are flat label colours (doodle-brushes.ts): the model is told what each one stands for. */
const DOODLE_LEGEND = DOODLE_BRUSHES.filter((b) => b.semantic)
  .map((b) => `${b.color} = ${b.label.toLowerCase()}`)
  .join(", ");

/** An edit's prompt: where the change goes (the mask's transparent area) and what goes there. */
function openAIEditPrompt(request: GenerationRequest): string {
  const described = editPrompt(request);
  if (request.edit?.kind === "outpaint") {
    return [
      "Extend this picture into the transparent border area of the mask, continuing the scene seamlessly",
      described ? `(${described}).` : "as it would naturally continue.",
      "Keep the original part of the picture exactly as it is, and add no frame or border.",
    ].join(" ");
  }
  if (!described) {
    return "Remove what is in the transparent area of the mask and fill that area so it matches its surroundings, as if nothing had been there. Keep everything else exactly as it is.";
  }
  return `Change only the transparent area of the mask: ${described}. Blend it seamlessly with the rest of the picture, and keep everything else exactly as it is.`;
}

/** The prompt for each mode; OpenAI needs one even when the user left it empty in image and doodle modes. */
export function openAIPrompt(request: GenerationRequest): string {
  if (request.edit) return openAIEditPrompt(request);
  const described = styledPrompt(request);
  if (request.mode === "text") return described;
  if (request.mode === "doodle") {
    return [
      "Turn this rough sketch into finished, detailed artwork.",
      described ? `Subject and style: ${described}.` : "",
      "Keep the layout and shapes of the sketch.",
      `Its flat colour areas are labels for what goes there, not final colours: ${DOODLE_LEGEND}.`,
      "Dark lines are outlines to keep; white areas are unpainted, so fill them to suit the scene.",
      "Do not show the sketch, the flat label colours or any text.",
    ]
      .filter(Boolean)
      .join(" ");
  }
  // Image mode has no strength setting in the API: the words carry it.
  const keep =
    request.strength < 0.35
      ? "Stay very close to the original: keep its composition, subjects and colours and change only the style."
      : request.strength < 0.7
        ? "Keep its composition and main subjects."
        : "Use it as loose inspiration for the composition.";
  return ["Repaint this picture as a new artwork.", keep, described ? `Subject and style: ${described}.` : ""]
    .filter(Boolean)
    .join(" ");
}

/** The JSON body for /generations, or the multipart fields (files aside) for /edits; exported for tests. */
export function buildOpenAIImagesPayload(
  config: OpenAIImagesConfig,
  request: GenerationRequest,
): { path: string; fields: Record<string, string | number> } {
  const model = config.model ?? "gpt-image-1";
  const fields: Record<string, string | number> = {
    model, // without it the API falls back to dall-e-2
    prompt: openAIPrompt(request),
    n: request.count,
    size: request.edit ? openAIEditSize(request.width, request.height) : OPENAI_SIZE_FOR_RATIO[request.aspectRatio],
    quality: config.quality ?? "auto",
    // Gallery pictures should not have holes; "auto" may choose a transparent background.
    background: "opaque",
    output_format: "png",
  };
  if (request.edit) {
    // High fidelity keeps the picture around the mask faithful, so the seam with the kept part does not show (-mini rejects it).
    if (model === "gpt-image-1") fields.input_fidelity = "high";
    return { path: "/v1/images/edits", fields };
  }
  if (request.mode === "text") {
    fields.moderation = config.moderation ?? "auto";
    return { path: "/v1/images/generations", fields };
  }
  // input_fidelity keeps more of the source; -mini rejects it. Only worth it when the user wants the source kept.
  if (request.mode === "image" && model === "gpt-image-1" && request.strength < 0.5) fields.input_fidelity = "high";
  return { path: "/v1/images/edits", fields };
}

/** The edits endpoint takes PNG, JPEG or WebP: other uploads (GIF, AVIF) are converted to PNG. */
async function sourceFile(bytes: Buffer): Promise<{ bytes: Buffer; type: string; name: string }> {
  let format: string | undefined;
  try {
    format = (await sharp(bytes).metadata()).format;
  } catch (error) {
    throw new EngineError("invalid_request", "The source picture could not be read; upload it again.", {
      cause: error,
      detail: `source image does not decode: ${(error as Error).message}`,
    });
  }
  if (format === "png") return { bytes, type: "image/png", name: "source.png" };
  if (format === "jpeg") return { bytes, type: "image/jpeg", name: "source.jpg" };
  if (format === "webp") return { bytes, type: "image/webp", name: "source.webp" };
  return { bytes: await sharp(bytes).png().toBuffer(), type: "image/png", name: "source.png" };
}

interface ImagesResponse {
  data?: unknown;
  usage?: unknown;
  size?: unknown;
  quality?: unknown;
}

export function createOpenAIImagesEngine(config: OpenAIImagesConfig): ImageEngine {
  const doFetch = config.fetch ?? fetch;
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const baseUrl = config.baseUrl ?? OPENAI_BASE_URL;

  const capabilities: EngineCapabilities = {
    modes: GENERATION_MODES,
    sizes: SIZES,
    aspectRatios: SUPPORTED_RATIOS,
    maxImagesPerRequest: Math.min(MAX_IMAGES, API_MAX_N),
    styles: STYLE_IDS,
    negativePrompt: false,
    deterministicSeeds: false,
    progress: false,
    edits: ["inpaint", "outpaint"],
  };

  function validate(request: GenerationRequest): ValidationIssue[] {
    const issues = checkCapabilities(request, capabilities);
    if (!request.edit && request.mode === "text" && styledPrompt(request) === "")
      issues.push({ field: "prompt", message: "Describe what you want to see" });
    return issues;
  }

  async function generate(
    request: GenerationRequest,
    { onProgress, signal }: GenerateOptions,
  ): Promise<GenerationResult> {
    const progress = quietProgress(onProgress);

    const { path, fields } = buildOpenAIImagesPayload(config, request);
    let body: string | Uint8Array<ArrayBuffer>;
    let contentType = "application/json";
    let canvas: EditCanvas | undefined;
    let box: CanvasBox | undefined;
    if (path === "/v1/images/generations") {
      body = JSON.stringify(fields);
    } else if (request.edit) {
      canvas = await editCanvas(request);
      const placed = await letterboxCanvas(canvas, sizeOf(fields.size as OpenAISize));
      box = placed.box;
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
      form.append("image[]", new Blob([new Uint8Array(placed.picture)], { type: "image/png" }), "source.png");
      // Same size as the image; its fully transparent pixels are the area to edit (reference §3).
      const mask = await openAIMask(placed.mask);
      form.append("mask", new Blob([new Uint8Array(mask)], { type: "image/png" }), "mask.png");
      ({ body, contentType } = await encodeMultipart(form));
    } else {
      const source = await sourceFile(request.sourceImage!);
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
      // `image[]` is how the official SDK sends the image list (reference §3).
      form.append("image[]", new Blob([new Uint8Array(source.bytes)], { type: source.type }), source.name);
      ({ body, contentType } = await encodeMultipart(form));
    }

    progress({ percent: null, stage: "Painting at the image service (this can take a minute)" });
    const timer = deadline(BACKEND, signal, timeoutMs);
    // A timeout after the request went out may still be billed: it is not retried (ADR 0024).
    const stopped = (cause: unknown) => timer.stoppedError(`POST ${path}`, cause, false);
    let response: Response;
    let text: string;
    try {
      try {
        response = await doFetch(apiUrl(baseUrl, path), {
          method: "POST",
          headers: { ...headers(config), "content-type": contentType },
          body,
          signal: timer.signal,
        });
      } catch (error) {
        throw stopped(error) ?? fetchFailure(BACKEND, baseUrl, error);
      }
      try {
        text = await response.text();
      } catch (error) {
        // The server answered, then the body broke off: the picture may have been made and billed, so no blind retry.
        const cutOff = `${BACKEND}: POST ${path} answer cut off: ${String((error as Error)?.cause ?? error)}`;
        throw stopped(error) ?? unreadableError(cutOff, error);
      }
    } finally {
      timer.dispose();
    }

    if (!response.ok) throw httpError(response.status, text, response.headers);
    const parsed = parseJsonBody<ImagesResponse>(text, `POST ${path}`);
    if (!Array.isArray(parsed.data) || parsed.data.length === 0) {
      throw new EngineError("failed", "The image server sent no pictures back.", {
        detail: `${BACKEND}: POST ${path}: no data in the response`,
      });
    }
    progress({ percent: null, stage: "Opening the pictures" });
    const images: GeneratedImage[] = [];
    for (const [i, item] of parsed.data.slice(0, request.count).entries()) {
      // No seed: OpenAI has none, and inventing one would promise a repeatable picture.
      let image = await decodeEngineImage((item as { b64_json?: unknown } | null)?.b64_json, `data[${i}].b64_json`);
      // The model redraws the whole picture: cut the canvas back out and paste the kept part back.
      if (canvas) image = await finishEdit(image.bytes, canvas, box);
      images.push(image);
    }
    progress({ percent: 100, stage: "Done" });
    const requestId = response.headers.get("x-request-id");
    const usage: Record<string, unknown> = { model: fields.model };
    if (parsed.usage && typeof parsed.usage === "object") Object.assign(usage, parsed.usage);
    if (typeof parsed.quality === "string") usage.quality = parsed.quality;
    if (typeof parsed.size === "string") usage.size = parsed.size;
    if (requestId) usage.requestId = requestId;
    return { images, usage };
  }

  return remoteEngine(config, capabilities, validate, generate);
}
