/**
 * Atelier's own folder (the one whose package.json is named atelier), found by walking up from a
 * module: the same answer from the TypeScript sources, the server build and a bundled worker.
 * Worker-thread entry files and optional packages are located from it.
 */
import fs from "node:fs";
import path from "node:path";

export function findAppRoot(start: string): string {
  let dir = start;
  for (;;) {
    const manifest = path.join(dir, "package.json");
    if (fs.existsSync(manifest) && JSON.parse(fs.readFileSync(manifest, "utf8")).name === "atelier") return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`Cannot find Atelier's folder (package.json named atelier) above ${start}`);
    dir = parent;
  }
}
