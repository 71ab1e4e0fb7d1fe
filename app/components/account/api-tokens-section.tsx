/**
 * The profile's personal access tokens (issue 31): make one with a name, scopes and an expiry — it
 * is shown once, to copy — see each one's last use, revoke it at once. The API they open is
 * described on /developers.
 */
import { Copy, KeyRound } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { ProfileSection } from "~/components/account/profile-section";
import { apiFailure } from "~/components/community/artwork-fields";
import { useDialogForm } from "~/components/community/dialog-form";
import { ConfirmDialog } from "~/components/community/modal";
import { When } from "~/components/when";
import { buttonClass } from "~/components/ui/button";
import { FieldError, FieldLabel, FormMessage, TextField } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { useApiClient } from "~/lib/api-client";
import {
  API_SCOPE_LABELS,
  API_SCOPES,
  type ApiTokenView,
  apiTokenInput,
  TOKEN_LIFETIME_LABELS,
  TOKEN_LIFETIMES,
  TOKEN_NAME_MAX,
} from "~/lib/api-tokens";
import { checkInput } from "~/lib/forms";
import type { WebhookDeliveryView, WebhookView } from "~/lib/webhooks";
import { WebhookSettings } from "./webhook-settings";

export function ApiTokensSection({
  tokens,
  webhook,
}: {
  tokens: ApiTokenView[];
  webhook: { webhook: WebhookView | null; deliveries: WebhookDeliveryView[] };
}) {
  const api = useApiClient();
  const revalidator = useRevalidator();
  const id = useId();
  const { busy, errors, message, send } = useDialogForm();
  const [made, setMade] = useState<{ token: string; name: string } | null>(null);
  const [copied, setCopied] = useState(false);
  const [revoking, setRevoking] = useState<ApiTokenView | null>(null);
  const [revokeError, setRevokeError] = useState<string | null>(null);
  const [revokeBusy, setRevokeBusy] = useState(false);

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const checked = checkInput(apiTokenInput, {
      name: data.get("name") ?? "",
      scopes: data.getAll("scopes"),
      expiresIn: data.get("expiresIn") ?? undefined,
    });
    await send(checked, async (input) => {
      const answer = await api.post<{ token: string; view: ApiTokenView }>("/api/access-tokens", { json: input });
      setMade({ token: answer.token, name: answer.view.name });
      setCopied(false);
      form.reset();
      await revalidator.revalidate();
    });
  }

  async function revoke(token: ApiTokenView) {
    setRevokeBusy(true);
    setRevokeError(null);
    try {
      await api.delete(`/api/access-tokens/${token.id}`);
      setRevoking(null);
      await revalidator.revalidate();
    } catch (e) {
      setRevokeError(apiFailure(e).message);
    } finally {
      setRevokeBusy(false);
    }
  }

  return (
    <ProfileSection Icon={KeyRound} title="Access tokens for the API">
      <p className="text-sm text-ink-soft">
        A script, a bot or a plugin can make pictures for you with a token: it sends it as{" "}
        <code className="rounded bg-paper-sunken px-1">Authorization: Bearer atl_…</code>. See{" "}
        <Link to="/developers" className="font-medium text-accent underline-offset-4 hover:underline">
          the API's documentation
        </Link>
        . Treat a token like a password: whoever has it can use your tokens.
      </p>

      {made ? (
        <div className="mt-4 grid gap-2 rounded-2xl border border-accent/30 bg-accent-soft p-4" data-testid="new-token">
          <p className="text-sm font-semibold text-accent-strong">
            Your token “{made.name}”. Copy it now: you will not see it again.
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <code className="min-w-0 flex-1 break-all rounded-lg bg-paper px-3 py-2 text-sm">{made.token}</code>
            <button
              type="button"
              className={buttonClass({ variant: "secondary", size: "sm" })}
              onClick={() => {
                void navigator.clipboard?.writeText(made.token).then(() => setCopied(true));
              }}
            >
              <Copy aria-hidden className="size-4" /> {copied ? "Copied" : "Copy"}
            </button>
          </div>
        </div>
      ) : null}

      <form onSubmit={create} noValidate className="mt-4 grid gap-4 sm:grid-cols-2">
        <TextField
          label="Name"
          name="name"
          maxLength={TOKEN_NAME_MAX}
          placeholder="My batch script"
          error={errors.name}
          className="sm:col-span-2"
        />
        <fieldset aria-describedby={errors.scopes ? `${id}-scopes-error` : undefined}>
          <legend className="mb-1.5 block text-sm font-medium text-ink">It may</legend>
          <div className="grid gap-1.5">
            {API_SCOPES.map((scope) => (
              <label key={scope} className="flex items-start gap-2 text-sm text-ink">
                <input
                  type="checkbox"
                  name="scopes"
                  value={scope}
                  defaultChecked={scope !== "publish"}
                  className="mt-1 accent-[var(--color-accent)]"
                />
                {API_SCOPE_LABELS[scope]}
              </label>
            ))}
          </div>
          <FieldError id={`${id}-scopes-error`}>{errors.scopes}</FieldError>
        </fieldset>
        <div>
          <FieldLabel htmlFor={`${id}-expires`}>Expires after</FieldLabel>
          <select
            id={`${id}-expires`}
            name="expiresIn"
            defaultValue="90"
            className="block w-full rounded-xl border border-line bg-paper-raised px-3.5 py-2.5 text-ink shadow-sm"
          >
            {TOKEN_LIFETIMES.map((lifetime) => (
              <option key={lifetime} value={lifetime}>
                {TOKEN_LIFETIME_LABELS[lifetime]}
              </option>
            ))}
          </select>
          <FieldError>{errors.expiresIn}</FieldError>
        </div>
        {message ? (
          <FormMessage tone="error" className="sm:col-span-2">
            {message}
          </FormMessage>
        ) : null}
        <div className="sm:col-span-2">
          <SubmitButton busy={busy} busyLabel="Making the token…" className={buttonClass({ size: "sm" })}>
            Make a token
          </SubmitButton>
        </div>
      </form>

      {tokens.length === 0 ? (
        <p className="mt-6 text-sm text-ink-soft">No tokens yet.</p>
      ) : (
        <ul className="mt-6 grid gap-3" aria-label="Your access tokens">
          {tokens.map((token) => (
            <li
              key={token.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-line p-3"
              data-testid="access-token"
            >
              <div className="min-w-0 text-sm">
                <p className="font-semibold text-ink">
                  {token.name} <code className="font-normal text-ink-soft">{token.prefix}…</code>
                  {token.active ? null : (
                    <span className="ml-2 rounded-full bg-paper-sunken px-2 py-0.5 text-xs font-medium text-ink-soft">
                      {token.revokedAt ? "Revoked" : "Expired"}
                    </span>
                  )}
                </p>
                <p className="text-ink-soft">
                  {token.scopes.join(", ")} · made <When value={token.createdAt} style="date" />
                  {token.expiresAt ? (
                    <>
                      {" "}
                      · {token.active ? "expires" : "expired"} <When value={token.expiresAt} style="date" />
                    </>
                  ) : (
                    " · no expiry"
                  )}{" "}
                  ·{" "}
                  {token.lastUsedAt ? (
                    <>
                      last used <When value={token.lastUsedAt} style="dateTime" />
                    </>
                  ) : (
                    "never used"
                  )}
                </p>
              </div>
              {token.active ? (
                <button
                  type="button"
                  className={buttonClass({ variant: "secondary", size: "sm" })}
                  onClick={() => {
                    setRevokeError(null);
                    setRevoking(token);
                  }}
                  aria-label={`Revoke ${token.name}`}
                >
                  Revoke
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}

      <WebhookSettings webhook={webhook.webhook} deliveries={webhook.deliveries} />

      <ConfirmDialog
        open={revoking !== null}
        onClose={() => setRevoking(null)}
        title={`Revoke “${revoking?.name ?? ""}”?`}
        error={revokeError}
        busy={revokeBusy}
        action="Revoke the token"
        onConfirm={() => revoking && void revoke(revoking)}
      >
        Scripts that use it stop working at once. This cannot be undone: make a new token if you need one again.
      </ConfirmDialog>
    </ProfileSection>
  );
}
