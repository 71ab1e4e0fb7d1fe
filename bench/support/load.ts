/** Load with autocannon, as the page benchmarks measure it. */
import autocannon from "autocannon";

export interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  timeouts: number;
  fiveXx: number;
  slowestProbe?: number;
}

/**
 * GET `url` from `connections` connections for `seconds`. With `cookieEachTime`, every request
 * carries the cookie it returns (a different one each time skips every cache).
 */
export async function load(
  url: string,
  connections: number,
  seconds: number,
  headers: Record<string, string> = {},
  options: { cookieEachTime?: () => string } = {},
): Promise<Load> {
  const cookieEachTime = options.cookieEachTime;
  const requests = cookieEachTime
    ? [
        {
          method: "GET" as const,
          setupRequest: (req: autocannon.Request) => ({
            ...req,
            headers: { ...req.headers, cookie: cookieEachTime() },
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
  };
}
