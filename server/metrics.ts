/**
 * Prometheus metrics (issue 18, ADR 0039) with prom-client: what an operator graphs and alerts on.
 * Counters and histograms are updated where things happen; the gauges that describe shared state
 * (queue depth, open circuits) are read when Prometheus scrapes, by collectors the composition
 * root registers (`server/main.ts`), so this file imports no domain. Each process exposes its own
 * figures at /metrics; Prometheus adds them up across processes.
 */
import client from "prom-client";

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
