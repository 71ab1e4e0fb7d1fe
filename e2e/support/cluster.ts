/**
 * Atelier on several processes, as docs/DEPLOY.md lays it out, for the scale-out walk: one
 * PostgreSQL database of its own, an S3-protocol server for every file, web processes
 * (`node server.mjs`, JOB_WORKERS=false, each with a DATA_DIR of its own so nothing local is
 * shared) and worker processes (`node server.mjs --worker`), behind nginx from Debian running the
 * proxy rules shipped in deploy/nginx/atelier-proxy.conf.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Database, type DatabaseHandle, openDatabase } from "../../server/db/client";
import { freePort } from "../../tests/support/built-server";
import { onTestServer } from "../../tests/support/global-setup";
import { type FakeS3, startFakeS3 } from "../../tests/support/s3-server";
import { DEMO_ADMIN_PASSWORD, DEMO_USER_PASSWORD } from "./env";

const root = path.resolve(import.meta.dirname, "../..");
const NGINX = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((p) => fs.existsSync(p));

export interface Process {
  name: string;
  port?: number;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

export interface Cluster {
  /** nginx's address: what a browser opens. */
  origin: string;
  db: Database;
  /** The cluster's database, for processes started from outside (benchmarks). */
  databaseUrl: string;
  /** The S3-protocol server holding every file (prefix `atelier`). */
  s3: FakeS3;
  webs: Process[];
  workers: Process[];
  /** Starts one more process of the cluster (the same settings as the others). */
  startWeb(port?: number): Promise<Process>;
  startWorker(): Process;
  stop(): Promise<void>;
}

export function hasNginx(): boolean {
  return NGINX !== undefined;
}

async function waitFor(what: string, check: () => Promise<boolean>, process?: Process, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (process && process.child.exitCode !== null) throw new Error(`${process.name} stopped:\n${process.output()}`);
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not happen in time${process ? `:\n${process.output()}` : ""}`);
}

/**
 * Starts the cluster: the web processes listed (the first one also migrates and seeds the demo
 * accounts, the others start once it is ready), the workers, then nginx in front. Unless asked
 * for round robin, web processes after the first are `backup` servers in nginx's upstream, so
 * every request goes to the first while it lives: the walk then knows which process holds a
 * progress stream when it kills it.
 */
export async function startCluster(options: {
  webs: number;
  workers: number;
  /** Share requests among the web processes instead of keeping the later ones as backups (benchmarks). */
  roundRobin?: boolean;
  /** More settings for every process. */
  env?: Record<string, string>;
}): Promise<Cluster> {
  if (!NGINX) throw new Error("nginx is not installed: apt-get install nginx (npm test installs it when run as root)");
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "atelier-cluster-"));
  fs.chmodSync(tmp, 0o777); // nginx's worker processes write their temporary files here
  const dbName = `atelier_cluster_${randomBytes(4).toString("hex")}`;
  await onTestServer(`CREATE DATABASE ${dbName}`);
  const dbUrl = new URL(process.env.TEST_POSTGRES_URL!);
  dbUrl.pathname = `/${dbName}`;
  const s3: FakeS3 = await startFakeS3("cluster-files");
  const nginxPort = await freePort();
  const origin = `http://127.0.0.1:${nginxPort}`;
  const processes: Process[] = [];
  let handle: DatabaseHandle | undefined;
  let nginx: Process | undefined;

  const shared = {
    ...process.env,
    NODE_ENV: "production",
    DATABASE_URL: dbUrl.toString(),
    STORAGE_URL: `s3://${s3.bucket}/atelier`,
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID: s3.credentials.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
    S3_FORCE_PATH_STYLE: "true",
    PUBLIC_URL: origin,
    TRUST_PROXY: "true",
    AUTH_SECRET: "cluster-test-secret-0123456789abcdef-0123",
    DEMO_ADMIN_PASSWORD,
    DEMO_USER_PASSWORD,
    STUDIO_THREADS: "1",
    LOG_LEVEL: "warn",
    ERROR_REPORTS_PER_MINUTE: "1000",
    DRAIN_SECONDS: "1",
    ...options.env,
  };

  const launch = (name: string, args: string[], env: Record<string, string>, port?: number): Process => {
    let output = "";
    const child = spawn(process.execPath, ["server.mjs", ...args], {
      cwd: root,
      env: { ...shared, DATA_DIR: fs.mkdtempSync(path.join(tmp, `${name}-`)), ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout!.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr!.on("data", (d: Buffer) => (output += d.toString()));
    const started: Process = {
      name,
      port,
      child,
      output: () => output,
      exited: new Promise((resolve) => child.on("exit", resolve)),
    };
    processes.push(started);
    return started;
  };

  const webs: Process[] = [];
  const workers: Process[] = [];
  const startWeb = async (port?: number) => {
    const listenOn = port ?? (await freePort());
    const web = launch(`web${webs.length + 1}`, [], { PORT: String(listenOn), JOB_WORKERS: "false" }, listenOn);
    webs.push(web);
    await waitFor(`${web.name} ready`, async () => (await fetch(`http://127.0.0.1:${listenOn}/readyz`)).ok, web);
    return web;
  };
  const startWorker = () => {
    const worker = launch(`worker${workers.length + 1}`, ["--worker"], {});
    workers.push(worker);
    return worker;
  };

  try {
    await startWeb();
    await Promise.all(Array.from({ length: options.webs - 1 }, () => startWeb()));
    for (let i = 0; i < options.workers; i++) startWorker();
    handle = await openDatabase({ kind: "postgres", url: dbUrl.toString() });

    const config = path.join(tmp, "nginx.conf");
    fs.writeFileSync(
      config,
      `daemon off;
worker_processes 1;
pid ${tmp}/nginx.pid;
error_log ${tmp}/nginx-error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${tmp}/client-body;
  proxy_temp_path ${tmp}/proxy;
  fastcgi_temp_path ${tmp}/fastcgi;
  uwsgi_temp_path ${tmp}/uwsgi;
  scgi_temp_path ${tmp}/scgi;
  upstream atelier_web {
${webs.map((w, i) => `    server 127.0.0.1:${w.port} max_fails=1 fail_timeout=5s${i > 0 && !options.roundRobin ? " backup" : ""};`).join("\n")}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${nginxPort};
    include ${path.join(root, "deploy/nginx/atelier-proxy.conf")};
  }
}
`,
    );
    let nginxOutput = "";
    const nginxChild = spawn(NGINX, ["-c", config, "-p", tmp, "-e", `${tmp}/nginx-error.log`], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    nginxChild.stderr!.on("data", (d: Buffer) => (nginxOutput += d.toString()));
    nginx = {
      name: "nginx",
      child: nginxChild,
      output: () =>
        nginxOutput +
        (fs.existsSync(`${tmp}/nginx-error.log`) ? fs.readFileSync(`${tmp}/nginx-error.log`, "utf8") : ""),
      exited: new Promise((resolve) => nginxChild.on("exit", resolve)),
    };
    await waitFor("nginx answering", async () => (await fetch(`${origin}/readyz`)).ok, nginx);
  } catch (error) {
    for (const p of processes) p.child.kill("SIGKILL");
    nginx?.child.kill("SIGKILL");
    await handle?.close();
    await s3.close();
    throw error;
  }

  return {
    origin,
    db: handle.db,
    databaseUrl: dbUrl.toString(),
    s3,
    webs,
    workers,
    startWeb,
    startWorker,
    async stop() {
      nginx?.child.kill("SIGTERM");
      for (const p of processes) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill("SIGTERM");
      await Promise.all([...processes.map((p) => p.exited), nginx?.exited]);
      await handle?.close();
      await s3.close();
      await onTestServer(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      fs.rmSync(tmp, { recursive: true, force: true });
    },
  };
}
