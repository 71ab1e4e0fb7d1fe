/**
 * The public API's routes and its OpenAPI description come from one operation table
 * (server/api-v1/operations.ts): every /api/v1 route of the route table is described, every
 * described path has a route that calls its operations, and the description is valid OpenAPI 3.1
 * with an example and a scope for every operation (issue 31).
 */
import fs from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routes from "../../app/routes";
import { openApiDocument } from "../../server/api-v1/document";
import { OPERATIONS } from "../../server/api-v1/operations";

const root = path.resolve(import.meta.dirname, "../..");

function v1Routes(entries: RouteConfigEntry[], parent = ""): { path: string; file: string }[] {
  return entries.flatMap((entry) => {
    const here = entry.path === undefined ? parent : `${parent}/${entry.path}`.replace(/\/+/g, "/");
    const own = here.startsWith("/api/v1/") && entry.path !== undefined ? [{ path: here, file: entry.file }] : [];
    return [...own, ...v1Routes(entry.children ?? [], here)];
  });
}

const asOpenApi = (p: string) => p.replace(/:([A-Za-z]+)/g, "{$1}");

describe("the public API's description", () => {
  const table = v1Routes(routes as RouteConfigEntry[]).filter((r) => r.path !== "/api/v1/openapi.json");
  const described = [...new Set(OPERATIONS.map((op) => op.path))];

  it("describes every /api/v1 route, and every described path has a route", () => {
    expect(table.map((r) => asOpenApi(r.path)).sort()).toEqual([...described].sort());
  });

  it("has each route run exactly the operations described for its path", () => {
    for (const { path: routePath, file } of table) {
      const source = fs.readFileSync(path.join(root, "app", file), "utf8");
      const ran = [...source.matchAll(/handleOperation\("([A-Za-z]+)"/g)].map((m) => m[1]).sort();
      const expected = OPERATIONS.filter((op) => op.path === asOpenApi(routePath))
        .map((op) => op.id)
        .sort();
      expect(ran, file).toEqual(expected);
    }
  });

  it("is OpenAPI 3.1 with a scope, refusals and a copy-paste example for every operation", () => {
    const document = openApiDocument() as unknown as {
      openapi: string;
      paths: Record<string, Record<string, Record<string, unknown>>>;
      components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
    };
    expect(document.openapi).toBe("3.1.0");
    expect(document.components.securitySchemes.token).toMatchObject({ type: "http", scheme: "bearer" });
    for (const op of OPERATIONS) {
      const described = document.paths[op.path]?.[op.method.toLowerCase()];
      expect(described, `${op.method} ${op.path}`).toBeDefined();
      expect(described!.operationId).toBe(op.id);
      expect(described!.security).toEqual([{ token: [op.scope] }]);
      const responses = described!.responses as Record<string, unknown>;
      expect(Object.keys(responses)).toEqual(expect.arrayContaining([String(op.status), "400", "401", "403", "429"]));
      expect((described!["x-codeSamples"] as { source: string }[])[0]!.source).toContain("curl");
    }
    // The shapes are named components, so generated clients get named types.
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining([
        "Job",
        "JobCreated",
        "GenerationRequest",
        "EditRequest",
        "JobEdit",
        "Error",
        "PublishRequest",
        "LedgerPage",
      ]),
    );
    // An edit has an example of its own, beside the first.
    const samples = document.paths["/api/v1/generations"]!.post!["x-codeSamples"] as { source: string }[];
    expect(samples.map((sample) => sample.source).join("\n")).toMatch(/"mode": "edit"/);
  });
});
