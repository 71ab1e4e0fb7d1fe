/** Shared by the load benchmarks: free ports, a bare node:http baseline in its own process, stopping children. */
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = http.createServer().listen(0, "127.0.0.1", () => {
      const p = (s.address() as AddressInfo).port;
      s.close(() => resolve(p));
    });
  });
}

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
}

/**
 * The baseline: a bare node:http server sending `body` to every request. Two placements, both
 * printed by the benchmarks:
 * - `inBenchProcess`: in the benchmark's own process, beside autocannon — how issue 14 measured
 *   its baselines and set its ratio targets (the bare server shares a core with the load);
 * - otherwise in a process of its own, like the server it is compared with: the faster baseline,
 *   which on this machine outruns even a bare Express route several times over.
 */
export async function startBareServer(
  body: Buffer | string,
  contentType: string,
  options: { inBenchProcess?: boolean; contentEncoding?: string } = {},
): Promise<{ url: string; stop: () => Promise<void> }> {
  if (options.inBenchProcess) {
    const bytes = Buffer.from(body);
    const encoding = options.contentEncoding ? { "Content-Encoding": options.contentEncoding } : {};
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { "Content-Type": contentType, "Content-Length": bytes.length, ...encoding });
      res.end(bytes);
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
    return {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
      stop: () => new Promise((r) => server.close(() => r())),
    };
  }
  const file = path.join(os.tmpdir(), `atelier-bare-${randomUUID()}`);
  fs.writeFileSync(file, body);
  const port = await freePort();
  const source = `const http=require("node:http");const body=require("node:fs").readFileSync(${JSON.stringify(file)});
http.createServer((q,s)=>{s.writeHead(200,{"Content-Type":${JSON.stringify(contentType)},"Content-Length":body.length});s.end(body)}).listen(${port},"127.0.0.1",()=>process.send("ready"));`;
  const child = spawn(process.execPath, ["-e", source], { stdio: ["ignore", "ignore", "inherit", "ipc"] });
  await new Promise((r) => child.once("message", r));
  fs.rmSync(file);
  return { url: `http://127.0.0.1:${port}/`, stop: () => stopChild(child) };
}

/**
 * Atelier as `npm start` runs it (`node server.mjs` in `root`, NODE_ENV as `env` has it) on a free
 * port, with `nodeArgs` before the script (`--cpu-prof`); answers once /readyz does.
 */
export async function startAtelier(
  root: string,
  env: Record<string, string | undefined>,
  nodeArgs: string[] = [],
): Promise<{ base: string; server: ChildProcess }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [...nodeArgs, "server.mjs"], {
    cwd: root,
    env: { ...env, PORT: String(port), PUBLIC_URL: base } as NodeJS.ProcessEnv,
    stdio: ["ignore", "ignore", "inherit"],
  });
  await waitUntilReady(`${base}/readyz`, server);
  return { base, server };
}

/** Waits until `url` answers 2xx, failing early if `child` exits. */
export async function waitUntilReady(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the server exited with code ${child.exitCode} before ${url} answered`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    if (Date.now() - started > timeoutMs) throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
