/**
 * Bad input, tried against the served build on every route of the route table (so new routes
 * are tried too): malformed and null JSON, wrong types, NUL and other control characters in
 * every usual text field and query, sent as a signed-in person of their own. Nothing may answer
 * 5xx or show a stack trace; Better Auth's endpoints answer like every other API (4xx, JSON).
 */
import type { APIRequestContext } from "@playwright/test";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes";
import { createVerifiedUser, ORIGIN, signInAs } from "../../e2e/support/accounts";
import { expect, test } from "../../e2e/support/fixtures";

const SOME_ID = "00000000-0000-4000-8000-000000000000";
const NUL = "\u0000";
const TEXT_FIELDS = ["prompt", "negativePrompt", "name", "email", "password", "reason", "details", "message", "title", "description", "q", "code", "otp", "action", "intent", "note", "tags"];

function routePaths(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const here = entry.path === undefined ? parent : `${parent}/${entry.path}`.replace(/\/+/g, "/");
    const own = entry.path !== undefined || entry.index ? [here || "/"] : [];
    return [...own, ...routePaths(entry.children ?? [], here)];
  });
}

const paths = [...new Set(routePaths(routes as RouteConfigEntry[]))]
  .map((path) => path.replace(/:[A-Za-z]+\??/g, SOME_ID).replace(/\*/g, "x"))
  // Webhooks answer their providers (signature checked first); signing out would end the test's own session.
  .filter((path) => !path.startsWith("/api/payments/webhooks/") && path !== "/logout");
const apiPaths = paths.filter((path) => path.startsWith("/api/") && !path.startsWith("/api/auth/"));
const pagePaths = paths.filter((path) => !path.startsWith("/api/"));

const fields = (value: unknown) => Object.fromEntries(TEXT_FIELDS.map((name) => [name, value]));
const JSON_BODIES: [string, string][] = [
  ["malformed JSON", "{"],
  ["null", "null"],
  ["an array", "[]"],
  ["a string", '"text"'],
  ["NUL in every text field", JSON.stringify(fields(`a${NUL}b`))],
  ["other control characters", JSON.stringify(fields("a\u0001\u001b\u007fb"))],
  ["numbers instead of text", JSON.stringify(fields(12345))],
  ["objects instead of text", JSON.stringify(fields({ nested: [NUL] }))],
];
const AUTH_ENDPOINTS = ["/api/auth/sign-in/email", "/api/auth/sign-up/email", "/api/auth/verify-email", "/api/auth/update-user", "/api/auth/sign-in/email-otp", "/api/auth/email-otp/send-verification-otp", "/api/auth/change-password"];

function looksBroken(status: number, body: string): boolean {
  return status >= 500 || /\n\s+at .+:\d+:\d+/.test(body) || /Unexpected Server Error/.test(body);
}

async function signedInAsNewPerson(request: APIRequestContext, db: Parameters<typeof createVerifiedUser>[0]) {
  const person = await createVerifiedUser(db, "Fuzz Tester");
  await signInAs(request, person.email, person.password);
  return person;
}

test("JSON APIs answer bad bodies with 4xx, never a crash", async ({ request, db }) => {
  test.setTimeout(120_000);
  await signedInAsNewPerson(request, db);
  const broken: string[] = [];
  for (const path of apiPaths) {
    for (const method of ["POST", "PUT", "PATCH"]) {
      for (const [label, body] of JSON_BODIES) {
        const res = await request.fetch(path, { method, headers: { Origin: ORIGIN(), "Content-Type": "application/json" }, data: body, maxRedirects: 0 });
        const text = await res.text();
        if (looksBroken(res.status(), text)) broken.push(`${method} ${path} with ${label}: ${res.status()} ${text.slice(0, 100)}`);
      }
    }
  }
  expect(broken).toEqual([]);
});

test("queries with control characters are refused or ignored, never a crash", async ({ request, db }) => {
  test.setTimeout(120_000);
  await signedInAsNewPerson(request, db);
  const broken: string[] = [];
  const query = new URLSearchParams({ ...fields(`x${NUL}y`), id: `${SOME_ID}${NUL}`, redirectTo: `/${NUL}`, sort: NUL, cursor: NUL, style: NUL, mode: NUL }).toString();
  for (const path of paths) {
    const res = await request.get(`${path}?${query}`, { maxRedirects: 0 });
    const text = await res.text();
    if (looksBroken(res.status(), text)) broken.push(`GET ${path}: ${res.status()} ${text.slice(0, 100)}`);
  }
  expect(broken).toEqual([]);
});

test("page forms answer control characters and odd values with a field error, never a crash", async ({ request, db }) => {
  test.setTimeout(120_000);
  await signedInAsNewPerson(request, db);
  const broken: string[] = [];
  for (const path of pagePaths) {
    for (const intent of ["", "name", "delete", "publish", "report", "create", "update", "save"]) {
      const res = await request.post(path, { headers: { Origin: ORIGIN() }, form: { ...fields(`a${NUL}b`), intent }, maxRedirects: 0 });
      const text = await res.text();
      if (looksBroken(res.status(), text)) broken.push(`POST ${path} intent=${intent}: ${res.status()} ${text.slice(0, 100)}`);
    }
  }
  expect(broken).toEqual([]);
});

test("a prompt with a NUL byte gets an error next to the prompt, and costs nothing", async ({ request, db }) => {
  await signedInAsNewPerson(request, db);
  const before = await (await request.get("/api/tokens")).json();
  for (const field of ["prompt", "negativePrompt"]) {
    const res = await request.post("/api/generations", {
      headers: { Origin: ORIGIN() },
      multipart: { mode: "text", prompt: "a quiet lake", negativePrompt: "", style: "natural", aspectRatio: "1:1", [field]: `a lake${NUL} at dawn` },
    });
    expect(res.status(), field).toBe(400);
    expect((await res.json()).error.fields[field]).toEqual(["Remove the invisible control characters from this text."]);
  }
  expect(await (await request.get("/api/tokens")).json()).toEqual(before);
});

test("Better Auth's endpoints answer bad bodies like every other API", async ({ request, db }) => {
  await signedInAsNewPerson(request, db);
  for (const path of AUTH_ENDPOINTS) {
    for (const [label, body] of JSON_BODIES) {
      const res = await request.post(path, { headers: { Origin: ORIGIN(), "Content-Type": "application/json" }, data: body });
      const text = await res.text();
      expect(res.status(), `${path} with ${label}: ${text.slice(0, 100)}`).toBeGreaterThanOrEqual(400);
      expect(res.status(), `${path} with ${label}: ${text.slice(0, 100)}`).toBeLessThan(500);
      expect(() => JSON.parse(text), `${path} with ${label} answers JSON`).not.toThrow();
    }
  }
  const wrongType = await request.post("/api/auth/sign-in/email", { headers: { Origin: ORIGIN(), "Content-Type": "text/csv" }, data: "email,password" });
  expect(wrongType.status()).toBe(415);
});
