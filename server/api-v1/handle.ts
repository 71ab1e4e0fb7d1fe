/**
 * Runs one operation of the public API the same way every time (ADR 0055): the method, the token
 * and its scope (auth.ts), the path, query and body checked against the operation's schemas, writes
 * once per Idempotency-Key, and the answer checked against the schema the description publishes —
 * an answer that would not match is a bug, answered as a 500 rather than sent.
 */
import type { z } from "zod";
import type { TokenHolder } from "../api-tokens/tokens";
import { type Database, getDb } from "../db/client";
import { handleApi, json, parseWith, readJson, requireMethod, withIdempotency } from "../http/api";
import { logger } from "../logger";
import { requireApiToken } from "./auth";
import { methodsOf, OPERATIONS, type OperationId, operation } from "./operations";

type OperationOf<Id extends OperationId> = Extract<(typeof OPERATIONS)[number], { id: Id }>;
type Parsed<Op, Key extends string> = Op extends { [K in Key]: infer S extends z.ZodType } ? z.output<S> : undefined;

export interface OperationInput<Id extends OperationId> {
  holder: TokenHolder;
  db: Database;
  request: Request;
  params: Parsed<OperationOf<Id>, "params">;
  query: Parsed<OperationOf<Id>, "query">;
  body: Parsed<OperationOf<Id>, "body">;
}

type Answer<Id extends OperationId> =
  OperationOf<Id> extends { answer: infer S extends z.ZodType } ? z.input<S> : Response;

export function handleOperation<Id extends OperationId>(
  id: Id,
  request: Request,
  params: Record<string, string | undefined>,
  run: (input: OperationInput<Id>) => Promise<Answer<Id>>,
): Promise<Response> {
  const op = OPERATIONS.find((candidate) => candidate.id === id && candidate.method === request.method);
  return handleApi(
    async () => {
      // Another method of the same path is another operation (GET and POST /generations); none: 405.
      if (!op) return refuseMethod(request, operation(id).path);
      const holder = await requireApiToken(request, op.scope);
      const db = getDb();
      const input = {
        holder,
        db,
        request,
        params: "params" in op ? parseWith(op.params, params) : undefined,
        query: "query" in op ? parseWith(op.query, Object.fromEntries(new URL(request.url).searchParams)) : undefined,
      };
      const answer = async (body: unknown) => {
        const result = (await run({ ...input, body } as OperationInput<Id>)) as unknown;
        if (result instanceof Response) return result;
        return json((op as { answer: z.ZodType }).answer.parse(result), { status: op.status });
      };
      if (op.method === "GET") return answer(undefined);
      const text =
        "body" in op
          ? (await readJson(request, { maxBytes: "maxBodyBytes" in op ? op.maxBodyBytes : undefined })).text
          : "";
      const body = "body" in op ? parseWith(op.body, JSON.parse(text)) : undefined;
      // The key is the person's and the operation's; the address is part of what it was used for.
      return withIdempotency(
        db,
        request,
        `v1:${holder.userId}:${op.id}`,
        `${new URL(request.url).pathname}\n${text}`,
        () => answer(body),
      );
    },
    (error) => logger.error({ err: error, operation: id }, "an API v1 request failed"),
  );
}

/** For a route's method that no operation of its path takes (GET of a path that only publishes): 405 with Allow. */
export function refuseMethod(request: Request, path: string): Promise<Response> {
  return handleApi(async () => {
    requireMethod(request, ...methodsOf(path));
    throw new Error(`${request.method} ${path} reached a route that does not take it`);
  });
}
