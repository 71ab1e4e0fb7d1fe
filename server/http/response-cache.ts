/**
 * A shared cache in front of the routes, the way a reverse proxy's micro-cache works: a GET
 * answer marked `Cache-Control: s-maxage=N` (HTTP's word for "shared caches may keep this") is
 * kept for N seconds and replayed — headers and already-compressed bytes — to the next
 * anonymous requests for the same URL, without running the route again.
 *
 * Only requests without cookies or credentials use it, and an answer that sets a cookie is never
 * kept, so nothing personal can leak from one visitor to another. Routes opt in by sending
 * s-maxage (today: the public community list); clearSharedResponses() forgets everything when
 * what those answers show changes (see server/community/list-cache.ts).
 */
import type { NextFunction, Request, Response } from "express";

const MAX_ENTRIES = 500;
const MAX_BODY_BYTES = 512 * 1024;
/** Per-response headers the replay sets itself (or must not copy). */
const SKIPPED_HEADERS = new Set(["x-request-id", "date", "connection", "transfer-encoding", "keep-alive", "set-cookie"]);

interface StoredResponse {
  storedAt: number;
  expires: number;
  status: number;
  headers: [string, string | number | string[]][];
  body: Buffer;
}

const stored = new Map<string, StoredResponse>();

export function clearSharedResponses(): void {
  stored.clear();
}

function sharedMaxAgeSeconds(cacheControl: unknown): number {
  if (typeof cacheControl !== "string") return 0;
  if (/\b(private|no-store)\b/.test(cacheControl)) return 0;
  const match = /\bs-maxage=(\d+)/.exec(cacheControl);
  return match ? Number(match[1]) : 0;
}

/** Express middleware; put it after request ids and logging, before compression and the routes. */
export function sharedResponseCache() {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.method !== "GET" || req.headers.cookie || req.headers.authorization) return next();
    // Compressed bytes are stored, so the key includes what the client accepts.
    const key = `${req.originalUrl}\n${req.headers["accept-encoding"] ?? ""}`;
    const now = Date.now();
    const hit = stored.get(key);
    if (hit && hit.expires > now) {
      res.status(hit.status);
      for (const [name, value] of hit.headers) res.setHeader(name, value);
      res.setHeader("Age", String(Math.floor((now - hit.storedAt) / 1000)));
      res.end(hit.body);
      return;
    }
    if (hit) stored.delete(key);
    captureResponse(res, (status, body) => {
      const maxAge = sharedMaxAgeSeconds(res.getHeader("cache-control"));
      if (status !== 200 || maxAge <= 0 || res.getHeader("set-cookie") !== undefined) return;
      const headers = Object.entries(res.getHeaders())
        .filter(([name]) => !SKIPPED_HEADERS.has(name))
        .map(([name, value]) => [name, value!] as [string, string | number | string[]]);
      const storedAt = Date.now();
      stored.set(key, { storedAt, expires: storedAt + maxAge * 1000, status, headers, body });
      while (stored.size > MAX_ENTRIES) stored.delete(stored.keys().next().value!);
    });
    next();
  };
}

/** Collects what is written to `res` (as sent, after compression) and reports it once it ends. */
function captureResponse(res: Response, done: (status: number, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  let size = 0;
  let keep = true;
  const collect = (chunk: unknown, encoding?: unknown) => {
    if (!keep || chunk == null || typeof chunk === "function") return;
    const buffer = Buffer.isBuffer(chunk)
      ? chunk
      : chunk instanceof Uint8Array
        ? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
        : Buffer.from(String(chunk), typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
    size += buffer.length;
    if (size > MAX_BODY_BYTES) {
      keep = false;
      chunks.length = 0;
    } else chunks.push(Buffer.from(buffer)); // a copy: the writer may reuse its buffer
  };
  const write = res.write.bind(res);
  const end = res.end.bind(res);
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    collect(chunk, rest[0]);
    return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
  }) as Response["write"];
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    collect(chunk, rest[0]);
    const result = (end as (...args: unknown[]) => Response)(chunk, ...rest);
    if (keep) done(res.statusCode, Buffer.concat(chunks));
    return result;
  }) as Response["end"];
}
