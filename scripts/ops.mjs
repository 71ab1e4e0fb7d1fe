// `npm run migrate-to-postgres | backup | restore -- …`: operators' commands (server/ops/cli.ts), bundled on the fly.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { bundleEntry } from "./studio-bundle.mjs";

const root = path.resolve(import.meta.dirname, "..");
// Two folders below the root, like build/server/index.js, so the migrations folder is found the same way.
const out = await bundleEntry(root, "server/ops/cli.ts", path.join(root, "node_modules/.cache/atelier-ops.mjs"));
const { main } = await import(pathToFileURL(out).href);
process.exitCode = await main(process.argv.slice(2));
