/**
 * Hands an Express request to React Router and its answer back (ADR 0029). It replaces
 * @react-router/express's handler for one reason: the request body. That handler streams the
 * body from the socket with no limit; here the routes get the body the shell already read within
 * its limit (body-limits.ts), with a Content-Length that matches it. The Fetch Request is built
 * from Express's own view of the request (protocol and host behind a trusted proxy), and the
 * answer is streamed back with @react-router/node's writer.
 */
import { writeReadableStreamToWritable } from "@react-router/node";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import type { AdmissionQueue } from "./admission";
import { bodyOf, refusedBodyOfRequest } from "./body-limits";
import { BODY_REFUSED_HEADER, formatRefusedBody } from "./refused-body";

export interface RouterAdapterOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "development" | "production";
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => RouterContextProvider;
  /** Turns under load (admission.ts); without one, every request runs at once. */
  admission?: AdmissionQueue;
}

/** Host names as a request may carry them; anything else (slashes, @, spaces) is not a host. */
const PLAIN_HOST = /^[A-Za-z0-9.-]+(?::\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](?::\d{1,5})?$/;

export function createRouterAdapter(options: RouterAdapterOptions) {
  const handle = createRequestHandler(options.build, options.mode);
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction): Promise<void> => {
    try {
      const request = toFetchRequest(req, res);
      const turn = options.admission ? await options.admission.enter(request.signal) : undefined;
      if (turn && !turn.admitted) {
        if (turn.reason === "busy") sendBusy(req, res);
        return; // "aborted": the visitor has gone, nobody to answer
      }
      let response: Response;
      try {
        response = await handle(request, options.getLoadContext(req, res));
      } finally {
        // The answer is made; sending it (a long event stream, a slow reader) needs no turn.
        if (turn) turn.release();
      }
      await sendFetchResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}

/** More visitors are waiting than the queue takes: a plain refusal the browser may retry shortly. */
function sendBusy(req: ExpressRequest, res: ExpressResponse): void {
  const message = "Atelier is very busy right now. Please try again in a few seconds.";
  res.status(503).set({ "Retry-After": "5", "Cache-Control": "no-store" });
  if (req.path.startsWith("/api/"))
    res.type("application/json").send(JSON.stringify({ error: { code: "busy", message } }));
  else res.type("text/plain").send(message);
}

function toFetchRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const host = PLAIN_HOST.test(req.host ?? "") ? req.host : "localhost";
  const url = new URL(`${req.protocol}://${host}${req.originalUrl}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name === BODY_REFUSED_HEADER) continue; // only the shell says so
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  // An answer the browser stopped waiting for aborts the work behind it; a finished one does not.
  const controller = new AbortController();
  res.once("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const body = bodyOf(req);
  if (body === undefined || req.method === "GET" || req.method === "HEAD") {
    return new Request(url, { method: req.method, headers, signal: controller.signal });
  }
  headers.delete("transfer-encoding");
  headers.set("content-length", String(body.length));
  const refused = refusedBodyOfRequest(req);
  if (refused) headers.set(BODY_REFUSED_HEADER, formatRefusedBody(refused));
  // raw-body's Buffer sits on a plain ArrayBuffer (never a shared one), which is what BodyInit asks for.
  return new Request(url, {
    method: req.method,
    headers,
    body: body as Uint8Array<ArrayBuffer>,
    signal: controller.signal,
  });
}

async function sendFetchResponse(res: ExpressResponse, response: Response): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers) res.append(name, value);
  if (/text\/event-stream/i.test(response.headers.get("content-type") ?? "")) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return; // the browser left mid-answer
    throw error;
  }
}
