/** Load with autocannon, as the page benchmarks measure it. */
import autocannon from "autocannon";

export interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  timeouts: number;
  fiveXx: number;
  /** Answers outside 2xx (a refused token is a 401). */
  non2xx: number;
  slowestProbe?: number;
}

/**
 * GET `url` from `connections` connections for `seconds`. With `cookieEachTime`, every request
 * carries the cookie it returns (a different one each time skips every cache); `headerEachTime`
 * does the same for any header (a different person's token).
 */
export async function load(
  url: string,
  connections: number,
  seconds: number,
  headers: Record<string, string> = {},
  options: { cookieEachTime?: () => string; headerEachTime?: [string, () => string] } = {},
): Promise<Load> {
  const eachTime =
    options.headerEachTime ?? (options.cookieEachTime ? (["cookie", options.cookieEachTime] as const) : undefined);
  const requests = eachTime
    ? [
        {
          method: "GET" as const,
          setupRequest: (req: autocannon.Request) => ({
            ...req,
            headers: { ...req.headers, [eachTime[0]]: eachTime[1]() },
          }),
        },
      ]
    : undefined;
  const r = await autocannon({ url, connections, duration: seconds, headers, timeout: 10, requests });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors,
    timeouts: r.timeouts,
    fiveXx: r["5xx"],
    non2xx: r.non2xx,
  };
}
