import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import {
  type EntryContext,
  type HandleErrorFunction,
  isRouteErrorResponse,
  type RouterContextProvider,
  ServerRouter,
} from "react-router";
import { getDatabaseHandle } from "@server/db/client";
import { requestInfoContext } from "@server/http/request-context";
import { logger } from "@server/logger";
import { reportServerError } from "@server/ops/error-reports";
import { setPersonalPartsRenderer } from "@server/signed-in-pages";
import { renderPersonalParts } from "./components/viewer/personal-parts.server";
import { NonceContext } from "./lib/nonce";

// The person's parts of pages rendered once for every signed-in person (ADR 0050).
setPersonalPartsRenderer(renderPersonalParts);

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = loadContext.get(requestInfoContext).nonce;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole document at once; people get it streamed.
    const readyOption = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell is ready reach handleError through React Router.
          if (shellRendered) logger.error({ err: error }, "error while streaming a page");
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}

/** Server-side errors are logged and stored as error reports with platform 'Server' (spec §3). */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) || error instanceof Response) return;
  const info = (context as RouterContextProvider | undefined)?.get?.(requestInfoContext);
  (info?.log ?? logger).error({ err: error }, "server error while handling a request");
  void reportServerError(getDatabaseHandle()?.db, error, {
    page: new URL(request.url).pathname,
    fn: "react-router",
    requestId: info?.id,
  });
};
