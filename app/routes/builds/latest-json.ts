import { json } from "@server/http/api";
import { getBuildInfo } from "@server/ops/build-info";

/** GET /builds/latest.json → {id, timestamp}: the build every open tab compares itself to (spec §4). */
export function loader() {
  return json(getBuildInfo());
}
