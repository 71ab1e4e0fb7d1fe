/**
 * Prometheus metrics (issue 18, ADR 0039) with prom-client: what an operator graphs and alerts on.
 * Counters and histograms are updated where things happen; the gauges that describe shared state
 * (queue depth, open circuits) are read when Prometheus scrapes, by collectors the composition
 * root registers (`server/main.ts`), so this file imports no domain. Each process exposes its own
 * figures at /metrics — web processes on their HTTP port, worker processes on METRICS_PORT
 * (`startMetricsServer`) — and Prometheus adds them up across processes.
 */
import { timingSafeEqual } from "node:crypto";
import http from "node:http";
import client from "prom-client";
import { logger } from "./logger";

export const metricsRegistry = new client.Registry();
client.collectDefaultMetrics({ register: metricsRegistry, prefix: "atelier_" });

export const httpRequestDuration = new client.Histogram({
  name: "atelier_http_request_duration_seconds",
  help: "Time to answer an HTTP request, by route (its URL with ids replaced), method and status class",
  labelNames: ["route", "method", "status"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

export const jobDuration = new client.Histogram({
  name: "atelier_job_duration_seconds",
  help: "Time a background job ran, by kind and outcome",
  labelNames: ["kind", "outcome"] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
  registers: [metricsRegistry],
});

export const generationsFinished = new client.Counter({
  name: "atelier_generations_total",
  help: "Generations that ended, by engine and outcome (succeeded, failed, canceled)",
  labelNames: ["engine", "outcome"] as const,
  registers: [metricsRegistry],
});

export const tokensMoved = new client.Counter({
  name: "atelier_tokens_total",
  help: "Tokens credited or debited, by direction and reason (a movement in a transaction that later rolls back is counted too)",
  labelNames: ["direction", "reason"] as const,
  registers: [metricsRegistry],
});

export const queueJobs = new client.Gauge({
  name: "atelier_queue_jobs",
  help: "Background jobs by kind and state (ready: waiting to run now; deferred: waiting for a later time; active: running)",
  labelNames: ["kind", "state"] as const,
  registers: [metricsRegistry],
});

export const emailBacklog = new client.Gauge({
  name: "atelier_email_backlog",
  help: "Emails waiting to be sent",
  registers: [metricsRegistry],
});

export const engineCircuitOpen = new client.Gauge({
  name: "atelier_engine_circuit_open",
  help: "1 while an image engine's circuit breaker is open (it is skipped), else 0",
  labelNames: ["engine"] as const,
  registers: [metricsRegistry],
});

type Collector = () => Promise<void>;
const collectors: Collector[] = [];

/** Runs before each scrape to refresh gauges from shared state. */
export function addScrapeCollector(collect: Collector): void {
  collectors.push(collect);
}

/** The text Prometheus reads. A collector that fails leaves its gauges as they were. */
export async function renderMetrics(): Promise<{ contentType: string; body: string }> {
  await Promise.allSettled(collectors.map((collect) => collect()));
  return { contentType: metricsRegistry.contentType, body: await metricsRegistry.metrics() };
}

const ID_SEGMENT = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\d+|[A-Za-z0-9_-]{20,})$/i;

/**
 * A request's route label: its path with ids in place of ids, so /api/generations/<uuid>/events
 * is one series. Files and build assets are one route each; anything answered 404 is
 * "(unmatched)", so probing random URLs cannot create new series.
 */
export function routeLabel(path: string, status: number): string {
  if (status === 404) return "(unmatched)";
  if (path.startsWith("/api/files/")) return "/api/files/*";
  if (path.startsWith("/assets/")) return "/assets/*";
  return path
    .split("/")
    .map((segment) => (ID_SEGMENT.test(segment) ? ":id" : segment))
    .join("/")
    .slice(0, 100);
}

/** Who may read /metrics: an allowed client address, or the bearer token (ADR 0039). */
export function mayScrape(
  clientIp: string,
  authorization: string | undefined,
  rules: { allow: string[]; token?: string },
): boolean {
  const bearer = /^Bearer (.+)$/.exec(authorization ?? "")?.[1];
  if (rules.token && bearer && safeEqual(bearer, rules.token)) return true;
  return rules.allow.includes(clientIp.toLowerCase());
}

/** Compares secrets in constant time. */
function safeEqual(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * A worker process's /metrics (it has no other HTTP): job durations, generations, tokens moved
 * happen there. Same rules as the web processes' /metrics; anything else is 404.
 */
export async function startMetricsServer(
  port: number,
  host: string,
  rules: { allow: string[]; token?: string },
): Promise<() => Promise<void>> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? "").split("?")[0];
    const allowed = mayScrape(req.socket.remoteAddress ?? "", req.headers.authorization, rules);
    if (req.method !== "GET" || path !== "/metrics" || !allowed) {
      res.writeHead(404, { "Content-Type": "application/json", "Cache-Control": "no-store" });
      res.end(JSON.stringify({ error: { code: "not_found", message: "Not Found" } }));
      return;
    }
    renderMetrics().then(
      ({ contentType, body }) => {
        res.writeHead(200, { "Content-Type": contentType, "Cache-Control": "no-store" });
        res.end(body);
      },
      (err: unknown) => {
        logger.error({ err }, "rendering metrics failed");
        res.writeHead(500).end();
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
