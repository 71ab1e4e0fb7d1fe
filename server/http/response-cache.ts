/**
 * A shared cache in front of the routes, the way a reverse proxy's micro-cache works: a GET
 * answer marked `Cache-Control: s-maxage=N` (HTTP's word for "shared caches may keep this") is
 * kept for N seconds and replayed — headers and already-compressed bytes — to the next
 * anonymous requests for the same host and URL, without running the route again.
 *
 * Pages opt in with the internal header `X-Atelier-Shared-Cache: N` instead (set by the root
 * middleware for the pages in server/navigation/shared-pages.ts), which is never sent to the
 * browser: browsers and outside caches are told `no-cache`. A page carries the nonce of its
 * Content-Security-Policy in its inline scripts; a replay must not hand one nonce to everyone, so
 * a kept page's policy allows its inline scripts by their SHA-256 hashes instead (ADR 0026).
 *
 * A page is kept from, and replayed to, requests without cookies or credentials only. An answer
 * marked `public` with `s-maxage` (a route saying it is the same for everyone, as HTTP defines it
 * for shared caches) is replayed to signed-in people too, unless it varies by cookie or
 * credentials. An answer that sets a cookie is never kept, so nothing personal can leak from one
 * visitor to another. The front door (front-door.ts) replays before Express runs; the middleware
 * below replays too, for apps without one, and keeps what the routes answer. clearSharedResponses()
 * forgets everything when what those answers show changes (server/community/list-cache.ts; any
 * change to the run-time settings, below).
 *
 * A signed-in page may be kept too, for the person it was rendered for only (ADR 0040): it opts in
 * with `X-Atelier-Personal-Cache: <user id>` (server/auth/personal-pages.ts) and is replayed
 * only to a request with the very same Cookie header — which carries the session's secret token —
 * for the same address, encodings and languages. The database announces every write to what such
 * a page shows as `personal:<user id>` or `user:<user id>` (migrations 0013 and 0016): that
 * person's kept pages go at once, in every process. A request that may write (any method but GET
 * and HEAD) forgets the pages kept for its cookies before and after it runs, and a page whose
 * render overlapped a change is not kept, so nobody is shown a page older than what they just did.
 */
import { createHash } from "node:crypto";
import zlib from "node:zlib";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { onDatabaseChange } from "../db/change-feed";
import { SHARED_VIEWER_HEADER } from "./shared-viewer";

const MAX_ENTRIES = 500;
const MAX_BODY_BYTES = 512 * 1024;
/**
 * How long a signed-in page may be replayed to its person when no change is heard: the same two
 * seconds the run-time settings allow other processes (ADR 0026), in case an announcement is lost.
 */
export const PERSONAL_PAGE_SECONDS = 2;
/** Per-response headers the replay sets itself (or must not copy). */
const SKIPPED_HEADERS = new Set([
  "x-request-id",
  "date",
  "connection",
  "transfer-encoding",
  "keep-alive",
  "set-cookie",
]);

interface StoredResponse {
  storedAt: number;
  expires: number;
  status: number;
  headers: [string, string | number | string[]][];
  body: Buffer;
  /** Replayed to requests with cookies or credentials as well (a `public` answer, not a page). */
  forEveryone: boolean;
  /**
   * A page whose policy still names the nonce of the request that rendered it, and the body's
   * encoding: its inline scripts are allowed by hash at its first replay (`allowInlineScriptsByHash`),
   * not when kept, since most pages kept for one person (a new address each time) are never replayed.
   */
  nonceOf?: { encoding: unknown };
}

const stored = new Map<string, StoredResponse>();
/** The internal header by which a page says it may be kept; removed before anything is sent. */
export const SHARED_CACHE_HEADER = "x-atelier-shared-cache";
/** The internal header by which a signed-in page says it may be kept for this user id only. */
export const PERSONAL_CACHE_HEADER = "x-atelier-personal-cache";

interface PersonalResponse extends StoredResponse {
  userId: string;
  cookie: string;
}
/** Signed-in pages, by address and the requester's whole Cookie header; oldest first. */
const personal = new Map<string, PersonalResponse>();
/** What the kept signed-in pages weigh together: one person's page each, bounded in bytes too. */
let personalBytes = 0;
const MAX_PERSONAL_BYTES = 32 * 1024 * 1024;

function keepPersonalResponse(key: string, entry: PersonalResponse): void {
  dropPersonalResponse(key);
  personal.set(key, entry);
  personalBytes += entry.body.length;
  while (personal.size > MAX_ENTRIES || personalBytes > MAX_PERSONAL_BYTES)
    dropPersonalResponse(personal.keys().next().value!);
}

function dropPersonalResponse(key: string): void {
  const entry = personal.get(key);
  if (!entry) return;
  personal.delete(key);
  personalBytes -= entry.body.length;
}
/**
 * When each person's data (by user id) and each writer's cookies last changed, and when anything
 * else did: a page whose render started before such a change may show what was there before it,
 * so it is not kept. Forgotten after a minute; a render that slow is not kept either.
 */
const lastChanges = new Map<string, number>();
let lastChangeOfEverything = 0;
const CHANGE_MEMORY_MS = 60_000;

function noteChange(who: string, now = performance.now()): void {
  lastChanges.delete(who); // re-inserted last: the Map stays oldest first
  lastChanges.set(who, now);
  for (const [key, at] of lastChanges) {
    if (now - at < CHANGE_MEMORY_MS) break;
    lastChanges.delete(key);
  }
}

function changedSince(started: number, userId: string, cookie: string): boolean {
  const now = performance.now();
  if (now - started >= CHANGE_MEMORY_MS || lastChangeOfEverything >= started) return true;
  return (lastChanges.get(userId) ?? -1) >= started || (lastChanges.get(cookie) ?? -1) >= started;
}

const clearListeners = new Set<() => void>();

/** Calls `listener` whenever every kept page is forgotten (pages rendered for all signed-in people follow). */
export function onSharedResponsesCleared(listener: () => void): void {
  clearListeners.add(listener);
}

export function clearSharedResponses(): void {
  stored.clear();
  personal.clear();
  personalBytes = 0;
  lastChangeOfEverything = performance.now();
  for (const listener of clearListeners) listener();
}

/** Forgets the signed-in pages kept for this person (all their sessions). */
export function forgetPersonalResponses(userId: string): void {
  noteChange(userId);
  for (const [key, entry] of personal) if (entry.userId === userId) dropPersonalResponse(key);
}

function forgetPersonalResponsesOfCookie(cookie: string): void {
  noteChange(cookie);
  for (const [key, entry] of personal) if (entry.cookie === cookie) dropPersonalResponse(key);
}

// Flags, rules, slides, products, the FAQ…: pages show them, so a change to any of them forgets
// every page. A person's own change (sessions, account, balance, purchases, notifications) forgets
// their signed-in pages only. A generation's progress is not on any kept page.
onDatabaseChange((change) => {
  if (change.kind === "generation") return;
  if (change.kind === "user" || change.kind === "personal") forgetPersonalResponses(change.userId);
  else clearSharedResponses();
});

function sharedMaxAgeSeconds(cacheControl: unknown): number {
  if (typeof cacheControl !== "string") return 0;
  if (/\b(private|no-store)\b/.test(cacheControl)) return 0;
  const match = /\bs-maxage=(\d+)/.exec(cacheControl);
  return match ? Number(match[1]) : 0;
}

function cacheKey(req: IncomingMessage): string {
  // Compressed bytes are stored, so the key includes what the client accepts; pages answer per host (domain check).
  return `${req.headers.host ?? ""}\n${req.url ?? ""}\n${req.headers["accept-encoding"] ?? ""}`;
}

/** A signed-in page is someone's: their cookies are in the key, and their language (dates). */
function personalKey(req: IncomingMessage): string {
  return `${cacheKey(req)}\n${req.headers["accept-language"] ?? ""}\n${req.headers.cookie ?? ""}`;
}

/** Only a request with cookies and no other credentials can be given someone's kept page. */
function mayHavePersonalPage(req: IncomingMessage): boolean {
  return Boolean(req.headers.cookie) && !req.headers.authorization;
}

function isAnonymous(req: IncomingMessage): boolean {
  return !req.headers.cookie && !req.headers.authorization;
}

/**
 * Answers a GET from the cache when a fresh answer is kept for it and may go to this requester;
 * false when the request must go on to the routes.
 */
export function replaySharedResponse(
  req: IncomingMessage,
  res: ServerResponse,
  options: { requestId?: () => string } = {},
): boolean {
  if (req.method !== "GET") return false;
  const hit = findShared(req) ?? findPersonal(req);
  if (!hit) return false;
  if (hit.nonceOf) {
    if (!allowInlineScriptsByHash(hit.headers, hit.body, hit.nonceOf.encoding)) {
      stored.delete(cacheKey(req));
      dropPersonalResponse(personalKey(req));
      return false;
    }
    hit.nonceOf = undefined;
  }
  const now = Date.now();
  res.statusCode = hit.status;
  for (const [name, value] of hit.headers) res.setHeader(name, value);
  if (options.requestId) res.setHeader("X-Request-Id", options.requestId());
  res.setHeader("Age", String(Math.floor((now - hit.storedAt) / 1000)));
  res.end(hit.body);
  return true;
}

function findShared(req: IncomingMessage): StoredResponse | undefined {
  if (stored.size === 0) return undefined;
  const key = cacheKey(req);
  const hit = stored.get(key);
  if (!hit) return undefined;
  if (hit.expires <= Date.now()) {
    stored.delete(key);
    return undefined;
  }
  return hit.forEveryone || isAnonymous(req) ? hit : undefined;
}

function findPersonal(req: IncomingMessage): StoredResponse | undefined {
  if (personal.size === 0 || !mayHavePersonalPage(req)) return undefined;
  const key = personalKey(req);
  const hit = personal.get(key);
  if (!hit) return undefined;
  if (hit.expires <= Date.now()) {
    dropPersonalResponse(key);
    return undefined;
  }
  return hit;
}

/** Express middleware; put it after request ids and logging, before compression and the routes. */
export function sharedResponseCache() {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.method !== "GET") {
      if (req.method !== "HEAD" && req.headers.cookie) forgetPersonalResponsesOfWriter(req.headers.cookie, res);
      next();
      return;
    }
    // A page rendered for every signed-in person (ADR 0050) is kept by server/signed-in-pages.ts, not here.
    if (req.headers[SHARED_VIEWER_HEADER] !== undefined) {
      next();
      return;
    }
    if (replaySharedResponse(req, res)) return;
    const key = cacheKey(req);
    const anonymous = isAnonymous(req);
    const renderStarted = performance.now();
    let pageMaxAge = 0;
    let personalFor: string | undefined;
    hideInternalHeaders(res, {
      shared: (seconds) => (pageMaxAge = seconds),
      personal: (userId) => (personalFor = userId),
    });
    captureResponse(res, (status, body) => {
      if (status !== 200 || res.getHeader("set-cookie") !== undefined) return;
      const forEveryone = !pageMaxAge && isPublicForEveryone(res.getHeader("cache-control"), res.getHeader("vary"));
      const maxAge = pageMaxAge || sharedMaxAgeSeconds(res.getHeader("cache-control"));
      const keepPersonal =
        personalFor !== undefined &&
        mayHavePersonalPage(req) &&
        !changedSince(renderStarted, personalFor, req.headers.cookie!);
      if (!keepPersonal && (maxAge <= 0 || !(anonymous || forEveryone))) return;
      const headers = Object.entries(res.getHeaders())
        .filter(([name]) => !SKIPPED_HEADERS.has(name))
        .map(([name, value]) => [name, value!] as [string, string | number | string[]]);
      const page = pageMaxAge > 0 || keepPersonal;
      if (page && !hasNoncePolicy(headers)) return;
      const nonceOf = page ? { encoding: res.getHeader("content-encoding") } : undefined;
      const storedAt = Date.now();
      if (keepPersonal) {
        const expires = storedAt + PERSONAL_PAGE_SECONDS * 1000;
        const entry = { storedAt, expires, status, headers, body, forEveryone: false, nonceOf };
        keepPersonalResponse(personalKey(req), { ...entry, userId: personalFor!, cookie: req.headers.cookie! });
        return;
      }
      stored.set(key, { storedAt, expires: storedAt + maxAge * 1000, status, headers, body, forEveryone, nonceOf });
      while (stored.size > MAX_ENTRIES) stored.delete(stored.keys().next().value!);
    });
    next();
  };
}

/**
 * A request that may write forgets the pages kept for its cookies when it starts and again when it
 * ends, so the writer's next page is rendered afresh whether or not the database's announcement
 * has arrived yet (on PostgreSQL it comes over another connection).
 */
function forgetPersonalResponsesOfWriter(cookie: string, res: Response): void {
  forgetPersonalResponsesOfCookie(cookie);
  res.once("close", () => forgetPersonalResponsesOfCookie(cookie));
}

/** `public` with s-maxage, and not varying by who asks: the same answer for everyone. */
function isPublicForEveryone(cacheControl: unknown, vary: unknown): boolean {
  if (typeof cacheControl !== "string" || !/\bpublic\b/.test(cacheControl)) return false;
  return !/\b(cookie|authorization)\b|\*/i.test(String(vary ?? ""));
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

/** Takes the pages' internal headers off the answer before it is sent, telling what they said. */
function hideInternalHeaders(
  res: Response,
  found: { shared: (seconds: number) => void; personal: (userId: string) => void },
): void {
  const writeHead = res.writeHead.bind(res);
  res.writeHead = ((...args: unknown[]) => {
    const seconds = Number(res.getHeader(SHARED_CACHE_HEADER) ?? 0);
    if (seconds > 0) {
      found.shared(seconds);
      res.setHeader("Cache-Control", "no-cache");
    }
    const userId = res.getHeader(PERSONAL_CACHE_HEADER);
    if (typeof userId === "string" && userId) found.personal(userId);
    res.removeHeader(SHARED_CACHE_HEADER);
    res.removeHeader(PERSONAL_CACHE_HEADER);
    return (writeHead as (...a: unknown[]) => Response)(...args);
  }) as Response["writeHead"];
}

/** A Content-Security-Policy that allows inline scripts by a nonce: a page that can be kept. */
function hasNoncePolicy(headers: [string, string | number | string[]][]): boolean {
  const policy = headers.find(([name]) => name === "content-security-policy");
  return policy !== undefined && typeof policy[1] === "string" && /'nonce-[^']+'/.test(policy[1]);
}

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/**
 * Rewrites a kept page's Content-Security-Policy so that it allows the page's own inline scripts
 * by hash rather than by the nonce of the request that made it. False when the page cannot be
 * kept (no policy with a nonce, or a body it cannot read).
 */
export function allowInlineScriptsByHash(
  headers: [string, string | number | string[]][],
  body: Buffer,
  encoding: unknown,
): boolean {
  if (!hasNoncePolicy(headers)) return false;
  const policy = headers.find(([name]) => name === "content-security-policy") as [string, string];
  let html: string;
  try {
    html = (
      encoding === "gzip"
        ? zlib.gunzipSync(body)
        : encoding === "br"
          ? zlib.brotliDecompressSync(body)
          : encoding === "deflate"
            ? zlib.inflateSync(body)
            : body
    ).toString("utf8");
  } catch {
    return false;
  }
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT))
    hashes.add(`'sha256-${createHash("sha256").update(match[1]!, "utf8").digest("base64")}'`);
  policy[1] = policy[1].replace(/ ?'nonce-[^']+'/g, hashes.size > 0 ? ` ${[...hashes].join(" ")}` : "");
  return true;
}
