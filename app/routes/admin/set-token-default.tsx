/**
 * /admin/set-token-default: the token defaults of generation — the sign-up grant, the cost of an
 * image per mode and size, the per-user limit of concurrent jobs — and the switch that pauses
 * generation; the event and development flags; the allowed domains and redirect hosts; the route
 * rules of the navigation checks. Changes apply to the next request, without a restart, and each
 * is audited.
 */
import { requireAdmin } from "@server/auth/guards";
import { getDb } from "@server/db/client";
import { countActiveGenerations } from "@server/generation/generations";
import { saveDomains } from "@server/admin/settings/domains";
import { changeFlag } from "@server/admin/settings/flags";
import {
  addRouteRule,
  deleteRouteRule,
  listAllRouteRules,
  setRouteRuleEnabled,
} from "@server/admin/settings/route-rules";
import { changeTokenSettings, saveTokenDefaults } from "@server/admin/settings/token-defaults";
import { loadFeatureFlags } from "@server/content/feature-flags";
import { FLAG_KEYS, FLAG_LABELS } from "~/lib/flags";
import { loadSiteSettings } from "@server/content/site-settings";
import { getConfig } from "@server/config";
import { loadTokenSettings } from "@server/generation/token-settings";
import { Coins, PauseCircle, PlayCircle } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { SettingsCard } from "~/components/admin/settings-card";
import { buttonClass } from "~/components/ui/button";
import { IntentButton } from "~/components/ui/intent-button";
import { ActionNotice, TextAreaField, TextField } from "~/components/ui/field";
import { GENERATION_MODES, IMAGE_SIZES, MODE_LABELS, STANDARD_MAX_SIZE } from "~/lib/generation";
import { controlCharacterFields } from "~/lib/plain-text";
import { checkRedirectTarget, redirectRefusalMessage } from "~/lib/redirect-target";
import type { Route } from "./+types/set-token-default";
import { PageHeading, SectionHeading } from "~/components/ui/page-heading";
import { formFailure, refusal } from "~/lib/forms.server";
import { type FormSuccess, formRefill, formValues } from "~/lib/forms";
import { EmptyState } from "~/components/ui/empty-state";

/** The numbers every account lives by, each with its range and what it means. */
const LIMIT_FIELDS = [
  {
    name: "signupGrant",
    label: "Sign-up grant (tokens)",
    min: 0,
    max: 100000,
    hint: "Credited once to every new account.",
  },
  {
    name: "preRegistrationBonus",
    label: "Pre-registration bonus (tokens)",
    min: 0,
    max: 100000,
    hint: "Credited once when a pre-registered email verifies its new account.",
  },
  {
    name: "maxConcurrentJobs",
    label: "Pictures in progress per user",
    min: 1,
    max: 20,
    hint: "Queued or running at once. A member whose plan allows more has the plan’s.",
  },
] as const;

/** The two host lists of the domains form, one per line in a text area. */
const HOST_LISTS = [
  {
    id: "allowed-domains",
    name: "allowedDomains",
    label: "Domains this site answers on",
    hint: "One per line; *.example.com for subdomains. Others get 'Service Unavailable'.",
  },
  {
    id: "redirect-hosts",
    name: "externalRedirectHosts",
    label: "Hosts route rules may send visitors to",
    hint: "External redirects to any other host are refused and logged.",
  },
] as const;

export const meta = () => [{ title: "Settings · Atelier admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const db = getDb();
  const [settings, flags, hosts, rules, active] = await Promise.all([
    loadTokenSettings(db),
    loadFeatureFlags(db),
    loadSiteSettings(db, getConfig()),
    listAllRouteRules(db),
    countActiveGenerations(db),
  ]);
  // Checked as applying the rule checks it: refused when it would not lead where it says today.
  const origin = new URL(request.url).origin;
  return {
    settings,
    flags,
    hosts,
    queued: active.queued,
    running: active.running,
    rules: rules.map((r) => {
      const target = checkRedirectTarget(r.target, { origin, externalHosts: hosts.externalRedirectHosts });
      const refused = target.ok
        ? null
        : {
            label: target.reason === "host-not-allowed" ? "host not allowed" : "unsafe target",
            why: redirectRefusalMessage(target.reason, target.host),
          };
      return {
        id: r.id,
        fromPath: r.fromPath,
        target: r.target,
        permanent: r.permanent,
        enabled: r.enabled,
        note: r.note ?? "",
        refused,
      };
    }),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await request.formData();
  const db = getDb();
  const intent = String(form.get("intent") ?? "");
  const values = formValues(form);
  const done = (message: string) => ({ ok: true, message, intent }) satisfies FormSuccess;
  // Every form here is read by hand (per-mode costs, host lists, a path pattern that allows any
  // character): control characters are refused first, as parseForm refuses them (PostgreSQL refuses NUL).
  const badText = controlCharacterFields(form);
  if (Object.keys(badText).length > 0)
    return formFailure({ form: "Some values need fixing.", fields: badText }, { values, intent });
  try {
    switch (intent) {
      case "flag": {
        const on = values.enabled === "true";
        const key = await changeFlag(db, admin, values.key ?? "", on);
        return done(`${FLAG_LABELS[key]} is ${on ? "on" : "off"}.`);
      }
      case "hosts":
        await saveDomains(db, admin, {
          allowedDomains: values.allowedDomains ?? "",
          externalRedirectHosts: values.externalRedirectHosts ?? "",
        });
        return done("Domains saved. The next request uses them.");
      case "rule-add": {
        const row = await addRouteRule(db, admin, {
          fromPath: values.fromPath ?? "",
          target: values.target ?? "",
          permanent: values.permanent === "on",
          note: values.note ?? "",
        });
        return done(`Rule added: ${row.fromPath} now leads to ${row.target}.`);
      }
      case "rule-enable":
      case "rule-disable": {
        const row = await setRouteRuleEnabled(db, admin, Number(values.id), intent === "rule-enable");
        return done(
          row.enabled
            ? `Rule on: ${row.fromPath} leads to ${row.target}.`
            : `Rule off: ${row.fromPath} is no longer redirected.`,
        );
      }
      case "rule-delete":
        await deleteRouteRule(db, admin, Number(values.id));
        return done("Rule deleted.");
      case "pause":
      case "resume":
        await changeTokenSettings(db, admin, { generationPaused: intent === "pause" });
        return done(intent === "pause" ? "Generation is paused." : "Generation is running again.");
      default:
        await saveTokenDefaults(db, admin, values);
        return done("Saved. New requests use these values now.");
    }
  } catch (error) {
    return refusal(error, { values, intent });
  }
}

export default function AdminSetTokenDefaultPage({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, flags, hosts, queued, running, rules } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const failed = actionData && !actionData.ok ? actionData : null;
  const fields = failed && failed.intent !== "rule-add" ? failed.errors.fields : {};
  // The rule form's own answer: its errors beside its fields, its values typed back in.
  const ruleForm = formRefill(failed?.intent === "rule-add" ? failed : null);
  return (
    <div className="mx-auto max-w-4xl space-y-8">
      <header>
        {/* The menu's word: this page holds more than token defaults (flags, domains, route rules). */}
        <PageHeading>Settings</PageHeading>
        <p className="mt-1 text-ink-soft">
          Token defaults (what new accounts receive, what each picture costs, whether generation runs), feature flags,
          domains and route rules.
        </p>
      </header>
      <ActionNotice answer={actionData} />

      <section className="rounded-2xl border border-line bg-paper-raised p-6" aria-labelledby="pause-heading">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <div>
            <SectionHeading id="pause-heading">
              Generation is {settings.generationPaused ? "paused" : "running"}
            </SectionHeading>
            <p className="text-sm text-ink-soft">
              {queued} queued · {running} running. Pausing refuses new pictures with a message; work already queued
              still finishes.
            </p>
          </div>
          <Form method="post">
            <input type="hidden" name="intent" value={settings.generationPaused ? "resume" : "pause"} />
            <button
              type="submit"
              className={buttonClass({ variant: settings.generationPaused ? "primary" : "secondary" })}
              disabled={busy}
            >
              {settings.generationPaused ? (
                <PlayCircle aria-hidden className="size-4" />
              ) : (
                <PauseCircle aria-hidden className="size-4" />
              )}
              {settings.generationPaused ? "Resume generation" : "Pause generation"}
            </button>
          </Form>
        </div>
      </section>

      <Form method="post" className="space-y-6 rounded-2xl border border-line bg-paper-raised p-6">
        <input type="hidden" name="intent" value="save" />
        <div className="grid gap-4 sm:grid-cols-2">
          {LIMIT_FIELDS.map((field) => (
            <TextField
              key={field.name}
              {...field}
              type="number"
              required
              defaultValue={settings[field.name]}
              error={fields[field.name]}
            />
          ))}
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
                    label={size > STANDARD_MAX_SIZE ? `${size} px (members whose plan includes it)` : `${size} px`}
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
        <SectionHeading id="flags-heading">Events and modes</SectionHeading>
        <p className="text-sm text-ink-soft">
          Event pages exist only while their flag is on; development mode opens the outbox to admins.
        </p>
        <ul className="mt-4 divide-y divide-line" aria-label="Flags">
          {FLAG_KEYS.map((key) => (
            <li key={key} className="flex items-center justify-between gap-4 py-3">
              <span className="font-medium text-ink">
                {FLAG_LABELS[key]}{" "}
                <span className={flags[key] ? "text-sm text-success" : "text-sm text-ink-faint"}>
                  {flags[key] ? "on" : "off"}
                </span>
              </span>
              <Form method="post">
                <input type="hidden" name="intent" value="flag" />
                <input type="hidden" name="key" value={key} />
                <input type="hidden" name="enabled" value={flags[key] ? "false" : "true"} />
                <button
                  type="submit"
                  className={buttonClass({ size: "sm", variant: flags[key] ? "secondary" : "primary" })}
                  disabled={busy}
                  aria-label={`${flags[key] ? "Turn off" : "Turn on"}: ${FLAG_LABELS[key]}`}
                >
                  {flags[key] ? "Turn off" : "Turn on"}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      </section>

      <Form
        method="post"
        className="space-y-4 rounded-2xl border border-line bg-paper-raised p-6"
        aria-labelledby="hosts-heading"
      >
        <input type="hidden" name="intent" value="hosts" />
        <SectionHeading id="hosts-heading">Domains</SectionHeading>
        <div className="grid gap-4 md:grid-cols-2">
          {HOST_LISTS.map(({ id, name, label, hint }) => (
            <TextAreaField
              key={name}
              id={id}
              label={label}
              name={name}
              rows={4}
              defaultValue={hosts[name].join("\n")}
              aria-invalid={fields[name] ? true : undefined}
              error={fields[name]}
              hint={hint}
            />
          ))}
        </div>
        <button type="submit" className={buttonClass({ variant: "secondary" })} disabled={busy}>
          Save domains
        </button>
      </Form>

      <SettingsCard
        headingId="rules-heading"
        title="Route rules"
        className="space-y-4"
        description="Send visitors from one path to another page, or to an address on an allowed redirect host. End a path with /* to include everything below it."
      >
        {rules.length === 0 ? (
          <EmptyState size="card">No rules: every path shows its own page.</EmptyState>
        ) : (
          <div className="relative overflow-x-auto">
            {/* relative: the rows' screen-reader-only labels (position: absolute) stay inside the scrolling box. */}
            <table className="w-full min-w-[40rem] text-left text-sm">
              <caption className="sr-only">Route rules</caption>
              <thead className="text-ink-soft">
                <tr>
                  {["From", "To", "Kind", "State"].map((heading) => (
                    <th key={heading} scope="col" className="py-2 pr-3 font-medium">
                      {heading}
                    </th>
                  ))}
                  <th scope="col" className="py-2 font-medium">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {rules.map((rule) => (
                  <tr key={rule.id}>
                    <td className="py-2 pr-3 font-mono text-xs break-all">{rule.fromPath}</td>
                    <td className="py-2 pr-3 font-mono text-xs break-all">
                      {rule.target}
                      {rule.refused ? (
                        <span
                          title={rule.refused.why}
                          className="ml-2 rounded-full bg-amber-50 px-2 py-0.5 font-sans text-amber-800"
                        >
                          refused: {rule.refused.label}
                        </span>
                      ) : null}
                      {rule.note ? <span className="block font-sans text-ink-soft">{rule.note}</span> : null}
                    </td>
                    <td className="py-2 pr-3">{rule.permanent ? "Permanent (301)" : "Temporary (302)"}</td>
                    <td className="py-2 pr-3">
                      {rule.enabled ? (
                        <span className="text-success">On</span>
                      ) : (
                        <span className="text-ink-faint">Off</span>
                      )}
                    </td>
                    <td className="py-2">
                      <Form method="post" className="flex justify-end gap-2">
                        <input type="hidden" name="id" value={rule.id} />
                        <IntentButton
                          intent={rule.enabled ? "rule-disable" : "rule-enable"}
                          className="text-sm text-ink-soft hover:text-ink hover:underline"
                          aria-label={`${rule.enabled ? "Switch off" : "Switch on"} the rule for ${rule.fromPath}`}
                        >
                          {rule.enabled ? "Switch off" : "Switch on"}
                        </IntentButton>
                        <IntentButton
                          intent="rule-delete"
                          confirm={`Delete the rule for ${rule.fromPath}?`}
                          className="text-sm text-danger hover:underline"
                          aria-label={`Delete the rule for ${rule.fromPath}`}
                        >
                          Delete
                        </IntentButton>
                      </Form>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Form
          method="post"
          noValidate
          className="grid gap-4 border-t border-line pt-4 md:grid-cols-2"
          aria-label="Add a route rule"
          key={ruleForm.failed ? JSON.stringify(ruleForm.values) : `rules-${rules.length}`}
        >
          <input type="hidden" name="intent" value="rule-add" />
          <TextField label="From path" {...ruleForm.field("fromPath")} placeholder="/old-gallery/*" />
          <TextField label="To" {...ruleForm.field("target")} placeholder="/community/list or https://…" />
          <TextField label="Note (optional)" {...ruleForm.field("note")} />
          <label className="flex items-center gap-3 self-end pb-3 text-sm font-medium text-ink">
            <input
              type="checkbox"
              name="permanent"
              defaultChecked={ruleForm.values.permanent === "on"}
              className="size-4"
            />{" "}
            Permanent (301: browsers remember it)
          </label>
          <div className="md:col-span-2">
            <button type="submit" className={buttonClass({ variant: "secondary" })} disabled={busy}>
              Add the rule
            </button>
          </div>
        </Form>
      </SettingsCard>
    </div>
  );
}
