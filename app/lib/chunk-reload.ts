/**
 * After a deploy, an open tab may ask for a code chunk that no longer exists. Vite then fires
 * `vite:preloadError`; we reload the page once to pick up the new build, but at most once per
 * 10 seconds per path (spec §4, §9) so a truly broken chunk cannot loop the page.
 */
export const CHUNK_RELOAD_GUARD_MS = 10_000;
const KEY_PREFIX = "atelier:chunk-reload:";

type Store = Pick<Storage, "getItem" | "setItem">;

/** Decides whether to reload now, and records the reload when it does. */
export function claimChunkReload(path: string, now: number, store: Store): boolean {
  const key = KEY_PREFIX + path;
  const stored = store.getItem(key);
  const last = stored === null ? Number.NaN : Number(stored);
  if (Number.isFinite(last) && now - last < CHUNK_RELOAD_GUARD_MS) return false;
  store.setItem(key, String(now));
  return true;
}

export function installChunkReloadGuard(win: Window = window): void {
  win.addEventListener("vite:preloadError", (event) => {
    let reload = false;
    try {
      reload = claimChunkReload(win.location.pathname, Date.now(), win.sessionStorage);
    } catch {
      // Storage can be unavailable (private modes); without a guard, never reload.
    }
    if (reload) {
      event.preventDefault(); // we handle it: Vite must not rethrow
      win.location.reload();
    }
  });
}
