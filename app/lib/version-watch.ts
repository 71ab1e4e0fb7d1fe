/**
 * Version watch (spec §4, §9): the page knows the build it runs; every 60 seconds it asks the
 * server for the latest build. A new build never destroys what a user is typing: we show a
 * notice and switch at the next navigation instead of reloading under their hands.
 */
export const VERSION_CHECK_INTERVAL_MS = 60_000;
export const VERSION_MARKER_KEY = "atelier:version";
/** Set just before a reload we chose, so the reloaded page keeps its path (see applyVersionMarker). */
export const PLANNED_UPGRADE_KEY = "atelier:version:planned-upgrade";

type Store = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/**
 * The session-storage marker rule (spec §4): when the server's version differs from the
 * marker, the marker is removed and the browser goes to '/'. Returns true when it redirects.
 */
export function applyVersionMarker(
  serverVersion: string,
  store: Store,
  location: Pick<Location, "pathname" | "replace">,
): boolean {
  const marker = store.getItem(VERSION_MARKER_KEY);
  const planned = store.getItem(PLANNED_UPGRADE_KEY) !== null;
  store.removeItem(PLANNED_UPGRADE_KEY);
  if (marker !== null && marker !== serverVersion && !planned) {
    store.removeItem(VERSION_MARKER_KEY);
    if (location.pathname !== "/") {
      location.replace("/");
      return true;
    }
  }
  store.setItem(VERSION_MARKER_KEY, serverVersion);
  return false;
}

/** Before a reload we chose (new build detected), so the reloaded page is not sent to '/'. */
export function markPlannedUpgrade(store: Pick<Storage, "setItem">): void {
  store.setItem(PLANNED_UPGRADE_KEY, "1");
}

/** Asks the server which build is current; null when it cannot tell (checks fail silently, spec §8). */
export async function fetchLatestBuildId(fetchImpl: typeof fetch = fetch): Promise<string | null> {
  try {
    const response = await fetchImpl(`/builds/latest.json?t=${Date.now()}`, { cache: "no-store" });
    if (!response.ok) return null;
    const body = (await response.json()) as { id?: unknown };
    return typeof body.id === "string" ? body.id : null;
  } catch {
    return null; // 'Failed to fetch version from server': ignored
  }
}
