import { requireAdminForApi } from "@server/auth/guards";
import { getDb } from "@server/db/client";
import { handleApi, json, parseWith, readJson, requireMethod } from "@server/http/api";
import { requestInfoContext } from "@server/http/request-context";
import { customEmailInput, sendCustomEmail } from "@server/notify/custom-email";
import type { Route } from "./+types/send-custom-email";

/** POST /api/send-custom-email {email, subject, message} — administrators only (spec §7). */
export async function action({ request, context }: Route.ActionArgs) {
  return handleApi(
    async () => {
      requireMethod(request, "POST");
      await requireAdminForApi(request);
      const input = parseWith(customEmailInput, (await readJson(request)).value);
      await sendCustomEmail(getDb(), input);
      return json({ ok: true }, { status: 202 });
    },
    (error) => context.get(requestInfoContext).log.error({ err: error }, "send-custom-email failed"),
  );
}

export const loader = ({ request }: Route.LoaderArgs) =>
  handleApi(async () => {
    requireMethod(request, "POST");
    return json({});
  });
