/**
 * A local stand-in for ComfyUI's HTTP + websocket API, following shared/reference/image-backends.md §2:
 * validates posted workflows like validate_prompt (class_type, known classes and their required
 * inputs, links to existing nodes with the right output type, ranges, combo lists, seeds as
 * integers) and answers 400 with `error` + `node_errors` as ComfyUI does; runs one prompt at a
 * time over `jobMs`, sending execution_start / executing / progress / executed / execution_success
 * to the prompt's client id; keeps /history, serves real PNGs from /view, takes /upload/image,
 * /queue, /interrupt and /object_info; caches a repeated graph as ComfyUI does. Every route also
 * answers under /api. Failure switches cover the network, the proxy in front, and the backend.
 *
 * Inpainting graphs (InpaintModelConditioning, VAEEncodeForInpaint or SetLatentNoiseMask fed by a
 * MASK from ImageToMask / LoadImageMask / LoadImage) are run for real, in miniature: LoadImage
 * reads the uploaded file (its MASK output is 1 − alpha, or an empty 64 × 64 mask without alpha,
 * as nodes.py does), ImageToMask takes a channel (alpha of an RGB image fails at run time), the
 * inpaint node resizes the mask to the picture and crops to multiples of 8 (nodes.py), and KSampler
 * paints the masked pixels (all of them without a noise mask) in the seed's shade. Stricter than
 * the real server on purpose: a graph whose MASK reaches no inpaint node feeding a KSampler is a
 * 400, so an edit workflow that forgot its inpaint node fails the test.
 */
import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import sharp from "sharp";
import { closeServer, readBody } from "./fake-http";
import { WebSocketServer, type WebSocket } from "ws";

export type ComfyFailure =
  /** Every TCP connection is closed at once. */
  | "refuse"
  /** POST /prompt answers aiohttp's 500 page. */
  | "error500"
  /** POST /prompt queues the prompt but answers broken JSON. */
  | "malformed"
  /** /history answers broken JSON. */
  | "malformed-history"
  /** /view sends half a PNG. */
  | "truncated"
  /** /view sends text. */
  | "not-image"
  /** KSampler raises (execution_error). */
  | "execution-error"
  /** KSampler never finishes until interrupted. */
  | "hang"
  /** A proxy in front answers 429 with Retry-After. */
  | "rate-limited"
  | "none";

/** ok; refuse: the upgrade is answered 404 (a proxy without websockets); drop: closed after the first progress; silent: open but quiet. */
export type SocketMode = "ok" | "refuse" | "drop" | "silent";

export interface RecordedRequest {
  method: string;
  /** Without the /api prefix; with the query string. */
  path: string;
  headers: http.IncomingHttpHeaders;
  /** Parsed JSON, the multipart form, or the raw text. */
  body: unknown;
}

export interface RecordedUpload {
  name: string;
  subfolder: string;
  type: string;
  filename: string;
  contentType: string;
  bytes: Buffer;
  fields: Record<string, string>;
}

export interface RecordedSocket {
  clientId: string;
  headers: http.IncomingHttpHeaders;
  path: string;
}

interface Node {
  class_type: string;
  inputs: Record<string, unknown>;
}

interface QueueItem {
  number: number;
  id: string;
  prompt: Record<string, Node>;
  extraData: { client_id?: string; create_time: number };
  outputs: string[];
  interrupted: boolean;
  /** The node running now, told again to a client that reconnects. */
  current: string | null;
  wake: () => void;
}

export interface FakeComfyUIOptions {
  /** When set, every request must carry `Authorization: Bearer <apiKey>` (an authenticating proxy). */
  apiKey?: string;
  jobMs?: number;
  checkpoints?: string[];
  controlnets?: string[];
  /** Newer /object_info combo form `["COMBO", {options}]`. */
  comboForm?: boolean;
}

export interface FakeComfyUI {
  url: string;
  requests: RecordedRequest[];
  uploads: RecordedUpload[];
  sockets: RecordedSocket[];
  /** Accepted prompts, in order. */
  prompts: { id: string; clientId: string | undefined; prompt: Record<string, Node> }[];
  failure: ComfyFailure;
  socket: SocketMode;
  jobMs: number;
  /** The next N /history requests answer 500. */
  historyFailures: number;
  /** Resolves with the prompt id when a prompt starts running. */
  promptStarted(): Promise<string>;
  /** Every websocket message sent, per client id. */
  sent: Map<string, { type: string; data: Record<string, unknown> }[]>;
  close(): Promise<void>;
}

const SAMPLERS = ["euler", "euler_ancestral", "heun", "dpmpp_2m", "dpmpp_2m_sde", "ddim", "uni_pc"];
const SCHEDULERS = ["normal", "karras", "exponential", "sgm_uniform", "simple", "ddim_uniform"];
const MAX_RESOLUTION = 16384;
const SEED_MAX = 0xffffffffffffffffn;

type Spec =
  | { kind: "link"; type: string }
  | { kind: "INT"; min: number; max: number | bigint; step?: number }
  | { kind: "FLOAT"; min: number; max: number }
  | { kind: "STRING" }
  | { kind: "BOOLEAN" }
  | { kind: "COMBO"; options: () => string[]; image?: boolean };

interface NodeSpec {
  required: Record<string, Spec>;
  /** Checked when given. */
  optional?: Record<string, Spec>;
  outputs: string[];
  output?: boolean;
}

/** Nodes that turn a MASK into where sampling happens. */
const INPAINT_NODES = new Set(["InpaintModelConditioning", "VAEEncodeForInpaint", "SetLatentNoiseMask"]);
/** Nodes whose MASK output an edit graph loads its mask with. */
const MASK_NODES = new Set(["ImageToMask", "LoadImageMask"]);

/** Shade of the pixels a prompt paints (the whole picture of a text prompt). */
export function comfyShade(shade: number): { r: number; g: number; b: number } {
  return { r: (shade * 37) % 256, g: (shade * 11) % 256, b: 120 };
}

/** An IMAGE of a batch: raw RGB. */
interface Picture {
  width: number;
  height: number;
  data: Buffer;
}
/** A MASK: 0..1 per pixel. */
interface Mask {
  width: number;
  height: number;
  data: Float32Array;
}
interface Latent {
  width: number;
  height: number;
  batch: number;
  /** The encoded picture (null for an empty latent). */
  base: Picture | null;
  noiseMask: Mask | null;
  /** What KSampler made. */
  sampled?: Picture[];
}

function resizeMask(mask: Mask, width: number, height: number): Mask {
  if (mask.width === width && mask.height === height) return mask;
  const data = new Float32Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const sx = Math.min(mask.width - 1, Math.floor(((x + 0.5) * mask.width) / width));
      const sy = Math.min(mask.height - 1, Math.floor(((y + 0.5) * mask.height) / height));
      data[y * width + x] = mask.data[sy * mask.width + sx]!;
    }
  return { width, height, data };
}

/** VAEEncode and the inpaint nodes crop to multiples of 8, centred (nodes.py). */
function crop8<T extends Picture | Mask>(value: T): T {
  const width = Math.floor(value.width / 8) * 8;
  const height = Math.floor(value.height / 8) * 8;
  if (width === value.width && height === value.height) return value;
  const dx = Math.floor((value.width % 8) / 2);
  const dy = Math.floor((value.height % 8) / 2);
  const channels = value.data.length / (value.width * value.height);
  const data =
    value.data instanceof Float32Array
      ? new Float32Array(width * height * channels)
      : Buffer.alloc(width * height * channels);
  for (let y = 0; y < height; y++) {
    const from = ((y + dy) * value.width + dx) * channels;
    data.set(value.data.subarray(from, from + width * channels), y * width * channels);
  }
  return { width, height, data } as T;
}

const link = (type: string): Spec => ({ kind: "link", type });

class PromptError extends Error {
  constructor(readonly body: unknown) {
    super("prompt rejected");
  }
}

function png(width: number, height: number, shade: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: comfyShade(shade) } })
    .png()
    .toBuffer();
}

export async function startFakeComfyUI(options: FakeComfyUIOptions = {}): Promise<FakeComfyUI> {
  const checkpoints = options.checkpoints ?? ["v1-5-pruned-emaonly.safetensors", "sdxl_base_1.0.safetensors"];
  const controlnets = options.controlnets ?? ["control_v11p_sd15_scribble.pth", "control_v11p_sd15_canny.pth"];
  /** `${type}/${subfolder}/${filename}` → bytes. */
  const files = new Map<string, Buffer>();
  const fileKey = (type: string, subfolder: string, filename: string) => `${type}/${subfolder}/${filename}`;
  const inputFiles = () =>
    [...files.keys()].filter((k) => k.startsWith("input/")).map((k) => k.slice("input/".length).replace(/^\//, ""));

  const NODES: Record<string, NodeSpec> = {
    CheckpointLoaderSimple: {
      required: { ckpt_name: { kind: "COMBO", options: () => checkpoints } },
      outputs: ["MODEL", "CLIP", "VAE"],
    },
    CLIPTextEncode: { required: { text: { kind: "STRING" }, clip: link("CLIP") }, outputs: ["CONDITIONING"] },
    EmptyLatentImage: {
      required: {
        width: { kind: "INT", min: 16, max: MAX_RESOLUTION, step: 8 },
        height: { kind: "INT", min: 16, max: MAX_RESOLUTION, step: 8 },
        batch_size: { kind: "INT", min: 1, max: 4096 },
      },
      outputs: ["LATENT"],
    },
    KSampler: {
      required: {
        model: link("MODEL"),
        seed: { kind: "INT", min: 0, max: SEED_MAX },
        steps: { kind: "INT", min: 1, max: 10000 },
        cfg: { kind: "FLOAT", min: 0, max: 100 },
        sampler_name: { kind: "COMBO", options: () => SAMPLERS },
        scheduler: { kind: "COMBO", options: () => SCHEDULERS },
        positive: link("CONDITIONING"),
        negative: link("CONDITIONING"),
        latent_image: link("LATENT"),
        denoise: { kind: "FLOAT", min: 0, max: 1 },
      },
      outputs: ["LATENT"],
    },
    VAEDecode: { required: { samples: link("LATENT"), vae: link("VAE") }, outputs: ["IMAGE"] },
    VAEEncode: { required: { pixels: link("IMAGE"), vae: link("VAE") }, outputs: ["LATENT"] },
    RepeatLatentBatch: {
      required: { samples: link("LATENT"), amount: { kind: "INT", min: 1, max: 64 } },
      outputs: ["LATENT"],
    },
    SaveImage: { required: { images: link("IMAGE"), filename_prefix: { kind: "STRING" } }, outputs: [], output: true },
    LoadImage: { required: { image: { kind: "COMBO", options: inputFiles, image: true } }, outputs: ["IMAGE", "MASK"] },
    LoadImageMask: {
      required: {
        image: { kind: "COMBO", options: inputFiles, image: true },
        channel: { kind: "COMBO", options: () => ["alpha", "red", "green", "blue"] },
      },
      outputs: ["MASK"],
    },
    ImageToMask: {
      required: { image: link("IMAGE"), channel: { kind: "COMBO", options: () => ["red", "green", "blue", "alpha"] } },
      outputs: ["MASK"],
    },
    // Newer servers (as emulated here) require noise_mask; older ones have no such input.
    InpaintModelConditioning: {
      required: {
        positive: link("CONDITIONING"),
        negative: link("CONDITIONING"),
        vae: link("VAE"),
        pixels: link("IMAGE"),
        mask: link("MASK"),
        noise_mask: { kind: "BOOLEAN" },
      },
      outputs: ["CONDITIONING", "CONDITIONING", "LATENT"],
    },
    VAEEncodeForInpaint: {
      required: {
        pixels: link("IMAGE"),
        vae: link("VAE"),
        mask: link("MASK"),
        grow_mask_by: { kind: "INT", min: 0, max: 64 },
      },
      outputs: ["LATENT"],
    },
    SetLatentNoiseMask: { required: { samples: link("LATENT"), mask: link("MASK") }, outputs: ["LATENT"] },
    ControlNetLoader: {
      required: { control_net_name: { kind: "COMBO", options: () => controlnets } },
      outputs: ["CONTROL_NET"],
    },
    ControlNetApplyAdvanced: {
      required: {
        positive: link("CONDITIONING"),
        negative: link("CONDITIONING"),
        control_net: link("CONTROL_NET"),
        image: link("IMAGE"),
        strength: { kind: "FLOAT", min: 0, max: 10 },
        start_percent: { kind: "FLOAT", min: 0, max: 1 },
        end_percent: { kind: "FLOAT", min: 0, max: 1 },
      },
      outputs: ["CONDITIONING", "CONDITIONING"],
    },
  };

  const requests: RecordedRequest[] = [];
  const uploads: RecordedUpload[] = [];
  const sockets: RecordedSocket[] = [];
  const clients = new Map<string, Set<WebSocket>>();
  const sent = new Map<string, { type: string; data: Record<string, unknown> }[]>();
  const history = new Map<string, Record<string, unknown>>();
  /** Graph (minus nothing: ComfyUI caches by inputs) → outputs of the run that made it. */
  const cache = new Map<string, { images: { filename: string; subfolder: string; type: string }[] }>();
  const pending: QueueItem[] = [];
  let running: QueueItem | null = null;
  let counter = 0;
  let number = 0;
  let closed = false;
  let startedWaiters: ((id: string) => void)[] = [];

  const fake: FakeComfyUI = {
    url: "",
    requests,
    uploads,
    sockets,
    prompts: [],
    failure: "none",
    socket: "ok",
    jobMs: options.jobMs ?? 0,
    historyFailures: 0,
    sent,
    promptStarted: () => new Promise<string>((resolve) => startedWaiters.push(resolve)),
    close: async () => {
      closed = true;
      running?.wake();
      for (const set of clients.values()) for (const ws of set) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await closeServer(server);
    },
  };

  // --- websocket -------------------------------------------------------------------------------

  const emit = (clientId: string | undefined, type: string, data: Record<string, unknown>) => {
    if (!clientId || fake.socket === "silent") return;
    const log = sent.get(clientId) ?? [];
    log.push({ type, data });
    sent.set(clientId, log);
    for (const ws of clients.get(clientId) ?? []) ws.send(JSON.stringify({ type, data }));
  };
  const broadcast = (type: string, data: Record<string, unknown>) => {
    for (const clientId of clients.keys()) emit(clientId, type, data);
  };
  const queueRemaining = () => pending.length + (running ? 1 : 0);

  const wss = new WebSocketServer({ noServer: true });

  // --- validation (execution.py validate_prompt / validate_inputs) ------------------------------

  function validate(prompt: unknown): { prompt: Record<string, Node>; outputs: string[] } {
    const invalid = (type: string, message: string, details: string) =>
      new PromptError({ error: { type, message, details, extra_info: {} }, node_errors: {} });
    if (typeof prompt !== "object" || prompt === null || Array.isArray(prompt))
      throw invalid("no_prompt", "No prompt provided", "No prompt provided");
    const graph = prompt as Record<string, unknown>;
    for (const [id, node] of Object.entries(graph)) {
      if (typeof node !== "object" || node === null || typeof (node as Node).class_type !== "string") {
        throw invalid(
          "invalid_prompt",
          "Cannot execute because a node is missing the class_type property.",
          `Node ID '#${id}'`,
        );
      }
      if (!NODES[(node as Node).class_type]) {
        throw invalid(
          "invalid_prompt",
          `Cannot execute because node ${(node as Node).class_type} does not exist.`,
          `Node ID '#${id}'`,
        );
      }
      if (typeof (node as Node).inputs !== "object" || (node as Node).inputs === null) {
        throw invalid(
          "invalid_prompt",
          "Cannot execute because a node is missing the inputs property.",
          `Node ID '#${id}'`,
        );
      }
    }
    const nodes = graph as Record<string, Node>;
    const outputs = Object.keys(nodes).filter((id) => NODES[nodes[id]!.class_type]!.output);
    if (outputs.length === 0) throw invalid("prompt_no_outputs", "Prompt has no outputs", "");

    const nodeErrors: Record<string, unknown> = {};
    for (const [id, node] of Object.entries(nodes)) {
      const spec = NODES[node.class_type]!;
      const errors: Record<string, unknown>[] = [];
      const fail = (type: string, message: string, details: string, input: string, received?: unknown) =>
        errors.push({ type, message, details, extra_info: { input_name: input, received_value: received } });
      const given = Object.entries(spec.optional ?? {}).filter(([name]) => name in node.inputs);
      for (const [name, input] of [...Object.entries(spec.required), ...given]) {
        if (!(name in node.inputs)) {
          fail("required_input_missing", "Required input is missing", name, name);
          continue;
        }
        const value = node.inputs[name];
        if (Array.isArray(value)) {
          const [source, slot] = value as unknown[];
          if (value.length !== 2 || typeof source !== "string" || !Number.isInteger(slot)) {
            fail(
              "bad_linked_input",
              "Bad linked input, must be a length-2 list of [node_id, slot_index]",
              name,
              name,
              value,
            );
            continue;
          }
          const from = nodes[source];
          if (!from) {
            fail(
              "bad_linked_input",
              "Bad linked input: the linked node does not exist",
              `${name}: node ${source}`,
              name,
              value,
            );
            continue;
          }
          const produced = NODES[from.class_type]!.outputs[slot as number];
          const expected = input.kind === "link" ? input.type : input.kind;
          if (produced !== expected) {
            fail(
              "return_type_mismatch",
              "Return type mismatch between linked nodes",
              `${name}, received_type(${produced ?? "nothing"}) mismatch input_type(${expected})`,
              name,
            );
          }
          continue;
        }
        if (input.kind === "link") {
          fail(
            "invalid_input_type",
            "Input must be linked",
            `${name}: expected a link to a ${input.type} output`,
            name,
            value,
          );
        } else if (input.kind === "INT") {
          if (typeof value !== "number" || !Number.isInteger(value)) {
            fail(
              "invalid_input_type",
              "Failed to convert an input value to a INT value",
              `${name}, ${String(value)}`,
              name,
              value,
            );
          } else if (value < input.min) {
            fail("value_smaller_than_min", `Value ${value} smaller than min of ${input.min}`, `${name}`, name, value);
          } else if (BigInt(value) > BigInt(input.max)) {
            fail("value_bigger_than_max", `Value ${value} bigger than max of ${input.max}`, `${name}`, name, value);
          } else if (input.step && value % input.step !== 0) {
            fail("invalid_input_type", `Value ${value} is not a multiple of ${input.step}`, `${name}`, name, value);
          }
        } else if (input.kind === "FLOAT") {
          if (typeof value !== "number" || !Number.isFinite(value)) {
            fail(
              "invalid_input_type",
              "Failed to convert an input value to a FLOAT value",
              `${name}, ${String(value)}`,
              name,
              value,
            );
          } else if (value < input.min) {
            fail("value_smaller_than_min", `Value ${value} smaller than min of ${input.min}`, `${name}`, name, value);
          } else if (value > input.max) {
            fail("value_bigger_than_max", `Value ${value} bigger than max of ${input.max}`, `${name}`, name, value);
          }
        } else if (input.kind === "BOOLEAN") {
          if (typeof value !== "boolean")
            fail(
              "invalid_input_type",
              "Failed to convert an input value to a BOOLEAN value",
              `${name}, ${String(value)}`,
              name,
              value,
            );
        } else if (input.kind === "STRING") {
          if (typeof value !== "string")
            fail(
              "invalid_input_type",
              "Failed to convert an input value to a STRING value",
              `${name}, ${String(value)}`,
              name,
              value,
            );
        } else if (typeof value !== "string" || !input.options().includes(value)) {
          if (input.image)
            fail(
              "custom_validation_failed",
              "Custom validation failed for node",
              `${name} - Invalid image file: ${String(value)}`,
              name,
              value,
            );
          else
            fail(
              "value_not_in_list",
              "Value not in list",
              `${name}: '${String(value)}' not in [${input.options().join(", ")}]`,
              name,
              value,
            );
        }
      }
      if (errors.length > 0) nodeErrors[id] = { errors, dependent_outputs: outputs, class_type: node.class_type };
    }
    if (Object.keys(nodeErrors).length === 0) {
      // Stricter than ComfyUI on purpose (see the header): a loaded mask must reach sampling through an inpaint node.
      const source = (node: Node | undefined, name: string) => {
        const value = node?.inputs[name];
        return Array.isArray(value) ? (value as [string, number]) : undefined;
      };
      const inpaints = Object.values(nodes).some((sampler) => {
        if (sampler.class_type !== "KSampler") return false;
        let link = source(sampler, "latent_image");
        while (link && nodes[link[0]]?.class_type === "RepeatLatentBatch") link = source(nodes[link[0]], "samples");
        return link !== undefined && INPAINT_NODES.has(nodes[link[0]]?.class_type ?? "");
      });
      for (const [id, node] of Object.entries(nodes)) {
        if (MASK_NODES.has(node.class_type) && !inpaints) {
          nodeErrors[id] = {
            errors: [
              {
                type: "mask_not_used",
                message: "Mask reaches no sampler",
                details:
                  "(stand-in, stricter on purpose) no InpaintModelConditioning, VAEEncodeForInpaint or SetLatentNoiseMask feeds a KSampler's latent_image",
                extra_info: {},
              },
            ],
            dependent_outputs: outputs,
            class_type: node.class_type,
          };
        }
      }
    }
    if (Object.keys(nodeErrors).length > 0) {
      const details = Object.values(nodeErrors)
        .flatMap((n) =>
          (n as { errors: { message: string; details: string }[] }).errors.map((e) => `${e.message}: ${e.details}`),
        )
        .join("\n");
      throw new PromptError({
        error: {
          type: "prompt_outputs_failed_validation",
          message: "Prompt outputs failed validation",
          details,
          extra_info: {},
        },
        node_errors: nodeErrors,
      });
    }
    return { prompt: nodes, outputs };
  }

  // --- execution ---------------------------------------------------------------------------------

  /** Nodes in the order ComfyUI would run them for these outputs (dependencies first). */
  function order(prompt: Record<string, Node>, outputs: string[]): string[] {
    const seen = new Set<string>();
    const visit = (id: string) => {
      if (seen.has(id)) return;
      seen.add(id);
      for (const value of Object.values(prompt[id]!.inputs)) if (Array.isArray(value)) visit(value[0] as string);
      list.push(id);
    };
    const list: string[] = [];
    for (const id of outputs) visit(id);
    return list;
  }

  /** The size and batch of the latent a node produces. */
  async function latentOf(
    prompt: Record<string, Node>,
    id: string,
  ): Promise<{ width: number; height: number; batch: number }> {
    const node = prompt[id]!;
    const source = (name: string) => (node.inputs[name] as [string, number])[0];
    switch (node.class_type) {
      case "EmptyLatentImage":
        return {
          width: node.inputs.width as number,
          height: node.inputs.height as number,
          batch: node.inputs.batch_size as number,
        };
      case "RepeatLatentBatch": {
        const inner = await latentOf(prompt, source("samples"));
        return { ...inner, batch: inner.batch * (node.inputs.amount as number) };
      }
      case "VAEEncode": {
        const load = prompt[source("pixels")]!;
        const meta = await sharp(files.get(fileKey("input", "", load.inputs.image as string))).metadata();
        // VAEEncode crops to multiples of 8.
        return {
          width: Math.floor((meta.width ?? 8) / 8) * 8,
          height: Math.floor((meta.height ?? 8) / 8) * 8,
          batch: 1,
        };
      }
      case "KSampler":
        return latentOf(prompt, source("latent_image"));
      default:
        throw new Error(`no latent from ${node.class_type}`);
    }
  }

  async function readInput(
    name: string,
  ): Promise<{ data: Buffer; width: number; height: number; alpha: Buffer | null }> {
    const bytes = files.get(fileKey("input", "", name));
    if (!bytes) throw new Error(`[Errno 2] No such file or directory: '${name}'`);
    const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const meta = await sharp(bytes).metadata();
    const rgb = Buffer.alloc(info.width * info.height * 3);
    const alpha = Buffer.alloc(info.width * info.height);
    for (let p = 0; p < info.width * info.height; p++) {
      data.copy(rgb, p * 3, p * 4, p * 4 + 3);
      alpha[p] = data[p * 4 + 3]!;
    }
    return { data: rgb, width: info.width, height: info.height, alpha: meta.hasAlpha ? alpha : null };
  }

  /** Runs an inpainting graph up to the SaveImage `saveId` (see the header); PNGs of the batch. */
  async function renderEdit(prompt: Record<string, Node>, saveId: string): Promise<Buffer[]> {
    const memo = new Map<string, unknown[]>();
    const channels = ["red", "green", "blue", "alpha"];
    async function run(id: string): Promise<unknown[]> {
      const known = memo.get(id);
      if (known) return known;
      const node = prompt[id]!;
      const from = async <T>(name: string): Promise<T> => {
        const [source, slot] = node.inputs[name] as [string, number];
        return (await run(source))[slot] as T;
      };
      let out: unknown[];
      switch (node.class_type) {
        case "LoadImage": {
          const file = await readInput(node.inputs.image as string);
          const picture: Picture = { width: file.width, height: file.height, data: file.data };
          const mask: Mask = file.alpha
            ? { width: file.width, height: file.height, data: Float32Array.from(file.alpha, (a) => 1 - a / 255) }
            : { width: 64, height: 64, data: new Float32Array(64 * 64) };
          out = [[picture], mask];
          break;
        }
        case "LoadImageMask": {
          const file = await readInput(node.inputs.image as string);
          const index = channels.indexOf(node.inputs.channel as string);
          const data =
            index === 3
              ? Float32Array.from(file.alpha ?? new Uint8Array(file.width * file.height).fill(255), (a) => 1 - a / 255)
              : Float32Array.from({ length: file.width * file.height }, (_, p) => file.data[p * 3 + index]! / 255);
          out = [{ width: file.width, height: file.height, data }];
          break;
        }
        case "ImageToMask": {
          const [image] = await from<Picture[]>("image");
          const index = channels.indexOf(node.inputs.channel as string);
          if (index === 3) throw new Error("index 3 is out of bounds for dimension 3 with size 3");
          const data = Float32Array.from(
            { length: image!.width * image!.height },
            (_, p) => image!.data[p * 3 + index]! / 255,
          );
          out = [{ width: image!.width, height: image!.height, data }];
          break;
        }
        case "InpaintModelConditioning":
        case "VAEEncodeForInpaint": {
          const [picture] = await from<Picture[]>("pixels");
          const mask = crop8(resizeMask(await from<Mask>("mask"), picture!.width, picture!.height));
          const base = crop8(picture!);
          const noiseMask = node.class_type === "VAEEncodeForInpaint" || node.inputs.noise_mask === true ? mask : null;
          const latent: Latent = { width: base.width, height: base.height, batch: 1, base, noiseMask };
          out = node.class_type === "VAEEncodeForInpaint" ? [latent] : [null, null, latent];
          break;
        }
        case "SetLatentNoiseMask": {
          const latent = await from<Latent>("samples");
          out = [{ ...latent, noiseMask: resizeMask(await from<Mask>("mask"), latent.width, latent.height) }];
          break;
        }
        case "VAEEncode": {
          const base = crop8((await from<Picture[]>("pixels"))[0]!);
          out = [{ width: base.width, height: base.height, batch: 1, base, noiseMask: null } satisfies Latent];
          break;
        }
        case "EmptyLatentImage": {
          const { width, height, batch_size } = node.inputs as { width: number; height: number; batch_size: number };
          out = [{ width, height, batch: batch_size, base: null, noiseMask: null } satisfies Latent];
          break;
        }
        case "RepeatLatentBatch": {
          const latent = await from<Latent>("samples");
          out = [{ ...latent, batch: latent.batch * (node.inputs.amount as number) }];
          break;
        }
        case "KSampler": {
          const latent = await from<Latent>("latent_image");
          const seed = Number(node.inputs.seed);
          const sampled: Picture[] = [];
          for (let i = 0; i < latent.batch; i++) {
            const { r, g, b } = comfyShade(seed + i * 3);
            const pixels = latent.width * latent.height;
            const data = latent.base ? Buffer.from(latent.base.data) : Buffer.alloc(pixels * 3);
            for (let p = 0; p < pixels; p++)
              if (!latent.base || !latent.noiseMask || latent.noiseMask.data[p]! >= 0.5) data.set([r, g, b], p * 3);
            sampled.push({ width: latent.width, height: latent.height, data });
          }
          out = [{ ...latent, sampled }];
          break;
        }
        case "VAEDecode":
          out = [(await from<Latent>("samples")).sampled];
          break;
        default:
          out = [null, null, null]; // models, conditioning: nothing to draw
      }
      memo.set(id, out);
      return out;
    }
    const pictures = await (async () => {
      const [source, slot] = prompt[saveId]!.inputs.images as [string, number];
      return (await run(source))[slot] as Picture[];
    })();
    return Promise.all(
      pictures.map((p) =>
        sharp(p.data, { raw: { width: p.width, height: p.height, channels: 3 } })
          .png()
          .toBuffer(),
      ),
    );
  }

  const sleep = (item: QueueItem, ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      item.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  function dropSockets(clientId: string | undefined) {
    for (const ws of clients.get(clientId ?? "") ?? []) ws.terminate();
  }

  async function execute(item: QueueItem) {
    const clientId = item.extraData.client_id;
    const messages: [string, Record<string, unknown>][] = [];
    const note = (type: string, data: Record<string, unknown>) => {
      messages.push([type, data]);
      emit(clientId, type, data);
    };
    const finish = (status: "success" | "error", outputs: Record<string, unknown>) => {
      history.set(item.id, {
        prompt: [item.number, item.id, item.prompt, item.extraData, item.outputs],
        outputs,
        status: { status_str: status, completed: status === "success", messages },
        meta: Object.fromEntries(
          Object.keys(outputs).map((id) => [
            id,
            { node_id: id, display_node: id, parent_node: null, real_node_id: id },
          ]),
        ),
      });
      // main.py: history first, then `executing` with node null.
      emit(clientId, "executing", { node: null, prompt_id: item.id });
    };

    note("execution_start", { prompt_id: item.id, timestamp: Date.now() });
    const key = JSON.stringify(item.prompt);
    const cached = cache.get(key);
    const ids = order(item.prompt, item.outputs);
    note("execution_cached", { nodes: cached ? ids : [], prompt_id: item.id, timestamp: Date.now() });
    if (cached) {
      // Nothing runs again; the history still lists the earlier files.
      note("execution_success", { prompt_id: item.id, timestamp: Date.now() });
      return finish("success", Object.fromEntries(item.outputs.map((id) => [id, cached])));
    }

    const executed: string[] = [];
    const outputs: Record<string, { images: { filename: string; subfolder: string; type: string }[] }> = {};
    for (const id of ids) {
      const node = item.prompt[id]!;
      item.current = id;
      emit(clientId, "executing", { node: id, display_node: id, prompt_id: item.id });
      if (node.class_type === "KSampler") {
        if (fake.failure === "execution-error") {
          note("execution_error", {
            prompt_id: item.id,
            node_id: id,
            node_type: "KSampler",
            executed,
            exception_message: "CUDA out of memory. Tried to allocate 2.00 GiB",
            exception_type: "torch.OutOfMemoryError",
            traceback: ['  File "execution.py", line 152, in recursive_execute\n'],
            current_inputs: {},
            current_outputs: [],
            timestamp: Date.now(),
          });
          return finish("error", {});
        }
        const steps = node.inputs.steps as number;
        const ticks = Math.min(steps, 10);
        for (let tick = 1; tick <= ticks && !item.interrupted; tick++) {
          await sleep(item, fake.jobMs / ticks);
          if (item.interrupted || closed) break;
          emit(clientId, "progress", {
            value: Math.round((tick * steps) / ticks),
            max: steps,
            prompt_id: item.id,
            node: id,
          });
          if (tick === 1 && fake.socket === "drop") dropSockets(clientId);
        }
        while (fake.failure === "hang" && !item.interrupted && !closed) await sleep(item, 60_000);
        if (item.interrupted || closed) {
          // Some servers broadcast this one to every client.
          messages.push([
            "execution_interrupted",
            { prompt_id: item.id, node_id: id, node_type: node.class_type, executed, timestamp: Date.now() },
          ]);
          broadcast("execution_interrupted", {
            prompt_id: item.id,
            node_id: id,
            node_type: node.class_type,
            executed,
            timestamp: Date.now(),
          });
          return finish("error", {});
        }
      }
      if (node.class_type === "SaveImage") {
        let pngs: Buffer[] = [];
        if (Object.values(item.prompt).some((n) => INPAINT_NODES.has(n.class_type))) {
          try {
            pngs = await renderEdit(item.prompt, id);
          } catch (error) {
            note("execution_error", {
              prompt_id: item.id,
              node_id: id,
              node_type: node.class_type,
              executed,
              exception_message: (error as Error).message,
              exception_type: "RuntimeError",
              traceback: [],
              current_inputs: {},
              current_outputs: [],
              timestamp: Date.now(),
            });
            return finish("error", {});
          }
        } else {
          const samplerId = ((item.prompt[(node.inputs.images as [string, number])[0]]!.inputs.samples as [
            string,
            number,
          ]) ?? [])[0]!;
          const { width, height, batch } = await latentOf(item.prompt, samplerId);
          const seed = Number(item.prompt[samplerId]?.inputs.seed ?? 0);
          for (let i = 0; i < batch; i++) pngs.push(await png(width, height, seed + i * 3));
        }
        const prefix = node.inputs.filename_prefix as string;
        const slash = prefix.lastIndexOf("/");
        const subfolder = slash >= 0 ? prefix.slice(0, slash) : "";
        const base = slash >= 0 ? prefix.slice(slash + 1) : prefix;
        const images = [];
        for (const picture of pngs) {
          const filename = `${base}_${String(++counter).padStart(5, "0")}_.png`;
          files.set(fileKey("output", subfolder, filename), picture);
          images.push({ filename, subfolder, type: "output" });
        }
        outputs[id] = { images };
        emit(clientId, "executed", { node: id, display_node: id, output: { images }, prompt_id: item.id });
      }
      executed.push(id);
    }
    for (const output of Object.values(outputs)) cache.set(key, output);
    note("execution_success", { prompt_id: item.id, timestamp: Date.now() });
    finish("success", outputs);
  }

  async function work() {
    while (!running && pending.length > 0 && !closed) {
      running = pending.shift()!;
      for (const w of startedWaiters) w(running.id);
      startedWaiters = [];
      try {
        await execute(running);
      } finally {
        running = null;
      }
      broadcast("status", { status: { exec_info: { queue_remaining: queueRemaining() } } });
    }
  }

  // --- HTTP -------------------------------------------------------------------------------------

  const send = (
    res: http.ServerResponse,
    status: number,
    body: unknown,
    type = "application/json",
    extra: Record<string, string> = {},
  ) => {
    const payload = Buffer.isBuffer(body) ? body : Buffer.from(typeof body === "string" ? body : JSON.stringify(body));
    res.writeHead(status, { "content-type": type, ...extra });
    res.end(payload);
  };
  const queueEntry = (item: QueueItem) => [item.number, item.id, item.prompt, item.extraData, item.outputs];
  const authorized = (headers: http.IncomingHttpHeaders) =>
    !options.apiKey || headers.authorization === `Bearer ${options.apiKey}`;

  async function route(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? "/", "http://localhost");
    const path = url.pathname.replace(/^\/api(?=\/)/, "");
    const raw = await readBody(req);
    const contentType = req.headers["content-type"] ?? "";
    let body: unknown = raw.length > 0 ? raw.toString("utf8") : null;
    let form: FormData | undefined;
    if (contentType.startsWith("multipart/form-data")) {
      try {
        form = await new Response(new Uint8Array(raw), { headers: { "content-type": contentType } }).formData();
        body = Object.fromEntries(
          [...form.entries()].map(([k, v]) => [
            k,
            typeof v === "string" ? v : { filename: v.name, type: v.type, size: v.size },
          ]),
        );
      } catch {
        form = undefined;
      }
    } else if (typeof body === "string" && contentType.includes("json")) {
      try {
        body = JSON.parse(body);
      } catch {
        requests.push({ method: req.method ?? "GET", path: path + url.search, headers: req.headers, body });
        // aiohttp's json() raises: the handler's 500.
        return send(res, 500, "500 Internal Server Error\n\nServer got itself in trouble", "text/plain");
      }
    }
    requests.push({ method: req.method ?? "GET", path: path + url.search, headers: req.headers, body });

    if (!authorized(req.headers))
      return send(res, 401, "401: Unauthorized", "text/plain", { "www-authenticate": "Bearer" });
    if (fake.failure === "rate-limited")
      return send(res, 429, "429 Too Many Requests", "text/plain", { "retry-after": "7" });

    const key = `${req.method} ${path}`;
    if (key === "POST /prompt") {
      if (fake.failure === "error500")
        return send(res, 500, "500 Internal Server Error\n\nServer got itself in trouble", "text/plain");
      const json = (typeof body === "object" && body !== null ? body : {}) as {
        prompt?: unknown;
        client_id?: unknown;
        prompt_id?: unknown;
      };
      let checked: ReturnType<typeof validate>;
      try {
        checked = validate(json.prompt);
      } catch (error) {
        if (error instanceof PromptError) return send(res, 400, error.body);
        throw error;
      }
      const item: QueueItem = {
        number: number++,
        id: typeof json.prompt_id === "string" ? json.prompt_id : randomUUID(),
        prompt: checked.prompt,
        extraData: {
          ...(typeof json.client_id === "string" ? { client_id: json.client_id } : {}),
          create_time: Date.now(),
        },
        outputs: checked.outputs,
        interrupted: false,
        current: null,
        wake: () => {},
      };
      pending.push(item);
      fake.prompts.push({ id: item.id, clientId: item.extraData.client_id, prompt: item.prompt });
      broadcast("status", { status: { exec_info: { queue_remaining: queueRemaining() } } });
      queueMicrotask(() => void work());
      if (fake.failure === "malformed") return send(res, 200, `{"prompt_id": "${item.id}", "number": oops`);
      return send(res, 200, { prompt_id: item.id, number: item.number, node_errors: {} });
    }
    if (key === "GET /prompt") return send(res, 200, { exec_info: { queue_remaining: queueRemaining() } });
    if (key === "GET /queue")
      return send(res, 200, {
        queue_running: running ? [queueEntry(running)] : [],
        queue_pending: pending.map(queueEntry),
      });
    if (key === "POST /queue") {
      const json = (body ?? {}) as { delete?: unknown; clear?: unknown };
      if (json.clear === true) pending.splice(0);
      if (Array.isArray(json.delete)) {
        for (const id of json.delete) {
          const at = pending.findIndex((p) => p.id === id);
          if (at >= 0) pending.splice(at, 1); // running prompts are not touched
        }
      }
      return send(res, 200, "", "text/plain");
    }
    if (key === "POST /interrupt") {
      const wanted = (body as { prompt_id?: unknown } | null)?.prompt_id;
      // Newer servers: with a prompt_id, only that prompt is interrupted, and only if it runs.
      if (running && (wanted === undefined || wanted === running.id)) {
        running.interrupted = true;
        running.wake();
      }
      return send(res, 200, "", "text/plain");
    }
    if (req.method === "GET" && path.startsWith("/history")) {
      if (fake.historyFailures > 0) {
        fake.historyFailures--;
        return send(res, 500, "500 Internal Server Error\n\nServer got itself in trouble", "text/plain");
      }
      if (fake.failure === "malformed-history") return send(res, 200, '{"history": [oops');
      const id = decodeURIComponent(path.slice("/history/".length));
      if (path === "/history") return send(res, 200, Object.fromEntries(history));
      const entry = history.get(id);
      return send(res, 200, entry ? { [id]: entry } : {});
    }
    if (key === "GET /view") {
      const filename = url.searchParams.get("filename") ?? "";
      const subfolder = url.searchParams.get("subfolder") ?? "";
      const type = url.searchParams.get("type") ?? "output";
      if (filename.includes("..") || filename.startsWith("/") || subfolder.includes(".."))
        return send(res, 400, "", "text/plain");
      if (!["output", "input", "temp"].includes(type)) return send(res, 400, "", "text/plain");
      const bytes = files.get(fileKey(type, subfolder, filename));
      if (!bytes) return send(res, 404, "404: Not Found", "text/plain");
      const disposition = { "content-disposition": `filename="${filename}"` };
      if (fake.failure === "truncated")
        return send(res, 200, bytes.subarray(0, Math.floor(bytes.length / 2)), "image/png", disposition);
      if (fake.failure === "not-image") return send(res, 200, "this is not a picture", "image/png", disposition);
      return send(res, 200, bytes, "image/png", disposition);
    }
    if (key === "POST /upload/image") {
      const image = form?.get("image");
      if (!form || !image || typeof image === "string" || !image.name) return send(res, 400, "", "text/plain");
      const type = (form.get("type") as string | null) ?? "input";
      const subfolder = (form.get("subfolder") as string | null) ?? "";
      if (!["input", "temp", "output"].includes(type) || subfolder.includes("..") || image.name.includes("/"))
        return send(res, 400, "", "text/plain");
      const overwrite = ["true", "1"].includes(String(form.get("overwrite") ?? ""));
      const bytes = Buffer.from(await image.arrayBuffer());
      let name = image.name;
      const existing = files.get(fileKey(type, subfolder, name));
      if (existing && !overwrite && !existing.equals(bytes)) {
        // Same name, different content: ComfyUI renames rather than overwrite.
        const dot = name.lastIndexOf(".");
        for (let i = 1; files.has(fileKey(type, subfolder, name)); i++)
          name = `${image.name.slice(0, dot)} (${i})${image.name.slice(dot)}`;
      }
      files.set(fileKey(type, subfolder, name), bytes);
      const fields = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string")) as Record<
        string,
        string
      >;
      uploads.push({ name, subfolder, type, filename: image.name, contentType: image.type, bytes, fields });
      return send(res, 200, { name, subfolder, type });
    }
    if (req.method === "GET" && path.startsWith("/object_info")) {
      const combo = (values: string[]) => (options.comboForm ? ["COMBO", { options: values }] : [values, {}]);
      const info: Record<string, unknown> = {};
      for (const [name, spec] of Object.entries(NODES)) {
        const required = Object.fromEntries(
          Object.entries(spec.required).map(([input, s]) => [
            input,
            s.kind === "COMBO"
              ? combo(s.options())
              : s.kind === "link"
                ? [s.type]
                : s.kind === "STRING" || s.kind === "BOOLEAN"
                  ? [s.kind, {}]
                  : [s.kind, { min: s.min, max: Number(s.max) }],
          ]),
        );
        info[name] = {
          input: { required },
          output: spec.outputs,
          output_node: spec.output === true,
          name,
          display_name: name,
          category: "fake",
        };
      }
      const one = path.slice("/object_info/".length);
      if (path.startsWith("/object_info/")) return send(res, 200, info[one] ? { [one]: info[one] } : {});
      return send(res, 200, info);
    }
    if (key === "GET /system_stats") {
      return send(res, 200, {
        system: { os: "posix", comfyui_version: "0.3.0-fake" },
        devices: [{ name: "fake GPU", type: "cuda", index: 0 }],
      });
    }
    send(res, 404, "404: Not Found", "text/plain");
  }

  const server = http.createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, `500 Internal Server Error\n\n${String(error)}`, "text/plain");
    });
  });
  server.on("connection", (socket: Socket) => {
    if (fake.failure === "refuse") socket.destroy();
  });
  server.on("upgrade", (req: http.IncomingMessage, socket: Socket, head: Buffer) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const path = url.pathname.replace(/^\/api(?=\/)/, "");
    const reject = (status: string) => {
      socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    };
    if (path !== "/ws") return reject("404 Not Found");
    if (!authorized(req.headers)) return reject("401 Unauthorized");
    if (fake.socket === "refuse") return reject("404 Not Found");
    const clientId = url.searchParams.get("clientId") ?? randomUUID().replace(/-/g, "");
    sockets.push({ clientId, headers: req.headers, path: url.pathname + url.search });
    wss.handleUpgrade(req, socket, head, (ws) => {
      const set = clients.get(clientId) ?? new Set<WebSocket>();
      set.add(ws);
      clients.set(clientId, set);
      ws.on("close", () => set.delete(ws));
      ws.on("error", () => {});
      emit(clientId, "status", { status: { exec_info: { queue_remaining: queueRemaining() } }, sid: clientId });
      if (running?.current && running.extraData.client_id === clientId)
        emit(clientId, "executing", { node: running.current, prompt_id: running.id });
    });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
