/**
 * Operators' commands (`npm run migrate-to-postgres`, `npm run backup`, `npm run restore`),
 * bundled on the fly by scripts/ops.mjs. Each prints what it did and exits non-zero, with the
 * reason in one line, when it refuses or fails.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../config";
import { backupInstall, restoreInstall } from "./backup";
import { MoveRefused, moveToPostgres } from "./move-to-postgres";

const USAGE = `Usage:
  npm run migrate-to-postgres -- --to postgres://user:pass@host/db [--storage s3://bucket/prefix] [--data-dir DIR]
      Copies the embedded install in DATA_DIR (stopped) into an empty PostgreSQL database, and its
      files into the bucket when --storage is given (S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE as for the server), then checks both.
  npm run backup -- --out DIR
      The database (embedded: stopped; PostgreSQL: pg_dump) and the local files into DIR.
  npm run restore -- --from DIR
      Puts a backup back into an empty DATA_DIR or an empty DATABASE_URL database.`;

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: {
      to: { type: "string" },
      storage: { type: "string" },
      "data-dir": { type: "string" },
      out: { type: "string" },
      from: { type: "string" },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help || !command) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const env = { ...process.env, ...(values["data-dir"] ? { DATA_DIR: values["data-dir"] } : {}) };
  const log = (line: string) => console.log(line);
  try {
    if (command === "migrate-to-postgres") {
      if (!values.to?.startsWith("postgres")) throw new MoveRefused("--to postgres://… is required");
      const config = loadConfig({ ...env, ...(values.storage ? { STORAGE_URL: values.storage } : {}) });
      const report = await moveToPostgres({ dataDir: config.dataDir, to: values.to, storage: config.s3, log });
      console.log(
        `Moved ${report.tables.length} tables${report.files ? ` and ${report.files.count} files` : ""}, all checked.\n` +
          `Start Atelier on it with DATABASE_URL=${redact(values.to)}` +
          (values.storage
            ? ` STORAGE_URL=${values.storage}`
            : ` (files stay in ${path.join(config.dataDir, "files")})`),
      );
      return 0;
    }
    if (command === "backup" || command === "restore") {
      const folder = command === "backup" ? values.out : values.from;
      if (!folder) throw new MoveRefused(`--${command === "backup" ? "out" : "from"} DIR is required`);
      const config = loadConfig(env);
      if (command === "backup") await backupInstall(config, path.resolve(folder), log);
      else await restoreInstall(config, path.resolve(folder), log);
      return 0;
    }
    console.error(`Unknown command "${command}".\n${USAGE}`);
    return 2;
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 1;
  }
}

/** A connection string without its password, for printing. */
function redact(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@]*@/, "//$1:***@");
}
