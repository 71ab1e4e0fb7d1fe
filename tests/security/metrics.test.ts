/**
 * /metrics (issue 18, ADR 0039) on the production build: Prometheus text with the figures an
 * operator needs, served to allowed addresses or with the bearer token — not to a visitor behind
 * the proxy, whose address is the one the proxy reports.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltServer, startBuiltServer } from "../support/built-server";

const TOKEN = "metrics-token-for-tests-0123456789";
let server: BuiltServer;
beforeAll(async () => {
  // Behind a proxy: the client's address is the X-Forwarded-For it reports.
  server = await startBuiltServer({ TRUST_PROXY: "true", METRICS_TOKEN: TOKEN });
});
afterAll(async () => {
  await server?.stop();
});

describe("metrics", () => {
  it("are served to this machine in Prometheus text, with routes, jobs, queues and engines", async () => {
    // Read to the end: an answer is counted when it is finished.
    for (const path of [
      "/pricing-plans",
      "/api/generations/0b6f7c2e-8a4e-4d61-9d1a-1f0a9f3c2b11/events",
      `/no/such/page-${Date.now()}`,
    ])
      await (await fetch(`${server.origin}${path}`)).text();
    const response = await fetch(`${server.origin}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    expect(text).toMatch(
      /atelier_http_request_duration_seconds_count\{route="\/pricing-plans",method="GET",status="2xx"\} \d+/,
    );
    expect(text).toContain('route="/api/generations/:id/events"');
    expect(text).toContain('route="(unmatched)"');
    expect(text).not.toContain("no/such/page");
    expect(text).toMatch(/atelier_queue_jobs\{kind="email.send",state="ready"\} \d+/);
    expect(text).toMatch(/atelier_email_backlog \d+/);
    expect(text).toMatch(/atelier_engine_circuit_open\{engine="studio"\} 0/);
    expect(text).toContain("atelier_process_resident_memory_bytes");
    expect(text).toContain("# TYPE atelier_generations_total counter");
  });

  it("are refused to others, unless they bring the token", async () => {
    const visitor = { "X-Forwarded-For": "203.0.113.9" };
    expect((await fetch(`${server.origin}/metrics`, { headers: visitor })).status).toBe(404);
    expect(
      (await fetch(`${server.origin}/metrics`, { headers: { ...visitor, Authorization: "Bearer wrong-token" } }))
        .status,
    ).toBe(404);
    const withToken = await fetch(`${server.origin}/metrics`, {
      headers: { ...visitor, Authorization: `Bearer ${TOKEN}` },
    });
    expect(withToken.status).toBe(200);
    expect(await withToken.text()).toContain("atelier_http_request_duration_seconds");
  });
});
