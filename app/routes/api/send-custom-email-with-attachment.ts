import { requireAdminForApi } from "@server/auth/guards";
import { getDb } from "@server/db/client";
import { handleApi, json, parseWith, readJson, requireMethod } from "@server/http/api";
import { requestInfoContext } from "@server/http/request-context";
import { customEmailWithAttachmentInput, sendCustomEmailWithAttachment } from "@server/notify/custom-email";
import type { Route } from "./+types/send-custom-email-with-attachment";

/** POST /api/send-custom-email-with-attachment {email, subject, message, attachment: {filename, content, encoding}} — administrators only (spec §7). */
export async function action({ request, context }: Route.ActionArgs) {
  return handleApi(
    async () => {
      requireMethod(request, "POST");
      await requireAdminForApi(request);
      const input = parseWith(
        customEmailWithAttachmentInput,
        (await readJson(request, { maxBytes: 8 * 1024 * 1024 })).value,
      );
      await sendCustomEmailWithAttachment(getDb(), input);
      return json({ ok: true }, { status: 202 });
    },
    (error) => context.get(requestInfoContext).log.error({ err: error }, "send-custom-email-with-attachment failed"),
  );
}

export const loader = ({ request }: Route.LoaderArgs) =>
  handleApi(async () => {
    requireMethod(request, "POST");
    return json({});
  });
