import { json } from "@server/http/api";
import { getBuildInfo } from "@server/ops/build-info";

/** GET /api/version → {version, timestamp}: the running build (spec §7; checked every 60 s). */
export function loader() {
  const { id, timestamp } = getBuildInfo();
  return json({ version: id, timestamp });
}
