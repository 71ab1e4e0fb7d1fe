/**
 * The HTTP shell: a thin Express app in front of React Router. It adds what every response
 * needs — request ids and logs, security headers, compression, static assets, health checks,
 * API body guards — and hands everything else to the route table (app/routes.ts). server/main.ts
 * starts it.
 */
import fs from "node:fs";
import path from "node:path";
import express, { type NextFunction, type Request as ExpressRequest, type Response as ExpressResponse } from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { type Config, getConfig } from "../config";
import { getDatabaseHandle } from "../db/client";
import { isDatabaseMigrated } from "../db/migrate";
import { logger } from "../logger";
import { getBuildInfo } from "../ops/build-info";
import { reportServerError } from "../ops/error-reports";
import { createAdmissionQueue } from "./admission";
import { readBodyWithinLimit } from "./body-limits";
import { requestInfoContext, requestScope } from "./request-context";
import { createRouterAdapter } from "./router-adapter";
import { readSharedViewer } from "./shared-viewer";
import { createShellLayers } from "./shell-layers";
import { mayScrape, renderMetrics } from "../metrics";

function sendJsonError(res: ExpressResponse, status: number, code: string, message: string) {
  res
    .status(status)
    .type("application/json")
    .set("Cache-Control", "no-store")
    .send(JSON.stringify({ error: { code, message } }));
}

export interface CreateAppOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** The client build folder to serve; omitted in development, where Vite serves assets. */
  clientDir?: string;
  mode?: "development" | "production";
  config?: Config;
}

let shuttingDown = false;

/** From now on /readyz answers 503, so load balancers stop sending new requests; true if already so. */
export function markShuttingDown(): boolean {
  const already = shuttingDown;
  shuttingDown = true;
  return already;
}

/** True once the process has been asked to stop: answers then close their connection (front-door.ts). */
export function isShuttingDown(): boolean {
  return shuttingDown;
}

export function createApp(options: CreateAppOptions): express.Express {
  const config = options.config ?? getConfig();
  const dev = options.mode === "development";
  const app = express();
  app.disable("x-powered-by");
  if (config.trustProxy) app.set("trust proxy", true);

  // Request ids, logs, security headers, the shared response cache, compression (shell-layers.ts).
  for (const layer of createShellLayers(config, { dev })) app.use(layer.handle);

  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  });
  // Prometheus metrics: to the allowed addresses, or to anyone with the bearer token (ADR 0039).
  app.get("/metrics", async (req, res) => {
    if (!mayScrape(req.ip ?? "", req.get("authorization"), config.metrics)) {
      res
        .status(404)
        .set("Cache-Control", "no-store")
        .json({ error: { code: "not_found", message: "Not Found" } });
      return;
    }
    const { contentType, body } = await renderMetrics();
    res.status(200).set("Content-Type", contentType).set("Cache-Control", "no-store").send(body);
  });
  app.get("/readyz", async (_req, res) => {
    const handle = getDatabaseHandle();
    const ready = !shuttingDown && handle !== undefined && (await isDatabaseMigrated(handle));
    res
      .status(ready ? 200 : 503)
      .set("Cache-Control", "no-store")
      .json({ status: ready ? "ready" : "not ready", database: handle?.kind ?? null, build: getBuildInfo().id });
  });

  if (options.clientDir) {
    // Hashed file names never change content: cache them for a year.
    app.use(
      "/assets",
      express.static(path.join(options.clientDir, "assets"), { immutable: true, maxAge: "1y", index: false }),
    );
    // Other top-level files (favicon, robots.txt…), known at start: pages and APIs cost no file lookups.
    const publicFiles = express.static(options.clientDir, { maxAge: "1h", index: false });
    const publicPaths = new Set(listPublicFiles(options.clientDir).map((file) => `/${file}`));
    app.use((req, res, next) => (publicPaths.has(req.path) ? publicFiles(req, res, next) : next()));
  }

  // Every request body is read here within its limit, or refused with 413 unread (body-limits.ts).
  app.use(readBodyWithinLimit(config));

  const handleWithRouter = createRouterAdapter({
    build: options.build,
    mode: options.mode ?? "production",
    // Under a burst, requests take turns in arrival order instead of all slowing each other (ADR 0030).
    admission: createAdmissionQueue({
      limit: config.maxConcurrentRequests,
      maxWaiting: config.maxQueuedRequests,
      yieldAfterMs: 250,
    }),
    getLoadContext(req, res) {
      const context = new RouterContextProvider();
      context.set(requestInfoContext, {
        id: res.locals.requestId as string,
        nonce: res.locals.nonce as string,
        log: (req as ExpressRequest & { log: typeof logger }).log ?? logger,
        clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown",
      });
      return context;
    },
  });
  // Each request gets its own scope for what it reads once and the cookies it must send (request-context.ts).
  app.use((req, res, next) =>
    requestScope.run(
      {
        sessionReads: new Map(),
        cookiesToSend: [],
        origin: `${req.protocol}://${req.get("host") ?? ""}`,
        sharedViewer: readSharedViewer(req),
      },
      () => handleWithRouter(req, res, next),
    ),
  );

  // Last resort: something threw outside React Router (which renders its own error pages).
  app.use((error: unknown, req: ExpressRequest, res: ExpressResponse, _next: NextFunction) => {
    const status = (error as { status?: number }).status;
    if (status && status >= 400 && status < 500) {
      sendJsonError(res, status, "bad_request", (error as Error).message);
      return;
    }
    logger.error({ err: error, requestId: res.locals.requestId }, "unhandled error in the HTTP shell");
    void reportServerError(getDatabaseHandle()?.db, error, {
      page: req.originalUrl,
      fn: "http-shell",
      requestId: res.locals.requestId as string,
    });
    if (res.headersSent) return;
    if (req.path.startsWith("/api/")) sendJsonError(res, 500, "internal_error", "Internal Server Error");
    else res.status(500).type("text/plain").send("Internal Server Error");
  });
  return app;
}

/** Files of the client build outside /assets (from public/), as paths relative to its folder. */
function listPublicFiles(dir: string, prefix = ""): string[] {
  return fs.readdirSync(path.join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const name = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return name === "assets" ? [] : listPublicFiles(dir, name);
    return [name];
  });
}
