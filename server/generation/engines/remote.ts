/**
 * What every remote engine adapter shares: telling a network failure from an answer, reading
 * Retry-After, opening the pictures a backend sends, and the prompt with its style suffix.
 * Each adapter maps its own status codes and bodies (they differ per API, see
 * shared/reference/image-backends.md §5) and uses these for the rest.
 */
import sharp, { type Metadata } from "sharp";
import { findStyle } from "@atelier/studio/styles";
import { editIssues, MIN_EDIT_SIDE } from "./edit-canvas";
import {
  EDIT_KINDS,
  type EngineCapabilities,
  EngineError,
  type GeneratedImage,
  type GenerationRequest,
  type ImageEngine,
  type ProgressUpdate,
  type ValidationIssue,
} from "./engine";

/** Socket-level failures: nothing was processed, so another engine or a retry may work. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ECONNRESET",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EPIPE",
  "UND_ERR_SOCKET",
  "UND_ERR_CONNECT_TIMEOUT",
]);

/** The socket error code of a failed fetch; undici nests it in `cause`, sometimes twice. */
export function networkErrorCode(error: unknown): string | undefined {
  let e: unknown = error;
  for (let i = 0; i < 3 && e && typeof e === "object"; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && NETWORK_CODES.has(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

export const UNREACHABLE_MESSAGE = "The image server is not reachable right now. Try again in a moment.";
export const UNREADABLE_MESSAGE = "The image server sent an answer we could not read.";

/** Wrong credentials: only an admin can fix them. */
export function credentialsRefusedError(detail: string): EngineError {
  const message = "The image server refused our credentials. An admin needs to check its settings.";
  return new EngineError("failed", message, { detail });
}

/** A wrong URL, a missing key or model, a server without its API: only an admin can fix it. */
export function notSetUpError(detail: string): EngineError {
  const message = "The image server is not set up correctly. An admin needs to check its settings.";
  return new EngineError("failed", message, { detail });
}

/** The server will not take this request as sent, so sending it again will not help. */
export function settingsRefusedError(detail: string): EngineError {
  return new EngineError("invalid_request", "The image server could not accept these settings.", { detail });
}

export function pictureTooLargeError(detail: string): EngineError {
  return new EngineError("invalid_request", "The picture is too large for the image server.", { detail });
}

/** The server took the request and failed at it, for reasons of its own. */
export function pictureFailedError(detail: string, cause?: unknown): EngineError {
  return new EngineError("failed", "The image server could not make this picture.", { cause, detail });
}

/** An answer that arrived but makes no sense to us (malformed, cut off, or missing what it must carry). */
export function unreadableError(detail: string, cause?: unknown): EngineError {
  return new EngineError("failed", UNREADABLE_MESSAGE, { cause, detail });
}

/** What a socket error code means, for the admin who reads the engine's last error. */
const NETWORK_CODE_WORDS: Record<string, string> = {
  ECONNREFUSED: "connection refused (is the server running, on that port?)",
  ENOTFOUND: "no such host name",
  EAI_AGAIN: "the host name could not be looked up just now",
  ECONNRESET: "the connection was cut",
  EHOSTUNREACH: "the host cannot be reached",
  ENETUNREACH: "the network cannot be reached",
  EPIPE: "the connection was closed while sending",
  UND_ERR_SOCKET: "the connection failed",
  UND_ERR_CONNECT_TIMEOUT: "no answer to the connection (timed out)",
};

/**
 * A failed fetch in words: the socket code and what it means, else the innermost cause's message
 * (undici's own is only "fetch failed").
 */
export function describeNetworkError(error: unknown): string {
  const code = networkErrorCode(error);
  if (code) return `${code}, ${NETWORK_CODE_WORDS[code] ?? "a network error"}`;
  let innermost: unknown = error;
  for (let i = 0; i < 3 && innermost && typeof innermost === "object" && (innermost as { cause?: unknown }).cause; i++)
    innermost = (innermost as { cause: unknown }).cause;
  return (innermost as Error)?.message ?? String(error);
}

/** A fetch that never reached the backend (or lost it mid-answer). */
export function unreachableError(backend: string, baseUrl: string, error: unknown): EngineError {
  return new EngineError("unavailable", UNREACHABLE_MESSAGE, {
    cause: error,
    detail: `Cannot reach ${backend} at ${baseUrl}: ${describeNetworkError(error)}`,
  });
}

/**
 * Classifies an exception thrown by fetch or by reading its body: a socket failure is
 * "unavailable"; a body cut off mid-way (the server answered, then broke) is "failed".
 */
export function fetchFailure(backend: string, baseUrl: string, error: unknown): EngineError {
  if (networkErrorCode(error) === undefined && (error as Error)?.name !== "TypeError") {
    return unreadableError(`${backend}: ${String(error)}`, error);
  }
  return unreachableError(backend, baseUrl, error);
}

/** Seconds to wait from a Retry-After header (delta-seconds or an HTTP date); undefined when absent or nonsense. */
export function retryAfterSeconds(value: string | null | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/** Parses JSON or throws the "could not read" engine error naming what was being read. */
export function parseJsonBody<T>(text: string, what: string): T {
  try {
    return JSON.parse(text) as T;
  } catch (error) {
    throw unreadableError(`${what}: malformed JSON (${text.length} bytes)`, error);
  }
}

export function basicAuthHeader(username: string, password = ""): string {
  return `Basic ${Buffer.from(`${username}:${password}`).toString("base64")}`;
}

export function joinUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, "")}${path}`;
}

const MIMES = { png: "image/png", jpeg: "image/jpeg", webp: "image/webp" } as const;

/**
 * Opens a picture a backend sent (raw bytes, or base64 with or without a data: prefix) and
 * reports its real format and size; a picture that does not decode fails the job plainly.
 */
export async function decodeEngineImage(
  data: Buffer | string | unknown,
  label: string,
): Promise<Omit<GeneratedImage, "seed">> {
  const fail = (detail: string, cause?: unknown) =>
    new EngineError("failed", "The image server sent a picture we could not open.", { detail, cause });
  let bytes: Buffer;
  if (Buffer.isBuffer(data)) bytes = data;
  else if (typeof data === "string" && data !== "") bytes = Buffer.from(data.replace(/^data:[^,]*,/, ""), "base64");
  else throw fail(`${label} is not an image`);
  if (bytes.byteLength === 0) throw fail(`${label} is empty`);
  let meta: Metadata;
  try {
    meta = await sharp(bytes).metadata();
    // metadata() reads only the header: decode the pixels too, so a truncated file is caught here.
    await sharp(bytes).stats();
  } catch (error) {
    throw fail(`${label} does not decode: ${(error as Error).message}`, error);
  }
  const mime = MIMES[meta.format as keyof typeof MIMES];
  if (!mime || !meta.width || !meta.height) throw fail(`${label} has unsupported format ${meta.format}`);
  return { bytes, mime, width: meta.width, height: meta.height };
}

/** The user's prompt with the chosen style's words appended (remote engines have no styles of their own). */
export function styledPrompt(request: Pick<GenerationRequest, "prompt" | "style">): string {
  const suffix = findStyle(request.style)?.promptSuffix;
  const prompt = request.prompt.trim();
  if (!suffix) return prompt;
  return prompt ? `${prompt}, ${suffix}` : suffix;
}

/**
 * What an edit asks for: the user's words with the style's, or nothing when they gave none (an
 * inpaint without words removes what was masked; an outpaint without words continues the scene).
 */
export function editPrompt(request: Pick<GenerationRequest, "prompt" | "style">): string {
  return request.prompt.trim() === "" ? "" : styledPrompt(request);
}

/**
 * Runs `work` with one AbortSignal that fires on the caller's cancel or after `timeoutMs`, and
 * says which of the two stopped it, so adapters can tell the user the right thing.
 */
export function deadline(
  backend: string,
  signal: AbortSignal,
  timeoutMs: number,
): {
  signal: AbortSignal;
  /** Canceled, or a timeout naming `what` (`retryable` as in timeoutError); undefined while neither fired. */
  stoppedError(what: string, cause: unknown, retryable?: boolean): EngineError | undefined;
  dispose(): void;
} {
  const controller = new AbortController();
  let reason: "timeout" | "canceled" | undefined;
  const timer = setTimeout(() => {
    reason ??= "timeout";
    controller.abort();
  }, timeoutMs);
  const onAbort = () => {
    reason ??= "canceled";
    controller.abort();
  };
  if (signal.aborted) onAbort();
  else signal.addEventListener("abort", onAbort, { once: true });
  return {
    signal: controller.signal,
    stoppedError(what, cause, retryable = true) {
      if (reason === "canceled") return canceledError();
      if (reason === "timeout") return timeoutError(backend, what, timeoutMs, cause, retryable);
      return undefined;
    },
    dispose() {
      clearTimeout(timer);
      signal.removeEventListener("abort", onAbort);
    },
  };
}

export function canceledError(): EngineError {
  return new EngineError("canceled", "The generation was canceled.");
}

/**
 * A request that ran out of time. `retryable: false` for paid APIs: the backend may have made
 * (and billed) the picture after we stopped waiting, so it is not sent again anywhere.
 */
export function timeoutError(
  backend: string,
  what: string,
  timeoutMs: number,
  cause?: unknown,
  retryable = true,
): EngineError {
  return new EngineError("timeout", "The image server took too long to make this picture.", {
    cause,
    retryable,
    detail: `${backend}: ${what} took longer than ${timeoutMs} ms`,
  });
}

function countIssues(request: GenerationRequest, capabilities: EngineCapabilities): ValidationIssue[] {
  const max = capabilities.maxImagesPerRequest;
  if (!Number.isInteger(request.count) || request.count < 1 || request.count > max)
    return [{ field: "count", message: `Make 1 to ${max} images at once` }];
  return [];
}

/**
 * An edit (issue 31) is judged by `request.edit` alone, whatever `mode` says: the engine must
 * declare that kind of edit, the picture and the instructions must be there, and the result
 * (the widened size, for an outpaint) may be any size up to the engine's largest.
 */
function checkEdit(request: GenerationRequest, capabilities: EngineCapabilities): ValidationIssue[] {
  const edit = request.edit!;
  const issues: ValidationIssue[] = [];
  if (EDIT_KINDS.includes(edit.kind) && !capabilities.edits.includes(edit.kind)) {
    issues.push({
      field: "edit",
      message:
        edit.kind === "inpaint"
          ? "This engine cannot repaint part of a picture"
          : "This engine cannot widen a picture beyond its sides",
    });
  }
  issues.push(...editIssues(edit));
  if (!request.sourceImage || request.sourceImage.byteLength === 0)
    issues.push({ field: "sourceImage", message: "Choose a picture to edit first" });
  const { width, height } = request;
  const largest = Math.max(...capabilities.sizes);
  if (!Number.isInteger(width) || !Number.isInteger(height) || Math.min(width, height) < MIN_EDIT_SIDE)
    issues.push({ field: "size", message: `The picture must be at least ${MIN_EDIT_SIDE} pixels on each side` });
  else if (Math.max(width, height) > largest)
    issues.push({ field: "size", message: `This engine edits pictures up to ${largest} pixels on the long side` });
  issues.push(...countIssues(request, capabilities));
  return issues;
}

/** The checks every remote engine makes against its own capabilities; adapters add their own rules. */
export function checkCapabilities(request: GenerationRequest, capabilities: EngineCapabilities): ValidationIssue[] {
  if (request.edit) return checkEdit(request, capabilities);
  const issues: ValidationIssue[] = [];
  if (!capabilities.modes.includes(request.mode))
    issues.push({ field: "mode", message: "This engine cannot do that mode" });
  const long = Math.max(request.width, request.height);
  const largest = Math.max(...capabilities.sizes);
  if (!capabilities.sizes.includes(long))
    issues.push({
      field: "size",
      // A larger size than this engine makes (1536 on Stability or OpenAI) is said plainly, not as a wrong choice.
      message:
        long > largest
          ? `This engine makes pictures up to ${largest} pixels on the long side; ${long} is not one of its sizes`
          : "Choose one of the sizes shown",
    });
  if (!capabilities.aspectRatios.includes(request.aspectRatio))
    issues.push({ field: "aspectRatio", message: "Choose one of the aspect ratios shown" });
  issues.push(...countIssues(request, capabilities));
  if ((request.mode === "image" || request.mode === "doodle") && !request.sourceImage) {
    issues.push({
      field: "sourceImage",
      message: request.mode === "image" ? "Upload a picture first" : "Draw something first",
    });
  }
  return issues;
}

/**
 * checkCapabilities for Stable Diffusion backends (AUTOMATIC1111, ComfyUI), which work in latents
 * an eighth of the picture's size: a side that is not a multiple of 8 would be refused or cropped
 * there, so it is refused here first. Edits are exempt: their canvas is padded to multiples of 8
 * and the answer cut back (edit-canvas.ts padCanvas).
 */
export function checkStableDiffusionRequest(
  request: GenerationRequest,
  capabilities: EngineCapabilities,
): ValidationIssue[] {
  const issues = checkCapabilities(request, capabilities);
  if (!request.edit && (request.width % 8 !== 0 || request.height % 8 !== 0))
    issues.push({ field: "size", message: "Width and height must be multiples of 8" });
  return issues;
}

/**
 * The ImageEngine an adapter's own generate becomes: a request already canceled, or one that fails
 * `validate`, is refused before anything is sent.
 */
export function remoteEngine(
  config: { id: string; label: string },
  capabilities: EngineCapabilities,
  validate: (request: GenerationRequest) => ValidationIssue[],
  generate: ImageEngine["generate"],
): ImageEngine {
  return {
    id: config.id,
    label: config.label,
    capabilities,
    validate,
    async generate(request, options) {
      if (options.signal.aborted) throw canceledError();
      rejectInvalid(validate(request));
      return generate(request, options);
    },
  };
}

/** The caller's progress listener, made harmless: progress is a nicety, so a failing listener must not fail the picture. */
export function quietProgress(onProgress: (update: ProgressUpdate) => void): (update: ProgressUpdate) => void {
  return (update) => {
    try {
      onProgress(update);
    } catch {
      // ignored
    }
  };
}

/** Refuses a request that failed validation, before anything is sent: the first issue for the user, all for admins. */
export function rejectInvalid(issues: ValidationIssue[]): void {
  if (issues.length > 0) {
    throw new EngineError("invalid_request", issues[0]!.message, {
      detail: issues.map((i) => `${i.field}: ${i.message}`).join("; "),
    });
  }
}

/**
 * A multipart form encoded whole before it is sent. Handed a FormData, Node 24's fetch streams
 * it, and an abort mid-upload (a canceled job) then fails inside fetch with an unhandled
 * rejection that would end the process; a finished buffer has nothing left to stream.
 */
export async function encodeMultipart(form: FormData): Promise<{ body: Uint8Array<ArrayBuffer>; contentType: string }> {
  const encoded = new Response(form);
  return {
    body: new Uint8Array(await encoded.arrayBuffer()),
    contentType: encoded.headers.get("content-type") ?? "multipart/form-data",
  };
}
