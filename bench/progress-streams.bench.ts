/**
 * Live progress at scale (issue 18): 1,000 open progress streams on one web process on
 * PostgreSQL, and the database work they cost — idle, and per progress event. Queries are counted
 * as committed transactions of the bench's database (pg_stat_database.xact_commit: every query
 * Atelier sends outside a transaction is one), minus the bench's own.
 *
 *   node bench/run-ts.mjs bench/progress-streams.bench.ts [streams=1000] [idle-seconds=10] [events=200]
 *
 * Targets: ≤ 10 queries/s while idle; ≤ 1 query per progress event per process.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { createScratchDatabase } from "./support/database";
import { freePort, stopChild, waitUntilReady } from "./support/servers";

const PASSWORD = "bench-user-password-0123";
const root = path.resolve(import.meta.dirname, "../..");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function main(args: string[]) {
  const streams = Number(args[0] ?? 1_000);
  const idleSeconds = Number(args[1] ?? 10);
  const events = Number(args[2] ?? 200);
  const server = process.env.TEST_POSTGRES_URL;
  if (!server) throw new Error("Set TEST_POSTGRES_URL (npm test starts one; see README)");
  const { url, drop: dropDatabase } = await createScratchDatabase(server, "atelier_progress");
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  const bench = new pg.Client({ connectionString: url });
  const sockets: http.ClientRequest[] = [];
  try {
    child = spawn(process.execPath, ["server.mjs"], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: undefined,
        DATABASE_URL: url,
        DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "atelier-progress-bench-")),
        PORT: String(port),
        PUBLIC_URL: base,
        LOG_LEVEL: "warn",
        DEMO_USER_PASSWORD: PASSWORD,
        // Web only: no worker touches the rows, so the only queries are the streams' and the shell's.
        JOB_WORKERS: "false",
      } as NodeJS.ProcessEnv,
      stdio: ["ignore", "ignore", "inherit"],
    });
    await waitUntilReady(`${base}/readyz`, child);
    await bench.connect();
    const response = await fetch(`${base}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: base },
      body: JSON.stringify({ email: "demo@atelier.local", password: PASSWORD }),
    });
    if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
    const cookie = response.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const { rows } = await bench.query<{ id: string }>(`select id from "user" where email = 'demo@atelier.local'`);
    const userId = rows[0]!.id;
    const ids = Array.from({ length: streams }, () => randomUUID());
    for (let i = 0; i < ids.length; i += 500) {
      const values = ids
        .slice(i, i + 500)
        .map(
          (id) =>
            `('${id}', '${userId}', 'text', 'running', 'studio', 'Studio', 'a fox', 'natural', '1:1', 512, 512, 512, 1, 1, 0.75, 2, 5)`,
        )
        .join(",");
      await bench.query(
        `insert into generations (id, user_id, mode, status, engine_id, engine_label, prompt, style, aspect_ratio, size, width, height, count, seed, strength, cost, progress) values ${values}`,
      );
    }

    // Open every stream and wait for each one's first event.
    let firstEvents = 0;
    let received = 0;
    const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
    await Promise.all(
      ids.map(
        (id) =>
          new Promise<void>((resolve, reject) => {
            const request = http.get(
              `${base}/api/generations/${id}/events`,
              { agent, headers: { Cookie: cookie, Accept: "text/event-stream" } },
              (res) => {
                if (res.statusCode !== 200) return reject(new Error(`stream ${res.statusCode}`));
                let first = true;
                res.on("data", (chunk: Buffer) => {
                  if (!chunk.toString().includes("event: generation")) return;
                  received++;
                  if (first) {
                    first = false;
                    firstEvents++;
                    resolve();
                  }
                });
              },
            );
            request.on("error", reject);
            sockets.push(request);
          }),
      ),
    );
    const commits = async () => {
      const r = await bench.query<{ n: string }>(
        "select xact_commit::text as n from pg_stat_database where datname = current_database()",
      );
      return Number(r.rows[0]!.n);
    };
    // A connection reports its statistics when it is next busy or after ten idle seconds: let the
    // opening's reads all be counted before the idle window starts.
    await sleep(12_000);
    const idleStart = await commits();
    await sleep(idleSeconds * 1_000);
    const idleEnd = await commits();
    // The bench's own two reads of the counter are transactions too.
    const idlePerSecond = (idleEnd - idleStart - 1) / idleSeconds;

    // Progress events: one update per generation, spread over the streams.
    const receivedBefore = received;
    const eventsStart = await commits();
    for (let i = 0; i < events; i++)
      await bench.query("update generations set progress = $1 where id = $2", [10 + (i % 80), ids[i % ids.length]]);
    const deadline = Date.now() + 10_000;
    while (received - receivedBefore < events && Date.now() < deadline) await sleep(50);
    await sleep(12_000);
    const eventsEnd = await commits();
    const delivered = received - receivedBefore;
    const idleDuringEvents = idlePerSecond * ((12_000 + events * 2) / 1_000);
    const perEvent = (eventsEnd - eventsStart - events - 1 - idleDuringEvents) / events;

    console.log(`progress streams on PostgreSQL: ${firstEvents} of ${streams} open`);
    console.log(
      `idle: ${idlePerSecond.toFixed(1)} queries/s over ${idleSeconds} s (target ≤ 10; before notifications: ${(streams / 0.4).toFixed(0)}/s)`,
    );
    console.log(
      `progress: ${events} updates → ${delivered} events delivered, ${perEvent.toFixed(2)} queries per event in the web process (target ≤ 1)`,
    );
  } finally {
    for (const socket of sockets) socket.destroy();
    await bench.end().catch(() => {});
    if (child) await stopChild(child);
    await dropDatabase();
  }
}
