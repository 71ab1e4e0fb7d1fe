import fs from "node:fs/promises";
import path from "node:path";
import { findAppRoot } from "@server/app-root";
import type { Route } from "./+types/developers-reference-script";

/**
 * GET /developers/api-reference.js: Scalar's API reference (the kept renderer of OpenAPI
 * descriptions, ADR 0055) from the installed package, served by Atelier itself — no CDN, works
 * offline. Only /developers loads it.
 */
let bundle: Promise<Buffer> | undefined;

export async function loader(_: Route.LoaderArgs) {
  bundle ??= fs.readFile(
    path.join(findAppRoot(import.meta.dirname), "node_modules/@scalar/api-reference/dist/browser/standalone.js"),
  );
  return new Response(new Uint8Array(await bundle), {
    headers: {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": "public, max-age=86400",
    },
  });
}

export function action(_: Route.ActionArgs) {
  return new Response("Use GET for this address.", {
    status: 405,
    headers: { Allow: "GET", "Content-Type": "text/plain; charset=utf-8" },
  });
}
