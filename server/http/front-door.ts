/**
 * The first code every request meets, in front of Express (ADR 0027). It answers what needs no
 * route, with the same request id and security headers the shell gives every answer:
 * - load balancers' liveness probe, GET/HEAD /healthz;
 * - answers the shared response cache keeps (response-cache.ts): public lists and shared pages.
 * Everything else goes on to the Express app. A request answered here costs a few microseconds
 * instead of Express's routing and layers, which under load is most of what a cached answer costs.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import type { Config } from "../config";
import { logger } from "../logger";
import { isShuttingDown } from "./app";
import { replaySharedResponse } from "./response-cache";
import type { SignedInPages } from "../signed-in-pages";
import { readSharedViewer, SHARED_VIEWER_HEADER } from "./shared-viewer";
import { chooseRequestId, computeSecurityHeaders, helmetOptions } from "./shell-layers";

const HEALTH_BODY = Buffer.from(JSON.stringify({ status: "ok" }));

export function createFrontDoor(
  app: RequestListener,
  config: Config,
  options: {
    dev: boolean;
    signedInPages?: SignedInPages;
    onWrite?: (req: IncomingMessage, res: ServerResponse) => void;
  },
): RequestListener {
  const security = computeSecurityHeaders(helmetOptions(config, options.dev));
  const policy = security.policy(); // JSON carries no inline script: the policy without a nonce
  const healthHeaders: [string, string | number][] = [
    ...security.fixed,
    ...(policy === undefined ? [] : [["Content-Security-Policy", policy] as [string, string]]),
    ["Content-Type", "application/json; charset=utf-8"],
    ["Content-Length", HEALTH_BODY.length],
    ["Cache-Control", "no-store"],
  ];

  return (req, res) => {
    // Draining before a stop: each answer closes its connection, so a balancer's kept-alive
    // connections move to other processes while this one still answers (server/main.ts).
    if (isShuttingDown()) res.setHeader("Connection", "close");
    if (isHealthProbe(req)) return answerHealthProbe(req, res, healthHeaders);
    // This process asking itself for a page rendered for every signed-in person (ADR 0050): the app renders it.
    if (req.headers[SHARED_VIEWER_HEADER] !== undefined && readSharedViewer(req)) return app(req, res);
    if (req.method === "GET") {
      const started = performance.now();
      if (replaySharedResponse(req, res, { requestId: () => chooseRequestId(req.headers["x-request-id"]) }))
        return logReplay(req, res, started);
      // A page that looks the same to every signed-in person but for their header (ADR 0050).
      const signedIn = options.signedInPages;
      if (signedIn && req.headers.cookie) {
        signedIn.answer(req, res, chooseRequestId(req.headers["x-request-id"])).then(
          (answered) => (answered ? logReplay(req, res, started) : app(req, res)),
          (error: unknown) => {
            logger.error({ err: error }, "a signed-in page could not be answered for its person");
            if (!res.headersSent) app(req, res);
          },
        );
        return;
      }
    } else options.onWrite?.(req, res);
    app(req, res);
  };
}

function isHealthProbe(req: IncomingMessage): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const url = req.url ?? "";
  return url === "/healthz" || url.startsWith("/healthz?");
}

function answerHealthProbe(req: IncomingMessage, res: ServerResponse, headers: [string, string | number][]): void {
  for (const [name, value] of headers) res.setHeader(name, value);
  res.setHeader("X-Request-Id", chooseRequestId(req.headers["x-request-id"]));
  res.end(req.method === "HEAD" ? undefined : HEALTH_BODY);
}

/** The same line pino-http writes for an answer from the routes, when that level is on. */
function logReplay(req: IncomingMessage, res: ServerResponse, started: number): void {
  if (!logger.isLevelEnabled("info")) return;
  logger.info(
    {
      req: { id: res.getHeader("X-Request-Id"), method: req.method, url: req.url },
      res: { statusCode: res.statusCode },
      responseTime: Math.round(performance.now() - started),
      cache: "hit",
    },
    "request completed",
  );
}
