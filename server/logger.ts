import pino from "pino";
import { getConfig } from "./config";

/**
 * The root logger; requests log through child loggers that carry the request id. Lines are
 * written to stdout without waiting for the write (pino flushes what is left when the process
 * exits), so a busy server does not stall on its own log.
 */
export const logger = pino(
  {
    level: getConfig().logLevel,
    base: { service: "atelier" },
    redact: { paths: ["req.headers.cookie", "req.headers.authorization", "*.password"], censor: "[redacted]" },
  },
  pino.destination({ dest: 1, sync: false }),
);
export type Logger = pino.Logger;
