/**
 * What each layer of the HTTP shell costs per request, in microseconds of server CPU.
 *
 * Each variant runs in a process of its own (autocannon loads it from this one, on the other
 * core) and answers GET /healthz with the same small JSON body. A saturated one-threaded server
 * spends 1/throughput seconds per request, so a layer's cost is 1e6/rps(with it) − 1e6/rps(bare
 * Express route). Variants: a bare node:http server, Express with the route only, each layer of
 * server/http/shell-layers.ts alone on that route, helmet used as a per-request middleware (what
 * the shell did before it precomputed the headers), all layers together, and the real server
 * (`node server.mjs`, embedded database) whose /healthz goes through the whole shell.
 * Target (issue 14): /healthz through the whole shell ≥ 50 % of bare.
 *
 *   npm run build && node bench/run-ts.mjs bench/shell.bench.ts [seconds] [connections]
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { freePort, startBareServer, stopChild, waitUntilReady } from "./support/servers";

const root = path.resolve(import.meta.dirname, "../..");
const BODY = JSON.stringify({ status: "ok" });

type Variant = {
  name: string;
  layers?: string[];
  helmetPerRequest?: boolean;
  frontDoor?: boolean;
  bare?: boolean;
  bareInBench?: boolean;
  realServer?: boolean;
};

async function serve(variantJson: string, port: number): Promise<void> {
  const variant = JSON.parse(variantJson) as Variant;
  if (variant.bare) {
    http
      .createServer((_req, res) => {
        res.writeHead(200, {
          "Content-Type": "application/json; charset=utf-8",
          "Content-Length": Buffer.byteLength(BODY),
          "Cache-Control": "no-store",
        });
        res.end(BODY);
      })
      .listen(port, "127.0.0.1", () => process.send?.("ready"));
    return;
  }
  const { default: express } = await import("express");
  const { default: helmet } = await import("helmet");
  const { getConfig } = await import("../server/config");
  const { createShellLayers, helmetOptions } = await import("../server/http/shell-layers");
  const config = getConfig();
  const app = express();
  app.disable("x-powered-by");
  const layers = createShellLayers(config, { dev: false });
  for (const layer of layers) {
    if (!variant.layers?.includes(layer.name)) continue;
    if (layer.name === "security headers" && variant.helmetPerRequest) app.use(helmet(helmetOptions(config, false)));
    else app.use(layer.handle);
  }
  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  });
  if (variant.frontDoor) {
    const { createFrontDoor } = await import("../server/http/front-door");
    http
      .createServer(createFrontDoor(app, config, { dev: false }))
      .listen(port, "127.0.0.1", () => process.send?.("ready"));
  } else app.listen(port, "127.0.0.1", () => process.send?.("ready"));
}

async function measure(variant: Variant, seconds: number, connections: number) {
  if (variant.bareInBench) {
    const bare = await startBareServer(BODY, "application/json; charset=utf-8", { inBenchProcess: true });
    await autocannon({ url: bare.url, connections, duration: 1 });
    const result = await autocannon({ url: bare.url, connections, duration: seconds });
    await bare.stop();
    return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
  }
  const port = await freePort();
  const env = { ...process.env, NODE_ENV: "production", LOG_LEVEL: "info", PORT: String(port) };
  let child: ChildProcess;
  if (variant.realServer) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "atelier-shell-bench-"));
    child = spawn(process.execPath, ["server.mjs"], {
      cwd: root,
      env: { ...env, DATA_DIR: dataDir, SEED_DEMO_DATA: "false" },
      stdio: ["ignore", "ignore", "inherit"],
    });
    child.once("exit", () => fs.rmSync(dataDir, { recursive: true, force: true }));
  } else {
    child = spawn(
      process.execPath,
      [path.join(root, "bench/run-ts.mjs"), "bench/shell.bench.ts", "--serve", JSON.stringify(variant), String(port)],
      {
        cwd: root,
        env,
        stdio: ["ignore", "ignore", "inherit", "ipc"],
      },
    );
  }
  const url = `http://127.0.0.1:${port}/healthz`;
  await waitUntilReady(url, child);
  await autocannon({ url, connections, duration: 1 }); // warm up
  const result = await autocannon({ url, connections, duration: seconds });
  await stopChild(child);
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

export async function main(args: string[]) {
  if (args[0] === "--serve") return serve(args[1]!, Number(args[2]));
  const seconds = Number(args[0] ?? 5);
  const connections = Number(args[1] ?? 50);
  if (!fs.existsSync(path.join(root, "build/server/index.js"))) throw new Error("Build first: npm run build");
  const all = [
    "request id and nonce",
    "metrics",
    "request log",
    "security headers",
    "same-origin check",
    "shared response cache",
    "compression",
  ];
  const variants: Variant[] = [
    { name: "bare node:http", bare: true },
    { name: "bare node:http in the bench's process", bareInBench: true },
    { name: "Express, the route only", layers: [] },
    ...all.map((layer) => ({ name: `+ ${layer} alone`, layers: [layer] })),
    { name: "+ helmet as a per-request middleware", layers: ["security headers"], helmetPerRequest: true },
    { name: "all layers", layers: all },
    { name: "the front door in front of all layers", layers: all, frontDoor: true },
    { name: "the real server (npm start), /healthz", realServer: true },
  ];
  console.log(
    `The HTTP shell, layer by layer: GET /healthz, ${connections} connections, ${seconds} s per variant, ${os.cpus().length} cores`,
  );
  const results = new Map<string, { rps: number; p99: number; errors: number }>();
  for (const variant of variants) {
    const r = await measure(variant, seconds, connections);
    results.set(variant.name, r);
    const bare = results.get("bare node:http")!;
    const express = results.get("Express, the route only");
    const micros = 1e6 / r.rps;
    const cost =
      express && variant.name !== "Express, the route only" && !variant.bare && !variant.bareInBench
        ? `   +${(micros - 1e6 / express.rps).toFixed(1).padStart(5)} µs vs Express`
        : "";
    console.log(
      `${variant.name.padEnd(42)} ${r.rps.toFixed(0).padStart(6)} req/s  ${micros.toFixed(1).padStart(6)} µs/req  p99 ${String(r.p99).padStart(3)} ms  ×${(r.rps / bare.rps).toFixed(2)} of bare${cost}${r.errors ? `  errors ${r.errors}` : ""}`,
    );
  }
  const whole = results.get("the real server (npm start), /healthz")!;
  const ratio = whole.rps / results.get("bare node:http in the bench's process")!.rps;
  const ratioOwn = whole.rps / results.get("bare node:http")!.rps;
  console.log(
    `Target: /healthz through the whole shell ≥ 50 % of bare (in the bench's process, as issue 14 measured): ${(ratio * 100).toFixed(0)} % — ${ratio >= 0.5 ? "met" : "MISSED"}; of a bare server in its own process: ${(ratioOwn * 100).toFixed(0)} %`,
  );
}
