/**
 * Oversized bodies against the served build, on every kind of route (a page form, a JSON API,
 * Better Auth's endpoints, an upload) and on every route of the route table, declared and
 * chunked: each gets a 413 before the server reads more than its limit, the connection closes,
 * and the server's memory stays flat while four 100 MB posts arrive at once (sampled from
 * /proc); /healthz keeps answering meanwhile.
 */
import fs from "node:fs";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltServer, cookiesOf, DEMO_USER, startBuiltServer } from "../support/built-server";
import { routeTablePaths } from "./route-table";

let server: BuiltServer;

beforeAll(async () => {
  server = await startBuiltServer();
}, 90_000);
afterAll(async () => {
  await server?.dispose();
});

const MB = 1_048_576;
const ROUTES = [
  { kind: "page form", path: "/login", type: "application/x-www-form-urlencoded", json: false },
  { kind: "JSON API", path: "/api/error-reports", type: "application/json", json: true },
  { kind: "Better Auth", path: "/api/auth/sign-in/email", type: "application/json", json: true },
  { kind: "upload", path: "/api/generations", type: "multipart/form-data; boundary=x", json: true },
];

interface Outcome {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Bytes written before the answer came. */
  sent: number;
}

/**
 * POSTs up to `total` bytes in 64 KB chunks, declared with Content-Length or chunked, and stops
 * writing as soon as an answer arrives (a browser or proxy would, too).
 */
function postLarge(
  path: string,
  type: string,
  total: number,
  declared: boolean,
  extra: { headers?: Record<string, string>; head?: Buffer } = {},
): Promise<Outcome> {
  const url = new URL(server.origin);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path,
        method: "POST",
        headers: {
          "Content-Type": type,
          Origin: server.origin,
          ...(declared ? { "Content-Length": String(total) } : {}),
          ...extra.headers,
        },
      },
      (res) => {
        answered = true;
        let body = "";
        res.on("data", (chunk: Buffer) => (body += chunk.toString()));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body, sent }));
      },
    );
    req.on("error", (error) => (answered ? undefined : reject(error)));
    if (extra.head) {
      req.write(extra.head);
      sent = extra.head.length;
    }
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    const pump = () => {
      while (!answered && sent < total) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

function residentMegabytes(): number {
  const status = fs.readFileSync(`/proc/${server.pid()}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

describe("request bodies over their limit", () => {
  for (const route of ROUTES) {
    for (const declared of [true, false]) {
      it(`${route.kind}, ${declared ? "declared" : "chunked"}: 413 before the body is read, and the connection closes`, async () => {
        const outcome = await postLarge(route.path, route.type, 100 * MB, declared);
        expect(outcome.status).toBe(413);
        expect(outcome.headers.connection).toBe("close");
        expect(outcome.sent).toBeLessThan(40 * MB); // answered long before the 100 MB were sent
        if (route.json)
          expect(JSON.parse(outcome.body)).toMatchObject({
            error: { code: "payload_too_large", message: expect.stringMatching(/larger than/) },
          });
        // A page's form: the site's error page with the sentence, not a bare refusal.
        else expect(outcome.body).toMatch(/<html[\s\S]*That form sent more than 1 MB/);
      }, 60_000);
    }
  }

  it("every route of the route table refuses a declared body over the largest limit, unread (or does not exist now)", async () => {
    const url = new URL(server.origin);
    const statusOf = (path: string) =>
      new Promise<number>((resolve, reject) => {
        const req = http.request(
          {
            host: url.hostname,
            port: url.port,
            path,
            method: "POST",
            headers: { "Content-Type": "application/json", Origin: server.origin, "Content-Length": String(12 * MB) },
          },
          (res) => {
            resolve(res.statusCode ?? 0);
            req.destroy(); // the status is all this needs; the server would otherwise linger for the rest
          },
        );
        req.on("error", (error) => (req.destroyed ? undefined : reject(error)));
        req.write("{");
      });
    const paths = routeTablePaths();
    expect(paths.length).toBeGreaterThan(60);
    const wrong: string[] = [];
    for (const path of paths) {
      const status = await statusOf(path);
      // A page that a feature flag hides answers 404 to every method, and never reads the body.
      const hidden = status === 404 && (await fetch(`${server.origin}${path}`)).status === 404;
      if (status !== 413 && !hidden) wrong.push(`${path}: ${status}`);
    }
    expect(wrong).toEqual([]);
  }, 60_000);

  it("a chunked body within its limit reaches the route whole", async () => {
    const body = new URLSearchParams({
      email: "nobody@example.test",
      password: "x".repeat(20),
      intent: "password",
    }).toString();
    const url = new URL(server.origin);
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: "/login",
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.origin },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on("error", reject);
      req.write(body.slice(0, 10)); // two chunks, no Content-Length
      req.end(body.slice(10));
    });
    expect(status).toBe(401); // the form's own answer (a refusal's status, ADR 0037): that email and password match no account
  });

  it("a page's upload over the limit gets the form's own error beside the field, and the connection closes", async () => {
    const signIn = await fetch(`${server.origin}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.origin },
      body: JSON.stringify(DEMO_USER),
    });
    expect(signIn.status).toBe(200);
    const cookie = cookiesOf(signIn);
    const boundary = "----atelier-test";
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\navatar\r\n--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const outcome = await postLarge("/user-profile", `multipart/form-data; boundary=${boundary}`, 40 * MB, true, {
      headers: { Cookie: cookie },
      head,
    });
    expect(outcome.status).toBe(413);
    expect(outcome.headers.connection).toBe("close");
    expect(outcome.headers["content-type"]).toMatch(/text\/html/); // the profile page, not a bare refusal
    expect(outcome.body).toContain("That file is too large: the form takes at most 11 MB");
    // The server is fine afterwards.
    expect((await fetch(`${server.origin}/user-profile`, { headers: { cookie } })).status).toBe(200);
  }, 60_000);

  it("an API that takes a file inside its JSON gets the upload limit, not the JSON one", async () => {
    // 3 MB of JSON: over the 1 MB API limit, within the 11 MB upload limit. Signed out, so the
    // route itself answers 401 once it has the body.
    const attachment = {
      email: "someone@example.test",
      subject: "Hi",
      message: "See attached",
      attachment: { filename: "a.txt", content: "a".repeat(3 * MB), encoding: "base64" },
    };
    const response = await fetch(`${server.origin}/api/send-custom-email-with-attachment`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.origin },
      body: JSON.stringify(attachment),
    });
    expect(response.status).toBe(401);
    const tooLarge = await postLarge("/api/send-custom-email-with-attachment", "application/json", 100 * MB, true);
    expect(tooLarge.status).toBe(413);
    expect(JSON.parse(tooLarge.body)).toMatchObject({
      error: { code: "payload_too_large", message: expect.stringMatching(/larger than 11 MB/) },
    });
  }, 60_000);

  it("memory stays flat while four 100 MB posts arrive at once, and /healthz keeps answering", async () => {
    const before = residentMegabytes();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, residentMegabytes())), 50);
    const probes: Promise<number>[] = [];
    const probeOnce = () => {
      const started = Date.now();
      probes.push(fetch(`${server.origin}/healthz`).then((r) => (r.ok ? Date.now() - started : Infinity)));
    };
    probeOnce();
    const probe = setInterval(probeOnce, 20);
    let outcomes: Outcome[];
    try {
      outcomes = await Promise.all([
        postLarge("/login", "application/x-www-form-urlencoded", 100 * MB, false),
        postLarge("/api/generations", "multipart/form-data; boundary=x", 100 * MB, false),
        postLarge("/api/auth/sign-up/email", "application/json", 100 * MB, false),
        postLarge("/api/notifications", "application/json", 100 * MB, true),
      ]);
    } finally {
      clearInterval(sampler);
      clearInterval(probe);
    }
    expect(outcomes.map((o) => o.status)).toEqual([413, 413, 413, 413]);
    // Limits are 1 MB, 11 MB, 64 KB and 1 MB: at most ~13 MB of bodies are ever held.
    expect(peak - before).toBeLessThan(100);
    const probeTimes = await Promise.all(probes);
    expect(probeTimes.length).toBeGreaterThan(0);
    expect(Math.max(...probeTimes)).toBeLessThan(1000);
  }, 90_000);
});

describe("Better Auth's endpoints", () => {
  it("answer only under their exact path: another spelling cannot skip the sign-in limits", async () => {
    const body = JSON.stringify({ email: DEMO_USER.email, password: "not-the-password-123" });
    const post = (path: string) =>
      fetch(`${server.origin}${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: server.origin },
        body,
      });
    expect((await post("/api/auth/sign-in/email")).status).toBe(401);
    for (const path of [
      "/API/auth/api/auth/sign-in/email",
      "/Api/Auth/sign-in/email",
      "/api/AUTH/api/auth/sign-in/email",
    ]) {
      const response = await post(path);
      expect(response.status, path).toBe(404);
      expect(await response.json(), path).toMatchObject({ code: "NOT_FOUND" });
    }
  });
});
