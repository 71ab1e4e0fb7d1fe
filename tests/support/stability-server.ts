/**
 * A local stand-in for Stability AI's REST API (v2beta Stable Image), following
 * shared/reference/image-backends.md §4: parses multipart/form-data, checks every field of
 * generate/{core,ultra,sd3} and control/sketch as the spec documents it (required prompt, enums,
 * ranges, which endpoint takes an image and when), checks the Bearer key, and answers with
 * real pictures (raw bytes with finish-reason/seed headers, or base64 JSON per `accept`) or the
 * documented `{id, name, errors}` bodies. Failures are switchable.
 *
 * Stricter than the real API in one way on purpose: an undocumented field is a 400, so the
 * adapter is held to the fields the spec lists.
 *
 * Edits (edit/inpaint, edit/erase, edit/outpaint; fields and rules as the comment in
 * server/generation/engines/stability.ts gives them, from Stability's OpenAPI spec): the picture
 * must be 64+ px a side and 4,096..9,437,184 px (outpaint: aspect up to 2.5:1 too); the mask is a
 * file, any size (resized, as the spec says); inpaint needs a prompt; outpaint needs a direction
 * above 0 (each 0..2000). Inpaint and erase answer at about 4 megapixels (the spec's "Output")
 * with the masked pixels painted; outpaint answers the picture widened by the directions, the new
 * area painted. One more rule than the spec states: an inpaint or erase with neither a mask nor
 * a transparent picture is a 400 (there would be nothing to change).
 */
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import sharp, { type Sharp } from "sharp";
import { closeServer, readBody } from "./fake-http";

export type StabilityFailure =
  | "none"
  | "unauthorized"
  | "payment"
  | "moderation"
  | "rate-limit"
  | "server-error"
  | "content-filtered"
  | "malformed"
  | "truncated"
  | "undecodable"
  | "cut"
  | "hang";

export interface StabilityFilePart {
  filename: string;
  contentType: string;
  bytes: Buffer;
}

export interface RecordedStabilityRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  fields: Record<string, string>;
  files: Record<string, StabilityFilePart>;
  /** What the fake answered (undefined while pending or when it never answered). */
  status?: number;
}

export interface FakeStability {
  url: string;
  apiKey: string;
  requests: RecordedStabilityRequest[];
  failure: StabilityFailure;
  /** The failure applies from this generation request on (0 = the first): lets a batch fail mid-way. */
  failFrom: number;
  /** How long each generation takes. */
  delayMs: number;
  /** Retry-After sent with 429. */
  retryAfter: string;
  /** GET /v1/user/balance answer. */
  credits: number;
  /** Generation requests the client gave up on before the answer was sent. */
  abandoned: number;
  /** Most generation requests in flight at once (sequential batches keep this at 1). */
  peakConcurrency: number;
  /** Resolves when the next generation request has been parsed (for tests that act mid-request). */
  generationStarted(): Promise<void>;
  close(): Promise<void>;
}

export const STABILITY_ASPECTS = ["21:9", "16:9", "3:2", "5:4", "1:1", "4:5", "2:3", "9:16", "9:21"] as const;
const STYLE_PRESETS = [
  "enhance",
  "anime",
  "photographic",
  "digital-art",
  "comic-book",
  "fantasy-art",
  "line-art",
  "analog-film",
  "neon-punk",
  "isometric",
  "low-poly",
  "origami",
  "modeling-compound",
  "cinematic",
  "3d-model",
  "pixel-art",
  "tile-texture",
];
const SD3_MODELS = ["sd3.5-large", "sd3.5-large-turbo", "sd3.5-medium", "sd3-large", "sd3-large-turbo", "sd3-medium"];
const FORMATS = ["png", "jpeg", "webp"];
/** About one megapixel per aspect ratio (illustrative sizes; Stability does not document them). */
const OUTPUT_SIZES: Record<string, [number, number]> = {
  "21:9": [1536, 640],
  "16:9": [1344, 768],
  "3:2": [1216, 832],
  "5:4": [1152, 896],
  "1:1": [1024, 1024],
  "4:5": [896, 1152],
  "2:3": [832, 1216],
  "9:16": [768, 1344],
  "9:21": [640, 1536],
};
const MAX_REQUEST_BYTES = 10 * 1024 * 1024;
const SEED_MAX = 4_294_967_294;

type Endpoint = "core" | "ultra" | "sd3" | "sketch" | "inpaint" | "erase" | "outpaint";
const ROUTES: Record<string, Endpoint> = {
  "/v2beta/stable-image/generate/core": "core",
  "/v2beta/stable-image/generate/ultra": "ultra",
  "/v2beta/stable-image/generate/sd3": "sd3",
  "/v2beta/stable-image/control/sketch": "sketch",
  "/v2beta/stable-image/edit/inpaint": "inpaint",
  "/v2beta/stable-image/edit/erase": "erase",
  "/v2beta/stable-image/edit/outpaint": "outpaint",
};
const EDITS = new Set<Endpoint>(["inpaint", "erase", "outpaint"]);
/** Inpaint and erase answer at about this many pixels. */
const EDIT_OUTPUT_PIXELS = 4 * 1024 * 1024;
/** Fields each endpoint documents (reference §4). */
const FIELDS: Record<Endpoint, string[]> = {
  core: ["prompt", "aspect_ratio", "negative_prompt", "seed", "style_preset", "output_format"],
  ultra: ["prompt", "negative_prompt", "aspect_ratio", "seed", "output_format", "image", "strength"],
  sd3: [
    "prompt",
    "mode",
    "image",
    "strength",
    "aspect_ratio",
    "model",
    "seed",
    "output_format",
    "negative_prompt",
    "cfg_scale",
  ],
  sketch: ["prompt", "image", "control_strength", "negative_prompt", "seed", "output_format"],
  inpaint: ["image", "prompt", "negative_prompt", "mask", "grow_mask", "seed", "output_format"],
  erase: ["image", "mask", "grow_mask", "seed", "output_format"],
  outpaint: ["image", "left", "right", "up", "down", "creativity", "prompt", "seed", "output_format"],
};

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly errors: string[],
    readonly headers: Record<string, string> = {},
  ) {
    super(errors.join("; "));
  }
}

const bad = (...errors: string[]) => new ApiError(400, "bad_request", errors);

/** A small multipart/form-data reader: text fields and file parts, as a server framework would give them. */
export function parseMultipart(
  body: Buffer,
  contentType: string,
): { fields: Record<string, string>; files: Record<string, StabilityFilePart> } {
  const match = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary) throw bad("content-type: multipart boundary missing");
  const delimiter = Buffer.from(`--${boundary}`);
  const fields: Record<string, string> = {};
  const files: Record<string, StabilityFilePart> = {};
  let at = body.indexOf(delimiter);
  if (at < 0) throw bad("body: not multipart/form-data");
  for (;;) {
    at += delimiter.length;
    if (body.subarray(at, at + 2).toString() === "--") break; // closing delimiter
    if (body.subarray(at, at + 2).toString() !== "\r\n") throw bad("body: malformed multipart delimiter");
    at += 2;
    const headerEnd = body.indexOf("\r\n\r\n", at);
    if (headerEnd < 0) throw bad("body: malformed multipart part headers");
    const headers = body.subarray(at, headerEnd).toString("utf8").split("\r\n");
    const next = body.indexOf(Buffer.concat([Buffer.from("\r\n"), delimiter]), headerEnd + 4);
    if (next < 0) throw bad("body: multipart body is not closed");
    const content = body.subarray(headerEnd + 4, next);
    at = next + 2;
    const disposition = headers.find((h) => /^content-disposition:/i.test(h)) ?? "";
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
    const filename = /\bfilename="([^"]*)"/i.exec(disposition)?.[1];
    const type =
      headers
        .find((h) => /^content-type:/i.test(h))
        ?.split(":")[1]
        ?.trim() ?? "text/plain";
    if (!name) throw bad("body: multipart part without a name");
    if (name in fields || name in files) throw bad(`${name}: given more than once`);
    if (filename !== undefined) files[name] = { filename, contentType: type, bytes: Buffer.from(content) };
    else fields[name] = content.toString("utf8");
  }
  return { fields, files };
}

const errorBody = (name: string, errors: string[]) => ({ id: randomBytes(16).toString("hex"), name, errors });

function numberField(
  fields: Record<string, string>,
  name: string,
  min: number,
  max: number,
  integer = false,
): number | undefined {
  const raw = fields[name];
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (raw.trim() === "" || !Number.isFinite(value) || (integer && !Number.isInteger(value)))
    throw bad(`${name}: must be ${integer ? "an integer" : "a number"}`);
  if (value < min || value > max) throw bad(`${name}: must be between ${min} and ${max}`);
  return value;
}

function enumField(fields: Record<string, string>, name: string, allowed: readonly string[]): string | undefined {
  const value = fields[name];
  if (value !== undefined && !allowed.includes(value)) throw bad(`${name}: must be one of ${allowed.join(", ")}`);
  return value;
}

async function imageSize(part: StabilityFilePart): Promise<{ width: number; height: number }> {
  try {
    const meta = await sharp(part.bytes).metadata();
    if (!["png", "jpeg", "webp"].includes(meta.format ?? "") || !meta.width || !meta.height)
      throw new Error(meta.format);
    return { width: meta.width, height: meta.height };
  } catch {
    throw bad("image: must be a jpeg, png or webp image");
  }
}

interface Checked {
  format: string;
  seed: number;
  size: [number, number];
  /** Edits: the answer's pixels (raw RGB of `size`), given the seed's shade. */
  paint?: (shade: { r: number; g: number; b: number }) => Promise<Buffer>;
}

/** Shade of the pixels a request paints (the whole picture of a generation). */
export function stabilityShade(seed: number): { r: number; g: number; b: number } {
  return { r: seed % 256, g: (seed >>> 8) % 256, b: 90 };
}

const raw = (image: Sharp) => image.flatten({ background: "#ffffff" }).toColourspace("srgb").raw().toBuffer();

/** The edit endpoints' own rules (see the header); returns the answer's size and how to paint it. */
async function checkEdit(
  endpoint: Endpoint,
  fields: Record<string, string>,
  files: Record<string, StabilityFilePart>,
): Promise<Pick<Checked, "size" | "paint">> {
  const image = files.image;
  if (!image) throw bad("image: is required");
  const { width, height } = await imageSize(image);
  if (width < 64 || height < 64) throw bad("image: every side must be at least 64 pixels");
  if (width * height < 4096 || width * height > 9_437_184)
    throw new ApiError(400, "invalid_file_size", ["image: must have between 4,096 and 9,437,184 pixels"]);
  if (endpoint === "outpaint") {
    if (Math.max(width, height) / Math.min(width, height) > 2.5)
      throw bad("image: aspect ratio must be between 1:2.5 and 2.5:1");
    const [left, right, up, down] = ["left", "right", "up", "down"].map(
      (side) => numberField(fields, side, 0, 2000, true) ?? 0,
    ) as [number, number, number, number];
    if (left + right + up + down === 0) throw bad("left, right, up, down: at least one must be greater than 0");
    numberField(fields, "creativity", 0, 1);
    const size: [number, number] = [width + left + right, height + up + down];
    return {
      size,
      async paint({ r, g, b }) {
        const picture = await raw(
          sharp(image.bytes).extend({ left, right, top: up, bottom: down, background: { r, g, b } }),
        );
        return picture;
      },
    };
  }
  numberField(fields, "grow_mask", 0, 100, true);
  let selected: (width: number, height: number) => Promise<Buffer>;
  if (files.mask) {
    const mask = files.mask;
    await imageSize(mask).catch(() => {
      throw bad("mask: must be a jpeg, png or webp image");
    });
    // "In the event the mask is a different size than the image parameter, it will be automatically resized."
    selected = (w, h) =>
      sharp(mask.bytes)
        .flatten({ background: "#000000" })
        .resize(w, h, { fit: "fill" })
        .toColourspace("b-w")
        .extractChannel(0)
        .raw()
        .toBuffer();
  } else {
    const meta = await sharp(image.bytes).metadata();
    const transparent =
      meta.hasAlpha && (await sharp(image.bytes).extractChannel(3).raw().toBuffer()).some((a) => a < 128);
    if (!transparent) throw bad("mask: is required when image has no transparent pixels");
    // Transparent pixels are inpainted, opaque ones kept.
    selected = async (w, h) =>
      Buffer.from(
        (await sharp(image.bytes).resize(w, h, { fit: "fill" }).extractChannel(3).raw().toBuffer()).map((a) => 255 - a),
      );
  }
  const scale = Math.sqrt(EDIT_OUTPUT_PIXELS / (width * height));
  const size: [number, number] = [Math.round(width * scale), Math.round(height * scale)];
  return {
    size,
    async paint({ r, g, b }) {
      const picture = await raw(sharp(image.bytes).resize(size[0], size[1], { fit: "fill" }));
      const mask = await selected(size[0], size[1]);
      for (let p = 0; p < mask.length; p++) if (mask[p]! >= 128) picture.set([r, g, b], p * 3);
      return picture;
    },
  };
}

/** Every documented rule of the endpoint; the first broken one is answered as a 400. */
async function check(
  endpoint: Endpoint,
  fields: Record<string, string>,
  files: Record<string, StabilityFilePart>,
): Promise<Checked> {
  const allowed = FIELDS[endpoint];
  for (const name of [...Object.keys(fields), ...Object.keys(files)]) {
    if (!allowed.includes(name)) throw bad(`${name}: not a field of this endpoint`);
  }
  if (fields.image !== undefined) throw bad("image: must be a file");
  if (fields.mask !== undefined) throw bad("mask: must be a file");
  for (const name of Object.keys(files))
    if (name !== "image" && name !== "mask") throw bad(`${name}: must not be a file`);
  const prompt = fields.prompt;
  const promptOptional = endpoint === "outpaint" || endpoint === "erase";
  if (!promptOptional && (prompt === undefined || prompt.trim() === "")) throw bad("prompt: is required");
  if (prompt !== undefined && prompt.length > 10_000) throw bad("prompt: must be at most 10000 characters");
  const aspect = enumField(fields, "aspect_ratio", STABILITY_ASPECTS) ?? "1:1";
  const format = enumField(fields, "output_format", endpoint === "sd3" ? ["png", "jpeg"] : FORMATS) ?? "png";
  const seed = numberField(fields, "seed", 0, SEED_MAX, true) ?? 0;
  const image = files.image;
  let size = OUTPUT_SIZES[aspect]!;
  const randomSeed = () => (seed === 0 ? 1 + Math.floor(Math.random() * (SEED_MAX - 1)) : seed);

  if (EDITS.has(endpoint)) return { format, seed: randomSeed(), ...(await checkEdit(endpoint, fields, files)) };
  if (endpoint === "core") {
    enumField(fields, "style_preset", STYLE_PRESETS);
  } else if (endpoint === "ultra") {
    const strength = numberField(fields, "strength", 0, 1);
    if (image) {
      if (strength === undefined) throw bad("strength: is required when image is provided");
      const { width, height } = await imageSize(image);
      if (width < 64 || height < 64 || width > 16_384 || height > 16_384)
        throw bad("image: width and height must be between 64 and 16384 pixels");
      if (width * height < 4096) throw bad("image: must have at least 4096 pixels");
      size = [width, height];
    } else if (strength !== undefined) {
      throw bad("strength: only valid when image is provided");
    }
  } else if (endpoint === "sd3") {
    const mode = enumField(fields, "mode", ["text-to-image", "image-to-image"]) ?? "text-to-image";
    enumField(fields, "model", SD3_MODELS);
    numberField(fields, "cfg_scale", 1, 10);
    const strength = numberField(fields, "strength", 0, 1);
    if (mode === "image-to-image") {
      if (!image) throw bad("image: is required for image-to-image");
      if (strength === undefined) throw bad("strength: is required for image-to-image");
      if (fields.aspect_ratio !== undefined) throw bad("aspect_ratio: only valid for text-to-image");
      const { width, height } = await imageSize(image);
      if (width < 64 || height < 64) throw bad("image: every side must be at least 64 pixels");
      size = [width, height];
    } else {
      if (image) throw bad("image: only valid for image-to-image");
      if (strength !== undefined) throw bad("strength: only valid for image-to-image");
    }
  } else {
    if (!image) throw bad("image: is required");
    numberField(fields, "control_strength", 0, 1);
    const { width, height } = await imageSize(image);
    if (width < 64 || height < 64) throw bad("image: every side must be at least 64 pixels");
    if (width * height > 9_437_184)
      throw new ApiError(400, "invalid_file_size", ["image: must have at most 9,437,184 pixels"]);
    const aspect = Math.max(width, height) / Math.min(width, height);
    if (aspect > 2.5) throw bad("image: aspect ratio must be between 1:2.5 and 2.5:1");
    size = [width, height]; // output has the sketch's size
  }
  return { format, seed: randomSeed(), size };
}

async function picture(
  width: number,
  height: number,
  seed: number,
  format: string,
  blurred: boolean,
  paint?: Checked["paint"],
): Promise<Buffer> {
  let image = paint
    ? sharp(await paint(stabilityShade(seed)), { raw: { width, height, channels: 3 } })
    : sharp({ create: { width, height, channels: 3, background: stabilityShade(seed) } });
  if (blurred) image = sharp(await image.png().toBuffer()).blur(30);
  if (format === "jpeg") return image.jpeg().toBuffer();
  if (format === "webp") return image.webp().toBuffer();
  return image.png().toBuffer();
}

export async function startFakeStability(options: { apiKey?: string } = {}): Promise<FakeStability> {
  const requests: RecordedStabilityRequest[] = [];
  let waiters: (() => void)[] = [];
  let generations = 0;
  let active = 0;
  const timers = new Set<NodeJS.Timeout>();

  const fake: FakeStability = {
    url: "",
    apiKey: options.apiKey ?? "sk-test-key",
    requests,
    failure: "none",
    failFrom: 0,
    delayMs: 0,
    retryAfter: "7",
    credits: 42.5,
    abandoned: 0,
    peakConcurrency: 0,
    generationStarted: () => new Promise<void>((resolve) => waiters.push(resolve)),
    close: () => {
      for (const t of timers) clearTimeout(t);
      return closeServer(server);
    },
  };

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(() => {
        timers.delete(t);
        resolve();
      }, ms);
      timers.add(t);
    });

  const sendJson = (
    res: http.ServerResponse,
    record: RecordedStabilityRequest | undefined,
    status: number,
    body: unknown,
    extra: Record<string, string> = {},
  ) => {
    if (record) record.status = status;
    res.writeHead(status, {
      "content-type": "application/json",
      "x-request-id": randomBytes(8).toString("hex"),
      ...extra,
    });
    res.end(typeof body === "string" ? body : JSON.stringify(body));
  };

  async function generation(
    endpoint: Endpoint,
    req: http.IncomingMessage,
    res: http.ServerResponse,
    record: RecordedStabilityRequest,
    body: Buffer,
  ) {
    const index = generations++;
    active++;
    fake.peakConcurrency = Math.max(fake.peakConcurrency, active);
    res.on("close", () => active--);
    const contentType = req.headers["content-type"] ?? "";
    if (!/^multipart\/form-data/i.test(contentType)) throw bad("content-type: must be multipart/form-data");
    // Documented: image/* (the default) or application/json; fetch's own */* is taken as the default.
    const accept = !req.headers.accept || req.headers.accept === "*/*" ? "image/*" : req.headers.accept;
    if (accept !== "image/*" && accept !== "application/json") throw bad("accept: must be image/* or application/json");
    const parsed = parseMultipart(body, contentType);
    record.fields = parsed.fields;
    record.files = parsed.files;
    const checked = await check(endpoint, parsed.fields, parsed.files);
    for (const w of waiters) w();
    waiters = [];

    const failing = index >= fake.failFrom ? fake.failure : "none";
    let finished = false;
    res.on("close", () => {
      if (!finished) fake.abandoned++;
    });
    if (failing === "hang") return; // never answers: the client's timeout or cancel must act
    if (fake.delayMs > 0) await sleep(fake.delayMs);
    if (res.destroyed) return;
    finished = true;
    if (failing === "unauthorized") throw new ApiError(401, "unauthorized", ["authorization: invalid or missing"]);
    if (failing === "payment")
      throw new ApiError(402, "payment_required", ["You lack sufficient credits to make this request."]);
    if (failing === "moderation") {
      throw new ApiError(403, "content_moderation", [
        "Your request was flagged by our content moderation system, as a result your request was denied and you were not charged.",
      ]);
    }
    if (failing === "rate-limit")
      throw new ApiError(429, "rate_limit_exceeded", ["You have made more than 150 requests in 10 seconds."], {
        "retry-after": fake.retryAfter,
      });
    if (failing === "server-error")
      throw new ApiError(500, "internal_error", ["An unexpected server error has occurred, please try again later."]);

    const [width, height] = checked.size;
    const finishReason = failing === "content-filtered" ? "CONTENT_FILTERED" : "SUCCESS";
    let image = await picture(
      width,
      height,
      checked.seed,
      checked.format,
      failing === "content-filtered",
      checked.paint,
    );
    if (failing === "undecodable") image = Buffer.from("this is not a picture at all");
    if (failing === "truncated") image = image.subarray(0, Math.floor(image.byteLength / 2));
    const requestId = randomBytes(8).toString("hex");
    record.status = 200;
    if (failing === "malformed") {
      res.writeHead(200, { "content-type": "application/json", "x-request-id": requestId });
      return res.end(`{"image": "${image.toString("base64").slice(0, 20)}`);
    }
    if (accept === "application/json") {
      const text = JSON.stringify({ image: image.toString("base64"), finish_reason: finishReason, seed: checked.seed });
      // The JSON answer names the picture's type in content-type; finish-reason and seed headers are absent.
      res.writeHead(200, {
        "content-type": `application/json; type=image/${checked.format}`,
        "x-request-id": requestId,
      });
      return res.end(text);
    }
    const headers = {
      "content-type": `image/${checked.format}`,
      "x-request-id": requestId,
      "finish-reason": finishReason,
      seed: String(checked.seed),
    };
    if (failing === "cut") {
      // Promise the whole picture, send half, then drop the connection.
      res.writeHead(200, { ...headers, "content-length": String(image.byteLength) });
      res.write(image.subarray(0, Math.floor(image.byteLength / 2)));
      setTimeout(() => res.socket?.destroy(), 20);
      return;
    }
    res.writeHead(200, headers);
    res.end(image);
  }

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const record: RecordedStabilityRequest = {
      method: req.method ?? "GET",
      path: url.pathname,
      headers: req.headers,
      fields: {},
      files: {},
    };
    try {
      const body = await readBody(req);
      requests.push(record);
      if (body.byteLength > MAX_REQUEST_BYTES)
        throw new ApiError(413, "payload_too_large", ["body: requests must be 10MiB or smaller"]);
      if (req.headers.authorization !== `Bearer ${fake.apiKey}`) {
        throw new ApiError(401, "unauthorized", [
          req.headers.authorization ? "authorization: invalid API key" : "authorization: missing",
        ]);
      }
      const endpoint = ROUTES[url.pathname];
      if (endpoint) {
        if (req.method !== "POST") throw new ApiError(405, "method_not_allowed", [`${req.method}: not allowed`]);
        return await generation(endpoint, req, res, record, body);
      }
      if (url.pathname === "/v1/user/balance" && req.method === "GET") {
        if (fake.failure === "malformed") return sendJson(res, record, 200, '{"credits": 4');
        return sendJson(res, record, 200, { credits: fake.credits });
      }
      throw new ApiError(404, "not_found", [`${url.pathname}: not found`]);
    } catch (error) {
      if (res.headersSent || res.destroyed) return;
      if (error instanceof ApiError)
        return sendJson(res, record, error.status, errorBody(error.code, error.errors), error.headers);
      sendJson(res, record, 500, errorBody("internal_error", [String(error)]));
    }
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
