/**
 * The OpenAPI 3.1 description of /api/v1, made from the operation table and its zod schemas by
 * zod-openapi (ADR 0055): served at /api/v1/openapi.json and shown on /developers.
 */
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from "zod-openapi";
import { z } from "zod";
import { API_SCOPE_LABELS } from "~/lib/api-tokens";
import { OPERATIONS, type Operation } from "./operations";
import { errorBody } from "./schemas";

const REFUSALS: Record<string, string> = {
  "400": "The request is malformed, or its fields are invalid (`fields` says which).",
  "401": "No token, or one that is unknown, revoked or expired.",
  "403": "The token lacks the scope, or the account is suspended.",
  "404": "No such thing among yours.",
  "409": "It conflicts with the state of things (too many jobs at once, the same Idempotency-Key still running…).",
  "413": "The body is too large.",
  "422":
    "A picture that cannot be used (`corrupt_image`; `explicit_picture`: the safety check rated it explicit, nothing was charged), or the same Idempotency-Key was used with a different request.",
  "429": "Too many requests: wait for Retry-After seconds.",
};

const idempotencyHeader = z.object({
  "Idempotency-Key": z
    .string()
    .regex(/^[A-Za-z0-9_\-:.]{8,128}$/)
    .optional()
    .meta({
      description:
        "8–128 letters, digits or -_:. — a retry with the same key and body gets the first answer instead of running again.",
    }),
});

function operationObject(op: Operation): ZodOpenApiOperationObject {
  const refusals = Object.fromEntries(
    Object.entries(REFUSALS).map(([status, description]) => [
      status,
      { description, content: { "application/json": { schema: errorBody } } },
    ]),
  );
  const success = op.file
    ? {
        description: op.file.description,
        content: {
          "image/png": { schema: { type: "string", format: "binary" } },
          "image/webp": { schema: { type: "string", format: "binary" } },
          "image/jpeg": { schema: { type: "string", format: "binary" } },
        },
      }
    : { description: op.summary, content: { "application/json": { schema: op.answer! } } };
  const writes = op.method !== "GET";
  return {
    operationId: op.id,
    summary: op.summary,
    description: op.scope ? `${op.description}\n\nScope: \`${op.scope}\`.` : op.description,
    tags: [op.path.split("/")[3]!],
    ...(op.scope ? { security: [{ token: [op.scope] }] } : { security: [] }),
    requestParams: {
      ...(op.params ? { path: op.params } : {}),
      ...(op.query ? { query: op.query } : {}),
      ...(writes ? { header: idempotencyHeader } : {}),
    },
    ...(op.body ? { requestBody: { required: true, content: { "application/json": { schema: op.body } } } } : {}),
    responses: { [String(op.status)]: success, ...refusals },
    "x-codeSamples": [
      { lang: "Shell", label: "curl", source: op.example },
      ...(op.moreExamples ?? []).map(({ label, source }) => ({ lang: "Shell", label: `curl: ${label}`, source })),
    ],
  } as ZodOpenApiOperationObject;
}

let made: ReturnType<typeof createDocument> | undefined;

/** The description, made once per process (it depends on nothing but the code). */
export function openApiDocument(): ReturnType<typeof createDocument> {
  if (made) return made;
  const paths: ZodOpenApiPathsObject = {};
  for (const op of OPERATIONS) {
    const item = (paths[op.path] ?? {}) as Record<string, ZodOpenApiOperationObject>;
    item[op.method.toLowerCase()] = operationObject(op);
    paths[op.path] = item;
  }
  made = createDocument({
    openapi: "3.1.0",
    info: {
      title: "Atelier API",
      version: "1.0.0",
      description: [
        "Make pictures, read your jobs, download, publish and unpublish, and read your balance and token history from a script.",
        "",
        "Every request sends a personal access token, made on your profile: `Authorization: Bearer atl_…`. A token has scopes:",
        ...Object.entries(API_SCOPE_LABELS).map(([scope, label]) => `- \`${scope}\` — ${label.split(": ")[1]}`),
        "",
        "Refusals are JSON `{ error: { code, message, fields? } }`; `code` is for programs, `message` for people. Writes take an `Idempotency-Key`.",
        "",
        "Every picture carries its safety rating, `maturity`: general, mature or explicit. What a token reads follows its owner's browsing level (the profile's \"What you see\"): your own jobs and artworks whatever their rating, anyone else's mature ones only when you opted into mature pictures, explicit ones never.",
      ].join("\n"),
    },
    servers: [{ url: "/", description: "This Atelier" }],
    components: {
      securitySchemes: {
        token: {
          type: "http",
          scheme: "bearer",
          description: "A personal access token (atl_…) from your profile.",
        },
      },
    },
    paths,
  });
  return made;
}
