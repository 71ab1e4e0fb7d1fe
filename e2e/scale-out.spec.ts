/**
 * Atelier on several processes behind nginx (issue 18, docs/DEPLOY.md): PostgreSQL, an S3
 * server, two web and two worker processes, nginx from Debian with deploy/nginx/atelier-proxy.conf.
 * A person walks through nginx in Chromium — sign up, generate with live progress, publish, buy
 * with the sandbox — and an admin turns a flag on. Meanwhile one web process (the one holding the
 * page's progress stream) and the worker painting the picture are killed with SIGKILL: the stream
 * reconnects through nginx to the other web process and sees the picture finish, painted by the
 * other worker; the tokens are taken once; every file is readable from every web process. Last,
 * a rolling restart of a web process under steady requests drops none of them.
 */
import { and, eq, sql } from "drizzle-orm";
import { generationImages, generations, tokenLedger, user } from "../server/db/schema";
import { getTokenBalance, sumTokenLedger } from "../server/generation/ledger";
import { latestOutboxEmail } from "../server/notify/email/transport";
import { type Cluster, startCluster } from "./support/cluster";
import { DEMO_ADMIN_PASSWORD } from "./support/env";
import { expect, gotoHydrated, test } from "./support/fixtures";

const PASSWORD = "violet lighthouse 42";

test("two web and two worker processes behind nginx: a walk survives losing a web process and a worker mid-job", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  // Files are fetched by browsers straight from the bucket, by signed URL (S3_SIGNED_URLS).
  const cluster: Cluster = await startCluster({ webs: 2, workers: 1, env: { S3_SIGNED_URLS: "true" } });
  const context = await browser.newContext({ baseURL: cluster.origin });
  try {
    const page = await context.newPage();
    const [web1, web2] = cluster.webs as [Cluster["webs"][0], Cluster["webs"][0]];

    // 1. Sign up; the verification email is sent by a worker, the link opens through nginx.
    const email = `scale-${Date.now()}@example.test`;
    await gotoHydrated(page, "/sign-up");
    await page.getByLabel("Display name").fill("Sky Scaler");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(/\/verify-email\?/);
    let link = "";
    await expect
      .poll(
        async () => {
          const sent = await latestOutboxEmail(cluster.db, email);
          link = /https?:\/\/\S+\/verify-email\?\S+/.exec(sent?.kind === "verification" ? sent.text : "")?.[0] ?? "";
          return link;
        },
        { timeout: 20_000 },
      )
      .not.toBe("");
    expect(link.startsWith(cluster.origin)).toBe(true);
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your email is verified");
    const [person] = await cluster.db.select().from(user).where(eq(user.email, email));
    const granted = await getTokenBalance(cluster.db, person!.id);
    expect(granted).toBeGreaterThan(0);

    // 2. Generate, watching live progress (the stream goes through nginx to web 1).
    await gotoHydrated(page, "/ai/ai-text-to-art");
    await page.getByLabel("Prompt", { exact: true }).fill("A lighthouse on a cliff at sunset, waves below");
    await page.getByText("1024px", { exact: true }).click();
    // Four pictures keep the job painting for seconds, not one: the worker is always killed mid-job
    // (one 1024² picture can be done before the kill lands on a fast run).
    await page.getByRole("group", { name: "Number of images" }).getByText("4", { exact: true }).click();
    await page.getByRole("button", { name: "Generate" }).click();
    const card = page.getByTestId("job-card").first();
    await expect(card).toHaveAttribute("data-status", "running", { timeout: 60_000 });
    const [job] = await cluster.db.select().from(generations).where(eq(generations.userId, person!.id));

    // 3. Web 1 (holding the stream) and the painting worker die without a word.
    web1.child.kill("SIGKILL");
    cluster.workers[0]!.child.kill("SIGKILL");
    await Promise.all([web1.exited, cluster.workers[0]!.exited]);
    // Once its heartbeat is stale, a second worker picks the job up as it starts.
    await expect
      .poll(
        async () => {
          const [row] = await cluster.db
            .select({ stale: sql<boolean>`${generations.heartbeatAt} < now() - interval '30 seconds'` })
            .from(generations)
            .where(eq(generations.id, job!.id));
          return row?.stale;
        },
        { timeout: 60_000, intervals: [1_000] },
      )
      .toBe(true);
    cluster.startWorker();
    // The page's stream reconnected through nginx to web 2 and sees the picture finish.
    await expect(card).toHaveAttribute("data-status", "succeeded", { timeout: 120_000 });
    // The picture shows: /api/files sends the browser to the bucket with a signed address, which
    // the page's Content-Security-Policy allows.
    const picture = card.locator("img").first();
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    const src = (await picture.getAttribute("src"))!;
    expect(src).toMatch(/^\/api\/files\//);
    const redirect = await context.request.get(src, { maxRedirects: 0 });
    expect(redirect.status()).toBe(302);
    expect(redirect.headers().location).toMatch(new RegExp(`^${cluster.s3.endpoint}/.*X-Amz-Signature=`));
    const [done] = await cluster.db.select().from(generations).where(eq(generations.id, job!.id));
    expect(done!.attempts).toBe(2);
    expect(done!.refunded).toBe(false);
    const debits = await cluster.db
      .select()
      .from(tokenLedger)
      .where(and(eq(tokenLedger.userId, person!.id), eq(tokenLedger.reason, "generation")));
    expect(debits, "the picture is paid for once").toHaveLength(1);
    expect(await getTokenBalance(cluster.db, person!.id)).toBe(granted + debits[0]!.amount);
    expect(await sumTokenLedger(cluster.db, person!.id)).toBe(await getTokenBalance(cluster.db, person!.id));

    // 4. Web 1 comes back on its port; every picture reads the same from both web processes.
    await cluster.startWeb(web1.port);
    const images = await cluster.db.select().from(generationImages).where(eq(generationImages.generationId, job!.id));
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) {
      const path = `/api/generations/${job!.id}/images/${image.index}`;
      const [fromWeb1, fromWeb2] = await Promise.all(
        [web1.port, web2.port].map(async (port) => {
          const response = await context.request.get(`http://127.0.0.1:${port}${path}`);
          expect(response.status(), `${path} on port ${port}`).toBe(200);
          return response.body();
        }),
      );
      expect(fromWeb1!.equals(fromWeb2!)).toBe(true);
    }

    // 5. Publish the picture to the community.
    const item = page.getByTestId("history-item").filter({ hasText: "A lighthouse on a cliff" });
    await item.getByRole("button", { name: "Publish" }).click();
    const dialog = page.getByRole("dialog", { name: "Publish to the community" });
    await dialog.getByLabel("Title").fill("Lighthouse, many processes");
    await dialog.getByRole("button", { name: "Publish" }).click();
    await expect(page.getByTestId("published-link")).toBeVisible();
    await gotoHydrated(page, "/community/list");
    await expect(page.getByTestId("artwork-card").filter({ hasText: "Lighthouse, many processes" })).toHaveCount(1);

    // 6. Buy a pack with the sandbox; the webhook reaches whichever web process nginx picks.
    const before = await getTokenBalance(cluster.db, person!.id);
    await gotoHydrated(page, "/pricing-plans");
    await page.getByRole("link", { name: "Choose Starter" }).click();
    await page.getByRole("button", { name: "Add to cart" }).click();
    await expect(page).toHaveURL(/\/product-overview$/);
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await page.getByRole("button", { name: /^Pay \$/ }).click();
    await expect(page).toHaveURL(/\/sandbox\/checkout\?session=cs_sbx_/);
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByLabel("Expiry (MM/YY)").fill("12/40");
    await page.getByLabel("CVC").fill("123");
    await page.getByRole("button", { name: /^Pay \$/ }).click();
    await expect(page.getByRole("heading", { name: "Payment received" })).toBeVisible({ timeout: 20_000 });
    await expect.poll(() => getTokenBalance(cluster.db, person!.id)).toBe(before + 500);

    // 7. An admin turns the christmas event on; both web processes follow at once.
    const admin = await browser.newContext({ baseURL: cluster.origin });
    try {
      const adminPage = await admin.newPage();
      const signedIn = await admin.request.post("/api/auth/sign-in/email", {
        data: { email: "admin@atelier.local", password: DEMO_ADMIN_PASSWORD },
        headers: { Origin: cluster.origin },
      });
      expect(signedIn.status()).toBe(200);
      await gotoHydrated(adminPage, "/admin/set-token-default");
      await adminPage.getByRole("button", { name: "Turn on: Christmas event" }).click();
      await expect(adminPage.getByText("Christmas event is on.")).toBeVisible();
      for (const port of [web1.port, web2.port])
        await expect
          .poll(async () => (await fetch(`http://127.0.0.1:${port}/ai/christmas-event/ai-text-to-art`)).status, {
            timeout: 2_000,
          })
          .toBe(200);
    } finally {
      await admin.close();
    }

    // 8. A rolling restart of web 1 under steady requests through nginx: it drains (readiness
    // false, DRAIN_SECONDS), stops, comes back; not one request fails meanwhile.
    let loading = true;
    const statuses: number[] = [];
    const failures: string[] = [];
    const steady = async () => {
      while (loading)
        for (const path of ["/", "/pricing-plans", "/community/list", "/api/artworks"]) {
          try {
            const response = await fetch(`${cluster.origin}${path}`);
            await response.arrayBuffer();
            statuses.push(response.status);
          } catch (error) {
            failures.push(`${path}: ${String(error)}`);
          }
        }
    };
    const loops = Array.from({ length: 4 }, steady);
    const current = cluster.webs.at(-1)!; // web 1, as restarted in step 4
    current.child.kill("SIGTERM");
    expect(await current.exited).toBe(0);
    await cluster.startWeb(web1.port);
    loading = false;
    await Promise.all(loops);
    expect(failures).toEqual([]);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect(statuses.length).toBeGreaterThan(40);
  } catch (error) {
    for (const p of [...cluster.webs, ...cluster.workers]) console.log(`--- ${p.name}\n${p.output().slice(-3000)}`);
    throw error;
  } finally {
    await context.close();
    await cluster.stop();
  }
});
