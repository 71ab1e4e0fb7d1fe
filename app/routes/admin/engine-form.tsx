/**
 * /admin/engine-form: add an image engine (?kind=a1111|comfyui|openai|stability) or edit one
 * (?id=…). Secrets are write-only: the form says one is saved and a blank field keeps it. For a
 * saved engine the page asks the backend for its models and samplers (a few seconds at most),
 * so the admin picks names the server really has.
 */
import { requireAdmin } from "@server/auth/guards";
import { getDb } from "@server/db/client";
import {
  configurableKinds,
  createEngine,
  type EngineFormInput,
  getEngineForAdmin,
  updateEngine,
} from "@server/admin/engines";
import { listBackendChoices } from "@server/generation/engines/choices";
import { kindInfo } from "@server/generation/engines/kinds";
import type { EngineKind } from "@server/generation/engines/kinds";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { useUnsavedChanges } from "~/components/admin/unsaved-changes";
import { buttonClass } from "~/components/ui/button";
import { FormMessage, inputClass, TextField, ActionNotice, FieldError, FieldLabel } from "~/components/ui/field";
import { controlCharacterFields } from "~/lib/plain-text";
import type { Route } from "./+types/engine-form";
import { PageHeading } from "~/components/ui/page-heading";
import { formFailure, refusal } from "~/lib/forms.server";

export const meta = () => [{ title: "Image engine · Atelier admin" }];

function describeKind(kind: EngineKind) {
  const info = kindInfo(kind);
  return {
    kind,
    title: info.title,
    summary: info.summary,
    defaultUrl: info.defaultUrl,
    urlRequired: info.urlRequired,
    credentialFields: info.credentialFields.map((f) => ({ ...f })),
    settingFields: info.settingFields.map((f) => ({ ...f, options: f.options ? [...f.options] : undefined })),
  };
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const db = getDb();
  const id = url.searchParams.get("id");
  const kinds = configurableKinds().map(describeKind);
  if (id) {
    const engine = await getEngineForAdmin(db, id);
    if (!engine) throw data("No such engine", { status: 404 });
    // The backend's own names (models, samplers) help the admin fill the settings; a slow or dead backend just shows none.
    const choices = engine.kind === "studio" || !engine.enabled ? null : await listBackendChoices(db, engine.id);
    return { engine, kind: describeKind(engine.kind), kinds, choices };
  }
  const requested = url.searchParams.get("kind") as EngineKind | null;
  const kind = requested && configurableKinds().includes(requested) ? requested : configurableKinds()[0]!;
  return { engine: null, kind: describeKind(kind), kinds, choices: null };
}

function readForm(form: FormData, kind: string): EngineFormInput {
  const text = (name: string) => String(form.get(name) ?? "");
  const settings: Record<string, string> = {};
  for (const [key, value] of form.entries()) if (key.startsWith("setting-")) settings[key.slice(8)] = String(value);
  return {
    kind,
    id: text("id"),
    name: text("name"),
    baseUrl: text("baseUrl"),
    username: text("username"),
    password: text("password"),
    apiKey: text("apiKey"),
    clearCredentials: form.get("clearCredentials") === "on",
    settings,
    enabled: form.get("enabled") === "on",
    costMultiplier: text("costMultiplier"),
    timeoutSeconds: text("timeoutSeconds"),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const url = new URL(request.url);
  const form = await request.formData();
  const db = getDb();
  const id = url.searchParams.get("id");
  const existing = id ? await getEngineForAdmin(db, id) : undefined;
  if (id && !existing) return formFailure({ form: "That engine does not exist any more." }, { status: 404 });
  // Read by hand for its per-kind settings, so text with control characters is refused here (PostgreSQL refuses NUL).
  const badText = controlCharacterFields(form);
  if (Object.keys(badText).length > 0) return formFailure({ form: "Some values need fixing.", fields: badText });
  const input = readForm(form, existing?.kind ?? String(form.get("kind") ?? ""));
  try {
    const saved = existing ? await updateEngine(db, admin, existing.id, input) : await createEngine(db, admin, input);
    return redirect(`/admin/engines?saved=${encodeURIComponent(saved.id)}`);
  } catch (error) {
    return refusal(error);
  }
}

export default function AdminEngineFormPage({ loaderData, actionData }: Route.ComponentProps) {
  const { engine, kind, kinds, choices } = loaderData;
  const busy = useNavigation().state === "submitting";
  const fields: Record<string, string> = actionData?.errors.fields ?? {};
  const unsaved = useUnsavedChanges(actionData);
  const isStudio = kind.kind === "studio";
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <header>
        <p className="text-sm text-ink-soft">
          <Link to="/admin/engines" className="hover:underline">
            Image engines
          </Link>{" "}
          /
        </p>
        <PageHeading>{engine ? `Edit ${engine.name}` : "Add an engine"}</PageHeading>
        <p className="mt-1 text-ink-soft">{kind.summary}</p>
      </header>

      {engine ? null : (
        <nav aria-label="Kind of engine" className="flex flex-wrap gap-2">
          {kinds.map((k) => (
            <Link
              key={k.kind}
              to={`/admin/engine-form?kind=${k.kind}`}
              aria-current={k.kind === kind.kind ? "page" : undefined}
              className={buttonClass({ size: "sm", variant: k.kind === kind.kind ? "primary" : "secondary" })}
            >
              {k.title}
            </Link>
          ))}
        </nav>
      )}

      <ActionNotice answer={actionData} />

      <Form
        method="post"
        noValidate
        {...unsaved}
        className="space-y-6 rounded-2xl border border-line bg-paper-raised p-6"
        key={engine?.id ?? kind.kind}
      >
        <input type="hidden" name="kind" value={kind.kind} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Name shown to users"
            name="name"
            required
            maxLength={60}
            defaultValue={engine?.name ?? ""}
            error={fields.name}
            hint="Appears next to every picture it makes."
          />
          {engine ? (
            <div>
              <p className="mb-1.5 text-sm font-medium text-ink">Id</p>
              <p className="py-2 font-mono text-sm text-ink-soft">{engine.id}</p>
            </div>
          ) : (
            <TextField
              label="Id (optional)"
              name="id"
              pattern="[a-z0-9][a-z0-9-]{1,39}"
              error={fields.id}
              hint="Stored with each picture; made from the name when blank."
            />
          )}
          {isStudio ? null : (
            <TextField
              label="Server address"
              name="baseUrl"
              type="url"
              className="sm:col-span-2"
              placeholder={kind.defaultUrl || "http://127.0.0.1:7860"}
              defaultValue={engine?.baseUrl ?? (kind.urlRequired ? "" : kind.defaultUrl)}
              error={fields.baseUrl}
              hint={
                kind.urlRequired
                  ? "Where the server listens, as this machine reaches it."
                  : "Leave as it is unless you use a proxy or a compatible service."
              }
            />
          )}
        </div>

        {kind.credentialFields.length > 0 ? (
          <fieldset className="space-y-4">
            <legend className="font-medium text-ink">Credentials</legend>
            <p className="text-sm text-ink-soft">Stored encrypted; never shown again, not even to admins.</p>
            <div className="grid gap-4 sm:grid-cols-2">
              {kind.credentialFields.map((f) => {
                const saved = engine?.savedSecrets.includes(f.name);
                return (
                  <TextField
                    key={f.name}
                    label={f.label}
                    name={f.name}
                    type={f.secret ? "password" : "text"}
                    autoComplete={f.secret ? "new-password" : "off"}
                    defaultValue={f.secret ? "" : f.name === "username" ? (engine?.username ?? "") : ""}
                    placeholder={saved ? "Saved — leave blank to keep" : ""}
                    error={fields[f.name]}
                  />
                );
              })}
            </div>
            {engine && (engine.savedSecrets.length > 0 || engine.username) ? (
              <label className="flex items-center gap-3 text-sm text-ink">
                <input type="checkbox" name="clearCredentials" className="size-4" /> Forget the saved credentials
              </label>
            ) : null}
            {engine?.credentialsUnreadable ? (
              <FormMessage tone="error">
                The saved credentials cannot be read any more (the secret key changed). Enter them again.
              </FormMessage>
            ) : null}
          </fieldset>
        ) : null}

        {kind.settingFields.length > 0 ? (
          <fieldset className="space-y-4">
            <legend className="font-medium text-ink">Settings</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              {kind.settingFields.map((f) => {
                const value = engine?.settings[f.name] ?? "";
                const suggestions = choices?.lists[f.name];
                if (f.type === "select") {
                  return (
                    <div key={f.name}>
                      <FieldLabel htmlFor={`setting-${f.name}`}>{f.label}</FieldLabel>
                      <select
                        id={`setting-${f.name}`}
                        name={`setting-${f.name}`}
                        defaultValue={value || f.defaultValue}
                        className={inputClass}
                        aria-invalid={fields[`setting-${f.name}`] ? true : undefined}
                      >
                        {(f.options ?? []).map((o) => (
                          <option key={o} value={o}>
                            {o}
                          </option>
                        ))}
                      </select>
                      {fields[`setting-${f.name}`] ? (
                        <FieldError>{fields[`setting-${f.name}`]}</FieldError>
                      ) : f.help ? (
                        <p className="mt-1.5 text-sm text-ink-soft">{f.help}</p>
                      ) : null}
                    </div>
                  );
                }
                return (
                  <TextField
                    key={f.name}
                    label={f.label}
                    name={`setting-${f.name}`}
                    type={f.type === "number" ? "number" : "text"}
                    min={f.min}
                    max={f.max}
                    step={f.type === "number" ? "any" : undefined}
                    defaultValue={value}
                    placeholder={f.defaultValue}
                    list={suggestions?.length ? `choices-${f.name}` : undefined}
                    error={fields[`setting-${f.name}`]}
                    hint={f.help}
                    after={
                      suggestions?.length ? (
                        <datalist id={`choices-${f.name}`}>
                          {suggestions.map((s) => (
                            <option key={s} value={s} />
                          ))}
                        </datalist>
                      ) : null
                    }
                  />
                );
              })}
            </div>
            {choices ? (
              <div className="rounded-xl bg-paper-sunken p-4 text-sm" data-testid="backend-choices">
                {choices.error ? (
                  <p className="text-ink-soft">Could not ask the server for its lists: {choices.error}</p>
                ) : (
                  Object.entries(choices.lists).map(([name, list]) => (
                    <p key={name}>
                      <span className="font-medium text-ink">
                        {kind.settingFields.find((f) => f.name === name)?.label ?? name} on the server:
                      </span>{" "}
                      <span className="text-ink-soft">{list.length ? list.join(", ") : "none"}</span>
                    </p>
                  ))
                )}
              </div>
            ) : null}
          </fieldset>
        ) : null}

        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Token price multiplier"
            name="costMultiplier"
            type="number"
            min={0.1}
            max={10}
            step="0.05"
            defaultValue={engine?.costMultiplier ?? 1}
            error={fields.costMultiplier}
            hint="1 charges the prices on the Settings page; 2 doubles them for pictures this engine makes."
          />
          <TextField
            label="Timeout (seconds)"
            name="timeoutSeconds"
            type="number"
            min={10}
            max={900}
            defaultValue={engine?.timeoutSeconds ?? 180}
            error={fields.timeoutSeconds}
            hint="A picture taking longer is stopped and tried on the next engine."
          />
        </div>
        <label className="flex items-center gap-3 text-sm font-medium text-ink">
          <input type="checkbox" name="enabled" defaultChecked={engine?.enabled ?? true} className="size-4" /> On (takes
          pictures of the modes it is routed to)
        </label>
        <div className="flex gap-3">
          <button type="submit" className={buttonClass({})} disabled={busy}>
            {busy ? "Saving…" : engine ? "Save changes" : "Add the engine"}
          </button>
          <Link to="/admin/engines" className={buttonClass({ variant: "secondary" })}>
            Cancel
          </Link>
        </div>
      </Form>
    </div>
  );
}
