/**
 * A local stand-in for the OpenAI Images API, following shared/reference/image-backends.md §3:
 * Bearer keys (and the optional organization), /v1/images/generations (JSON) and
 * /v1/images/edits (multipart, parsed here) checked field by field with OpenAI's error bodies,
 * real PNG/JPEG/WebP pictures in b64_json with `usage`, GET /v1/models/{id}, and switchable failures.
 *
 * Edits with a `mask` (reference §3): one mask file, a PNG under 4 MB with an alpha channel and the
 * first image's dimensions, else a 400 naming `mask`. The answer is then the first image at the
 * answer's size with the mask's fully transparent pixels painted (a mask without any transparent
 * pixel is a 400 too: nothing to edit; the real API's wording for these is not known, the
 * param and type are).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import sharp, { type Metadata } from "sharp";
import { closeServer, readBody, sendJson } from "./fake-http";

export type OpenAIFailureMode =
  | "none"
  | "unauthorized"
  | "forbidden"
  | "rate-limit"
  | "insufficient-quota"
  | "moderation"
  | "error500"
  | "overloaded"
  | "malformed"
  | "truncated"
  | "not-image"
  | "hang";

export interface MultipartFile {
  name: string;
  filename: string;
  contentType: string;
  bytes: Buffer;
}

export interface MultipartBody {
  fields: Record<string, string>;
  files: MultipartFile[];
}

export interface RecordedOpenAIRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** Parsed JSON for /generations, fields and files for /edits, null otherwise. */
  body: unknown;
}

export interface FakeOpenAIOptions {
  apiKey?: string;
  /** When set, the OpenAI-Organization header must match it if sent. */
  organization?: string;
}

export interface FakeOpenAI {
  url: string;
  requests: RecordedOpenAIRequest[];
  failure: OpenAIFailureMode;
  /** Moderation failures: which stage refused. */
  moderationStage: "input" | "output";
  /** Sent with rate-limit and overload answers; null sends no header. */
  retryAfter: string | null;
  retryAfterMs: string | null;
  /** Requests whose client hung up before the answer was sent. */
  abandoned: number;
  /** Resolves when an image request arrives (for tests that act mid-request). */
  requestArrived(): Promise<void>;
  /** Resolves when a client hangs up on a pending request. */
  clientGone(): Promise<void>;
  close(): Promise<void>;
}

const MODELS = new Set([
  "gpt-image-1",
  "gpt-image-1-mini",
  "gpt-image-1.5",
  "gpt-image-2",
  "gpt-image-2-2026-04-21",
  "dall-e-2",
  "dall-e-3",
]);
const GPT_IMAGE = (model: string) => model.startsWith("gpt-image-");
const SIZES = new Set(["1024x1024", "1536x1024", "1024x1536", "auto"]);
const QUALITIES = new Set(["low", "medium", "high", "auto"]);
const BACKGROUNDS = new Set(["transparent", "opaque", "auto"]);
const FORMATS = new Set(["png", "jpeg", "webp"]);
const MODERATIONS = new Set(["low", "auto"]);
/** Parameters both endpoints take (the API reference lists each endpoint's own beside them). */
const SHARED_FIELDS = [
  "prompt",
  "model",
  "n",
  "size",
  "quality",
  "background",
  "output_format",
  "output_compression",
  "stream",
  "partial_images",
  "user",
];
const GENERATION_FIELDS = new Set([...SHARED_FIELDS, "moderation", "response_format", "style"]);
const EDIT_FIELDS = new Set([...SHARED_FIELDS, "input_fidelity"]);
const FILE_TYPES: Record<string, string> = { "image/png": "png", "image/jpeg": "jpeg", "image/webp": "webp" };

class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly type: string,
    readonly param: string | null = null,
    readonly code: string | null = null,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
  body() {
    return { error: { message: this.message, type: this.type, param: this.param, code: this.code, ...this.extra } };
  }
}

const invalid = (message: string, param: string | null, code: string | null = "invalid_value") =>
  new ApiError(400, message, "invalid_request_error", param, code);

/** A minimal multipart/form-data parser (RFC 7578): enough to check what the adapter sends. */
export function parseMultipart(raw: Buffer, contentType: string): MultipartBody {
  const match = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  if (!match) throw invalid("Invalid multipart body: no boundary.", null, null);
  const delimiter = Buffer.from(`--${match[1] ?? match[2]}`);
  const fields: Record<string, string> = {};
  const files: MultipartFile[] = [];
  let at = raw.indexOf(delimiter);
  if (at !== 0) throw invalid("Invalid multipart body: does not start with the boundary.", null, null);
  for (;;) {
    at += delimiter.length;
    if (raw.subarray(at, at + 2).toString() === "--") break; // closing delimiter
    if (raw.subarray(at, at + 2).toString() !== "\r\n")
      throw invalid("Invalid multipart body: bad delimiter line.", null, null);
    at += 2;
    const headerEnd = raw.indexOf("\r\n\r\n", at);
    if (headerEnd < 0) throw invalid("Invalid multipart body: part without headers.", null, null);
    const partHeaders = new Map<string, string>();
    for (const line of raw.subarray(at, headerEnd).toString("utf8").split("\r\n")) {
      const colon = line.indexOf(":");
      if (colon > 0) partHeaders.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    }
    const next = raw.indexOf(Buffer.concat([Buffer.from("\r\n"), delimiter]), headerEnd + 4);
    if (next < 0) throw invalid("Invalid multipart body: unterminated part.", null, null);
    const content = raw.subarray(headerEnd + 4, next);
    const disposition = partHeaders.get("content-disposition") ?? "";
    const name = /(?:^|;)\s*name="([^"]*)"/i.exec(disposition)?.[1];
    const filename = /;\s*filename="([^"]*)"/i.exec(disposition)?.[1];
    if (!disposition.startsWith("form-data") || name === undefined)
      throw invalid("Invalid multipart body: part without a name.", null, null);
    if (filename !== undefined) {
      files.push({
        name,
        filename,
        contentType: partHeaders.get("content-type") ?? "application/octet-stream",
        bytes: Buffer.from(content),
      });
    } else {
      if (name in fields) throw invalid(`Duplicate parameter: '${name}'.`, name, "duplicate_parameter");
      fields[name] = content.toString("utf8");
    }
    at = next + 2;
  }
  return { fields, files };
}

/** The checks both endpoints share; values arrive typed (JSON) or as strings (multipart). */
function checkCommon(
  body: Record<string, unknown>,
  allowed: Set<string>,
  multipart: boolean,
): { model: string; n: number; size: string; format: string; quality: string; background: string } {
  const num = (v: unknown) => (multipart && typeof v === "string" && v.trim() !== "" ? Number(v) : v);
  for (const key of Object.keys(body)) {
    if (!allowed.has(key)) throw invalid(`Unknown parameter: '${key}'.`, key, "unknown_parameter");
  }
  const model = (body.model as string | undefined) ?? "dall-e-2";
  if (typeof model !== "string" || !MODELS.has(model))
    throw invalid(`Invalid value for 'model': '${String(model)}'.`, "model");
  if (typeof body.prompt !== "string" || body.prompt.trim() === "") {
    throw invalid("Missing required parameter: 'prompt'.", "prompt", "missing_required_parameter");
  }
  if (GPT_IMAGE(model) && body.prompt.length > 32000)
    throw invalid("Prompt too long (max 32000).", "prompt", "string_above_max_length");
  const n = num(body.n ?? 1);
  if (typeof n !== "number" || !Number.isInteger(n) || n < 1 || n > 10)
    throw invalid(`Invalid 'n': must be an integer from 1 to 10.`, "n");
  if (!GPT_IMAGE(model)) {
    // Only the GPT image models are emulated; dall-e is what the API falls back to without `model`.
    for (const key of ["output_format", "moderation", "background", "output_compression", "input_fidelity"]) {
      if (key in body)
        throw invalid(
          `Unknown parameter: '${key}'. (${key} is only supported for GPT image models)`,
          key,
          "unknown_parameter",
        );
    }
  }
  if (GPT_IMAGE(model) && "response_format" in body)
    throw invalid("Unknown parameter: 'response_format'.", "response_format", "unknown_parameter");
  const size = (body.size as string | undefined) ?? "auto";
  if (!SIZES.has(size))
    throw invalid(
      `Invalid value: '${String(size)}'. Supported values are: '1024x1024', '1024x1536', '1536x1024', and 'auto'.`,
      "size",
    );
  const quality = (body.quality as string | undefined) ?? "auto";
  if (!QUALITIES.has(quality))
    throw invalid(
      `Invalid value: '${String(quality)}'. Supported values are: 'low', 'medium', 'high', and 'auto'.`,
      "quality",
    );
  const background = (body.background as string | undefined) ?? "auto";
  if (!BACKGROUNDS.has(background)) throw invalid(`Invalid value: '${String(background)}'.`, "background");
  const format = (body.output_format as string | undefined) ?? "png";
  if (!FORMATS.has(format))
    throw invalid(
      `Invalid value: '${String(format)}'. Supported values are: 'png', 'jpeg', and 'webp'.`,
      "output_format",
    );
  if (background === "transparent" && format === "jpeg")
    throw invalid("Transparent background requires output_format png or webp.", "background");
  if ("output_compression" in body) {
    const c = num(body.output_compression);
    if (typeof c !== "number" || !Number.isInteger(c) || c < 0 || c > 100)
      throw invalid("Invalid 'output_compression': 0..100.", "output_compression");
    if (format === "png")
      throw invalid("output_compression is only supported for jpeg and webp.", "output_compression");
  }
  if (multipart) {
    if ("stream" in body && !["true", "false"].includes(body.stream as string))
      throw invalid("Invalid 'stream'.", "stream");
  } else {
    if ("stream" in body && typeof body.stream !== "boolean")
      throw invalid("Invalid type for 'stream': expected a boolean.", "stream", "invalid_type");
  }
  return {
    model,
    n,
    size: size === "auto" ? "1024x1024" : size,
    format,
    quality: quality === "auto" ? "medium" : quality,
    background,
  };
}

/** Shade of the pixels answer `shade` paints (the whole picture without a mask). */
export function openAIShade(shade: number): { r: number; g: number; b: number } {
  return { r: (shade * 53) % 256, g: (shade * 97) % 256, b: 120 };
}

/** Paints an edit's answer: raw RGB of the answer's size, given a shade. */
type Paint = (width: number, height: number, shade: { r: number; g: number; b: number }) => Promise<Buffer>;

async function picture(width: number, height: number, shade: number, format: string, paint?: Paint): Promise<Buffer> {
  const image = paint
    ? sharp(await paint(width, height, openAIShade(shade)), { raw: { width, height, channels: 3 } })
    : sharp({ create: { width, height, channels: 3, background: openAIShade(shade) } });
  return (format === "jpeg" ? image.jpeg() : format === "webp" ? image.webp() : image.png()).toBuffer();
}

/** The mask rules (see the header); how to paint the answer. */
async function checkMask(mask: MultipartFile, first: MultipartFile): Promise<Paint> {
  const refuse = (message: string, code = "invalid_mask_image") => invalid(message, "mask", code);
  if (mask.bytes.length >= 4 * 1024 * 1024) throw refuse("Invalid mask: it must be less than 4 MB.");
  let meta: Metadata;
  try {
    meta = await sharp(mask.bytes).metadata();
    await sharp(mask.bytes).stats();
  } catch {
    throw refuse(`Invalid mask '${mask.filename}': could not be decoded.`);
  }
  if (meta.format !== "png" || mask.contentType !== "image/png")
    throw refuse(`Invalid mask '${mask.filename}': it must be a PNG file.`, "invalid_mask_image_format");
  if (!meta.hasAlpha)
    throw refuse(
      "Invalid mask: it must have an alpha channel; fully transparent pixels mark the area to edit.",
      "invalid_mask_image_format",
    );
  const image = await sharp(first.bytes).metadata();
  if (meta.width !== image.width || meta.height !== image.height)
    throw refuse(
      `Invalid mask: its size ${meta.width}x${meta.height} must match the image's ${image.width}x${image.height}.`,
      "mask_size_mismatch",
    );
  const alpha = await sharp(mask.bytes).extractChannel(3).raw().toBuffer();
  if (!alpha.some((a) => a === 0)) throw refuse("Invalid mask: it has no fully transparent pixel to edit.");
  return async (width, height, { r, g, b }) => {
    const pixels = await sharp(first.bytes)
      .flatten({ background: "#ffffff" })
      .resize(width, height, { fit: "fill" })
      .toColourspace("srgb")
      .raw()
      .toBuffer();
    const edit = await sharp(mask.bytes).extractChannel(3).resize(width, height, { fit: "fill" }).raw().toBuffer();
    for (let p = 0; p < width * height; p++) if (edit[p]! < 128) pixels.set([r, g, b], p * 3);
    return pixels;
  };
}

let requestCounter = 0;

export async function startFakeOpenAI(options: FakeOpenAIOptions = {}): Promise<FakeOpenAI> {
  const apiKey = options.apiKey ?? "sk-test-atelier";
  const requests: RecordedOpenAIRequest[] = [];
  let arrivedWaiters: (() => void)[] = [];
  let goneWaiters: (() => void)[] = [];

  const fake: FakeOpenAI = {
    url: "",
    requests,
    failure: "none",
    moderationStage: "input",
    retryAfter: "12",
    retryAfterMs: null,
    abandoned: 0,
    requestArrived: () => new Promise<void>((resolve) => arrivedWaiters.push(resolve)),
    clientGone: () => new Promise<void>((resolve) => goneWaiters.push(resolve)),
    close: () => closeServer(server),
  };

  const send = (res: http.ServerResponse, status: number, body: unknown, extra: Record<string, string> = {}) =>
    sendJson(res, status, body, { "x-request-id": `req_fake${++requestCounter}`, ...extra });
  const retryHeaders = (): Record<string, string> => ({
    ...(fake.retryAfter !== null ? { "retry-after": fake.retryAfter } : {}),
    ...(fake.retryAfterMs !== null ? { "retry-after-ms": fake.retryAfterMs } : {}),
  });

  function authenticate(req: http.IncomingMessage): void {
    const header = req.headers.authorization;
    if (!header) {
      throw new ApiError(
        401,
        "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).",
        "invalid_request_error",
      );
    }
    const key = header.startsWith("Bearer ") ? header.slice(7) : "";
    if (key !== apiKey || fake.failure === "unauthorized") {
      throw new ApiError(
        401,
        `Incorrect API key provided: ${key.slice(0, 3)}*****${key.slice(-4)}. You can find your API key at https://platform.openai.com/account/api-keys.`,
        "invalid_request_error",
        null,
        "invalid_api_key",
      );
    }
    const org = req.headers["openai-organization"];
    if (org !== undefined && org !== options.organization) {
      throw new ApiError(
        401,
        "OpenAI-Organization header should match organization for API key",
        "invalid_request_error",
        null,
        "mismatched_organization",
      );
    }
  }

  /** The failures that happen before any image is made. */
  function refuse(model: string): void {
    if (fake.failure === "forbidden") {
      throw new ApiError(
        403,
        `Your organization must be verified to use the model \`${model}\`.`,
        "invalid_request_error",
        null,
        null,
      );
    }
    if (fake.failure === "rate-limit") {
      throw new ApiError(
        429,
        `Rate limit reached for ${model} in organization org-fake on images per minute (IPM): Limit 5, Used 5, Requested 1.`,
        "requests",
        null,
        "rate_limit_exceeded",
      );
    }
    if (fake.failure === "insufficient-quota") {
      throw new ApiError(
        429,
        "You exceeded your current quota, please check your plan and billing details.",
        "insufficient_quota",
        null,
        "insufficient_quota",
      );
    }
    if (fake.failure === "moderation") {
      throw new ApiError(
        400,
        "Your request was rejected by the safety system. If you believe this is an error, contact us at help.openai.com and include the request ID req_fake. safety_violations=[sexual].",
        "image_generation_user_error",
        null,
        "moderation_blocked",
        { moderation_details: { moderation_stage: fake.moderationStage, categories: ["sexual"] } },
      );
    }
    if (fake.failure === "error500") {
      throw new ApiError(
        500,
        "The server had an error while processing your request. Sorry about that!",
        "server_error",
      );
    }
    if (fake.failure === "overloaded") {
      throw new ApiError(503, "The engine is currently overloaded, please try again later.", "server_error");
    }
  }

  async function answer(
    res: http.ServerResponse,
    checked: ReturnType<typeof checkCommon>,
    inputImageTokens: number,
    prompt = "",
    paint?: Paint,
  ): Promise<void> {
    const [width, height] = checked.size.split("x").map(Number) as [number, number];
    const data: { b64_json: string }[] = [];
    for (let i = 0; i < checked.n; i++)
      data.push({ b64_json: (await picture(width, height, i + 1, checked.format, paint)).toString("base64") });
    if (fake.failure === "not-image") {
      // A PNG cut in half: the header reads, the pixels do not.
      const whole = await picture(width, height, 9, "png");
      data[0] = { b64_json: whole.subarray(0, Math.floor(whole.length / 2)).toString("base64") };
    }
    const textTokens = Math.ceil(prompt.length / 4);
    const imageTokens =
      { low: 272, medium: 1056, high: 4160 }[checked.quality as "low" | "medium" | "high"] * checked.n;
    const text = JSON.stringify({
      created: Math.floor(Date.now() / 1000),
      data,
      background: checked.background === "auto" ? "opaque" : checked.background,
      output_format: checked.format,
      quality: checked.quality,
      size: checked.size,
      usage: {
        input_tokens: textTokens + inputImageTokens,
        output_tokens: imageTokens,
        total_tokens: textTokens + inputImageTokens + imageTokens,
        input_tokens_details: { text_tokens: textTokens, image_tokens: inputImageTokens },
        output_tokens_details: { image_tokens: imageTokens, text_tokens: 0 },
      },
    });
    if (fake.failure === "malformed")
      return send(res, 200, `{"created": 1713833628, "data": [oops ${text.slice(0, 40)}`);
    if (fake.failure === "truncated") {
      // Announce the whole body, send half, then drop the connection.
      res.writeHead(200, { "content-type": "application/json", "content-length": String(Buffer.byteLength(text)) });
      res.write(text.slice(0, Math.floor(text.length / 2)));
      setTimeout(() => res.socket?.destroy(), 20);
      return;
    }
    send(res, 200, text);
  }

  async function generations(req: http.IncomingMessage, raw: Buffer, record: RecordedOpenAIRequest) {
    if (!(req.headers["content-type"] ?? "").startsWith("application/json")) {
      throw invalid("Invalid Content-Type header (expected application/json).", null, null);
    }
    let body: unknown;
    try {
      body = JSON.parse(raw.toString("utf8"));
    } catch {
      throw new ApiError(400, "We could not parse the JSON body of your request.", "invalid_request_error");
    }
    record.body = body;
    if (!body || typeof body !== "object" || Array.isArray(body))
      throw invalid("The body must be a JSON object.", null, null);
    const fields = body as Record<string, unknown>;
    for (const key of ["prompt", "model", "size", "quality", "background", "output_format", "moderation"]) {
      if (key in fields && typeof fields[key] !== "string")
        throw invalid(`Invalid type for '${key}': expected a string.`, key, "invalid_type");
    }
    const checked = checkCommon(fields, GENERATION_FIELDS, false);
    if ("moderation" in fields && !MODERATIONS.has(fields.moderation as string))
      throw invalid(`Invalid value: '${String(fields.moderation)}'.`, "moderation");
    return checked;
  }

  async function edits(req: http.IncomingMessage, raw: Buffer, record: RecordedOpenAIRequest) {
    const contentType = req.headers["content-type"] ?? "";
    if (!contentType.startsWith("multipart/form-data"))
      throw invalid("Invalid Content-Type header (expected multipart/form-data).", null, null);
    const parsed = parseMultipart(raw, contentType);
    record.body = parsed;
    const checked = checkCommon(parsed.fields, EDIT_FIELDS, true);
    const { fields, files } = parsed;
    if ("input_fidelity" in fields) {
      if (!["high", "low"].includes(fields.input_fidelity!))
        throw invalid(`Invalid value: '${fields.input_fidelity}'.`, "input_fidelity");
      if (checked.model === "gpt-image-1-mini")
        throw invalid(
          "input_fidelity is not supported for gpt-image-1-mini.",
          "input_fidelity",
          "unsupported_parameter",
        );
    }
    for (const file of files) {
      if (file.name !== "image" && file.name !== "image[]" && file.name !== "mask")
        throw invalid(`Unknown parameter: '${file.name}'.`, file.name, "unknown_parameter");
    }
    const images = files.filter((f) => f.name === "image" || f.name === "image[]");
    if (images.length === 0)
      throw invalid("Missing required parameter: 'image'.", "image", "missing_required_parameter");
    const masks = files.filter((f) => f.name === "mask");
    if (masks.length > 1) throw invalid("Duplicate parameter: 'mask'.", "mask", "duplicate_parameter");
    if (images.length > 16) throw invalid("Too many images: at most 16.", "image");
    let inputTokens = 0;
    for (const image of images) {
      const expected = FILE_TYPES[image.contentType];
      if (!expected) {
        throw invalid(
          `Invalid file '${image.filename}': unsupported mimetype ('${image.contentType}'). Supported file formats are 'image/jpeg', 'image/png', and 'image/webp'.`,
          "image",
          "unsupported_file_mimetype",
        );
      }
      if (image.bytes.length >= 50 * 1024 * 1024) throw invalid("Image too large (max 50 MB).", "image");
      let format: string | undefined;
      try {
        format = (await sharp(image.bytes).metadata()).format;
        await sharp(image.bytes).stats();
      } catch {
        throw invalid(`Invalid image file '${image.filename}': could not be decoded.`, "image", "invalid_image");
      }
      if (format !== expected)
        throw invalid(
          `Invalid file '${image.filename}': content is ${format}, declared ${image.contentType}.`,
          "image",
          "invalid_image_format",
        );
      inputTokens += 323;
    }
    // The mask applies to the first image.
    const paint = masks[0] ? await checkMask(masks[0], images[0]!) : undefined;
    return { checked, inputTokens, paint };
  }

  const server = http.createServer(async (req, res) => {
    res.on("close", () => {
      if (!res.writableFinished) {
        fake.abandoned++;
        for (const w of goneWaiters) w();
        goneWaiters = [];
      }
    });
    try {
      const url = new URL(req.url ?? "/", "http://localhost");
      const raw = await readBody(req);
      const record: RecordedOpenAIRequest = {
        method: req.method ?? "GET",
        path: url.pathname + url.search,
        headers: req.headers,
        body: null,
      };
      requests.push(record);
      authenticate(req);

      const route = `${req.method} ${url.pathname}`;
      if (route === "POST /v1/images/generations" || route === "POST /v1/images/edits") {
        let checked: ReturnType<typeof checkCommon>;
        let inputTokens = 0;
        let paint: Paint | undefined;
        if (route === "POST /v1/images/generations") checked = await generations(req, raw, record);
        else ({ checked, inputTokens, paint } = await edits(req, raw, record));
        for (const w of arrivedWaiters) w();
        arrivedWaiters = [];
        if (fake.failure === "hang") return; // never answers: the client's timeout or cancel must act
        refuse(checked.model);
        const prompt = route.endsWith("/edits")
          ? (record.body as MultipartBody).fields.prompt
          : (record.body as { prompt: string }).prompt;
        return await answer(res, checked, inputTokens, prompt, paint);
      }
      const model = /^GET \/v1\/models\/([^/]+)$/.exec(route)?.[1];
      if (model !== undefined) {
        const id = decodeURIComponent(model);
        if (!MODELS.has(id))
          throw new ApiError(404, `The model '${id}' does not exist`, "invalid_request_error", null, "model_not_found");
        return send(res, 200, { id, object: "model", created: 1745000000, owned_by: "system" });
      }
      throw new ApiError(404, `Invalid URL (${req.method} ${url.pathname})`, "invalid_request_error");
    } catch (error) {
      if (res.headersSent) return;
      if (error instanceof ApiError) {
        const retry =
          error.status === 429 && error.code !== "insufficient_quota"
            ? retryHeaders()
            : error.status === 503
              ? retryHeaders()
              : {};
        return send(res, error.status, error.body(), retry);
      }
      send(res, 500, new ApiError(500, String(error), "server_error").body());
    }
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
