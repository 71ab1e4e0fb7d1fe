/**
 * The boundaries of ARCHITECTURE.md, read from the imports themselves (issue 17): routes call
 * domain functions and never the database layer; server code never imports React components;
 * no two server domains (the folders of server/) import each other. Files at the top of
 * server/ — configuration, the logger, the composition root (main.ts), seeding, housekeeping —
 * are shared ground and may be imported by, and import, any domain.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const IMPORT =
  /(?:^|[;\s])(?:import|export)\s[^;]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)|(?:^|[;\s])import\s*["']([^"']+)["']/g;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(rel);
    return /\.(ts|tsx|mts|mjs)$/.test(entry.name) && !/\.d\.ts$/.test(entry.name) ? [rel] : [];
  });
}

/** Where each import of a file points, as a path from the repository root (packages keep their name). */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(path.join(root, file), "utf8");
  return [...text.matchAll(IMPORT)].map((m) => {
    const target = (m[1] ?? m[2] ?? m[3])!;
    if (target.startsWith("~/")) return path.join("app", target.slice(2));
    if (target.startsWith("@server/")) return path.join("server", target.slice("@server/".length));
    if (target.startsWith(".")) return path.normalize(path.join(path.dirname(file), target));
    return target;
  });
}

/** The domain a server file belongs to: its folder under server/, or null for a top-level file. */
function domainOf(file: string): string | null {
  const parts = file.split(path.sep);
  return parts[0] === "server" && parts.length > 2 ? parts[1]! : null;
}

describe("boundaries", () => {
  it("reads imports (a check that sees nothing proves nothing)", () => {
    expect(importsOf(path.join("app", "root.tsx"))).toContain(path.join("server", "viewer"));
    expect(sourceFiles("server").length).toBeGreaterThan(100);
  });

  it("no route imports the database layer: routes call domain functions", () => {
    const offenders = sourceFiles(path.join("app", "routes")).flatMap((file) =>
      importsOf(file)
        .filter((target) => target === "drizzle-orm" || target.startsWith(path.join("server", "db", "schema")))
        .map((target) => `${file} imports ${target}`),
    );
    expect(offenders).toEqual([]);
  });

  it("server code imports no React component", () => {
    const offenders = sourceFiles("server").flatMap((file) =>
      importsOf(file)
        .filter(
          (target) =>
            target.startsWith(path.join("app", "components")) || target.startsWith(path.join("app", "routes")),
        )
        .map((target) => `${file} imports ${target}`),
    );
    expect(offenders).toEqual([]);
  });

  it("no two server domains import each other", () => {
    const edges = new Map<string, Map<string, string>>(); // from domain → to domain → an example file
    for (const file of sourceFiles("server")) {
      const from = domainOf(file);
      if (!from) continue;
      for (const target of importsOf(file)) {
        const to = target.startsWith(`server${path.sep}`) ? domainOf(target) : null;
        if (!to || to === from) continue;
        const row = edges.get(from) ?? new Map<string, string>();
        if (!row.has(to)) row.set(to, file);
        edges.set(from, row);
      }
    }
    const cycles: string[] = [];
    for (const [a, row] of edges) {
      for (const [b, file] of row) {
        const back = edges.get(b)?.get(a);
        if (back && a < b) cycles.push(`${a} ⇄ ${b} (${file} → ${b}, ${back} → ${a})`);
      }
    }
    expect(cycles).toEqual([]);
  });

  it("the Studio package imports nothing of Atelier: only its own files, Node and its npm dependencies", () => {
    const studio = path.join("packages", "studio");
    const manifest = JSON.parse(fs.readFileSync(path.join(root, studio, "package.json"), "utf8")) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    const allowed = new Set([
      ...Object.keys(manifest.dependencies),
      ...Object.keys(manifest.devDependencies),
      "vitest",
    ]);
    const files = sourceFiles(studio);
    expect(files.length).toBeGreaterThan(80);
    const offenders = files.flatMap((file) =>
      importsOf(file)
        .filter((target) => {
          if (target.startsWith("node:")) return false;
          if (path.isAbsolute(target) || target.startsWith(studio + path.sep) || target === studio) return false;
          const name = target.startsWith("@") ? target.split("/").slice(0, 2).join("/") : target.split("/")[0]!;
          return !allowed.has(name) || target.startsWith("app") || target.startsWith("server");
        })
        .map((target) => `${file} imports ${target}`),
    );
    expect(offenders).toEqual([]);
  });

  it("Atelier reaches Studio only through the package's public entries", () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(root, "packages", "studio", "package.json"), "utf8")) as {
      exports: Record<string, string>;
    };
    const entries = new Set(Object.keys(manifest.exports).map((key) => path.join("@atelier/studio", key)));
    const files = ["app", "server", "tests", "e2e", "bench", "scripts"].flatMap((dir) => sourceFiles(dir));
    const users = files.filter((file) => importsOf(file).some((target) => target.startsWith("@atelier/studio")));
    expect(users.length).toBeGreaterThan(5);
    const offenders = files.flatMap((file) =>
      importsOf(file)
        .filter(
          (target) =>
            target.startsWith(path.join("packages", "studio")) ||
            (target.startsWith("@atelier/studio") && !entries.has(target)),
        )
        .map((target) => `${file} imports ${target}`),
    );
    expect(offenders).toEqual([]);
  });
});
