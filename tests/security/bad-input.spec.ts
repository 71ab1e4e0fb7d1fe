/**
 * Bad input, tried against the served build on every route of the route table (so new routes
 * are tried too): malformed and null JSON, wrong types, NUL and other control characters in
 * every usual text field and query, sent as a signed-in person of their own — and, signed in as
 * the demo admin, to every admin page's query and to every form the back office shows. Nothing
 * may answer 5xx or show a stack trace; Better Auth's endpoints answer like every other API
 * (4xx, JSON).
 */
import type { APIRequestContext } from "@playwright/test";
import { asc, eq } from "drizzle-orm";
import sharp from "sharp";
import { CONTROL_CHARACTERS_MESSAGE } from "../../app/lib/plain-text";
import { products, transactions, user } from "../../server/db/schema";
import { createVerifiedUser, ORIGIN, signInAs, signInAsAdmin } from "../../e2e/support/accounts";
import { expect, test } from "../../e2e/support/fixtures";
import { routeTablePaths, SOME_ID } from "./route-table";

const NUL = "\u0000";
const TEXT_FIELDS = [
  "prompt",
  "negativePrompt",
  "name",
  "email",
  "password",
  "reason",
  "details",
  "message",
  "title",
  "description",
  "q",
  "code",
  "otp",
  "action",
  "intent",
  "note",
  "tags",
];

const paths = routeTablePaths()
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
const AUTH_ENDPOINTS = [
  "/api/auth/sign-in/email",
  "/api/auth/sign-up/email",
  "/api/auth/verify-email",
  "/api/auth/update-user",
  "/api/auth/sign-in/email-otp",
  "/api/auth/email-otp/send-verification-otp",
  "/api/auth/change-password",
];

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
        const res = await request.fetch(path, {
          method,
          headers: { Origin: ORIGIN(), "Content-Type": "application/json" },
          data: body,
          maxRedirects: 0,
        });
        const text = await res.text();
        if (looksBroken(res.status(), text))
          broken.push(`${method} ${path} with ${label}: ${res.status()} ${text.slice(0, 100)}`);
      }
    }
  }
  expect(broken).toEqual([]);
});

test("queries with control characters are refused or ignored, never a crash", async ({ request, db }) => {
  test.setTimeout(120_000);
  await signedInAsNewPerson(request, db);
  const broken: string[] = [];
  const query = new URLSearchParams({
    ...fields(`x${NUL}y`),
    id: `${SOME_ID}${NUL}`,
    redirectTo: `/${NUL}`,
    sort: NUL,
    cursor: NUL,
    style: NUL,
    mode: NUL,
  }).toString();
  for (const path of paths) {
    const res = await request.get(`${path}?${query}`, { maxRedirects: 0 });
    const text = await res.text();
    if (looksBroken(res.status(), text)) broken.push(`GET ${path}: ${res.status()} ${text.slice(0, 100)}`);
  }
  expect(broken).toEqual([]);
});

test("page forms answer control characters and odd values with a field error, never a crash", async ({
  request,
  db,
}) => {
  test.setTimeout(120_000);
  await signedInAsNewPerson(request, db);
  const broken: string[] = [];
  for (const path of pagePaths) {
    for (const intent of ["", "name", "delete", "publish", "report", "create", "update", "save"]) {
      const res = await request.post(path, {
        headers: { Origin: ORIGIN() },
        form: { ...fields(`a${NUL}b`), intent },
        maxRedirects: 0,
      });
      const text = await res.text();
      if (looksBroken(res.status(), text))
        broken.push(`POST ${path} intent=${intent}: ${res.status()} ${text.slice(0, 100)}`);
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
      multipart: {
        mode: "text",
        prompt: "a quiet lake",
        negativePrompt: "",
        style: "natural",
        aspectRatio: "1:1",
        [field]: `a lake${NUL} at dawn`,
      },
    });
    expect(res.status(), field).toBe(400);
    expect((await res.json()).error.fields[field]).toEqual(["Remove the invisible control characters from this text."]);
  }
  expect(await (await request.get("/api/tokens")).json()).toEqual(before);
});

test("an edit's bad fields and files are refused next to each field, and cost nothing", async ({ request, db }) => {
  await signedInAsNewPerson(request, db);
  const before = await (await request.get("/api/tokens")).json();
  const png = (value: number) =>
    sharp({ create: { width: 96, height: 64, channels: 3, background: { r: value, g: value, b: value } } })
      .png()
      .toBuffer();
  const picture = { name: "picture.png", mimeType: "image/png", buffer: await png(120) };
  const edit = (fields: Record<string, string | typeof picture>) =>
    request.post("/api/generations", {
      headers: { Origin: ORIGIN() },
      multipart: { mode: "image", prompt: "a sky full of lanterns", image: picture, ...fields },
    });
  const cases: [Record<string, string | typeof picture>, string][] = [
    [{ edit: "sharpen" }, "edit"],
    [{ edit: "outpaint", sideLeft: "10" }, "sides"],
    [{ edit: "outpaint" }, "sides"],
    [{ edit: "outpaint", sideTop: "one hundred" }, "sideTop"],
    [{ edit: "inpaint" }, "mask"],
    [
      { edit: "inpaint", mask: { name: "mask.png", mimeType: "image/png", buffer: Buffer.from("not a picture") } },
      "mask",
    ],
    [{ edit: "inpaint", mask: { name: "mask.png", mimeType: "image/png", buffer: await png(0) } }, "mask"],
    [{ edit: "inpaint", fromGeneration: "not-an-id", fromIndex: "0" }, "fromGeneration"],
    [{ edit: "inpaint", fromGeneration: SOME_ID }, "fromGeneration"],
    [{ edit: "outpaint", sideLeft: "50", mode: "text" }, "edit"],
  ];
  for (const [fields, field] of cases) {
    const res = await edit(fields);
    const body = await res.json();
    // 415 for a file that is not a picture, as image to art answers.
    expect([400, 415], JSON.stringify(fields).slice(0, 120)).toContain(res.status());
    expect(Object.keys(body.error.fields ?? {}), JSON.stringify(fields).slice(0, 120)).toContain(field);
  }
  // Someone else's (or no) history picture: the same words as a gone one.
  const res = await edit({ edit: "outpaint", sideLeft: "50", fromGeneration: SOME_ID, fromIndex: "0" });
  expect(res.status()).toBe(400);
  expect((await res.json()).error.fields.sourceImage).toEqual(["That picture is no longer in your history."]);
  expect(await (await request.get("/api/tokens")).json()).toEqual(before);
});

test("Better Auth's endpoints answer bad bodies like every other API", async ({ request, db }) => {
  await signedInAsNewPerson(request, db);
  for (const path of AUTH_ENDPOINTS) {
    for (const [label, body] of JSON_BODIES) {
      const res = await request.post(path, {
        headers: { Origin: ORIGIN(), "Content-Type": "application/json" },
        data: body,
      });
      const text = await res.text();
      expect(res.status(), `${path} with ${label}: ${text.slice(0, 100)}`).toBeGreaterThanOrEqual(400);
      expect(res.status(), `${path} with ${label}: ${text.slice(0, 100)}`).toBeLessThan(500);
      expect(() => JSON.parse(text), `${path} with ${label} answers JSON`).not.toThrow();
    }
  }
  const wrongType = await request.post("/api/auth/sign-in/email", {
    headers: { Origin: ORIGIN(), "Content-Type": "text/csv" },
    data: "email,password",
  });
  expect(wrongType.status()).toBe(415);
});

// ─── The back office, signed in as the demo admin ─────────────────────────────────────────────

const adminPaths = pagePaths.filter((path) => path.startsWith("/admin/"));
const adminApiPaths = apiPaths.filter((path) => path.startsWith("/api/admin/"));
/** What admin list pages filter on, beyond TEXT_FIELDS: each is sent bad in one query. */
const ADMIN_QUERY_FIELDS = [
  "user",
  "entity",
  "status",
  "role",
  "provider",
  "platform",
  "product",
  "from",
  "to",
  "tab",
  "sort",
  "dir",
  "page",
  "days",
  "kind",
  "saved",
];
const BAD_TEXT: [string, string][] = [
  ["NUL", `a${NUL}b`],
  ["other control characters", "a\u0001\u001b\u007fb"],
  // Past the limits of every form (of its short fields at least), so no form saves it.
  ["over-long text", "x".repeat(5_000)],
];
/** Buttons that change something without reading any text: nothing to fuzz, and pressing them would. */
const NO_INPUT_INTENTS = new Set(["pause", "resume", "check-all"]);

/** The fields and intents of a page's POST forms, read from its HTML (hidden, per-kind and per-record fields included). */
function postForms(html: string): { fields: Set<string>; intents: Set<string> } {
  const fields = new Set<string>();
  const intents = new Set<string>([""]);
  for (const [, form] of html.matchAll(/<form\b[^>]*method="post"[^>]*>([\s\S]*?)<\/form>/gi)) {
    for (const tag of form!.match(/<(?:input|select|textarea|button)\b[^>]*>/gi) ?? []) {
      const name = /\bname="([^"]+)"/.exec(tag)?.[1];
      if (name === "intent") intents.add(/\bvalue="([^"]*)"/.exec(tag)?.[1] ?? "");
      else if (name) fields.add(name);
    }
  }
  return { fields, intents };
}

test("admin pages clean or refuse bad queries, never a crash", async ({ request }) => {
  test.setTimeout(60_000);
  await signInAsAdmin(request);
  const broken: string[] = [];
  // An address has room for 16 kB: 300 characters a field is past every filter's limit (120) and still fits.
  const values: [string, string][] = [
    ...BAD_TEXT.slice(0, 2),
    ["over-long text", "x".repeat(300)],
    ["numbers and dates that cannot be", "-1e999"],
  ];
  for (const [label, value] of values) {
    const query = new URLSearchParams(
      Object.fromEntries([...TEXT_FIELDS, ...ADMIN_QUERY_FIELDS, "id"].map((name) => [name, value])),
    ).toString();
    for (const path of [...adminPaths, ...adminApiPaths]) {
      const res = await request.get(`${path}?${query}`, { maxRedirects: 0 });
      const text = await res.text();
      if (looksBroken(res.status(), text) || res.status() === 431)
        broken.push(`GET ${path} with ${label}: ${res.status()} ${text.slice(0, 100)}`);
    }
  }
  expect(broken).toEqual([]);
  // An over-long or bad search still lists: trimmed and cleaned, like the community search.
  for (const path of [
    "/admin/manage-user",
    "/admin/manage-discount",
    "/admin/list-product",
    "/admin/list-log",
    "/admin/history-transaction",
    "/admin/members",
  ]) {
    expect((await request.get(`${path}?q=${"x".repeat(500)}&user=a%00b`)).status(), path).toBe(200);
  }
});

test("admin forms answer control characters, over-long text and files for text with an error, never a crash", async ({
  request,
  db,
}) => {
  test.setTimeout(120_000);
  await signInAsAdmin(request);
  // Pages that show their forms for one record are read with a real one, and posted to an id that
  // does not exist: input is checked before the record is looked up, and nothing changes.
  const [admin] = await db.select({ id: user.id }).from(user).where(eq(user.email, "admin@atelier.local"));
  const [product] = await db.select({ id: products.id }).from(products).orderBy(asc(products.createdAt)).limit(1);
  const [transaction] = await db.select({ id: transactions.id }).from(transactions).limit(1);
  const recordPages: Record<string, string | undefined> = {
    "/admin/user-form": admin?.id,
    "/admin/edit-list-product": product?.id,
    "/admin/duplicate-list-product": product?.id,
    "/admin/detail-history-transaction": transaction?.id,
  };
  const broken: string[] = [];
  for (const path of adminPaths) {
    const record = path in recordPages;
    const { fields, intents } = postForms(
      await (await request.get(record ? `${path}?id=${recordPages[path] ?? SOME_ID}` : path)).text(),
    );
    const names = [...new Set([...TEXT_FIELDS, ...fields])];
    const target = record ? `${path}?id=${SOME_ID}` : path;
    for (const intent of [...intents].filter((i) => !NO_INPUT_INTENTS.has(i))) {
      const send = async (label: string, options: Parameters<APIRequestContext["post"]>[1]) => {
        const res = await request.post(target, { headers: { Origin: ORIGIN() }, maxRedirects: 0, ...options });
        const text = await res.text();
        if (looksBroken(res.status(), text))
          broken.push(`POST ${target} intent=${intent} with ${label}: ${res.status()} ${text.slice(0, 100)}`);
      };
      for (const [label, value] of BAD_TEXT)
        await send(label, { form: { ...Object.fromEntries(names.map((name) => [name, value])), intent } });
      const file = { name: `a${NUL}.txt`, mimeType: "text/plain", buffer: Buffer.from("not text") };
      await send("files instead of text", {
        multipart: { ...Object.fromEntries(names.map((name) => [name, file])), intent },
      });
    }
  }
  expect(broken).toEqual([]);
});

test("admin text with a NUL byte, in an otherwise valid form, gets the error beside its field", async ({
  request,
  db,
}) => {
  await signInAsAdmin(request);
  // The fuzzing above makes every field bad at once, so a form fails on its first field; these
  // forms are read by hand, and only one bad field among good ones reaches the database.
  const person = await createVerifiedUser(db, "Mail Fuzz");
  const discount = {
    code: "NULTEST",
    description: "for staff",
    kind: "percent",
    value: "10",
    currency: "USD",
    maxPerUser: "1",
    minOrder: "0",
  };
  const rule = { intent: "rule-add", fromPath: "/old-nul-test", target: "/community/list", note: "" };
  const engine = {
    kind: "a1111",
    name: "Fuzz engine",
    baseUrl: "http://127.0.0.1:7860",
    costMultiplier: "1",
    timeoutSeconds: "60",
  };
  const plan = {
    intent: "save",
    name: "Fuzz plan",
    badge: "Fuzz",
    description: "",
    currency: "USD",
    monthlyPrice: "9.99",
    yearlyPrice: "99.90",
    tokensPerMonth: "600",
    maxConcurrentJobs: "5",
    queuePriority: "5",
    maxSize: "1024",
    sortOrder: "100",
  };
  const cases: [string, Record<string, string>, string][] = [
    ["/admin/detail-list-discount", discount, "description"],
    ["/admin/set-token-default", rule, "fromPath"],
    ["/admin/set-token-default", rule, "note"],
    [
      `/admin/user-form?id=${person.id}`,
      { intent: "email", subject: "Hello", message: "A word from the team" },
      "subject",
    ],
    ["/admin/engine-form", engine, "name"],
    ["/admin/engine-form", engine, "baseUrl"],
    ["/admin/manage-community", { intent: "hide", artworkId: SOME_ID, reason: "Not allowed here" }, "reason"],
    ["/admin/plans", plan, "name"],
    ["/admin/plans", plan, "badge"],
  ];
  for (const [path, form, field] of cases) {
    const res = await request.post(path, {
      headers: { Origin: ORIGIN() },
      form: { ...form, [field]: `${form[field]}${NUL}` },
      maxRedirects: 0,
    });
    expect(res.status(), `${path} ${field}`).toBe(400);
    expect(await res.text(), `${path} ${field}`).toContain(CONTROL_CHARACTERS_MESSAGE);
  }
});
