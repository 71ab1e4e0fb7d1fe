/**
 * What the HTTP shell does to every request before its route, as named layers in order, so
 * `createApp` mounts them and `bench/shell.bench.ts` can price each one in microseconds.
 * Anything that does not depend on the request is computed once here, not per request: the
 * security headers (helmet runs once, at start) and the parts of the Content-Security-Policy
 * around the nonce.
 */
import { randomBytes, randomUUID } from "node:crypto";
import compression from "compression";
import type { Request, RequestHandler, Response } from "express";
import helmet, { type HelmetOptions } from "helmet";
import { pinoHttp } from "pino-http";
import type { Config } from "../config";
import { logger } from "../logger";
import { signedUrlOrigin } from "../storage/s3-storage";
import { sharedResponseCache } from "./response-cache";
import { sameOriginCheck } from "./same-origin";
import { httpRequestDuration, routeLabel } from "../metrics";

const REQUEST_ID_PATTERN = /^[A-Za-z0-9_\-.:]{1,100}$/;
/** Answers smaller than this are sent as they are: compressing them costs more than it saves. */
export const COMPRESSION_THRESHOLD_BYTES = 1400;
/** Paths whose requests are not logged line by line: load balancers' probes, hashed assets. */
export const QUIET_PATHS = /^\/(?:healthz|readyz|assets\/)/;

export interface ShellLayer {
  name: string;
  handle: RequestHandler;
}

export function helmetOptions(config: Config, dev: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: dev
      ? false
      : {
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as Response).locals.nonce as string}'`],
            // React sets style attributes; styles cannot run code, scripts stay nonce-only.
            styleSrc: ["'self'", "'unsafe-inline'"],
            // Files may be fetched straight from the bucket by signed URL (S3_SIGNED_URLS, api/files.ts).
            imgSrc: ["'self'", "data:", "blob:", ...(config.s3?.signedUrls ? [signedUrlOrigin(config.s3)] : [])],
            connectSrc: ["'self'"],
            fontSrc: ["'self'", "data:"],
            objectSrc: ["'none'"],
            baseUri: ["'self'"],
            formAction: ["'self'"],
            frameAncestors: ["'none'"],
            upgradeInsecureRequests: config.publicUrl.startsWith("https:") ? [] : null,
          },
        },
    strictTransportSecurity: config.publicUrl.startsWith("https:"),
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    xFrameOptions: { action: "deny" },
    crossOriginEmbedderPolicy: false,
  };
}

/** Helmet's headers as fixed pairs, and the Content-Security-Policy around its nonce. */
export interface SecurityHeaders {
  fixed: [string, string][];
  /** The policy allowing inline scripts with this nonce; without one, no inline script at all. */
  policy: (nonce?: string) => string | undefined;
}

/**
 * Helmet's headers, worked out once by running helmet against a stand-in response whose nonce
 * is a marker; per request only the nonce is put between the policy's two fixed parts.
 */
export function computeSecurityHeaders(options: HelmetOptions): SecurityHeaders {
  const marker = `nonce-marker-${randomUUID()}`;
  const fixed = new Map<string, string>();
  const standIn = {
    locals: { nonce: marker },
    setHeader: (name: string, value: string) => void fixed.set(name, String(value)),
    removeHeader: (name: string) => void fixed.delete(name),
  };
  let ran = false;
  helmet(options)({} as Request, standIn as unknown as Response, () => (ran = true));
  if (!ran) throw new Error("helmet did not finish synchronously: the security headers cannot be precomputed");
  const policy = fixed.get("Content-Security-Policy");
  fixed.delete("Content-Security-Policy");
  const [beforeNonce, afterNonce] = policy?.split(marker) ?? [];
  const withoutNonce = policy?.replace(` 'nonce-${marker}'`, "");
  return {
    fixed: [...fixed],
    policy: (nonce) =>
      afterNonce === undefined ? undefined : nonce === undefined ? withoutNonce : `${beforeNonce}${nonce}${afterNonce}`,
  };
}

export function precomputedSecurityHeaders(options: HelmetOptions): RequestHandler {
  const { fixed, policy } = computeSecurityHeaders(options);
  return (_req, res, next) => {
    for (const [name, value] of fixed) res.setHeader(name, value);
    const csp = policy(res.locals.nonce as string);
    if (csp !== undefined) res.setHeader("Content-Security-Policy", csp);
    next();
  };
}

/** The request id of an answer: the caller's X-Request-Id when it looks sane, otherwise a new one. */
export function chooseRequestId(incoming: string | string[] | undefined): string {
  return typeof incoming === "string" && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
}

export function createShellLayers(config: Config, options: { dev: boolean }): ShellLayer[] {
  return [
    {
      // A request id on every log line and response (an incoming one is kept if it looks sane),
      // and the nonce of this answer's inline scripts.
      name: "request id and nonce",
      handle: (req, res, next) => {
        res.locals.requestId = chooseRequestId(req.headers["x-request-id"]);
        res.locals.nonce = randomBytes(16).toString("base64");
        res.setHeader("X-Request-Id", res.locals.requestId as string);
        next();
      },
    },
    {
      // An answer sent before its request's body has arrived (a 413, a refusal) closes the
      // connection: otherwise the unread rest of the upload would sit on a kept-alive socket
      // until its timeout, and the browser would wait for it instead of showing the answer.
      name: "early answers close the connection",
      handle: (req, res, next) => {
        if (req.method === "GET" || req.method === "HEAD") return next();
        const writeHead = res.writeHead;
        res.writeHead = function (this: Response, ...args: unknown[]) {
          if (!req.complete) this.setHeader("Connection", "close");
          return (writeHead as (...a: unknown[]) => Response).apply(this, args);
        } as Response["writeHead"];
        next();
      },
    },
    {
      // Every answer's time by route, method and status class for /metrics (server/metrics.ts).
      name: "metrics",
      handle: (req, res, next) => {
        const started = process.hrtime.bigint();
        res.once("finish", () => {
          const seconds = Number(process.hrtime.bigint() - started) / 1e9;
          httpRequestDuration.observe(
            {
              route: routeLabel(req.path, res.statusCode),
              method: req.method,
              status: `${Math.floor(res.statusCode / 100)}xx`,
            },
            seconds,
          );
        });
        next();
      },
    },
    {
      name: "request log",
      handle: pinoHttp({
        logger,
        genReqId: (_req, res) => (res as Response).locals.requestId as string,
        customLogLevel: (_req, res, err) =>
          err || res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info",
        // Probes and assets only when they fail: a load balancer asks every few seconds.
        autoLogging: { ignore: (req) => QUIET_PATHS.test(req.url ?? "") },
        serializers: {
          req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url }),
          res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
        },
      }) as unknown as RequestHandler,
    },
    { name: "security headers", handle: precomputedSecurityHeaders(helmetOptions(config, options.dev)) },
    // POST, PUT, PATCH and DELETE from another site's pages are refused here, before any route (same-origin.ts).
    { name: "same-origin check", handle: sameOriginCheck(config) },
    // Answers that allow shared caching (s-maxage, or a shared page) are replayed to anonymous visitors for a moment.
    { name: "shared response cache", handle: sharedResponseCache() },
    { name: "compression", handle: compression({ threshold: COMPRESSION_THRESHOLD_BYTES }) },
  ];
}
