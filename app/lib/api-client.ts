import { useMemo } from "react";
import { createHttpClient, type HttpClient } from "./http-client";
import { useRootData } from "./root-data";

/** The browser-side HTTP client, configured from the server's public settings (API_BASE_URL, timeout). */
export function useApiClient(): HttpClient {
  const config = useRootData()?.config;
  return useMemo(
    () => createHttpClient({ baseUrl: config?.apiBaseUrl ?? "", timeoutMs: config?.httpClientTimeoutMs ?? 15_000 }),
    [config?.apiBaseUrl, config?.httpClientTimeoutMs],
  );
}
