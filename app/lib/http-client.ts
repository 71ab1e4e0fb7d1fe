/**
 * The browser-side HTTP client (spec §7): base URL from configuration, a timeout on every
 * request, and one retry on 408, 409, 425, 429, 500, 502, 503, 504 (or a network failure)
 * honouring Retry-After — but only for requests that are safe to repeat: idempotent methods,
 * or a POST/PATCH that carries an Idempotency-Key the server honours.
 * The spec's summary reads the other way round; see docs/decisions/0006-http-client-retries.md.
 */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS", "PUT", "DELETE"]);
const DEFAULT_RETRY_DELAY_MS = 500;

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | null,
    readonly body: unknown,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

export interface HttpClientOptions {
  baseUrl?: string;
  timeoutMs?: number;
  /** Longest Retry-After we will wait before the one retry. */
  maxRetryDelayMs?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

export interface RequestOptions {
  json?: unknown;
  headers?: HeadersInit;
  signal?: AbortSignal;
  /** Makes a POST/PATCH safe to retry; the server answers a repeat with the first answer. */
  idempotencyKey?: string;
}

/** Milliseconds to wait from a Retry-After header (seconds or an HTTP date), capped. */
export function retryDelayMs(header: string | null, maxMs: number, now = Date.now()): number {
  if (!header) return Math.min(DEFAULT_RETRY_DELAY_MS, maxMs);
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.min(Math.max(0, seconds * 1000), maxMs);
  const date = Date.parse(header);
  if (Number.isFinite(date)) return Math.min(Math.max(0, date - now), maxMs);
  return Math.min(DEFAULT_RETRY_DELAY_MS, maxMs);
}

export function isRetrySafe(method: string, headers: Headers): boolean {
  return IDEMPOTENT_METHODS.has(method.toUpperCase()) || headers.has("Idempotency-Key");
}

export function createHttpClient(options: HttpClientOptions = {}) {
  const baseUrl = (options.baseUrl ?? "").replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? 15_000;
  const maxRetryDelayMs = options.maxRetryDelayMs ?? 10_000;
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

  async function request<T = unknown>(method: string, path: string, init: RequestOptions = {}): Promise<T> {
    const upper = method.toUpperCase();
    const headers = new Headers(init.headers);
    headers.set("Accept", "application/json");
    if (init.idempotencyKey) headers.set("Idempotency-Key", init.idempotencyKey);
    let body: string | undefined;
    if (init.json !== undefined) {
      headers.set("Content-Type", "application/json");
      body = JSON.stringify(init.json);
    }
    const url = /^https?:\/\//.test(path) ? path : `${baseUrl}${path.startsWith("/") ? path : `/${path}`}`;
    const retrySafe = isRetrySafe(upper, headers);

    for (let attempt = 0; ; attempt += 1) {
      const timeout = AbortSignal.timeout(timeoutMs);
      const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
      let response: Response;
      try {
        response = await doFetch(url, { method: upper, headers, body, signal, credentials: "same-origin" });
      } catch (error) {
        if (init.signal?.aborted) throw error;
        const timedOut = timeout.aborted;
        if (retrySafe && attempt === 0) {
          await sleep(Math.min(DEFAULT_RETRY_DELAY_MS, maxRetryDelayMs));
          continue;
        }
        throw new HttpError(
          timedOut ? 408 : 0,
          timedOut ? "The request timed out" : "Network error: check your connection",
          null,
          null,
        );
      }
      if (RETRYABLE_STATUSES.has(response.status) && retrySafe && attempt === 0) {
        await sleep(retryDelayMs(response.headers.get("Retry-After"), maxRetryDelayMs));
        continue;
      }
      const text = await response.text();
      let parsed: unknown = null;
      if (text) {
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = text;
        }
      }
      if (!response.ok) {
        const error = (parsed as { error?: { code?: string; message?: string } } | null)?.error;
        throw new HttpError(
          response.status,
          error?.message ?? `Request failed with status ${response.status}`,
          error?.code ?? null,
          parsed,
        );
      }
      return parsed as T;
    }
  }

  return {
    request,
    get: <T = unknown>(path: string, init?: RequestOptions) => request<T>("GET", path, init),
    post: <T = unknown>(path: string, init?: RequestOptions) => request<T>("POST", path, init),
    put: <T = unknown>(path: string, init?: RequestOptions) => request<T>("PUT", path, init),
    patch: <T = unknown>(path: string, init?: RequestOptions) => request<T>("PATCH", path, init),
    delete: <T = unknown>(path: string, init?: RequestOptions) => request<T>("DELETE", path, init),
  };
}
export type HttpClient = ReturnType<typeof createHttpClient>;
