// `npm start`: builds Atelier when the build is missing or older than the sources, then serves it.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

// Before anything loads React: `npm start` serves production builds (server.mjs says the same).
process.env.NODE_ENV ||= "production";
// A fresh install shows a living community: a few demo creators painted by Studio (server/seed-community.ts).
process.env.SEED_DEMO_COMMUNITY ||= "true";

const root = path.resolve(import.meta.dirname, "..");
const builtAt = (() => {
  try {
    return fs.statSync(path.join(root, "build/server/index.js")).mtimeMs;
  } catch {
    return 0;
  }
})();

function newestSource(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(full));
    else newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

const sources = ["app", "server", "public", "drizzle"].map((d) => path.join(root, d)).filter((d) => fs.existsSync(d));
const configFiles = ["package-lock.json", "vite.config.ts", "react-router.config.ts"].map((f) => path.join(root, f));
const newest = Math.max(
  ...sources.map(newestSource),
  ...configFiles.filter((f) => fs.existsSync(f)).map((f) => fs.statSync(f).mtimeMs),
);

if (builtAt === 0 || newest > builtAt) {
  console.log(builtAt === 0 ? "Building Atelier (first start)…" : "Sources changed since the last build: rebuilding…");
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import(path.join(root, "server.mjs"));
