/**
 * The HTTP shell: a thin Express app in front of React Router. It adds what every response
 * needs — request ids and logs, security headers, compression, static assets, health checks,
 * API body guards — and hands everything else to the route table (app/routes.ts).
 * This file is the entry of the server bundle (vite.config.ts).
 */
import fs from "node:fs";
import { createServer, type Server } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import express, { type NextFunction, type Request as ExpressRequest, type Response as ExpressResponse } from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { getConfig, type Config } from "../config";
import { type DatabaseHandle, getDatabaseHandle, openDatabase, setDatabase } from "../db/client";
import { startChangeFeed } from "../db/change-feed";
import { isDatabaseMigrated, migrateDatabase } from "../db/migrate";
import { type SeededAccount, seedDemoData } from "../db/seed";
import { logger } from "../logger";
import { getBuildInfo, setBuildInfo } from "../ops/build-info";
import { reportServerError } from "../ops/error-reports";
import { describeRuntimeMode } from "../ops/runtime-mode";
import { startJobQueue, stopJobQueue } from "../jobs/queue";
import { ALL_JOBS } from "../jobs/registry";
import { closeEngines } from "../generation/engines/registry";
import { startGenerationRecovery } from "../generation/render-job";
import { startEngineHealthChecks } from "../generation/engines/catalog";
import { closeImageTools } from "../image-tools";
import { recoverImageEdits } from "../image-tools/edits";
import { requestInfoContext, requestScope } from "./request-context";
import { createFrontDoor } from "./front-door";
import { readBodyWithinLimit } from "./body-limits";
import { createAdmissionQueue } from "./admission";
import { createRouterAdapter } from "./router-adapter";
import { createShellLayers } from "./shell-layers";

declare const __ATELIER_BUILD_TIME__: number;

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
      { sessionReads: new Map(), cookiesToSend: [], origin: `${req.protocol}://${req.get("host") ?? ""}` },
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

let stopRecovery: () => void = () => {};
let stopChangeFeed: () => Promise<void> = async () => {};

/** Opens the database, applies migrations and seeds demo data when configured. */
export async function prepareDatabase(
  config: Config = getConfig(),
): Promise<{ handle: DatabaseHandle; seeded: SeededAccount[] }> {
  const existing = getDatabaseHandle();
  if (existing) return { handle: existing, seeded: [] };
  const handle = await openDatabase(config.database);
  setDatabase(handle);
  if (config.runMigrations) await migrateDatabase(config.database, handle);
  let seeded: SeededAccount[] = [];
  if (config.seedDemoData) {
    ({ accounts: seeded } = await seedDemoData(handle.db, logger, {
      demoAdminPassword: config.demoAdminPassword,
      demoUserPassword: config.demoUserPassword,
    }));
  }
  // From here on, settings are cached and every change to them is heard (ADR 0026).
  stopChangeFeed = await startChangeFeed(handle);
  await startJobQueue(config.database, handle, { definitions: ALL_JOBS, work: config.jobWorkers });
  if (config.jobWorkers) stopRecovery = startWorkerTimers(handle.db);
  return { handle, seeded };
}

/** What processes that run jobs also do on a timer: recover interrupted generations, check engines' health. */
function startWorkerTimers(db: Parameters<typeof startGenerationRecovery>[0]): () => void {
  const stops = [startGenerationRecovery(db), startEngineHealthChecks(db)];
  const recoverEdits = () =>
    void recoverImageEdits(db).catch((err: unknown) => logger.warn({ err }, "image edit recovery failed"));
  recoverEdits();
  const editTimer = setInterval(recoverEdits, 30_000);
  editTimer.unref();
  stops.push(() => clearInterval(editTimer));
  return () => {
    for (const stop of stops) stop();
  };
}

/** Prints the demo sign-ins when they are created; in embedded mode also keeps them in DATA_DIR. */
function announceDemoAccounts(config: Config, accounts: SeededAccount[]) {
  if (accounts.length === 0) return;
  const lines = accounts.map((a) => `    ${a.role === "admin" ? "Admin" : "User "}  ${a.email}  /  ${a.password}`);
  let kept = "";
  if (config.database.kind === "pglite") {
    // Embedded mode is a local trial: keep the sign-ins beside the data, readable by this user only.
    const file = path.join(config.dataDir, "demo-accounts.txt");
    fs.writeFileSync(file, `${lines.map((l) => l.trim()).join("\n")}\n`, { mode: 0o600 });
    kept = ` Also kept in ${file}.`;
  }
  process.stdout.write(
    `\n  Demo accounts created (sign in at ${config.publicUrl}/login):\n${lines.join("\n")}\n ${kept}\n\n`,
  );
}

/**
 * A job worker without HTTP, for deployments on PostgreSQL that run web and worker processes
 * apart (web processes set JOB_WORKERS=false). Stops cleanly on SIGTERM.
 */
export async function startWorker(): Promise<void> {
  const config = getConfig();
  if (config.database.kind !== "postgres") {
    throw new Error(
      "A separate worker needs PostgreSQL (DATABASE_URL): the embedded database runs jobs inside the web process.",
    );
  }
  const handle = await openDatabase(config.database);
  setDatabase(handle);
  // Signals are heard from the start: a stop that arrives while queues are still being set up
  // waits for the set-up, then stops cleanly (exit 0), instead of killing the process mid-way.
  let starting: Promise<void> = Promise.resolve();
  const stop = async (signal: string) => {
    logger.info({ signal }, "worker stopping: finishing running jobs");
    await starting.catch(() => {});
    stopRecovery();
    await stopJobQueue().catch((err: unknown) => logger.error({ err }, "stopping the job queue failed"));
    await stopChangeFeed();
    await closeEngines();
    await closeImageTools();
    await handle.close();
    process.exit(0);
  };
  process.once("SIGTERM", () => void stop("SIGTERM"));
  process.once("SIGINT", () => void stop("SIGINT"));
  starting = (async () => {
    if (config.runMigrations) await migrateDatabase(config.database, handle);
    stopChangeFeed = await startChangeFeed(handle);
    await startJobQueue(config.database, handle, { definitions: ALL_JOBS, work: true });
    stopRecovery = startWorkerTimers(handle.db);
    const { mode } = describeRuntimeMode();
    logger.info({ jobs: ALL_JOBS.map((j) => j.name), mode }, `Atelier worker is running (${mode} mode)`);
  })();
  await starting;
}

/**
 * The sandbox hands out tokens for test cards: right on a developer's machine, a mistake on a
 * public address that forgot its Stripe keys. Say so loudly unless the sandbox was chosen on purpose.
 */
function warnAboutSandboxPayments(config: ReturnType<typeof getConfig>): void {
  const host = new URL(config.publicUrl).hostname;
  const local = host === "localhost" || host === "127.0.0.1" || host === "::1" || host === "[::1]";
  if (config.payments.provider === "sandbox" && !local && !process.env.PAYMENT_PROVIDER) {
    logger.warn(
      { publicUrl: config.publicUrl },
      "payments go to the built-in sandbox: anyone can buy tokens with test cards. Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or PAYMENT_PROVIDER=sandbox if this is intended",
    );
  }
}

/** Starts Atelier in one process: database, HTTP server, graceful shutdown. */
export async function startServer(): Promise<Server> {
  const config = getConfig();
  const build = await import("virtual:react-router/server-build");
  setBuildInfo({ id: build.assets.version, timestamp: __ATELIER_BUILD_TIME__ });
  const { handle, seeded } = await prepareDatabase(config);
  const here = path.dirname(fileURLToPath(import.meta.url));
  const clientDir = path.resolve(here, "../client");
  if (!fs.existsSync(clientDir)) throw new Error(`Client build not found at ${clientDir}: run npm run build`);
  const app = createApp({ build, clientDir, mode: "production", config });
  // Probes and kept answers are served in front of Express (front-door.ts, ADR 0027).
  const server = createServer(createFrontDoor(app, config, { dev: false })).listen(config.port, config.host);
  // Idle keep-alive connections outlive a load balancer's (60 s on AWS ALB, nginx's 75 s upstream
  // keepalive_timeout is the client side): the server never closes one the balancer is about to
  // reuse, which would turn a request into a connection reset.
  server.keepAliveTimeout = 76_000;
  server.headersTimeout = 77_000;
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  const runtime = describeRuntimeMode();
  logger.info(
    {
      url: config.publicUrl,
      host: config.host,
      port: config.port,
      database: handle.kind,
      build: build.assets.version,
      mode: runtime.mode,
    },
    `Atelier is listening (${runtime.mode} mode)`,
  );
  if (runtime.developmentBuilds.length > 0) {
    logger.warn(
      { builds: runtime.developmentBuilds },
      "development builds of libraries are loaded: pages are several times slower; start with NODE_ENV=production",
    );
  }
  announceDemoAccounts(config, seeded);
  warnAboutSandboxPayments(config);
  if (process.stdout.isTTY) {
    const where = handle.kind === "pglite" ? `embedded database in ${config.dataDir}` : "PostgreSQL";
    process.stdout.write(`\n  Atelier is running at ${config.publicUrl}  (${where})\n  Stop it with Ctrl+C.\n\n`);
  }

  // Housekeeping (pruning, trending, payment reconciliation) runs on the job queue's schedule.

  const shutdown = (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ signal }, "shutting down: finishing open requests");
    const force = setTimeout(() => {
      logger.warn("shutdown timeout reached: closing remaining connections");
      server.closeAllConnections();
    }, config.shutdownTimeoutMs);
    force.unref();
    server.close(async () => {
      stopRecovery();
      await stopJobQueue().catch((err: unknown) => logger.error({ err }, "stopping the job queue failed"));
      await stopChangeFeed().catch((err: unknown) => logger.error({ err }, "stopping the change feed failed"));
      await closeEngines();
      await closeImageTools();
      await handle.close().catch((err: unknown) => logger.error({ err }, "closing the database failed"));
      setDatabase(undefined);
      logger.info("stopped");
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.once("SIGTERM", () => shutdown("SIGTERM"));
  process.once("SIGINT", () => shutdown("SIGINT"));
  return server;
}
