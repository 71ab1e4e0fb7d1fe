/**
 * A real S3-protocol server on 127.0.0.1 for tests (`@20minutes/s3rver`: SigV4 signatures are
 * checked, objects kept on disk), with an empty bucket ready.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "@20minutes/s3rver";
import type { S3Client } from "@aws-sdk/client-s3";

export interface FakeS3 {
  endpoint: string;
  bucket: string;
  /** s3rver's fixed credentials. */
  credentials: { accessKeyId: string; secretAccessKey: string };
  close(): Promise<void>;
}

export async function startFakeS3(bucket = "atelier-test"): Promise<FakeS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "atelier-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: !process.env.S3RVER_LOG,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const address = await server.run();
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    bucket,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * s3rver signs a bucket's own address as "/bucket" (as the v2 SDK sent it); the v3 SDK sends and
 * signs "/bucket/" for bucket-level calls (list). Real S3 takes both, so the test client sends the
 * form s3rver expects; everything else about the client is the one Atelier uses.
 */
export function speakToS3rver(client: S3Client): S3Client {
  client.middlewareStack.add(
    (next) => async (args) => {
      const request = args.request as { path?: string };
      if (request.path && /^\/[^/]+\/$/.test(request.path)) request.path = request.path.slice(0, -1);
      return next(args);
    },
    { step: "build", name: "s3rverBucketPath" },
  );
  return client;
}
