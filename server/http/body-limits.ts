/**
 * Every request body is read here, once, before any route sees it, and never beyond its limit
 * (ADR 0029): a declared Content-Length over the limit is refused without reading a byte, and a
 * chunked body is cut off the moment it passes it. The routes then get the whole body from
 * memory, so none of them can read an unbounded one, and a refusal never reaches them half-read.
 *
 * Limits by kind, from server/config.ts: Better Auth's endpoints (a few fields), uploads
 * (multipart, pages and APIs alike), other API bodies (JSON), other page forms. Routes may ask
 * for less (an avatar, an error report) and answer with the form's own error.
 */
import type { Request, RequestHandler, Response } from "express";
import getRawBody from "raw-body";
import type { Config } from "../config";
import { megabytes, type RefusedBody } from "./refused-body";

const WITHOUT_BODY = new Set(["GET", "HEAD", "OPTIONS"]);
/** How much of a refused body is read and thrown away, and for how long, before the connection is cut. */
const LINGER_BYTES = 128 * 1_048_576;
const LINGER_MS = 2_000;

export type BodyKind = "auth" | "upload" | "api" | "form";

/** APIs that take a file inside their JSON (base64): they get the upload limit; the route sets its own below it. */
const JSON_UPLOAD_PATHS = new Set(["/api/send-custom-email-with-attachment", "/api/v1/generations"]);

export function bodyKindOf(path: string, contentType: string | undefined): BodyKind {
  if (path.startsWith("/api/auth/")) return "auth";
  if (contentType?.toLowerCase().startsWith("multipart/form-data")) return "upload";
  if (JSON_UPLOAD_PATHS.has(path.toLowerCase())) return "upload";
  return path.startsWith("/api/") ? "api" : "form";
}

export function bodyLimitOf(kind: BodyKind, config: Config): number {
  switch (kind) {
    case "auth":
      return config.maxAuthBodyBytes;
    case "upload":
      return config.maxUploadBodyBytes;
    case "api":
      return config.maxJsonBodyBytes;
    case "form":
      return config.maxFormBodyBytes;
  }
}

type RequestWithBody = Request & { atelierBody?: Buffer; atelierBodyRefused?: RefusedBody };

/** The body read by the layer below, for the React Router adapter (router-adapter.ts). */
export function bodyOf(req: Request): Buffer | undefined {
  return (req as RequestWithBody).atelierBody;
}

/** What a page's body went over, when the shell left it unread for the route to say so (refused-body.ts). */
export function refusedBodyOfRequest(req: Request): RefusedBody | undefined {
  return (req as RequestWithBody).atelierBodyRefused;
}

/** The shell layer: reads the body within its limit, or answers 413 (JSON for APIs) and closes the connection. */
export function readBodyWithinLimit(config: Config): RequestHandler {
  return async (req, res, next) => {
    if (WITHOUT_BODY.has(req.method)) return next();
    const kind = bodyKindOf(req.path, req.headers["content-type"]);
    const limit = bodyLimitOf(kind, config);
    const declared = req.headers["content-length"];
    try {
      (req as Request & { atelierBody?: Buffer }).atelierBody = await getRawBody(req, { limit, length: declared });
    } catch (error) {
      const type = (error as { type?: string }).type;
      if (type === "request.aborted") return; // the client went away: nobody to answer
      if (type !== "entity.too.large") {
        // A body shorter than it said, a broken stream: the request is unusable.
        refuseUnreadBody(req, res, 400, "text/plain; charset=utf-8", "The request body could not be read.");
        return;
      }
      if ((kind === "upload" || kind === "form") && !req.path.startsWith("/api/")) {
        // A page's form: its route answers (the file field's error, or the site's error page), from
        // an empty body, while the rest is read and thrown away (see passUnreadBody).
        passUnreadBody(req, res, { kind, limit });
        return next();
      }
      const message =
        kind === "upload"
          ? `That is larger than ${megabytes(limit)}, the most Atelier accepts in one upload. Choose a smaller file.`
          : `The request body is larger than ${megabytes(limit)}, the most this address accepts.`;
      req.log?.warn({ path: req.path, kind, limit, declared }, "request body over its limit refused");
      if (req.path.startsWith("/api/"))
        refuseUnreadBody(
          req,
          res,
          413,
          "application/json",
          JSON.stringify({ error: { code: "payload_too_large", message } }),
        );
      else refuseUnreadBody(req, res, 413, "text/plain; charset=utf-8", message);
      return;
    }
    next();
  };
}

/**
 * Lets a page's body over its limit go on to its route empty, marked so the route can say what
 * went wrong (refused-body.ts). The rest of the body is read and thrown away meanwhile, and the
 * answer's end waits until the browser stops sending (for at most LINGER_BYTES or LINGER_MS),
 * then the connection closes, as in refuseUnreadBody.
 */
function passUnreadBody(req: Request, res: Response, refused: RefusedBody): void {
  (req as RequestWithBody).atelierBody = Buffer.alloc(0);
  (req as RequestWithBody).atelierBodyRefused = refused;
  res.setHeader("Connection", "close");
  let stopped = req.complete;
  let endAnswer: (() => void) | undefined;
  if (!stopped) {
    discardRest(req, () => {
      stopped = true;
      endAnswer?.();
    });
  }
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  res.end = function (this: Response, ...args: unknown[]) {
    if (stopped) return end(...args);
    endAnswer = () => end(...args);
    return this;
  } as Response["end"];
}

/** Reads what the client still sends and throws it away, until it stops or LINGER_BYTES / LINGER_MS; then `done`, once. */
function discardRest(req: Request, done: () => void): void {
  let discarded = 0;
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    clearTimeout(timer);
    req.off("data", discard);
    done();
  };
  const discard = (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > LINGER_BYTES) finish();
  };
  const timer = setTimeout(finish, LINGER_MS);
  req.on("data", discard);
  req.once("end", finish);
  req.once("close", finish);
  req.resume();
}

/**
 * Answers a request whose body was not read, then closes its connection the way reverse proxies
 * do (a "lingering close"): the answer is sent at once, and what the client is still sending is
 * read and thrown away — never kept — until it stops, for at most LINGER_BYTES or LINGER_MS.
 * Closing at once with the upload unread would make the operating system reset the connection,
 * and a browser still uploading would show "connection reset" instead of the answer.
 */
export function refuseUnreadBody(req: Request, res: Response, status: number, contentType: string, body: string): void {
  const payload = Buffer.from(body);
  res.writeHead(status, {
    "Content-Type": contentType,
    "Content-Length": payload.length,
    "Cache-Control": "no-store",
    Connection: "close",
  });
  res.write(payload);
  if (req.complete) {
    res.end();
    return;
  }
  discardRest(req, () => {
    if (!res.writableEnded) res.end();
  });
}
