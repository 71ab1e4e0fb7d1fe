/**
 * /admin/set-token-default: the token defaults of generation — the sign-up grant, the cost of an
 * image per mode and size, the per-user limit of concurrent jobs — and the switch that pauses
 * generation; the event and development flags; the allowed domains and redirect hosts. Changes
 * apply to the next request, without a restart, and each is audited. (Route rules are edited in
 * the database for now.)
 */
import { requireAdmin } from "@server/auth/guards";
import { getDb } from "@server/db/client";
import { generations } from "@server/db/schema";
import { changeFlag, changeHostList, changeTokenSettings, parseHostList } from "@server/admin/settings";
import { isFlagKey, loadFeatureFlags } from "@server/content/feature-flags";
import { FLAG_KEYS, FLAG_LABELS } from "~/lib/flags";
import { loadSiteSettings } from "@server/content/site-settings";
import { getConfig } from "@server/config";
import { loadTokenSettings, tokenSettingsSchema } from "@server/generation/token-settings";
import { count, inArray } from "drizzle-orm";
import { Coins, PauseCircle, PlayCircle } from "lucide-react";
import { data, Form, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { FormMessage, inputClass, TextField } from "~/components/ui/field";
import { GENERATION_MODES, IMAGE_SIZES, MODE_LABELS } from "~/lib/generation";
import type { Route } from "./+types/set-token-default";

export const meta = () => [{ title: "Token defaults · Atelier admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const db = getDb();
  const [settings, flags, hosts, active] = await Promise.all([
    loadTokenSettings(db),
    loadFeatureFlags(db),
    loadSiteSettings(db, getConfig()),
    db
      .select({ status: generations.status, n: count() })
      .from(generations)
      .where(inArray(generations.status, ["queued", "running"]))
      .groupBy(generations.status),
  ]);
  const countOf = (status: string) => active.find((r) => r.status === status)?.n ?? 0;
  return { settings, flags, hosts, queued: countOf("queued"), running: countOf("running") };
}

const whole = (v: FormDataEntryValue | null) => (typeof v === "string" && v.trim() !== "" ? Number(v) : NaN);

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await request.formData();
  const db = getDb();
  const intent = String(form.get("intent") ?? "");
  if (intent === "flag") {
    const key = String(form.get("key") ?? "");
    if (!isFlagKey(key)) return data({ ok: false as const, message: "Unknown flag.", fields: {} as Record<string, string> }, { status: 400 });
    const on = form.get("enabled") === "true";
    await changeFlag(db, admin, key, on);
    return { ok: true as const, message: `${FLAG_LABELS[key]} is ${on ? "on" : "off"}.` };
  }
  if (intent === "hosts") {
    const allowed = parseHostList(String(form.get("allowedDomains") ?? ""));
    const redirects = parseHostList(String(form.get("externalRedirectHosts") ?? ""));
    const fields: Record<string, string> = {};
    if (allowed.error) fields.allowedDomains = allowed.error;
    if (allowed.hosts.length === 0) fields.allowedDomains = "Keep at least one domain, or every visitor gets 'Service Unavailable'";
    if (redirects.error) fields.externalRedirectHosts = redirects.error;
    if (Object.keys(fields).length) return data({ ok: false as const, message: "Some values need fixing.", fields }, { status: 400 });
    await changeHostList(db, admin, "allowed_domains", allowed.hosts);
    await changeHostList(db, admin, "external_redirect_hosts", redirects.hosts);
    return { ok: true as const, message: "Domains saved. The next request uses them." };
  }
  if (intent === "pause" || intent === "resume") {
    await changeTokenSettings(db, admin, { generationPaused: intent === "pause" });
    return { ok: true as const, message: form.get("intent") === "pause" ? "Generation is paused." : "Generation is running again." };
  }
  const candidate = {
    signupGrant: whole(form.get("signupGrant")),
    preRegistrationBonus: whole(form.get("preRegistrationBonus")),
    maxConcurrentJobs: whole(form.get("maxConcurrentJobs")),
    costs: Object.fromEntries(GENERATION_MODES.map((mode) => [mode, Object.fromEntries(IMAGE_SIZES.map((size) => [`${size}`, whole(form.get(`cost-${mode}-${size}`))]))])),
  };
  const parsed = tokenSettingsSchema.omit({ generationPaused: true }).safeParse(candidate);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const name = issue.path[0] === "costs" ? `cost-${String(issue.path[1])}-${String(issue.path[2])}` : String(issue.path[0]);
      fields[name] ??= issue.path[0] === "maxConcurrentJobs" ? "A whole number from 1 to 20" : "A whole number from 0 to 100000";
    }
    return data({ ok: false as const, message: "Some values need fixing.", fields }, { status: 400 });
  }
  await changeTokenSettings(db, admin, parsed.data);
  return { ok: true as const, message: "Saved. New requests use these values now." };
}

export default function AdminSetTokenDefaultPage({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, flags, hosts, queued, running } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const fields = actionData && !actionData.ok ? actionData.fields : {};
  return (
    <div className="mx-auto max-w-4xl space-y-8">
      <header>
        <h1 className="font-display text-3xl font-semibold tracking-tight text-ink">Token defaults</h1>
        <p className="mt-1 text-ink-soft">What new accounts receive, what each picture costs, and whether generation runs.</p>
      </header>
      {actionData ? <FormMessage tone={actionData.ok ? "success" : "error"}>{actionData.message}</FormMessage> : null}

      <section className="rounded-2xl border border-line bg-paper-raised p-6" aria-labelledby="pause-heading">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <div>
            <h2 id="pause-heading" className="font-display text-xl font-semibold text-ink">
              Generation is {settings.generationPaused ? "paused" : "running"}
            </h2>
            <p className="text-sm text-ink-soft">
              {queued} queued · {running} running. Pausing refuses new pictures with a message; work already queued still finishes.
            </p>
          </div>
          <Form method="post">
            <input type="hidden" name="intent" value={settings.generationPaused ? "resume" : "pause"} />
            <button type="submit" className={buttonClass({ variant: settings.generationPaused ? "primary" : "secondary" })} disabled={busy}>
              {settings.generationPaused ? <PlayCircle aria-hidden className="size-4" /> : <PauseCircle aria-hidden className="size-4" />}
              {settings.generationPaused ? "Resume generation" : "Pause generation"}
            </button>
          </Form>
        </div>
      </section>

      <Form method="post" className="space-y-6 rounded-2xl border border-line bg-paper-raised p-6">
        <input type="hidden" name="intent" value="save" />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Sign-up grant (tokens)"
            name="signupGrant"
            type="number"
            min={0}
            max={100000}
            required
            defaultValue={settings.signupGrant}
            error={fields.signupGrant}
            hint="Credited once to every new account."
          />
          <TextField
            label="Pre-registration bonus (tokens)"
            name="preRegistrationBonus"
            type="number"
            min={0}
            max={100000}
            required
            defaultValue={settings.preRegistrationBonus}
            error={fields.preRegistrationBonus}
            hint="Credited once when a pre-registered email verifies its new account."
          />
          <TextField
            label="Pictures in progress per user"
            name="maxConcurrentJobs"
            type="number"
            min={1}
            max={20}
            required
            defaultValue={settings.maxConcurrentJobs}
            error={fields.maxConcurrentJobs}
            hint="Queued or running at once."
          />
        </div>
        <fieldset>
          <legend className="mb-3 flex items-center gap-2 font-medium text-ink">
            <Coins aria-hidden className="size-4 text-accent" /> Tokens per image, by mode and long side
          </legend>
          <div className="grid gap-4 sm:grid-cols-3">
            {GENERATION_MODES.map((mode) => (
              <div key={mode} className="space-y-3 rounded-xl bg-paper-sunken p-4">
                <p className="text-sm font-semibold text-ink">{MODE_LABELS[mode]}</p>
                {IMAGE_SIZES.map((size) => (
                  <TextField
                    key={size}
                    label={`${size} px`}
                    name={`cost-${mode}-${size}`}
                    type="number"
                    min={0}
                    max={100000}
                    required
                    defaultValue={settings.costs[mode][`${size}`]}
                    error={fields[`cost-${mode}-${size}`]}
                  />
                ))}
              </div>
            ))}
          </div>
        </fieldset>
        <button type="submit" className={buttonClass({})} disabled={busy}>
          {busy ? "Saving…" : "Save token defaults"}
        </button>
      </Form>

      <section aria-labelledby="flags-heading" className="rounded-2xl border border-line bg-paper-raised p-6">
        <h2 id="flags-heading" className="font-display text-xl font-semibold text-ink">
          Events and modes
        </h2>
        <p className="text-sm text-ink-soft">Event pages exist only while their flag is on; development mode opens the outbox to admins.</p>
        <ul className="mt-4 divide-y divide-line" aria-label="Flags">
          {FLAG_KEYS.map((key) => (
            <li key={key} className="flex items-center justify-between gap-4 py-3">
              <span className="font-medium text-ink">
                {FLAG_LABELS[key]} <span className={flags[key] ? "text-sm text-success" : "text-sm text-ink-faint"}>{flags[key] ? "on" : "off"}</span>
              </span>
              <Form method="post">
                <input type="hidden" name="intent" value="flag" />
                <input type="hidden" name="key" value={key} />
                <input type="hidden" name="enabled" value={flags[key] ? "false" : "true"} />
                <button type="submit" className={buttonClass({ size: "sm", variant: flags[key] ? "secondary" : "primary" })} disabled={busy} aria-label={`${flags[key] ? "Turn off" : "Turn on"}: ${FLAG_LABELS[key]}`}>
                  {flags[key] ? "Turn off" : "Turn on"}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      </section>

      <Form method="post" className="space-y-4 rounded-2xl border border-line bg-paper-raised p-6" aria-labelledby="hosts-heading">
        <input type="hidden" name="intent" value="hosts" />
        <h2 id="hosts-heading" className="font-display text-xl font-semibold text-ink">
          Domains
        </h2>
        <div className="grid gap-4 md:grid-cols-2">
          <div>
            <label htmlFor="allowed-domains" className="mb-1.5 block text-sm font-medium text-ink">
              Domains this site answers on
            </label>
            <textarea id="allowed-domains" name="allowedDomains" rows={4} defaultValue={hosts.allowedDomains.join("\n")} className={inputClass} aria-invalid={fields.allowedDomains ? true : undefined} />
            {fields.allowedDomains ? <p className="mt-1.5 text-sm font-medium text-danger">{fields.allowedDomains}</p> : <p className="mt-1.5 text-sm text-ink-soft">One per line; *.example.com for subdomains. Others get 'Service Unavailable'.</p>}
          </div>
          <div>
            <label htmlFor="redirect-hosts" className="mb-1.5 block text-sm font-medium text-ink">
              Hosts route rules may send visitors to
            </label>
            <textarea id="redirect-hosts" name="externalRedirectHosts" rows={4} defaultValue={hosts.externalRedirectHosts.join("\n")} className={inputClass} aria-invalid={fields.externalRedirectHosts ? true : undefined} />
            {fields.externalRedirectHosts ? <p className="mt-1.5 text-sm font-medium text-danger">{fields.externalRedirectHosts}</p> : <p className="mt-1.5 text-sm text-ink-soft">External redirects to any other host are refused and logged.</p>}
          </div>
        </div>
        <button type="submit" className={buttonClass({ variant: "secondary" })} disabled={busy}>
          Save domains
        </button>
      </Form>
    </div>
  );
}
