/**
 * Lean pages (issue 14): the JavaScript a visitor downloads for the home page, the pricing page
 * and the community list stays within 150 KB gzip each, framework included. Reads the
 * production build (scripts/test.sh builds before the unit tests): React Router's browser
 * manifest names the entry, each route's module and its static imports, which is exactly what
 * the page's HTML preloads and imports. Every file is gzipped at level 9 and the sizes added up.
 * Skipped, saying so, when there is no build.
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";

const BUDGET_BYTES = 150 * 1024;
const PAGES = ["/", "/pricing-plans", "/community/list"];

const clientDir = path.resolve(import.meta.dirname, "../../build/client");
const assetsDir = path.join(clientDir, "assets");

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
}
interface BrowserManifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
}

function findManifest(): string | null {
  if (!fs.existsSync(assetsDir)) return null;
  const files = fs
    .readdirSync(assetsDir)
    .filter((f) => /^manifest-[\w-]+\.js$/.test(f))
    .map((f) => path.join(assetsDir, f))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
  return files[0] ?? null;
}

function readManifest(file: string): BrowserManifest {
  const text = fs.readFileSync(file, "utf8"); // window.__reactRouterManifest={...};
  return JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as BrowserManifest;
}

/** The route chain (root first) whose joined static paths make this URL; the deepest match. */
function routeChain(manifest: BrowserManifest, url: string): ManifestRoute[] {
  const want = url.replace(/^\/+|\/+$/g, "");
  let best: ManifestRoute[] = [];
  for (const route of Object.values(manifest.routes)) {
    const chain: ManifestRoute[] = [];
    for (let r: ManifestRoute | undefined = route; r; r = r.parentId ? manifest.routes[r.parentId] : undefined)
      chain.unshift(r);
    const full = chain
      .map((r) => r.path ?? "")
      .filter(Boolean)
      .join("/")
      .replace(/^\/+|\/+$/g, "");
    // A layout or the root matches every URL it holds; only a page (index or a path) ends the match.
    const isPage = route.index === true || (route.path !== undefined && route.path !== "");
    if (isPage && full === want && chain.length > best.length) best = chain;
  }
  return best;
}

/** Static imports of a built chunk (`import … from "./x.js"`, `import "./x.js"`, `export … from`), not `import()`. */
function staticImports(file: string): string[] {
  const code = fs.readFileSync(path.join(clientDir, file), "utf8");
  const found: string[] = [];
  for (const match of code.matchAll(/(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["']([^"']+\.js)["']/g)) {
    const spec = match[1]!;
    if (spec.startsWith("./") || spec.startsWith("/assets/"))
      found.push(spec.startsWith("./") ? path.posix.join(path.posix.dirname(file), spec) : spec);
  }
  return found;
}

/** The page's JavaScript: the entry and each route module with the imports the manifest lists, and theirs. */
function pageFiles(manifest: BrowserManifest, chain: ManifestRoute[]): string[] {
  const files = new Set<string>([manifest.entry.module, ...manifest.entry.imports]);
  for (const route of chain) for (const f of [route.module, ...(route.imports ?? [])]) files.add(f);
  for (const file of files) for (const imported of staticImports(file)) files.add(imported); // a Set visits added items too
  return [...files];
}

const gzipped = new Map<string, number>();
function gzipSize(file: string): number {
  let size = gzipped.get(file);
  if (size === undefined) {
    size = zlib.gzipSync(fs.readFileSync(path.join(clientDir, file)), { level: 9 }).length;
    gzipped.set(file, size);
  }
  return size;
}

const manifestFile = findManifest();
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

describe.skipIf(!manifestFile)("page weight: JavaScript per public page, gzip", () => {
  it.each(PAGES)(`%s loads at most ${BUDGET_BYTES / 1024} KB of JavaScript`, (url) => {
    const manifest = readManifest(manifestFile!);
    const chain = routeChain(manifest, url);
    expect(chain.length, `no route in the manifest serves ${url}`).toBeGreaterThan(1);
    const files = pageFiles(manifest, chain).map((file) => ({ file, gzip: gzipSize(file) }));
    const total = files.reduce((sum, f) => sum + f.gzip, 0);
    const biggest = [...files].sort((a, b) => b.gzip - a.gzip).slice(0, 6);
    console.log(
      `${url}: ${kb(total)} gzip in ${files.length} files (budget ${kb(BUDGET_BYTES)}); biggest: ${biggest.map((f) => `${path.posix.basename(f.file)} ${kb(f.gzip)}`).join(", ")}`,
    );
    expect(total, `${url} loads ${kb(total)} of JavaScript, over the ${kb(BUDGET_BYTES)} budget`).toBeLessThanOrEqual(
      BUDGET_BYTES,
    );
  });

  it("no public page loads the validation library (zod) up front", () => {
    const manifest = readManifest(manifestFile!);
    for (const url of PAGES) {
      const files = pageFiles(manifest, routeChain(manifest, url));
      const withZod = files.filter((file) =>
        /\bZodError\b|\$ZodType\b/.test(fs.readFileSync(path.join(clientDir, file), "utf8")),
      );
      expect(withZod, `${url} loads zod`).toEqual([]);
    }
  });
});

if (!manifestFile) {
  describe("page weight", () => {
    it.skip("needs the production build: run `npm run build` first (scripts/test.sh does)", () => {});
  });
}
