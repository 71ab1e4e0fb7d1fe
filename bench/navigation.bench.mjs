// Cost of a page request (navigation checks + SSR) against a bare request, in one server
// process on embedded PGlite. Prints mean and p95 latency per kind and the ratio to the
// baseline (/healthz), so the figure means the same on a fast or a slow machine.
//   npm run build && node bench/navigation.bench.mjs [requests]
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const N = Number(process.argv[2] ?? 300);
if (!fs.existsSync(path.join(root, "build/server/index.js"))) {
  console.error("Build first: npm run build");
  process.exit(1);
}

const port = await new Promise((resolve) => {
  const s = net.createServer().listen(0, "127.0.0.1", () => {
    const p = s.address().port;
    s.close(() => resolve(p));
  });
});
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "atelier-bench-"));
const server = spawn(process.execPath, ["server.mjs"], {
  cwd: root,
  env: { ...process.env, NODE_ENV: "production", PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn" },
  stdio: "inherit",
});
const base = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/readyz`)).ok) break;
  } catch {}
  if (i > 300) throw new Error("server did not start");
  await new Promise((r) => setTimeout(r, 100));
}

async function measure(url) {
  for (let i = 0; i < 20; i++) await (await fetch(url)).arrayBuffer(); // warm-up
  const times = [];
  for (let i = 0; i < N; i++) {
    const t0 = performance.now();
    await (await fetch(url)).arrayBuffer();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { mean: times.reduce((a, b) => a + b, 0) / N, p95: times[Math.floor(N * 0.95)] };
}

const cases = [
  ["baseline /healthz", "/healthz"],
  ["API /api/version", "/api/version"],
  ["page /about-us (checks + SSR)", "/about-us"],
  ["data request /about-us.data", "/about-us.data?_routes=root"],
  ["route rule /pricing (redirect)", "/pricing"],
];
const results = [];
for (const [name, url] of cases) results.push([name, await measure(base + url)]);
const baseline = results[0][1].mean;
console.log(`\n${N} sequential requests each, embedded PGlite, ${os.cpus().length} cores`);
for (const [name, r] of results) {
  console.log(
    `${name.padEnd(34)} mean ${r.mean.toFixed(2).padStart(7)} ms   p95 ${r.p95.toFixed(2).padStart(7)} ms   ×${(r.mean / baseline).toFixed(1)} baseline`,
  );
}
server.kill("SIGTERM");
await new Promise((r) => server.on("exit", r));
fs.rmSync(dataDir, { recursive: true, force: true });
