import { describe, expect, it } from "vitest";
import { CHUNK_RELOAD_GUARD_MS, claimChunkReload } from "../../app/lib/chunk-reload";
import { describeError } from "../../app/lib/error-reporter";
import { applyVersionMarker, markPlannedUpgrade, VERSION_MARKER_KEY } from "../../app/lib/version-watch";

class MemoryStorage {
  private map = new Map<string, string>();
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
}

describe("chunk reload guard", () => {
  it("reloads at most once per 10 seconds per path", () => {
    const store = new MemoryStorage();
    expect(claimChunkReload("/a", 1_000, store)).toBe(true);
    expect(claimChunkReload("/a", 1_000 + CHUNK_RELOAD_GUARD_MS - 1, store)).toBe(false);
    expect(claimChunkReload("/b", 2_000, store)).toBe(true);
    expect(claimChunkReload("/a", 1_000 + CHUNK_RELOAD_GUARD_MS, store)).toBe(true);
  });
});

describe("version marker", () => {
  const location = () => {
    const calls: string[] = [];
    return { pathname: "/community/list", replace: (to: string) => calls.push(to), calls };
  };

  it("sets the marker on a first visit", () => {
    const store = new MemoryStorage();
    const loc = location();
    expect(applyVersionMarker("v1", store, loc)).toBe(false);
    expect(store.getItem(VERSION_MARKER_KEY)).toBe("v1");
    expect(loc.calls).toEqual([]);
  });

  it("removes a stale marker and goes to '/' when the server's version differs", () => {
    const store = new MemoryStorage();
    store.setItem(VERSION_MARKER_KEY, "v1");
    const loc = location();
    expect(applyVersionMarker("v2", store, loc)).toBe(true);
    expect(loc.calls).toEqual(["/"]);
    expect(store.getItem(VERSION_MARKER_KEY)).toBeNull();
  });

  it("keeps the page on a planned upgrade", () => {
    const store = new MemoryStorage();
    store.setItem(VERSION_MARKER_KEY, "v1");
    markPlannedUpgrade(store);
    const loc = location();
    expect(applyVersionMarker("v2", store, loc)).toBe(false);
    expect(loc.calls).toEqual([]);
    expect(store.getItem(VERSION_MARKER_KEY)).toBe("v2");
    // the exemption is used once
    expect(applyVersionMarker("v3", store, loc)).toBe(true);
  });
});

describe("describeError", () => {
  it("reads errors, strings and other values", () => {
    expect(describeError(new TypeError("bad")).message).toBe("bad");
    expect(describeError("plain").message).toBe("plain");
    expect(describeError({ code: 1 }).message).toBe('{"code":1}');
  });
});
