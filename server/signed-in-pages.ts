/**
 * Pages that look the same to every signed-in person but for the header's person — their name,
 * picture, balance and bell — are rendered once for all of them and personalised per request
 * (ADR 0050). The front door (server/http/front-door.ts) hands such a request here:
 *
 * 1. the person is read from their session (server/viewer.ts: the balance and the unread count
 *    are kept per person and forgotten when the database says they changed);
 * 2. the page is taken from this process's renders of it for every signed-in person of that kind
 *    (admin or not, and their browsing level: a render with mature pictures never reaches anyone who
 *    did not opt into them), made when missing by an internal request to this process through every layer
 *    — with no cookies, so nothing of anyone can be in it — and kept as long as a shared page (2 s, and no
 *    longer than the next change of what pages show: response-cache.ts). An address nobody asked
 *    for within that time is rendered by the app for the person instead: a render kept for one
 *    answer would cost a second render (ADR 0053);
 * 3. the markers the render left where the person's parts go are replaced by those parts,
 *    rendered by the app for this person (app/components/viewer/personal-part.tsx), with the
 *    person's values for the browser's first render; the answer is compressed and sent.
 *
 * Anything unusual — no session, a banned person, a page that did not render as expected — goes on
 * to the app as before. Nothing rendered for one person is ever kept, and nothing kept holds any
 * person's data: the only thing per person is what step 3 adds for the requester.
 */
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import zlib from "node:zlib";
import { PART_MARKER } from "~/lib/viewer";
import { logger } from "./logger";
import { type RequestScope, requestScope } from "./http/request-context";
import { allowInlineScriptsByHash, onSharedResponsesCleared } from "./http/response-cache";
import { SHARED_VIEWER_HEADER, type SharedViewerKind, sharedViewerHeaderValue } from "./http/shared-viewer";
import { getUser } from "./auth/guards";
import { SHARED_PAGE_SECONDS, SHARED_PAGES } from "./navigation/shared-pages";
import { loadViewer, type Viewer } from "./viewer";

/**
 * Pages whose loaders read nothing of the person but whether they are signed in, an admin, and
 * their browsing level: tests/integration/signed-in-pages.test.ts renders each for two people and compares.
 */
export const SIGNED_IN_SHARED_PAGES: ReadonlySet<string> = new Set(
  // The pages kept for visitors, but an artwork's page (the person's reaction, whether it is theirs,
  // whether they follow its maker), a creator's page (whether they follow or hid them) and the
  // pricing page (which plan is theirs, issue 41).
  [...SHARED_PAGES].filter(
    (page) => page !== "/community/detail" && page !== "/creators/:handle" && page !== "/pricing-plans",
  ),
);

const MAX_RENDERS = 200;
/** Addresses asked for lately (see `askedLately`); enough for every page of a busy minute. */
const MAX_SIGHTINGS = 5_000;
/** Headers each answer sets itself, or that no answer copies from the render. */
const SKIPPED = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "date",
  "set-cookie",
  "x-request-id",
  "vary",
  "etag",
]);

type PartsRenderer = (viewer: Viewer) => Record<string, string>;
let renderParts: PartsRenderer | undefined;

/** The app's renderer of a person's parts (app/entry.server.tsx registers it when the server build loads). */
export function setPersonalPartsRenderer(renderer: PartsRenderer): void {
  renderParts = renderer;
}

interface ClassRender {
  /** The page's text between the parts, as bytes, and compressed (`compressPiece`) once a gzip answer needs it. */
  pieces: { raw: Buffer; deflated?: Buffer }[];
  /** The part that goes after each piece but the last. */
  parts: string[];
  headers: [string, string | number | string[]][];
  expires: number;
}

const renders = new Map<string, ClassRender>();
const rendering = new Map<string, Promise<ClassRender | null>>();
const sightings = new Map<string, number>();
/** Bumped when every kept page is forgotten: a render that overlapped a change is used once, not kept. */
let clears = 0;
onSharedResponsesCleared(() => {
  clears++;
  renders.clear();
});

export interface SignedInPages {
  /** Answers a GET of a page on the list for a signed-in person; false when the app must answer it. */
  answer(req: IncomingMessage, res: ServerResponse, requestId: string): Promise<boolean>;
}

export function createSignedInPages(self: () => SelfAddress | undefined): SignedInPages {
  return {
    async answer(req, res, requestId) {
      const url = req.url ?? "/";
      const path = url.split("?")[0]!;
      const address = self();
      if (!SIGNED_IN_SHARED_PAGES.has(path) || !renderParts || !address) return false;
      const cookie = req.headers.cookie;
      if (!cookie?.includes("session_token=") || req.headers.authorization) return false;
      const host = req.headers.host ?? "localhost";
      const scope: RequestScope = { sessionReads: new Map(), cookiesToSend: [] };
      let viewer: Viewer | null;
      let kind: SharedViewerKind | undefined;
      try {
        const request = new Request(`http://${host}${url}`, { headers: { cookie } });
        viewer = await requestScope.run(scope, () => loadViewer(request));
        // The request's one session read, which loadViewer made: what they chose to see.
        const user = viewer ? await requestScope.run(scope, () => getUser(request)) : null;
        if (user) kind = { isAdmin: user.isAdmin, browsingLevel: user.browsingLevel };
      } catch (err) {
        logger.warn({ err }, "could not read the session of a signed-in page; rendering it for the person");
        return false;
      }
      if (!viewer || viewer.shared || !kind) return false;
      const render = await classRender(address, req, kind);
      if (!render || res.destroyed) return false;
      const html = renderParts(viewer);
      const parts = render.parts.map((name) => html[name]);
      if (parts.some((part) => part === undefined)) return false;
      send(req, res, render, parts as string[], scope.cookiesToSend, requestId);
      return true;
    },
  };
}

function keyOf(req: IncomingMessage, kind: SharedViewerKind): string {
  const h = req.headers;
  return `${h.host ?? ""}\n${req.url}\n${h["accept-language"] ?? ""}\n${h["x-forwarded-proto"] ?? ""}\n${h["x-forwarded-host"] ?? ""}\n${kind.isAdmin}\n${kind.browsingLevel}`;
}

/** The page as every signed-in person of this kind sees it, markers in place of their parts. */
async function classRender(
  self: SelfAddress,
  req: IncomingMessage,
  kind: SharedViewerKind,
): Promise<ClassRender | null> {
  const key = keyOf(req, kind);
  const kept = renders.get(key);
  if (kept && kept.expires > Date.now()) return kept;
  // Many people asking at once (a burst after a newsletter) wait for one render.
  const under = rendering.get(key);
  if (under) return under;
  if (!askedLately(key)) return null;
  const startedAt = clears;
  const made = renderForClass(self, req, kind)
    .catch((err: unknown) => {
      logger.warn({ err }, "a page for every signed-in person could not be rendered");
      return null;
    })
    .then((render) => {
      rendering.delete(key);
      if (render && clears === startedAt) {
        renders.delete(key);
        renders.set(key, render);
        while (renders.size > MAX_RENDERS) renders.delete(renders.keys().next().value!);
      }
      return render;
    });
  rendering.set(key, made);
  return made;
}

/**
 * Whether the address was asked for within the time a render is kept, noting it if not. A render
 * for everyone costs a render and the person's parts; for an address asked once (a search, a
 * far page, a link with its own query) it would be used once, so such an address is rendered by
 * the app for the person alone, and only a second ask within the time makes the kept render.
 */
function askedLately(key: string): boolean {
  const now = Date.now();
  const at = sightings.get(key);
  if (at !== undefined && now - at < SHARED_PAGE_SECONDS * 1000) return true;
  sightings.delete(key);
  sightings.set(key, now);
  while (sightings.size > MAX_SIGHTINGS) sightings.delete(sightings.keys().next().value!);
  return false;
}

/** Where this process listens: the internal render is a request to itself, through every layer. */
export interface SelfAddress {
  host: string;
  port: number;
}

async function renderForClass(
  self: SelfAddress,
  req: IncomingMessage,
  kind: SharedViewerKind,
): Promise<ClassRender | null> {
  const pass = (name: string) => (typeof req.headers[name] === "string" ? { [name]: req.headers[name] as string } : {});
  const answer = await getLocal(self, req.url ?? "/", {
    ...pass("host"),
    ...pass("accept-language"),
    ...pass("user-agent"),
    ...pass("x-forwarded-proto"),
    ...pass("x-forwarded-host"),
    ...pass("x-forwarded-for"),
    accept: "text/html",
    "accept-encoding": "identity",
    [SHARED_VIEWER_HEADER]: sharedViewerHeaderValue(kind),
  });
  if (answer.status !== 200 || answer.headers["set-cookie"] !== undefined) return null;
  if (!/^text\/html/.test(String(answer.headers["content-type"] ?? ""))) return null;
  const html = answer.body.toString("utf8");
  if (!html.includes('<atelier-part data-part="viewer"></atelier-part>')) return null;
  // "text<marker a>text<marker b>text": pieces and the names of the parts between them.
  const split = html.split(PART_MARKER);
  const texts = split.filter((_, i) => i % 2 === 0);
  const parts = split.filter((_, i) => i % 2 === 1);
  const headers = Object.entries(answer.headers)
    .filter(([name, value]) => value !== undefined && !SKIPPED.has(name))
    .map(([name, value]) => [name, value!] as [string, string | number | string[]]);
  // The render's inline scripts carry the nonce of its own request: each answer allows them by hash.
  if (!allowInlineScriptsByHash(headers, answer.body, undefined)) return null;
  const pieces = texts.map((text) => ({ raw: Buffer.from(text, "utf8") }));
  return { pieces, parts, headers, expires: Date.now() + SHARED_PAGE_SECONDS * 1000 };
}

/**
 * A piece of a gzip stream compressed on its own: a fresh raw deflate stream ends with a full
 * flush (byte-aligned, nothing after it refers back) unless it is the last, so the pieces of the
 * page, compressed once, and the person's parts, compressed per request, join into one valid
 * stream (RFC 1951 §3.2.3 and zlib's Z_FULL_FLUSH). Compressing the whole page per request would
 * cost about a millisecond of the two the answer may take.
 */
function compressPiece(raw: Buffer, last: boolean): Buffer {
  return zlib.deflateRawSync(raw, {
    level: 6,
    finishFlush: last ? zlib.constants.Z_FINISH : zlib.constants.Z_FULL_FLUSH,
  });
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);

/** The page with the person's parts, as gzip (RFC 1952) when asked for, else as it is. */
function assemble(render: ClassRender, parts: string[], gzip: boolean): Buffer {
  const raw: Buffer[] = [];
  const deflated: Buffer[] = [GZIP_HEADER];
  render.pieces.forEach((piece, i) => {
    raw.push(piece.raw);
    if (gzip) {
      piece.deflated ??= compressPiece(piece.raw, i === render.pieces.length - 1);
      deflated.push(piece.deflated);
    }
    const part = parts[i];
    if (part === undefined) return;
    const bytes = Buffer.from(part, "utf8");
    raw.push(bytes);
    if (gzip) deflated.push(compressPiece(bytes, false));
  });
  if (!gzip) return Buffer.concat(raw);
  let crc = 0;
  let size = 0;
  for (const chunk of raw) {
    crc = zlib.crc32(chunk, crc);
    size += chunk.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size % 2 ** 32, 4);
  deflated.push(trailer);
  return Buffer.concat(deflated);
}

/** One kept-alive connection's worth of requests to this very process. */
const selfAgent = new http.Agent({ keepAlive: true, maxSockets: 4 });

function getLocal(
  self: SelfAddress,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: self.host, port: self.port, path, headers, agent: selfAgent, timeout: 10_000 },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
        response.on("error", reject);
      },
    );
    request.on("timeout", () => request.destroy(new Error("the internal render took too long")));
    request.on("error", reject);
  });
}

function send(
  req: IncomingMessage,
  res: ServerResponse,
  render: ClassRender,
  parts: string[],
  cookies: string[],
  requestId: string,
): void {
  res.statusCode = 200;
  for (const [name, value] of render.headers) res.setHeader(name, value);
  res.setHeader("X-Request-Id", requestId);
  // A person's page: never kept by a shared cache, never by the browser without asking.
  res.setHeader("Cache-Control", "private, no-cache");
  res.setHeader("Vary", "Accept-Encoding");
  if (cookies.length > 0) res.setHeader("Set-Cookie", cookies);
  const gzip = /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
  const body = assemble(render, parts, gzip);
  if (gzip) res.setHeader("Content-Encoding", "gzip");
  res.setHeader("Content-Length", body.length);
  res.end(body);
}
