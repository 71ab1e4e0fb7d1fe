/**
 * Webhooks (issue 31): a finished job is delivered once to its person's address, signed so the
 * receiver can check it, retried while the address fails and marked failed after the last try;
 * addresses on this server's own network are refused outside development. A real HTTP receiver
 * on loopback, the delivery job's own handler, PGlite and PostgreSQL.
 */
import { createHmac, randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getConfig } from "../../server/config";
import { generations, user, webhookDeliveries } from "../../server/db/schema";
import {
  checkWebhookAddress,
  deliverWebhookJob,
  postWebhook,
  getWebhookSettings,
  recordWebhookDelivery,
  setWebhook,
  signWebhook,
  SIGNATURE_HEADER,
} from "../../server/webhooks/webhooks";
import { setUpTestDatabase } from "../support/database";

const t = setUpTestDatabase();
const config = getConfig() as { webhookAllowPrivateHosts: boolean };

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}
const received: Received[] = [];
let answer = 200;
let receiver: http.Server;
let address = "";

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on("end", () => {
      received.push({ headers: req.headers, body });
      res.writeHead(answer).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", () => resolve()));
  address = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

async function personWithJob(status = "succeeded") {
  const id = randomUUID();
  await t.db.insert(user).values({ id, name: "Hook Holder", email: `${id}@example.test`, emailVerified: true });
  const [job] = await t.db
    .insert(generations)
    .values({
      userId: id,
      mode: "text",
      status,
      engineId: "studio",
      engineLabel: "Studio — offline engine",
      prompt: "a lighthouse",
      style: "natural",
      aspectRatio: "1:1",
      size: 512,
      width: 512,
      height: 512,
      count: 1,
      seed: 1,
      strength: 0.75,
      cost: 2,
    })
    .returning();
  return { userId: id, job: job! };
}

const run = (deliveryId: string, lastAttempt = false) =>
  deliverWebhookJob.handle({ deliveryId }, {
    db: t.db,
    log: console,
    jobId: deliveryId,
    retryCount: 0,
    lastAttempt,
  } as never);

const deliveryRow = async (id: string) =>
  (await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)))[0]!;

describe("webhooks", () => {
  it("deliver a finished job once, signed with the secret shown at saving", async () => {
    config.webhookAllowPrivateHosts = true;
    const { userId, job } = await personWithJob();
    const { secret } = await setWebhook(t.db, userId, { url: address });
    expect(secret).toMatch(/^whsec_/);
    const deliveryId = (await recordWebhookDelivery(t.db, job))!;
    expect(await recordWebhookDelivery(t.db, job)).toBeNull(); // once per job
    received.length = 0;
    answer = 200;
    await run(deliveryId);
    expect(received).toHaveLength(1);
    const [{ headers, body }] = received as [Received];
    const [, timestamp, signature] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(
      String(headers[SIGNATURE_HEADER.toLowerCase()]),
    )!;
    // What a receiver does: recompute over "<t>.<body>" with the secret.
    expect(createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")).toBe(signature);
    expect(signWebhook(secret, Number(timestamp), body)).toBe(`t=${timestamp},v1=${signature}`);
    const payload = JSON.parse(body);
    expect(payload).toMatchObject({
      id: deliveryId,
      type: "job.finished",
      data: { job: { id: job.id, status: "succeeded", cost: 2 } },
    });
    expect(await deliveryRow(deliveryId)).toMatchObject({ status: "delivered", attempts: 1, responseStatus: 200 });
    await run(deliveryId); // a job run twice does not deliver twice
    expect(received).toHaveLength(1);
    const settings = await getWebhookSettings(t.db, userId);
    expect(settings.webhook?.url).toBe(address);
    expect(settings.deliveries.map((d) => d.status)).toEqual(["delivered"]);
    expect(JSON.stringify(settings)).not.toContain(secret);
  });

  it("retry while the address fails, and give up on the last try", async () => {
    config.webhookAllowPrivateHosts = true;
    const { userId, job } = await personWithJob("failed");
    await setWebhook(t.db, userId, { url: address });
    const deliveryId = (await recordWebhookDelivery(t.db, job))!;
    answer = 503;
    await expect(run(deliveryId)).rejects.toThrow(/answered 503/);
    expect(await deliveryRow(deliveryId)).toMatchObject({ status: "pending", attempts: 1, responseStatus: 503 });
    await run(deliveryId, true);
    expect(await deliveryRow(deliveryId)).toMatchObject({ status: "failed", attempts: 2 });
    answer = 200;
  });

  it("refuse addresses on this server's own network unless development allows them", async () => {
    config.webhookAllowPrivateHosts = false;
    try {
      for (const url of [
        address,
        "http://10.1.2.3/x",
        "http://[::1]:8080/",
        "http://169.254.169.254/latest",
        "http://[::ffff:127.0.0.1]/",
      ])
        await expect(checkWebhookAddress(url), url).rejects.toThrow(/public addresses only/);
      await expect(checkWebhookAddress("http://93.184.215.14/hook")).resolves.toBeUndefined();
      const { userId } = await personWithJob();
      await expect(setWebhook(t.db, userId, { url: address })).rejects.toThrow(/public addresses only/);
    } finally {
      config.webhookAllowPrivateHosts = true;
    }
  });

  it("connect only to the addresses the resolver checked, so a name that now leads inside is not called", async () => {
    const port = (receiver.address() as AddressInfo).port;
    const before = received.length;
    config.webhookAllowPrivateHosts = false;
    try {
      // "localhost" passes no check here: it resolves at connect time, and the resolver refuses it.
      await expect(postWebhook(`http://localhost:${port}/hook`, "{}", {})).rejects.toMatchObject({
        code: "EWEBHOOKINTERNAL",
      });
    } finally {
      config.webhookAllowPrivateHosts = true;
    }
    expect(received.length).toBe(before);
    await expect(postWebhook(`http://127.0.0.1:${port}/hook`, "{}", {})).resolves.toBe(200);
    expect(received.length).toBe(before + 1);
  });
});
