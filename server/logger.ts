import pino from "pino";
import { getConfig } from "./config";

/** The root logger; requests log through child loggers that carry the request id. */
export const logger = pino({
  level: getConfig().logLevel,
  base: { service: "atelier" },
  redact: { paths: ["req.headers.cookie", "req.headers.authorization", "*.password"], censor: "[redacted]" },
});
export type Logger = pino.Logger;
