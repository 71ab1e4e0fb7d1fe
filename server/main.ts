/**
 * Where Atelier is put together (the server bundle's entry, vite.config.ts): opens the database,
 * migrates and seeds it, starts the change feed, the job queue with every job, and the timers of
 * processes that run jobs; then serves HTTP (`npm start`) or only works jobs (`npm run worker`).
 * The only module that knows every domain: domains do not import each other to start up.
 */
import fs from "node:fs";
import { announceJobFinishedSafely, deliverWebhookJob } from "./webhooks/webhooks";
import { onGenerationFinished } from "./generation/generations";
import { createServer, type Server } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { wireAccountLifecycle } from "./account-lifecycle";
import { type Config, getConfig } from "./config";
import { deliverSandboxWebhookJob } from "./commerce/payments/sandbox";
import { sendReceiptJob } from "./commerce/receipts";
import { startChangeFeed } from "./db/change-feed";
import { type DatabaseHandle, getDatabaseHandle, openDatabase, setDatabase } from "./db/client";
import { migrateDatabase } from "./db/migrate";
import { circuitOpen, loadEngineCatalog, startEngineHealthChecks } from "./generation/engines/catalog";
import { closeEngines } from "./generation/engines/registry";
import { renderGenerationJob, startGenerationRecovery } from "./generation/render-job";
import { createApp, markShuttingDown } from "./http/app";
import { createFrontDoor } from "./http/front-door";
import { createSignedInPages } from "./signed-in-pages";
import { forgetViewerOfWriter } from "./viewer";
import { closeImageTools } from "./image-tools";
import { imageEditJob, recoverImageEdits } from "./image-tools/edits";
import type { JobDefinition } from "./jobs/define";
import { type JobQueue, startJobQueue, stopJobQueue } from "./jobs/queue";
import { logger } from "./logger";
import { addScrapeCollector, emailBacklog, engineCircuitOpen, queueJobs, startMetricsServer } from "./metrics";
import { sendEmailJob } from "./notify/send-email";
import { setBuildInfo } from "./ops/build-info";
import { housekeepingJob } from "./housekeeping";
import { closeChallengesJob } from "./community/challenges";
import { safetyBackfillJob, startSafetyBackfill } from "./safety/backfill";
import { closeClassifier } from "./safety/classifier";
import { describeRuntimeMode } from "./ops/runtime-mode";
import { type SeededAccount, seedDemoData } from "./seed";
import { seedDemoCommunity } from "./seed-community";

declare const __ATELIER_BUILD_TIME__: number;

/** Every job Atelier runs; the queue creates a queue and a worker for each. */
export const ALL_JOBS: readonly JobDefinition[] = [
  sendEmailJob,
  renderGenerationJob,
  imageEditJob,
  sendReceiptJob,
  deliverSandboxWebhookJob,
  housekeepingJob,
  closeChallengesJob,
  deliverWebhookJob,
  safetyBackfillJob,
] as unknown as readonly JobDefinition[];

let stopRecovery: () => void = () => {};
let stopChangeFeed: () => Promise<void> = async () => {};

/** Opens the database, applies migrations and seeds demo data when configured. */
export async function prepareDatabase(
  config: Config = getConfig(),
): Promise<{ handle: DatabaseHandle; seeded: SeededAccount[] }> {
  const existing = getDatabaseHandle();
  if (existing) return { handle: existing, seeded: [] };
  // Before any account can be made: what each domain does when one is created, verified or deleted.
  wireAccountLifecycle();
  // A finished job is announced to its person's webhook (server/webhooks), wherever it ended.
  onGenerationFinished(announceJobFinishedSafely);
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
  const queue = await startJobQueue(config.database, handle, { definitions: ALL_JOBS, work: config.jobWorkers });
  collectSharedMetrics(handle.db, queue.boss);
  if (config.jobWorkers) stopRecovery = startWorkerTimers(handle.db);
  // Painting the demo community takes a few seconds: the site serves meanwhile.
  if (config.seedDemoCommunity)
    void seedDemoCommunity(handle.db, logger).catch((err: unknown) =>
      logger.warn({ err }, "seeding the demo community failed"),
    );
  return { handle, seeded };
}

/** The gauges /metrics reads from shared state when scraped: the job queues and the engines' circuits. */
function collectSharedMetrics(db: DatabaseHandle["db"], boss: JobQueue["boss"]) {
  addScrapeCollector(async () => {
    for (const queue of await boss.getQueues(ALL_JOBS.map((job) => job.name))) {
      queueJobs.set({ kind: queue.name, state: "ready" }, queue.readyCount);
      queueJobs.set({ kind: queue.name, state: "deferred" }, queue.deferredCount);
      queueJobs.set({ kind: queue.name, state: "active" }, queue.activeCount);
      if (queue.name === sendEmailJob.name) emailBacklog.set(queue.queuedCount);
    }
  });
  addScrapeCollector(async () => {
    for (const engine of (await loadEngineCatalog(db)).engines)
      engineCircuitOpen.set({ engine: engine.id }, circuitOpen(engine) ? 1 : 0);
  });
}

/** What processes that run jobs also do on a timer: recover interrupted generations, check engines' health. */
function startWorkerTimers(db: Parameters<typeof startGenerationRecovery>[0]): () => void {
  const stops = [startGenerationRecovery(db), startEngineHealthChecks(db)];
  // Pictures made before screening: a run now, then the job's own schedule (issue 40).
  void startSafetyBackfill();
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
  let stopMetrics: () => Promise<void> = async () => {};
  const stop = async (signal: string) => {
    logger.info({ signal }, "worker stopping: finishing running jobs");
    await starting.catch(() => {});
    await stopMetrics();
    stopRecovery();
    await stopJobQueue().catch((err: unknown) => logger.error({ err }, "stopping the job queue failed"));
    await stopChangeFeed();
    await closeEngines();
    await closeImageTools();
    await closeClassifier();
    await handle.close();
    process.exit(0);
  };
  process.once("SIGTERM", () => void stop("SIGTERM"));
  process.once("SIGINT", () => void stop("SIGINT"));
  starting = (async () => {
    if (config.runMigrations) await migrateDatabase(config.database, handle);
    stopChangeFeed = await startChangeFeed(handle);
    const queue = await startJobQueue(config.database, handle, { definitions: ALL_JOBS, work: true });
    stopRecovery = startWorkerTimers(handle.db);
    collectSharedMetrics(handle.db, queue.boss);
    if (config.metrics.workerPort)
      stopMetrics = await startMetricsServer(config.metrics.workerPort, config.host, config.metrics);
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

/** Where a listening server can be reached from this process (for its requests to itself). */
function selfAddress(server: Server): { host: string; port: number } | undefined {
  const address = server.address();
  if (!address || typeof address === "string") return undefined;
  const host = address.address === "::" || address.address === "0.0.0.0" ? "127.0.0.1" : address.address;
  return { host, port: address.port };
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
  const server: Server = createServer(
    createFrontDoor(app, config, {
      dev: false,
      // Pages for every signed-in person rendered once and personalised per request (ADR 0050).
      signedInPages: createSignedInPages(() => selfAddress(server)),
      onWrite: forgetViewerOfWriter,
    }),
  ).listen(config.port, config.host);
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
    if (markShuttingDown()) return;
    // Readiness is false from here; for DRAIN_SECONDS the process still answers everything (each
    // answer closing its connection) while load balancers notice, then it stops taking connections.
    if (config.drainSeconds > 0)
      logger.info({ signal, seconds: config.drainSeconds }, "draining: /readyz says 503, still answering");
    setTimeout(() => stopServing(signal), config.drainSeconds * 1000).unref();
  };
  const stopServing = (signal: string) => {
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
      await closeClassifier();
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
