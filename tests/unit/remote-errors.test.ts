/** A remote engine's network failures in words for the admin (server/generation/engines/remote.ts). */
import net from "node:net";
import { describe, expect, it } from "vitest";
import { describeNetworkError, unreachableError } from "../../server/generation/engines/remote";

describe("network failures of remote engines", () => {
  it("name the socket code and what it means, never only undici's 'fetch failed'", async () => {
    // A port that was free a moment ago: nothing listens there.
    const port = await new Promise<number>((resolve) => {
      const server = net.createServer().listen(0, "127.0.0.1", () => {
        const { port: free } = server.address() as net.AddressInfo;
        server.close(() => resolve(free));
      });
    });
    const refused = await fetch(`http://127.0.0.1:${port}/`).catch((error: unknown) => error);
    expect(describeNetworkError(refused)).toBe(
      "ECONNREFUSED, connection refused (is the server running, on that port?)",
    );
    const error = unreachableError("ComfyUI", `http://127.0.0.1:${port}`, refused);
    expect(error.kind).toBe("unavailable");
    expect(error.message).toBe(
      `Cannot reach ComfyUI at http://127.0.0.1:${port}: ECONNREFUSED, connection refused (is the server running, on that port?)`,
    );
  });

  it("fall back to the innermost cause's words for failures without a code", () => {
    const nested = new TypeError("fetch failed", { cause: new Error("certificate has expired") });
    expect(describeNetworkError(nested)).toBe("certificate has expired");
    expect(describeNetworkError(new Error("plain"))).toBe("plain");
  });
});
