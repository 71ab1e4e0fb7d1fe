/**
 * The profile's webhook (issue 31): one address that hears of every finished job, signed with a
 * secret shown once; the latest deliveries with how each went. Part of the access tokens section.
 */
import { type FormEvent, useState } from "react";
import { useRevalidator } from "react-router";
import { useDialogForm } from "~/components/community/dialog-form";
import { When } from "~/components/when";
import { buttonClass } from "~/components/ui/button";
import { FormMessage, TextField } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { useApiClient } from "~/lib/api-client";
import { checkInput } from "~/lib/forms";
import { type WebhookDeliveryView, type WebhookView, webhookInput } from "~/lib/webhooks";

const STATUS_LABELS: Record<WebhookDeliveryView["status"], string> = {
  pending: "Trying",
  delivered: "Delivered",
  failed: "Failed",
};

export function WebhookSettings({
  webhook,
  deliveries,
}: {
  webhook: WebhookView | null;
  deliveries: WebhookDeliveryView[];
}) {
  const api = useApiClient();
  const revalidator = useRevalidator();
  const { busy, errors, message, send } = useDialogForm();
  const [secret, setSecret] = useState<string | null>(null);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    await send(checkInput(webhookInput, { url: data.get("url") ?? "" }), async (input) => {
      const answer = await api.put<{ secret: string }>("/api/webhook", { json: input });
      setSecret(answer.secret);
      await revalidator.revalidate();
    });
  }

  async function remove() {
    await api.delete("/api/webhook");
    setSecret(null);
    await revalidator.revalidate();
  }

  return (
    <div className="mt-8 border-t border-line pt-6">
      <h3 className="font-semibold text-ink">Webhook</h3>
      <p className="mt-1 text-sm text-ink-soft">
        Atelier calls this address when one of your jobs finishes, with the job as JSON, signed in the{" "}
        <code>Atelier-Signature</code> header: <code>t=…,v1=…</code>, the HMAC-SHA256 of “t.body” with your secret. A
        failed call is tried again for about an hour.
      </p>
      {secret ? (
        <div
          className="mt-3 rounded-2xl border border-accent/30 bg-accent-soft p-3 text-sm"
          data-testid="webhook-secret"
        >
          <p className="font-semibold text-accent-strong">
            Your signing secret. Copy it now: you will not see it again.
          </p>
          <code className="mt-1 block break-all">{secret}</code>
        </div>
      ) : null}
      <form onSubmit={save} noValidate className="mt-3 flex flex-wrap items-end gap-3">
        <TextField
          label="Address"
          name="url"
          type="url"
          defaultValue={webhook?.url ?? ""}
          placeholder="https://example.com/atelier-webhook"
          error={errors.url}
          className="min-w-0 flex-1 basis-64"
        />
        <SubmitButton busy={busy} busyLabel="Saving…" className={buttonClass({ size: "sm", className: "mb-0.5" })}>
          {webhook ? "Save with a new secret" : "Save"}
        </SubmitButton>
        {webhook ? (
          <button
            type="button"
            className={buttonClass({ variant: "secondary", size: "sm", className: "mb-0.5" })}
            onClick={() => void remove()}
          >
            Remove
          </button>
        ) : null}
      </form>
      {message ? (
        <FormMessage tone="error" className="mt-3">
          {message}
        </FormMessage>
      ) : null}
      {deliveries.length > 0 ? (
        <ul className="mt-4 divide-y divide-line text-sm" aria-label="Latest webhook deliveries">
          {deliveries.map((d) => (
            <li key={d.id} className="flex flex-wrap justify-between gap-2 py-1.5 text-ink-soft" data-testid="delivery">
              <span>
                <When value={d.createdAt} style="dateTime" /> · job <code>{d.jobId.slice(0, 8)}</code>
              </span>
              <span>
                <span className={d.status === "failed" ? "font-medium text-danger" : "font-medium text-ink"}>
                  {STATUS_LABELS[d.status]}
                </span>
                {d.responseStatus ? ` · ${d.responseStatus}` : ""} · {d.attempts} {d.attempts === 1 ? "try" : "tries"}
                {d.error && d.status !== "delivered" ? ` · ${d.error}` : ""}
              </span>
            </li>
          ))}
        </ul>
      ) : webhook ? (
        <p className="mt-4 text-sm text-ink-soft">No deliveries yet.</p>
      ) : null}
    </div>
  );
}
