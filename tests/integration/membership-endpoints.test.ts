/**
 * The member's side of memberships through its endpoints (issue 41), with the sandbox provider and
 * no job queue working (its webhooks wait in pg-boss's table, delivered by hand where it matters):
 * the pricing page's plain form signed out and refused, a JSON start, a paid sandbox checkout settled
 * by the member's return to the profile, the view and the API's balance with the allowance, a
 * change previewed and made, undone, a cancel and a resume — as JSON and as plain forms —, the
 * invoice PDF for its member and admins only, and a failing renewal charged again at once when the
 * card is replaced on the sandbox's billing page.
 */
import { randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loader as profileLoader } from "../../app/routes/account/user-profile";
import { action as currentAction, loader as currentLoader } from "../../app/routes/api/membership-current";
import { loader as invoicePdfLoader } from "../../app/routes/api/membership-invoice-pdf";
import { action as startAction } from "../../app/routes/api/memberships";
import { loader as balanceLoader } from "../../app/routes/api/v1/balance";
import { action as billingAction, loader as billingLoader } from "../../app/routes/sandbox/billing";
import { createApiToken } from "../../server/api-tokens/tokens";
import { getAuth } from "../../server/auth/auth";
import { listPlansForSale, seedDemoPlans } from "../../server/commerce/memberships/plans";
import {
  deliverSandboxWebhookJob,
  paySandboxCheckout,
  queueSandboxEvent,
} from "../../server/commerce/payments/sandbox";
import { advanceSandboxClock } from "../../server/commerce/payments/sandbox-billing";
import { setDatabase } from "../../server/db/client";
import { account, user } from "../../server/db/schema";
import { applyTokenMovement } from "../../server/generation/ledger";
import { requestInfoContext } from "../../server/http/request-context";
import { startJobQueue, stopJobQueue } from "../../server/jobs/queue";
import { logger } from "../../server/logger";
import { sendEmailJob } from "../../server/notify/send-email";
import { setUpTestDatabase } from "../support/database";
import { deliverSandboxEvents, takeSandboxEvents } from "../support/sandbox-events";

// Before any import reads the configuration: sessions are signed with it.
vi.hoisted(() => {
  process.env.AUTH_SECRET ??= "membership-endpoints-test-secret-0123456789abcdef";
});

const t = setUpTestDatabase();
const ORIGIN = "http://localhost";
const PASSWORD = `pw-${randomUUID()}`;
let passwordHash: string;

beforeAll(async () => {
  setDatabase(t.handle);
  passwordHash = await hashPassword(PASSWORD);
  await startJobQueue(t.target, t.handle, {
    definitions: [deliverSandboxWebhookJob, sendEmailJob] as never,
    work: false,
  });
});
afterAll(async () => {
  await stopJobQueue();
  setDatabase(undefined);
});

/** A person signed in through Better Auth, with `bought` tokens; their Cookie header. */
async function signIn(name: string, options: { admin?: boolean; bought?: number } = {}) {
  const id = randomUUID();
  const email = `${name.toLowerCase()}-${id.slice(0, 8)}@example.test`;
  await t.db.insert(user).values({ id, name, email, emailVerified: true, role: options.admin ? "admin" : "user" });
  await t.db
    .insert(account)
    .values({ id: randomUUID(), accountId: id, providerId: "credential", userId: id, password: passwordHash });
  if (options.bought)
    await applyTokenMovement(t.db, {
      userId: id,
      amount: options.bought,
      reason: "purchase",
      idempotencyKey: `t:${id}`,
    });
  const { headers } = await getAuth().api.signInEmail({ body: { email, password: PASSWORD }, returnHeaders: true });
  const cookie = headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { id, email, cookie };
}

interface Answer {
  status: number;
  location: string | null;
  type: string | null;
  // biome-ignore lint/suspicious/noExplicitAny: answers of several routes, read field by field
  body: any;
}

/** Calls a route's loader or action as React Router would, and reads its answer. */
async function call(
  handler: (args: never) => unknown,
  path: string,
  options: {
    body?: Record<string, string> | FormData;
    cookie?: string;
    headers?: Record<string, string>;
    params?: object;
  } = {},
): Promise<Answer> {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { id: "test", nonce: "test", log: logger, clientIp: "127.0.0.1" });
  const headers: Record<string, string> = { ...options.headers, ...(options.cookie ? { Cookie: options.cookie } : {}) };
  let init: RequestInit = { method: "GET", headers };
  if (options.body) {
    const encoded =
      options.body instanceof FormData
        ? new Request(ORIGIN, { method: "POST", body: new URLSearchParams(options.body as never) })
        : new Request(ORIGIN, {
            method: "POST",
            body: JSON.stringify(options.body),
            headers: { "Content-Type": "application/json" },
          });
    const bytes = new Uint8Array(await encoded.arrayBuffer());
    init = {
      method: "POST",
      headers: {
        ...headers,
        "Content-Type": encoded.headers.get("content-type")!,
        "Content-Length": String(bytes.byteLength),
      },
      body: bytes,
    };
  }
  const request = new Request(`${ORIGIN}${path}`, init);
  let result: unknown;
  try {
    result = await handler({ request, params: options.params ?? {}, context } as never);
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) {
    const type = result.headers.get("content-type");
    const bytes = Buffer.from(await result.arrayBuffer());
    return {
      status: result.status,
      location: result.headers.get("location"),
      type,
      body: type?.includes("json") ? JSON.parse(bytes.toString()) : type?.includes("pdf") ? bytes : bytes.toString(),
    };
  }
  if (result && typeof result === "object" && "init" in result && "data" in result) {
    const { data, init: answerInit } = result as { data: unknown; init: ResponseInit | null };
    return { status: answerInit?.status ?? 200, location: null, type: null, body: data };
  }
  return { status: 200, location: null, type: null, body: result };
}

const form = (fields: Record<string, string>) => {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return body;
};

async function plans() {
  await seedDemoPlans(t.db);
  const list = await listPlansForSale(t.db);
  return { plus: list.find((p) => p.name === "Plus")!, pro: list.find((p) => p.name === "Pro")! };
}

/** Joins by the JSON endpoint and pays on the sandbox; the webhooks are left undelivered. */
async function join(who: { cookie: string }, planId: string, card = "4242 4242 4242 4242") {
  const started = await call(startAction, "/api/memberships", {
    body: { planId, interval: "month" },
    cookie: who.cookie,
  });
  expect(started.status).toBe(201);
  const session = new URL(started.body.url, ORIGIN).searchParams.get("session")!;
  expect(await paySandboxCheckout(t.db, session, { number: card, expiry: "12/40", cvc: "123" })).toMatchObject({
    kind: "paid",
  });
  await takeSandboxEvents(t.db);
  return started.body as { membershipId: string; url: string };
}

const profile = (who: { cookie: string }, query = "") =>
  call(profileLoader, `/user-profile${query}`, { cookie: who.cookie });
const act = (who: { cookie: string }, fields: Record<string, string>, asJson = false) =>
  call(currentAction, "/api/memberships/current", { body: asJson ? fields : form(fields), cookie: who.cookie });

describe("joining from the pricing page", () => {
  it("sends a visitor to sign in, a member back with the refusal, and anyone else to the payment page", async () => {
    const { plus } = await plans();
    const signedOut = await call(startAction, "/api/memberships", {
      body: form({ planId: plus.id, interval: "month" }),
    });
    expect([signedOut.status, signedOut.location]).toEqual([303, "/login?redirectTo=%2Fpricing-plans"]);
    expect((await call(startAction, "/api/memberships", { body: { planId: plus.id, interval: "month" } })).status).toBe(
      401,
    );

    const ana = await signIn("Ana");
    const bad = await call(startAction, "/api/memberships", {
      body: form({ planId: "nope", interval: "year" }),
      cookie: ana.cookie,
    });
    expect([bad.status, bad.location]).toEqual([303, "/pricing-plans?membership_error=invalid_input&billing=year"]);
    const byForm = await call(startAction, "/api/memberships", {
      body: form({ planId: plus.id, interval: "month" }),
      cookie: ana.cookie,
    });
    expect(byForm.status).toBe(303);
    expect(byForm.location).toMatch(/^\/sandbox\/checkout\?session=cs_sbx_[0-9a-f]{24}$/);

    // Paid and settled by the member's return (no webhook here): joining again is refused, by form and as JSON.
    const { membershipId } = await join(ana, plus.id);
    await profile(ana, `?membership=${membershipId}`);
    const again = await call(startAction, "/api/memberships", {
      body: form({ planId: plus.id, interval: "month" }),
      cookie: ana.cookie,
    });
    expect([again.status, again.location]).toEqual([303, "/pricing-plans?membership_error=already_member"]);
    const json = await call(startAction, "/api/memberships", {
      body: { planId: plus.id, interval: "month" },
      cookie: ana.cookie,
    });
    expect([json.status, json.body.error.code]).toEqual([409, "already_member"]);
  });
});

describe("a member's membership through the endpoints", () => {
  it("settles on return, shows the allowance, changes, undoes, cancels and resumes, as JSON and as forms", async () => {
    const { plus, pro } = await plans();
    const bo = await signIn("Bo", { bought: 120 });
    const { membershipId } = await join(bo, plus.id);
    expect((await call(currentLoader, "/api/memberships/current", { cookie: bo.cookie })).body).toEqual({
      membership: null,
    });

    // The checkout's success URL: the profile settles the membership from the provider's word.
    const back = await profile(bo, `?membership=${membershipId}`);
    expect(back.body.membership.membership).toMatchObject({
      status: "active",
      plan: { name: "Plus" },
      allowance: { tokens: 600 },
      bought: 120,
      nextCharge: { amountMinor: 999 },
    });
    // What it can change to: the other plan, at its own interval, an upgrade that applies now.
    expect(back.body.membership.options).toEqual([
      expect.objectContaining({ name: "Pro", interval: "month", amountMinor: 2499, tokens: 2000, when: "now" }),
    ]);
    const current = await call(currentLoader, "/api/memberships/current", { cookie: bo.cookie });
    expect(current.body.membership).toMatchObject({ plan: { name: "Plus" }, allowance: { tokens: 600 } });
    expect(current.body.membership.invoices).toHaveLength(1);

    // The public API's balance, with the allowance and when it ends.
    const { token } = await createApiToken(t.db, bo.id, { name: "script", scopes: ["read"], expiresIn: "never" });
    const balance = await call(balanceLoader, "/api/v1/balance", { headers: { Authorization: `Bearer ${token}` } });
    expect(balance.body).toMatchObject({ balance: 720, allowance: 600 });
    expect(new Date(balance.body.allowanceEndsAt).getTime()).toBe(
      new Date(current.body.membership.allowance.endsAt).getTime(),
    );

    // An upgrade, previewed as JSON and through the profile (the plain form's way), then made by form.
    const preview = await act(bo, { intent: "preview", planId: pro.id, interval: "month" }, true);
    expect(preview.body.change).toMatchObject({ kind: "upgrade", currency: "USD" });
    expect(preview.body.change.lines).toHaveLength(2);
    const previewForm = await act(bo, { intent: "preview", planId: pro.id, interval: "month" });
    expect(previewForm.location).toBe(`/user-profile?plan=${pro.id}&interval=month#membership`);
    const shown = await profile(bo, `?plan=${pro.id}&interval=month`);
    expect(shown.body.membership.preview).toMatchObject({
      planName: "Pro",
      change: { kind: "upgrade", amountMinor: preview.body.change.amountMinor },
      refusal: null,
    });
    const upgraded = await act(bo, { intent: "change", planId: pro.id, interval: "month" });
    expect(upgraded.location).toBe("/user-profile?membership_notice=upgraded#membership");
    const afterUpgrade = await profile(bo, "?membership_notice=upgraded");
    expect(afterUpgrade.body.membership).toMatchObject({ notice: "upgraded", membership: { plan: { name: "Pro" } } });
    expect(afterUpgrade.body.membership.membership.invoices[0]).toMatchObject({ reason: "upgrade", status: "paid" });

    // A downgrade waits for the renewal (JSON), and choosing the current plan again undoes it (form).
    const down = await act(bo, { intent: "change", planId: plus.id, interval: "month" }, true);
    expect(down.body.change.kind).toBe("at_renewal");
    expect(down.body.membership.scheduled).toMatchObject({ plan: { name: "Plus" }, interval: "month" });
    const kept = await act(bo, { intent: "change", planId: pro.id, interval: "month" });
    expect(kept.location).toBe("/user-profile?membership_notice=kept#membership");
    // The same choice again is refused, beside the change form, with the domain's own words.
    const same = await act(bo, { intent: "change", planId: pro.id, interval: "month" });
    expect(same.location).toBe(
      `/user-profile?membership_error=invalid_input&membership_intent=change&plan=${pro.id}&interval=month#membership`,
    );
    const refused = await profile(bo, new URL(same.location!, ORIGIN).search);
    expect(refused.body.membership).toMatchObject({
      error: { intent: "change", code: "invalid_input" },
      preview: { change: null, refusal: "You are on this plan already." },
    });

    // Cancel (form) keeps everything to the period's end; resume (JSON); resuming again is refused (form).
    const canceled = await act(bo, { intent: "cancel" });
    expect(canceled.location).toBe("/user-profile?membership_notice=canceled#membership");
    expect(
      (await call(currentLoader, "/api/memberships/current", { cookie: bo.cookie })).body.membership,
    ).toMatchObject({ status: "active", cancelAtPeriodEnd: true, nextCharge: null });
    const resumed = await act(bo, { intent: "resume" }, true);
    expect(resumed.body.membership).toMatchObject({ cancelAtPeriodEnd: false, plan: { name: "Pro" } });
    const twice = await act(bo, { intent: "resume" });
    expect(twice.location).toBe("/user-profile?membership_error=invalid_input&membership_intent=resume#membership");
    expect((await act(bo, { intent: "nonsense" }, true)).status).toBe(400);

    // The card goes to the provider's page, which sends the member back to their profile.
    const card = await act(bo, { intent: "card" });
    expect(card.status).toBe(303);
    const portal = new URL(card.location!, ORIGIN);
    expect(portal.pathname).toBe("/sandbox/billing");
    expect(portal.searchParams.get("return")).toBe(`${ORIGIN}/user-profile?membership_card=1#membership`);
  });

  it("gives an invoice's PDF to its member and admins only, and charges a failed renewal again when the card is replaced", async () => {
    const { plus } = await plans();
    const cy = await signIn("Cy");
    const other = await signIn("Dee");
    const admin = await signIn("Admin", { admin: true });
    const { membershipId } = await join(cy, plus.id, "4000 0000 0000 0341");
    await profile(cy, `?membership=${membershipId}`);
    const [invoice] = (await call(currentLoader, "/api/memberships/current", { cookie: cy.cookie })).body.membership
      .invoices;
    const pdf = (who?: { cookie: string }) =>
      call(invoicePdfLoader, `/api/memberships/invoices/${invoice.id}/pdf`, {
        cookie: who?.cookie,
        params: { id: invoice.id },
      });
    const own = await pdf(cy);
    expect([own.status, own.type, own.body.subarray(0, 5).toString()]).toEqual([200, "application/pdf", "%PDF-"]);
    expect((await pdf(admin)).status).toBe(200);
    expect((await pdf(other)).status).toBe(404);
    expect((await pdf()).status).toBe(401);

    // The renewal is declined: past due, with the card page's address to fix it.
    await advanceSandboxClock(t.db, 32 * 86_400, queueSandboxEvent);
    await deliverSandboxEvents(t.db);
    const due = await profile(cy);
    expect(due.body.membership.membership).toMatchObject({
      status: "past_due",
      pastDue: { nextAttemptAt: expect.any(Date) },
    });
    const portal = new URL((await act(cy, { intent: "card" })).location!, ORIGIN);
    const customer = portal.searchParams.get("customer")!;

    // The sandbox's billing page: only this site's paths to go back to; a bad card refused beside its field.
    const billingPath = `/sandbox/billing?${portal.searchParams}`;
    const page = await call(billingLoader, billingPath);
    expect(page.body.back).toBe("/user-profile?membership_card=1#membership");
    expect(page.body.page.invoices[0]).toMatchObject({ status: "open", attemptCount: 1 });
    const elsewhere = await call(
      billingLoader,
      `/sandbox/billing?customer=${customer}&return=${encodeURIComponent("https://evil.example/")}`,
    );
    expect(elsewhere.body.back).toBe("/user-profile#membership");
    const declined = await call(billingAction, billingPath, {
      body: form({ number: "4000 0000 0000 0002", expiry: "12/40", cvc: "123" }),
    });
    expect(declined.body).toMatchObject({
      ok: false,
      errors: { fields: { number: "This card was declined: use another one" } },
    });

    const fixed = await call(billingAction, billingPath, {
      body: form({ number: "4242 4242 4242 4242", expiry: "12/40", cvc: "123" }),
    });
    expect(fixed.body).toMatchObject({ ok: true });
    // Back on the profile from the card page: read back from the provider at once, no webhook needed.
    const recovered = await profile(cy, "?membership_card=1");
    expect(recovered.body.membership.membership).toMatchObject({ status: "active", allowance: { tokens: 600 } });
    expect(recovered.body.membership.membership.invoices[0]).toMatchObject({ reason: "renewal", status: "paid" });
  });
});
