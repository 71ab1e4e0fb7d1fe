/**
 * Every operation of the public API in one table (issue 31, ADR 0055): its method and path, the
 * scope a token needs, what it takes and answers (schemas.ts), and a copy-paste example. The routes
 * (app/routes/api/v1/*) run their operation through `handleOperation` (handle.ts), which checks the
 * token, the method and the input against this entry; the OpenAPI description (document.ts) is made
 * from the same entries. tests/unit/api-v1-routes.test.ts checks the route table against it.
 */
import type { z } from "zod";
import type { ApiScope } from "~/lib/api-tokens";
import * as s from "./schemas";

export interface Operation {
  id: string;
  method: "GET" | "POST" | "DELETE";
  /** As OpenAPI writes it: /api/v1/generations/{id}. */
  path: string;
  /** The scope a token needs; null for the public description itself. */
  scope: ApiScope | null;
  summary: string;
  description: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** Largest body taken, in bytes (JSON; pictures inside as base64). */
  maxBodyBytes?: number;
  /** The success answer. */
  status: 200 | 201 | 202;
  answer?: z.ZodType;
  /** A file rather than JSON. */
  file?: { description: string };
  /** `curl` with the token in $ATELIER_TOKEN. */
  example: string;
  /** More ways to call it, each named (a mode of its own, say). */
  moreExamples?: readonly { label: string; source: string }[];
}

const HOST = "https://atelier.example";
const auth = '-H "Authorization: Bearer $ATELIER_TOKEN"';
const JOB = "3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f";

export const OPERATIONS = [
  {
    id: "createGeneration",
    method: "POST",
    path: "/api/v1/generations",
    scope: "generate",
    summary: "Start a generation",
    description:
      "Checks the request as the Studio does, takes its price from your balance and queues the job (202). Image and doodle modes send the picture in `image` (base64). Edit mode repaints a part of a picture (`edit.kind` inpaint, where a `mask` is white) or widens it (outpaint, by `edit.sides`), priced like image to art at the result's size; the picture is sent in `image` or taken from one of your jobs with `from`. Send an `Idempotency-Key` so a retried request never starts (or charges) twice. At most as many jobs at once as in the Studio — more, and a place nearer the front of the queue, with a membership whose plan includes them; the largest size (1536) likewise comes with a plan that includes large pictures.",
    body: s.generationRequest,
    maxBodyBytes: s.REQUEST_MAX_BYTES,
    status: 202,
    answer: s.jobCreated,
    example: `curl -X POST ${HOST}/api/v1/generations ${auth} \\
  -H "Content-Type: application/json" -H "Idempotency-Key: my-script-0001" \\
  -d '{"mode": "text", "prompt": "a lighthouse at dusk", "style": "watercolor", "size": 1024}'`,
    moreExamples: [
      {
        label: "Edit a part of a picture",
        source: `# Repaint the sky of a job's first picture: mask.png is white where it changes, black elsewhere.
# (printf, a shell builtin, pipes the base64 in: a picture is too long for a command-line argument.)
printf '{"mode": "edit", "edit": {"kind": "inpaint"}, "from": {"generation": "${JOB}", "index": 0}, "mask": "%s", "prompt": "a sky full of lanterns"}' "$(base64 -w0 mask.png)" |
  curl -X POST ${HOST}/api/v1/generations ${auth} \\
    -H "Content-Type: application/json" -H "Idempotency-Key: my-script-0002" --data-binary @-

# Widen a picture into a landscape: half its width more on the left and on the right
printf '{"mode": "edit", "edit": {"kind": "outpaint", "sides": {"left": 50, "right": 50}}, "image": "%s", "prompt": "a beach at noon"}' "$(base64 -w0 portrait.jpg)" |
  curl -X POST ${HOST}/api/v1/generations ${auth} \\
    -H "Content-Type: application/json" -H "Idempotency-Key: my-script-0003" --data-binary @-`,
      },
    ],
  },
  {
    id: "listGenerations",
    method: "GET",
    path: "/api/v1/generations",
    scope: "read",
    summary: "List your jobs and their pictures",
    description: "Newest first, a page at a time: pass `nextCursor` back as `cursor` for the next page.",
    query: s.pageQuery,
    status: 200,
    answer: s.jobPage,
    example: `curl "${HOST}/api/v1/generations?limit=20" ${auth}`,
  },
  {
    id: "getGeneration",
    method: "GET",
    path: "/api/v1/generations/{id}",
    scope: "read",
    summary: "Read a job",
    description:
      "Its status, progress, pictures, cost and whether it was refunded. Poll it every second or two until `status` is succeeded, failed or canceled.",
    params: s.jobParams,
    status: 200,
    answer: s.jobAnswer,
    example: `curl ${HOST}/api/v1/generations/${JOB} ${auth}`,
  },
  {
    id: "downloadPicture",
    method: "GET",
    path: "/api/v1/generations/{id}/pictures/{index}",
    scope: "read",
    summary: "Download a picture",
    description: "The picture as a file: PNG, or WebP or JPEG with `format`.",
    params: s.pictureParams,
    query: s.downloadQuery,
    status: 200,
    file: { description: "The picture (image/png, image/webp or image/jpeg)." },
    example: `curl -o picture.png ${HOST}/api/v1/generations/${JOB}/pictures/0 ${auth}`,
  },
  {
    id: "publishArtwork",
    method: "POST",
    path: "/api/v1/artworks",
    scope: "publish",
    summary: "Publish a picture",
    description: "Publishes one picture of a succeeded job to the community, with a title, description and tags.",
    body: s.publishRequest,
    status: 201,
    answer: s.artworkAnswer,
    example: `curl -X POST ${HOST}/api/v1/artworks ${auth} \\
  -H "Content-Type: application/json" -H "Idempotency-Key: publish-${JOB}" \\
  -d '{"jobId": "${JOB}", "pictureIndex": 0, "title": "Lighthouse at dusk", "tags": ["sea"]}'`,
  },
  {
    id: "unpublishArtwork",
    method: "DELETE",
    path: "/api/v1/artworks/{id}",
    scope: "publish",
    summary: "Unpublish an artwork",
    description: "Takes your artwork out of the community; the picture stays in your history.",
    params: s.artworkParams,
    status: 200,
    answer: s.unpublished,
    example: `curl -X DELETE ${HOST}/api/v1/artworks/9b2e6c1a-0d4f-4e8b-9a7c-5d3e2f1a0b9c ${auth}`,
  },
  {
    id: "getBalance",
    method: "GET",
    path: "/api/v1/balance",
    scope: "read",
    summary: "Read your balance",
    description:
      "The tokens you have now, and the part of them that is a membership's allowance: spent before bought tokens, it ends at the next renewal, when the next period's allowance comes.",
    status: 200,
    answer: s.balance,
    example: `curl ${HOST}/api/v1/balance ${auth}`,
  },
  {
    id: "listLedger",
    method: "GET",
    path: "/api/v1/ledger",
    scope: "read",
    summary: "Read your token history",
    description: "Every movement of your tokens, newest first, a page at a time.",
    query: s.pageQuery,
    status: 200,
    answer: s.ledgerPage,
    example: `curl "${HOST}/api/v1/ledger?limit=50" ${auth}`,
  },
] as const satisfies readonly Operation[];

export type OperationId = (typeof OPERATIONS)[number]["id"];

export function operation(id: OperationId): Operation {
  return OPERATIONS.find((op) => op.id === id)!;
}

/** The methods a path answers to, for 405's Allow header. */
export function methodsOf(path: string): string[] {
  return OPERATIONS.filter((op) => op.path === path).map((op) => op.method);
}
