// Lighthouse (mobile preset: a mid-range phone on slow 4G, simulated) on the public pages of the
// server `npm start` runs, in Debian's Chromium: performance and accessibility scores with the
// metrics behind them, and the audits that cost points. Target (issue 14): ≥ 95 on both for
// home, pricing and the community list.
//   npm run build && node bench/lighthouse.bench.mjs [runs=1] [pages…]
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../scripts/chromium.mjs";

const root = path.resolve(import.meta.dirname, "..");
const runs = Number(process.argv[2] ?? 1);
const pages = process.argv.length > 3 ? process.argv.slice(3) : ["/", "/pricing-plans", "/community/list"];

if (!fs.existsSync(path.join(root, "build/server/index.js"))) throw new Error("Build first: npm run build");
if (!fs.existsSync(CHROMIUM_PATH)) throw new Error(`Chromium not found at ${CHROMIUM_PATH}: apt-get install chromium`);

const port = await new Promise((resolve) => {
  const s = http.createServer().listen(0, "127.0.0.1", () => {
    const p = s.address().port;
    s.close(() => resolve(p));
  });
});
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "atelier-lighthouse-"));
const base = `http://localhost:${port}`;
// As `npm start` runs it: NODE_ENV unset, embedded database with its demo content.
const { NODE_ENV: _mode, DATABASE_URL: _database, ...env } = process.env;
const server = spawn(process.execPath, ["server.mjs"], {
  cwd: root,
  env: { ...env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn" },
  stdio: ["ignore", "ignore", "inherit"],
});
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/readyz`)).ok) break;
  } catch {}
  if (i > 300 || server.exitCode !== null) throw new Error("the server did not start");
  await new Promise((r) => setTimeout(r, 200));
}

const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: ["--headless=new", ...CHROMIUM_FLAGS],
});
const rows = [];
try {
  for (const page of pages) {
    for (let run = 0; run < runs; run++) {
      const result = await lighthouse(`${base}${page}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility"],
      });
      const { categories, audits } = result.lhr;
      const costly = Object.values(audits)
        .filter(
          (a) =>
            a.score !== null &&
            a.score < 0.9 &&
            (a.scoreDisplayMode === "binary" ||
              a.scoreDisplayMode === "numeric" ||
              a.scoreDisplayMode === "metricSavings"),
        )
        .map((a) => a.id);
      rows.push({
        page,
        performance: Math.round(categories.performance.score * 100),
        accessibility: Math.round(categories.accessibility.score * 100),
        fcp: audits["first-contentful-paint"].numericValue,
        lcp: audits["largest-contentful-paint"].numericValue,
        tbt: audits["total-blocking-time"].numericValue,
        cls: audits["cumulative-layout-shift"].numericValue,
        js: audits["network-requests"].details.items
          .filter((r) => r.resourceType === "Script")
          .reduce((sum, r) => sum + r.transferSize, 0),
        costly,
      });
    }
  }
} finally {
  await chrome.kill();
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}

console.log(
  `Lighthouse ${JSON.parse(fs.readFileSync(path.join(root, "node_modules/lighthouse/package.json"), "utf8")).version}, mobile preset (simulated slow 4G, 4× CPU slowdown), Debian Chromium, npm start's server`,
);
console.log(
  `${"page".padEnd(18)} perf  a11y    FCP ms    LCP ms   TBT ms    CLS   JS KB  target ≥95/≥95   audits under 0.9`,
);
for (const r of rows) {
  const met = r.performance >= 95 && r.accessibility >= 95;
  console.log(
    `${r.page.padEnd(18)} ${String(r.performance).padStart(4)}  ${String(r.accessibility).padStart(4)}  ${r.fcp.toFixed(0).padStart(8)}  ${r.lcp.toFixed(0).padStart(8)}  ${r.tbt.toFixed(0).padStart(7)}  ${r.cls.toFixed(3)}  ${(r.js / 1024).toFixed(0).padStart(6)}  ${met ? "met" : "MISSED"}            ${r.costly.join(", ")}`,
  );
}
