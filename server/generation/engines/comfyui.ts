/**
 * ComfyUI through its HTTP + websocket API (shared/reference/image-backends.md §2).
 * Each mode is an API-format workflow: text → EmptyLatentImage, image → LoadImage + VAEEncode,
 * doodle → ControlNetLoader + ControlNetApplyAdvanced on an inverted drawing, an edit (issue 31) →
 * the picture and its mask (LoadImage + ImageToMask) into InpaintModelConditioning, an outpaint
 * being an inpaint of a padded canvas (edit-canvas.ts). Sources go up with
 * /upload/image, the graph with POST /prompt; progress comes from ws://…/ws?clientId=…, with
 * /history polling as the fallback (and a slow safety net), pictures from /view. Cancel
 * interrupts our prompt only when /queue shows it running, else deletes it from the queue.
 */
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import WebSocket from "ws";
import { EDIT_DENOISE, type EditCanvas, editCanvas, finishEdit, type PlacedCanvas, padCanvas } from "./edit-canvas";
import {
  EngineError,
  type EngineSettingField,
  type GeneratedImage,
  type GenerateOptions,
  type GenerationRequest,
  type ImageEngine,
  type ProgressUpdate,
  type ValidationIssue,
  type EngineCapabilities,
  FULL_CAPABILITIES,
} from "./engine";
import {
  checkStableDiffusionRequest,
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
  UNREACHABLE_MESSAGE,
  unreadableError,
} from "./remote";

export interface ComfyUIConfig {
  id: string;
  label: string;
  baseUrl: string;
  /** Sent as `Authorization: Bearer` (HTTP and websocket) for servers behind an authenticating proxy; ComfyUI itself has no auth. */
  apiKey?: string;
  /** Whole generation: upload, queue wait, rendering and download. */
  timeoutMs?: number;
  /** /history polling while the websocket is down; while it is up, a 5× slower poll guards against lost events. */
  pollIntervalMs?: number;
  /** CheckpointLoaderSimple.ckpt_name: a file in the server's checkpoints folder. */
  checkpoint?: string;
  /** ControlNetLoader.control_net_name for doodles: a scribble ControlNet file. */
  controlnetModel?: string;
  steps?: number;
  cfg?: number;
  samplerName?: string;
  scheduler?: string;
  fetch?: typeof fetch;
}

/** What the health check and checkpoint list need: the admin page may ask before an engine exists. */
export type ComfyUIConnection = Pick<ComfyUIConfig, "baseUrl" | "apiKey" | "timeoutMs" | "fetch" | "checkpoint">;

/** One node of an API-format workflow; a link is `[source node id, output index]`. */
export interface ComfyNode {
  class_type: string;
  inputs: Record<string, string | number | boolean | [string, number]>;
}
export type ComfyWorkflow = Record<string, ComfyNode>;

const BACKEND = "ComfyUI";
const DEFAULT_TIMEOUT_MS = 300_000;
const DEFAULT_POLL_MS = 1000;
/** Short requests (queue, interrupt, object_info) should never hold a job for long. */
const SIDE_REQUEST_MS = 10_000;
/** A websocket that has not opened by then is given up for polling. */
const SOCKET_OPEN_MS = 5000;
/** Consecutive failed /history polls (5xx, network, garbage) before the job fails. */
const MAX_POLL_FAILURES = 3;
/** /history failures worth another poll. */
const TRANSIENT = new WeakSet<EngineError>();

const DEFAULTS = {
  checkpoint: "v1-5-pruned-emaonly.safetensors",
  controlnetModel: "control_v11p_sd15_scribble.pth",
  steps: 25,
  cfg: 7,
  samplerName: "euler_ancestral",
  scheduler: "normal",
} as const;

/** Node ids as in ComfyUI's own example workflow (reference §2), so admins recognise them in its logs. */
export const COMFYUI_NODES = {
  checkpoint: "4",
  positive: "6",
  negative: "7",
  emptyLatent: "5",
  sampler: "3",
  decode: "8",
  save: "9",
  loadImage: "10",
  encode: "11",
  repeat: "12",
  controlnetLoader: "13",
  controlnetApply: "14",
  maskImage: "15",
  mask: "16",
  inpaint: "17",
} as const;
const N = COMFYUI_NODES;

/** What the admin may set per ComfyUI engine (stored as strings). */
export const COMFYUI_SETTING_FIELDS: readonly EngineSettingField[] = [
  {
    name: "checkpoint",
    label: "Checkpoint",
    type: "text",
    defaultValue: DEFAULTS.checkpoint,
    help: "A file name from the server's models/checkpoints folder.",
  },
  {
    name: "controlnetModel",
    label: "ControlNet scribble model (doodles)",
    type: "text",
    defaultValue: DEFAULTS.controlnetModel,
    help: "A file name from the server's models/controlnet folder.",
  },
  { name: "steps", label: "Steps", type: "number", min: 1, max: 150, defaultValue: String(DEFAULTS.steps) },
  { name: "cfg", label: "CFG", type: "number", min: 1, max: 30, defaultValue: String(DEFAULTS.cfg) },
  {
    name: "samplerName",
    label: "Sampler",
    type: "select",
    options: ["euler", "euler_ancestral", "dpmpp_2m", "dpmpp_2m_sde", "ddim"],
    defaultValue: DEFAULTS.samplerName,
  },
  {
    name: "scheduler",
    label: "Scheduler",
    type: "select",
    options: ["normal", "karras", "exponential", "sgm_uniform", "simple", "ddim_uniform"],
    defaultValue: DEFAULTS.scheduler,
  },
];

// ---------------------------------------------------------------------------------------------
// HTTP

function headers(
  connection: Pick<ComfyUIConfig, "apiKey">,
  extra: Record<string, string> = {},
): Record<string, string> {
  const h: Record<string, string> = { accept: "application/json", ...extra };
  if (connection.apiKey) h.authorization = `Bearer ${connection.apiKey}`;
  return h;
}

const text = (v: unknown): v is string => typeof v === "string" && v !== "";
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * POST /prompt's 400 is `{error: {message, details}, node_errors: {id: {class_type, errors: [...]}}}`
 * (older servers: `{error: "no prompt", node_errors: []}`); anything else is shown raw, cut short.
 */
function describeErrorBody(body: string): string {
  try {
    const parsed = JSON.parse(body) as unknown;
    if (isRecord(parsed)) {
      const parts: string[] = [];
      const error = parsed.error;
      if (text(error)) parts.push(error);
      else if (isRecord(error)) parts.push([error.message, error.details].filter(text).join(": "));
      if (isRecord(parsed.node_errors)) {
        for (const [id, node] of Object.entries(parsed.node_errors)) {
          if (!isRecord(node)) continue;
          const errors = Array.isArray(node.errors) ? node.errors.filter(isRecord) : [];
          const words = errors.map((e) => [e.message, e.details].filter(text).join(": ")).join("; ");
          parts.push(`node ${id} (${String(node.class_type ?? "?")}): ${words}`);
        }
      }
      const joined = parts.filter(text).join("; ");
      if (joined) return joined;
    }
  } catch {
    // not JSON (aiohttp's own 500 page, a proxy's HTML): fall through to the raw text
  }
  return body.trim().slice(0, 500) || "(empty body)";
}

function httpError(status: number, body: string, retryAfter: string | null, what: string): EngineError {
  const detail = `${BACKEND} answered ${status} to ${what}: ${describeErrorBody(body)}`;
  // ComfyUI has no auth of its own: this is the proxy in front of it (or its origin check).
  if (status === 401 || status === 403) return credentialsRefusedError(detail);
  if (status === 404 || status === 405) return notSetUpError(`${detail} (is the URL right?)`);
  if (status === 413) return pictureTooLargeError(detail);
  if (status === 400 || status === 422) return settingsRefusedError(detail);
  if (status === 429) {
    // Not ComfyUI's own answer but a proxy's; the reference does not say a resend is safe (POST /prompt queues work).
    return new EngineError("unavailable", "The image server is busy. Try again in a moment.", {
      detail,
      retryable: false,
      retryAfterSeconds: retryAfterSeconds(retryAfter),
    });
  }
  if (status === 502 || status === 503 || status === 504) {
    return new EngineError("unavailable", UNREACHABLE_MESSAGE, {
      detail,
      retryAfterSeconds: retryAfterSeconds(retryAfter),
    });
  }
  return pictureFailedError(detail);
}

interface Answer {
  status: number;
  retryAfter: string | null;
  bytes: Buffer;
}

/** One request; a socket failure becomes an EngineError, an HTTP status is left to the caller. */
async function call(
  connection: ComfyUIConnection,
  method: "GET" | "POST",
  path: string,
  signal: AbortSignal,
  init: { json?: unknown; form?: FormData; accept?: string } = {},
): Promise<Answer> {
  const doFetch = connection.fetch ?? fetch;
  const extra: Record<string, string> = init.accept ? { accept: init.accept } : {};
  if (init.json !== undefined) extra["content-type"] = "application/json";
  const multipart = init.form ? await encodeMultipart(init.form) : undefined;
  if (multipart) extra["content-type"] = multipart.contentType;
  try {
    const response = await doFetch(joinUrl(connection.baseUrl, path), {
      method,
      headers: headers(connection, extra),
      body: init.json !== undefined ? JSON.stringify(init.json) : multipart?.body,
      signal,
    });
    const bytes = Buffer.from(await response.arrayBuffer());
    return { status: response.status, retryAfter: response.headers.get("retry-after"), bytes };
  } catch (error) {
    if ((error as Error)?.name === "TimeoutError") {
      throw new EngineError("timeout", "The image server took too long to answer.", {
        cause: error,
        detail: `${BACKEND}: ${method} ${path} timed out`,
      });
    }
    throw fetchFailure(BACKEND, connection.baseUrl, error);
  }
}

async function callJson<T>(
  connection: ComfyUIConnection,
  method: "GET" | "POST",
  path: string,
  signal: AbortSignal,
  json?: unknown,
): Promise<T> {
  const answer = await call(connection, method, path, signal, { json });
  const body = answer.bytes.toString("utf8");
  if (answer.status < 200 || answer.status >= 300)
    throw httpError(answer.status, body, answer.retryAfter, `${method} ${path}`);
  return parseJsonBody<T>(body, `${method} ${path}`);
}

/** The filenames of a combo input: `[["a", "b"], {...}]`, or the newer `["COMBO", {options: [...]}]`. */
function comboOptions(spec: unknown): string[] {
  if (!Array.isArray(spec)) return [];
  const [first, second] = spec as unknown[];
  if (Array.isArray(first)) return first.filter(text);
  if (first === "COMBO" && isRecord(second) && Array.isArray(second.options)) return second.options.filter(text);
  return [];
}

/** Checkpoint file names from /object_info/CheckpointLoaderSimple. */
export async function listComfyUICheckpoints(connection: ComfyUIConnection): Promise<string[]> {
  const info = await callJson<Record<string, unknown>>(
    connection,
    "GET",
    "/object_info/CheckpointLoaderSimple",
    AbortSignal.timeout(connection.timeoutMs ?? SIDE_REQUEST_MS),
  );
  const node = isRecord(info) ? info.CheckpointLoaderSimple : undefined;
  const required =
    isRecord(node) && isRecord(node.input) && isRecord(node.input.required) ? node.input.required : undefined;
  if (!required) {
    throw notSetUpError(`${BACKEND}: /object_info has no CheckpointLoaderSimple (is this a ComfyUI server?)`);
  }
  return comboOptions(required.ckpt_name);
}

/**
 * One cheap call: /object_info/CheckpointLoaderSimple proves the URL and the proxy key, and tells
 * whether the configured checkpoint is there (a wrong name would fail every generation).
 */
export async function checkComfyUIHealth(connection: ComfyUIConnection): Promise<string> {
  const checkpoints = await listComfyUICheckpoints(connection);
  const wanted = connection.checkpoint || DEFAULTS.checkpoint;
  if (!checkpoints.includes(wanted)) {
    throw new EngineError("invalid_request", `The checkpoint "${wanted}" is not on the image server.`, {
      detail: `${BACKEND}: ckpt_name ${wanted} not in [${checkpoints.join(", ")}]`,
    });
  }
  return checkpoints.length === 1 ? "1 checkpoint available" : `${checkpoints.length} checkpoints available`;
}

// ---------------------------------------------------------------------------------------------
// Workflows

/** Strength 1 = full style: the ControlNet holds the drawing less as strength rises (as the A1111 adapter does). */
export function doodleControlStrength(strength: number): number {
  return Math.round((1.5 - strength * 0.7) * 100) / 100;
}

/**
 * The API-format graph for a request; `imageName` is what /upload/image answered (image and
 * doodle modes, edits), `maskName` the same for an edit's mask. Exported for tests and the admin preview.
 */
export function buildComfyUIWorkflow(
  config: Omit<ComfyUIConfig, "id" | "label" | "baseUrl">,
  request: GenerationRequest,
  imageName?: string,
  maskName?: string,
): ComfyWorkflow {
  const graph: ComfyWorkflow = {
    [N.checkpoint]: {
      class_type: "CheckpointLoaderSimple",
      inputs: { ckpt_name: config.checkpoint || DEFAULTS.checkpoint },
    },
    [N.positive]: { class_type: "CLIPTextEncode", inputs: { text: styledPrompt(request), clip: [N.checkpoint, 1] } },
    [N.negative]: { class_type: "CLIPTextEncode", inputs: { text: request.negativePrompt, clip: [N.checkpoint, 1] } },
    [N.sampler]: {
      class_type: "KSampler",
      inputs: {
        model: [N.checkpoint, 0],
        positive: [N.positive, 0],
        negative: [N.negative, 0],
        latent_image: [N.emptyLatent, 0],
        // ComfyUI never randomises: the seed is always explicit (and one seed drives the whole batch).
        seed: request.seed,
        steps: config.steps ?? DEFAULTS.steps,
        cfg: config.cfg ?? DEFAULTS.cfg,
        sampler_name: config.samplerName || DEFAULTS.samplerName,
        scheduler: config.scheduler || DEFAULTS.scheduler,
        denoise: 1,
      },
    },
    [N.decode]: { class_type: "VAEDecode", inputs: { samples: [N.sampler, 0], vae: [N.checkpoint, 2] } },
    [N.save]: { class_type: "SaveImage", inputs: { images: [N.decode, 0], filename_prefix: "atelier" } },
  };
  const sampler = graph[N.sampler]!.inputs;

  if (request.edit) {
    if (!imageName || !maskName) throw new Error("an edit needs the uploaded picture's and mask's names");
    graph[N.positive]!.inputs.text = editPrompt(request);
    graph[N.loadImage] = { class_type: "LoadImage", inputs: { image: imageName } };
    // LoadImage's own MASK output is the inverted alpha: our mask is a grey picture, read by its red channel.
    graph[N.maskImage] = { class_type: "LoadImage", inputs: { image: maskName } };
    graph[N.mask] = { class_type: "ImageToMask", inputs: { image: [N.maskImage, 0], channel: "red" } };
    // Works with inpainting checkpoints (it adds the masked picture to their conditioning) and with
    // ordinary ones: noise_mask confines sampling to the mask (required on newer servers, ignored by older ones).
    graph[N.inpaint] = {
      class_type: "InpaintModelConditioning",
      inputs: {
        positive: [N.positive, 0],
        negative: [N.negative, 0],
        vae: [N.checkpoint, 2],
        pixels: [N.loadImage, 0],
        mask: [N.mask, 0],
        noise_mask: true,
      },
    };
    graph[N.repeat] = { class_type: "RepeatLatentBatch", inputs: { samples: [N.inpaint, 2], amount: request.count } };
    sampler.positive = [N.inpaint, 0];
    sampler.negative = [N.inpaint, 1];
    sampler.latent_image = [N.repeat, 0];
    sampler.denoise = EDIT_DENOISE[request.edit.kind];
    return graph;
  }

  if (request.mode === "image") {
    if (!imageName) throw new Error("image mode needs the uploaded image's name");
    graph[N.loadImage] = { class_type: "LoadImage", inputs: { image: imageName } };
    graph[N.encode] = { class_type: "VAEEncode", inputs: { pixels: [N.loadImage, 0], vae: [N.checkpoint, 2] } };
    // One picture encodes to a batch of one: repeat it so `count` variations come back (each gets its own noise).
    graph[N.repeat] = { class_type: "RepeatLatentBatch", inputs: { samples: [N.encode, 0], amount: request.count } };
    sampler.latent_image = [N.repeat, 0];
    sampler.denoise = request.strength;
    return graph;
  }

  graph[N.emptyLatent] = {
    class_type: "EmptyLatentImage",
    inputs: { width: request.width, height: request.height, batch_size: request.count },
  };
  if (request.mode === "doodle") {
    if (!imageName) throw new Error("doodle mode needs the uploaded drawing's name");
    graph[N.loadImage] = { class_type: "LoadImage", inputs: { image: imageName } };
    graph[N.controlnetLoader] = {
      class_type: "ControlNetLoader",
      inputs: { control_net_name: config.controlnetModel || DEFAULTS.controlnetModel },
    };
    graph[N.controlnetApply] = {
      class_type: "ControlNetApplyAdvanced",
      inputs: {
        positive: [N.positive, 0],
        negative: [N.negative, 0],
        control_net: [N.controlnetLoader, 0],
        image: [N.loadImage, 0],
        strength: doodleControlStrength(request.strength),
        start_percent: 0,
        end_percent: 1,
      },
    };
    sampler.positive = [N.controlnetApply, 0];
    sampler.negative = [N.controlnetApply, 1];
  }
  return graph;
}

/**
 * The picture ComfyUI's LoadImage gets: cropped to the requested size (VAEEncode keeps the input's
 * size, and the ControlNet hint should match the canvas), transparency on white paper, PNG.
 * Doodles are dark marks on white; scribble ControlNets expect white lines on black, so invert.
 */
async function prepareSource(request: GenerationRequest): Promise<Buffer> {
  try {
    let image = sharp(request.sourceImage)
      .rotate()
      .flatten({ background: "#ffffff" })
      .resize(request.width, request.height, { fit: "cover" });
    if (request.mode === "doodle") image = image.negate({ alpha: false });
    return await image.png().toBuffer();
  } catch (error) {
    throw new EngineError("invalid_request", "We could not open the picture you gave.", {
      cause: error,
      detail: `${BACKEND}: source image does not decode: ${(error as Error).message}`,
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Websocket and history

interface ComfyMessage {
  type: string;
  data: Record<string, unknown>;
}

interface Feed {
  readonly open: boolean;
  onMessage(message: ComfyMessage): void;
  onDrop(): void;
  close(): void;
}

function socketUrl(baseUrl: string, clientId: string): string {
  const url = new URL(joinUrl(baseUrl, "/ws"));
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  url.searchParams.set("clientId", clientId);
  return url.toString();
}

/** Opens /ws for our client id; resolves null (never throws) when it cannot, and the caller polls instead. */
function connectFeed(config: ComfyUIConfig, clientId: string, signal: AbortSignal): Promise<Feed | null> {
  return new Promise((resolve) => {
    let socket: WebSocket;
    try {
      socket = new WebSocket(socketUrl(config.baseUrl, clientId), {
        headers: config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {},
        handshakeTimeout: Math.min(SOCKET_OPEN_MS, config.timeoutMs ?? SOCKET_OPEN_MS),
      });
    } catch {
      resolve(null);
      return;
    }
    let open = false;
    let closing = false;
    const feed: Feed = {
      get open() {
        return open;
      },
      onMessage: () => {},
      onDrop: () => {},
      close() {
        closing = true;
        signal.removeEventListener("abort", stop);
        socket.terminate();
      },
    };
    const stop = () => feed.close();
    signal.addEventListener("abort", stop, { once: true });
    socket.on("error", () => {}); // "close" follows every error; an unheard "error" would crash the process
    socket.once("open", () => {
      open = true;
      resolve(feed);
    });
    socket.on("message", (data, isBinary) => {
      if (isBinary) return; // live previews: not used
      let message: unknown;
      try {
        message = JSON.parse(data.toString());
      } catch {
        return; // a garbled frame costs one update, not the job
      }
      if (isRecord(message) && text(message.type))
        feed.onMessage({ type: message.type, data: isRecord(message.data) ? message.data : {} });
    });
    socket.on("close", () => {
      const wasOpen = open;
      open = false;
      signal.removeEventListener("abort", stop);
      resolve(null);
      if (wasOpen && !closing) feed.onDrop();
    });
  });
}

interface ImageRef {
  filename: string;
  subfolder: string;
  type: string;
}

interface HistoryEntry {
  outputs?: Record<string, { images?: unknown }>;
  status?: { status_str?: unknown; completed?: unknown; messages?: unknown };
}

function executionError(promptId: string, data: Record<string, unknown>): EngineError {
  const where = `node ${String(data.node_id ?? "?")} (${String(data.node_type ?? "?")})`;
  const what = [data.exception_type, data.exception_message].filter(text).join(": ") || "no message";
  return pictureFailedError(`${BACKEND}: prompt ${promptId} failed at ${where}: ${what}`);
}

function interruptedError(promptId: string, data: Record<string, unknown>): EngineError {
  return new EngineError("canceled", "The generation was stopped on the image server.", {
    detail: `${BACKEND}: prompt ${promptId} was interrupted at node ${String(data.node_id ?? "?")} (${String(data.node_type ?? "?")})`,
  });
}

/** A finished history entry's failure, from its status messages; undefined when it succeeded. */
function historyFailure(promptId: string, entry: HistoryEntry): EngineError | undefined {
  const status = entry.status;
  if (!isRecord(status) || status.status_str !== "error") return undefined;
  const messages = Array.isArray(status.messages) ? (status.messages as unknown[]) : [];
  for (const message of messages) {
    if (!Array.isArray(message) || !isRecord(message[1])) continue;
    if (message[0] === "execution_error") return executionError(promptId, message[1]);
    if (message[0] === "execution_interrupted") return interruptedError(promptId, message[1]);
  }
  return pictureFailedError(`${BACKEND}: prompt ${promptId} ended with status error`);
}

function outputImages(entry: HistoryEntry, saveNode: string): ImageRef[] {
  const images = entry.outputs?.[saveNode]?.images;
  if (!Array.isArray(images)) return [];
  return images
    .filter(isRecord)
    .filter((i) => text(i.filename))
    .map((i) => ({
      filename: i.filename as string,
      subfolder: typeof i.subfolder === "string" ? i.subfolder : "",
      type: text(i.type) ? i.type : "output",
    }));
}

const STAGES: Record<string, string> = {
  CheckpointLoaderSimple: "Loading the model",
  ControlNetLoader: "Loading the model",
  CLIPTextEncode: "Reading the prompt",
  LoadImage: "Reading your picture",
  VAEEncode: "Reading your picture",
  RepeatLatentBatch: "Reading your picture",
  ImageToMask: "Reading your picture",
  InpaintModelConditioning: "Reading your picture",
  ControlNetApplyAdvanced: "Reading your drawing",
  EmptyLatentImage: "Preparing the canvas",
  KSampler: "Painting",
  VAEDecode: "Finishing",
  SaveImage: "Finishing",
};

// ---------------------------------------------------------------------------------------------
// Engine

export function createComfyUIEngine(config: ComfyUIConfig): ImageEngine {
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const pollMs = config.pollIntervalMs ?? DEFAULT_POLL_MS;

  const capabilities: EngineCapabilities = { ...FULL_CAPABILITIES, edits: ["inpaint", "outpaint"] };

  function validate(request: GenerationRequest): ValidationIssue[] {
    // EmptyLatentImage rejects sizes that are not multiples of 8 (and VAEEncode would crop them).
    const issues = checkStableDiffusionRequest(request, capabilities);
    if (!Number.isInteger(request.seed) || request.seed < 0)
      issues.push({ field: "seed", message: "The seed is a whole number from 0" });
    return issues;
  }

  const side = () => AbortSignal.timeout(SIDE_REQUEST_MS);

  /** Best effort, never throws: interrupt our prompt if it is the running one, drop it if it waits in the queue. */
  async function cancelOnBackend(promptId: string | undefined, clientId: string): Promise<void> {
    type Entry = [number, string, unknown, { client_id?: unknown } | undefined, ...unknown[]];
    const ours = (entry: unknown): entry is Entry =>
      Array.isArray(entry) && (entry[1] === promptId || (isRecord(entry[3]) && entry[3].client_id === clientId));
    const post = (path: string, json: unknown) => call(config, "POST", path, side(), { json }).catch(() => undefined);
    let queue: { queue_running?: unknown; queue_pending?: unknown };
    try {
      queue = await callJson(config, "GET", "/queue", side());
    } catch {
      // Cannot tell whether it runs: deleting is harmless (it only touches pending prompts), a global interrupt is not.
      if (promptId) await post("/queue", { delete: [promptId] });
      return;
    }
    const running = (Array.isArray(queue.queue_running) ? queue.queue_running : []).filter(ours);
    const pending = (Array.isArray(queue.queue_pending) ? queue.queue_pending : []).filter(ours);
    if (pending.length > 0) await post("/queue", { delete: pending.map((e) => e[1]) });
    // /interrupt is global on older servers; newer ones honour prompt_id and skip it if another prompt runs by now.
    for (const entry of running) await post("/interrupt", { prompt_id: entry[1] });
  }

  async function upload(png: Buffer, filename: string, signal: AbortSignal): Promise<string> {
    const form = new FormData();
    form.append("image", new Blob([new Uint8Array(png)], { type: "image/png" }), filename);
    form.append("type", "input");
    // The name is unique per job; overwrite keeps ComfyUI from renaming it "name (1).png" on a retry.
    form.append("overwrite", "true");
    const answer = await call(config, "POST", "/upload/image", signal, { form });
    const body = answer.bytes.toString("utf8");
    if (answer.status < 200 || answer.status >= 300)
      throw httpError(answer.status, body, answer.retryAfter, "POST /upload/image");
    const parsed = parseJsonBody<{ name?: unknown; subfolder?: unknown }>(body, "POST /upload/image");
    if (!text(parsed.name)) throw unreadableError(`${BACKEND}: /upload/image answered without a name`);
    return text(parsed.subfolder) ? `${parsed.subfolder}/${parsed.name}` : parsed.name;
  }

  /**
   * GET /history/{id}: the entry once the prompt is over, undefined while it is not. Failures a
   * later poll may not see (5xx, a lost connection, garbage) are marked transient.
   */
  async function readHistory(promptId: string, signal: AbortSignal): Promise<HistoryEntry | undefined> {
    const path = `/history/${encodeURIComponent(promptId)}`;
    const transient = (error: EngineError) => {
      TRANSIENT.add(error);
      return error;
    };
    let answer: Answer;
    try {
      answer = await call(config, "GET", path, AbortSignal.any([signal, side()]));
    } catch (error) {
      throw error instanceof EngineError ? transient(error) : error;
    }
    const body = answer.bytes.toString("utf8");
    if (answer.status < 200 || answer.status >= 300) {
      const error = httpError(answer.status, body, answer.retryAfter, `GET ${path}`);
      throw answer.status >= 500 ? transient(error) : error;
    }
    let history: unknown;
    try {
      history = parseJsonBody<unknown>(body, `GET ${path}`);
    } catch (error) {
      throw error instanceof EngineError ? transient(error) : error;
    }
    if (!isRecord(history)) throw transient(unreadableError(`${BACKEND}: ${path} is not an object`));
    const entry = history[promptId];
    if (!isRecord(entry)) return undefined;
    const status = entry.status;
    // Without status (very old servers) an entry means done; with it, wait for completed or an error.
    if (isRecord(status) && status.completed !== true && status.status_str !== "error") return undefined;
    return entry as HistoryEntry;
  }

  /**
   * Waits for our prompt to end: websocket events when the feed is up (progress, done, error,
   * interrupt), /history polls otherwise — fast when the feed is down or says we are done, slow
   * as a safety net while it is up. Resolves with the finished history entry.
   */
  function waitForPrompt(
    promptId: string,
    feed: Feed | null,
    buffered: ComfyMessage[],
    workflow: ComfyWorkflow,
    signal: AbortSignal,
    report: (update: ProgressUpdate) => void,
    onFinished: () => void,
  ): Promise<HistoryEntry> {
    return new Promise<HistoryEntry>((resolve, reject) => {
      let settled = false;
      let timer: NodeJS.Timeout | undefined;
      let polling = false;
      let again = false;
      let failures = 0;
      let doneSignalled = false;
      let percent = 0;

      const settle = (finish: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal.removeEventListener("abort", onAbort);
        if (feed) {
          feed.onMessage = () => {};
          feed.onDrop = () => {};
        }
        finish();
      };
      const onAbort = () => settle(() => reject(signal.reason));
      signal.addEventListener("abort", onAbort, { once: true });

      const schedule = (ms: number) => {
        if (settled) return;
        clearTimeout(timer);
        timer = setTimeout(() => void poll(), ms);
      };
      const nextDelay = () => (feed?.open && !doneSignalled ? pollMs * 5 : pollMs);

      async function poll() {
        if (settled) return;
        if (polling) {
          again = true;
          return;
        }
        polling = true;
        try {
          const entry = await readHistory(promptId, signal);
          failures = 0;
          if (entry) {
            onFinished();
            const failure = historyFailure(promptId, entry);
            return settle(failure ? () => reject(failure) : () => resolve(entry));
          }
        } catch (error) {
          if (settled || signal.aborted) return;
          // Reference §5: on 5xx or a lost connection keep polling, a few times; a 4xx will not pass.
          failures++;
          const transient = error instanceof EngineError && TRANSIENT.has(error);
          if (!transient || failures >= MAX_POLL_FAILURES) return settle(() => reject(error));
        } finally {
          polling = false;
        }
        if (again) {
          again = false;
          return void poll();
        }
        schedule(nextDelay());
      }

      const ours = (data: Record<string, unknown>) => data.prompt_id === promptId;
      const handle = (message: ComfyMessage) => {
        if (settled) return;
        const { type, data } = message;
        try {
          if (type === "progress") {
            // Older servers send progress without prompt_id; our client id routes only our prompt's events here.
            if (data.prompt_id !== undefined && !ours(data)) return;
            if (data.node !== undefined && workflow[String(data.node)]?.class_type !== "KSampler") return;
            const value = Number(data.value);
            const max = Number(data.max);
            if (!(max > 0) || !Number.isFinite(value)) return;
            percent = Math.max(percent, Math.min(99, Math.round((value / max) * 100)));
            report({ percent, stage: "Painting" });
          } else if (!ours(data)) {
            return; // another prompt's event (some servers broadcast interrupts)
          } else if (type === "execution_start") {
            report({ percent, stage: "Starting" });
          } else if (type === "executing" && data.node === null) {
            // Sent after history is stored, success or not: read the outcome now.
            doneSignalled = true;
            void poll();
          } else if (type === "executing" && data.node !== undefined) {
            const stage = STAGES[workflow[String(data.node)]?.class_type ?? ""];
            if (stage) report({ percent, stage });
          } else if (type === "execution_success") {
            doneSignalled = true;
            schedule(0);
          } else if (type === "execution_error") {
            onFinished();
            settle(() => reject(executionError(promptId, data)));
          } else if (type === "execution_interrupted") {
            onFinished();
            settle(() => reject(interruptedError(promptId, data)));
          }
        } catch {
          // progress is a nicety: a strange event never fails the job
        }
      };

      if (feed) {
        feed.onMessage = handle;
        feed.onDrop = () => schedule(0); // the websocket dropped mid-run: from now on, /history tells
        for (const message of buffered.splice(0)) handle(message);
      }
      schedule(feed?.open ? pollMs * 5 : 0);
    });
  }

  async function fetchImage(ref: ImageRef, signal: AbortSignal): Promise<Omit<GeneratedImage, "seed">> {
    const query = new URLSearchParams({ filename: ref.filename, subfolder: ref.subfolder, type: ref.type });
    const answer = await call(config, "GET", `/view?${query}`, signal, { accept: "image/*" });
    if (answer.status === 404) {
      throw new EngineError("failed", "The image server lost the finished picture.", {
        detail: `${BACKEND}: /view 404 for ${ref.subfolder}/${ref.filename}`,
      });
    }
    if (answer.status < 200 || answer.status >= 300)
      throw httpError(answer.status, answer.bytes.toString("utf8"), answer.retryAfter, "GET /view");
    return decodeEngineImage(answer.bytes, `/view ${ref.filename}`);
  }

  async function generate(request: GenerationRequest, { onProgress, signal }: GenerateOptions) {
    const report = quietProgress(onProgress);

    const clientId = randomUUID();
    const limit = deadline(BACKEND, signal, timeoutMs);
    let feed: Feed | null = null;
    let promptId: string | undefined;
    let canvas: EditCanvas | undefined;
    let placed: PlacedCanvas | undefined;
    /** True from sending POST /prompt until we know the prompt is over or was never queued. */
    let mayRun = false;
    try {
      report({ percent: 0, stage: "Sending to the image server" });
      let imageName: string | undefined;
      let maskName: string | undefined;
      if (request.edit) {
        // Latents are an eighth of the picture: the canvas is padded to multiples of 8 and cut back after.
        canvas = await editCanvas(request);
        placed = await padCanvas(canvas, 8);
        imageName = await upload(placed.picture, `atelier-${clientId}.png`, limit.signal);
        maskName = await upload(placed.mask, `atelier-${clientId}-mask.png`, limit.signal);
      } else if (request.mode !== "text") {
        imageName = await upload(await prepareSource(request), `atelier-${clientId}.png`, limit.signal);
      }
      const workflow = buildComfyUIWorkflow(config, request, imageName, maskName);

      // Connect before queueing, so no event of ours is sent before we listen.
      feed = await connectFeed(config, clientId, limit.signal);
      limit.signal.throwIfAborted();
      const buffered: ComfyMessage[] = [];
      if (feed) feed.onMessage = (m) => void buffered.push(m); // events may beat POST /prompt's answer

      mayRun = true;
      const answer = await call(config, "POST", "/prompt", limit.signal, {
        json: { prompt: workflow, client_id: clientId },
      });
      const body = answer.bytes.toString("utf8");
      if (answer.status < 200 || answer.status >= 300) {
        if (answer.status === 400) mayRun = false; // validation failed: nothing was queued
        throw httpError(answer.status, body, answer.retryAfter, "POST /prompt");
      }
      const queued = parseJsonBody<{ prompt_id?: unknown }>(body, "POST /prompt");
      if (!text(queued.prompt_id)) throw unreadableError(`${BACKEND}: POST /prompt answered without a prompt_id`);
      promptId = queued.prompt_id;
      report({ percent: 0, stage: "Waiting for the GPU" });

      const entry = await waitForPrompt(
        promptId,
        feed,
        buffered,
        workflow,
        limit.signal,
        report,
        () => (mayRun = false),
      );
      feed?.close();
      const refs = outputImages(entry, N.save).slice(0, request.count);
      if (refs.length === 0)
        throw new EngineError("failed", "The image server sent no pictures back.", {
          detail: `${BACKEND}: prompt ${promptId} has no SaveImage output`,
        });
      report({ percent: 99, stage: "Fetching the pictures" });
      const images: GeneratedImage[] = [];
      for (const ref of refs) {
        // One KSampler seed makes the whole batch (no per-image seeds in ComfyUI): every picture records that seed.
        let image = await fetchImage(ref, limit.signal);
        if (canvas && placed) image = await finishEdit(image.bytes, canvas, placed.box);
        images.push({ ...image, seed: request.seed });
      }
      report({ percent: 100, stage: "Done" });
      return { images };
    } catch (error) {
      const stopped = limit.stoppedError(promptId ? `prompt ${promptId}` : "the request", error);
      // Free the GPU: nobody will take this result (cancel, timeout, or an answer we could not follow).
      if (mayRun) await cancelOnBackend(promptId, clientId);
      if (stopped) throw stopped;
      if (error instanceof EngineError) throw error;
      throw pictureFailedError(`${BACKEND}: ${String(error)}`, error);
    } finally {
      feed?.close();
      limit.dispose();
    }
  }

  return remoteEngine(config, capabilities, validate, generate);
}
