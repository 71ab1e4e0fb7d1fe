import { getConfig } from "@server/config";
import { getDb } from "@server/db/client";
import {
  ApiError,
  enforceRateLimit,
  handleApi,
  json,
  jsonError,
  parseWith,
  readJson,
  withIdempotency,
} from "@server/http/api";
import { requestInfoContext } from "@server/http/request-context";
import { addErrorReport, clientErrorReportInput } from "@server/ops/error-reports";
import type { Route } from "./+types/error-reports";

/** Error reports are 16 KB at most: enough for a message and a stack, too little to abuse. */
const MAX_REPORT_BYTES = 16 * 1024;

export function loader() {
  return jsonError(405, "method_not_allowed", "Use POST for this address", { headers: { Allow: "POST" } });
}

/** POST /api/error-reports: stores a browser's error report (spec §3), rate-limited per client. */
export async function action({ request, context }: Route.ActionArgs) {
  const info = context.get(requestInfoContext);
  return handleApi(
    async () => {
      if (request.method !== "POST")
        throw new ApiError("method_not_allowed", "Use POST for this address", { headers: { Allow: "POST" } });
      const db = getDb();
      const { value, text } = await readJson(request, { maxBytes: MAX_REPORT_BYTES });
      const input = parseWith(clientErrorReportInput, value);
      await enforceRateLimit(
        db,
        `error-reports:${info.clientIp}`,
        { limit: getConfig().errorReportsPerMinute, windowMs: 60_000 },
        "Too many error reports; try again later",
      );
      return withIdempotency(db, request, `error-reports:${info.clientIp}`, text, async () => {
        const row = await addErrorReport(db, {
          errorReportByDev: input.error_report_by_dev,
          errorReportBySystem: input.error_report_by_system,
          errorStackReportBySystem: input.error_stack_report_by_system,
          whatPlatform: "Client",
          whatPage: input.what_page,
          whatFunction: input.what_function,
          requestId: info.id,
          userAgent: request.headers.get("user-agent"),
        });
        return json({ id: row.id, created_date: row.createdDate.toISOString() }, { status: 201 });
      });
    },
    (error) => info.log.error({ err: error }, "storing an error report failed"),
  );
}
