/**
 * /admin/engines: the image engines (built-in Studio and configured AI backends) with their
 * health, breaker state and last error; switching them on and off; and each mode's route, the
 * engines in the order they are tried when one is down. Adding and editing is /admin/engine-form.
 */
import { requireAdmin } from "@server/auth/guards";
import { getDb } from "@server/db/client";
import {
  checkEngineNow,
  deleteEngine,
  engineActivity,
  listEnginesForAdmin,
  listRecentEngineFailures,
  setEngineEnabled,
  setModeRoute,
} from "@server/admin/engines";
import { checkAllEngineHealth } from "@server/generation/engines/catalog";
import { ArrowDown, ArrowUp, CircleAlert, CircleCheck, CircleHelp, Plus, RefreshCw, X, Zap } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { When } from "~/components/when";
import { SettingsCard } from "~/components/admin/settings-card";
import { buttonClass } from "~/components/ui/button";
import { FormMessage, inputClass, ActionNotice } from "~/components/ui/field";
import { GENERATION_MODES, MODE_LABELS, type GenerationMode } from "~/lib/generation";
import type { EditKind } from "~/lib/picture-edits";
import type { Route } from "./+types/engines";
import { PageHeading, SectionHeading } from "~/components/ui/page-heading";
import type { FormSuccess } from "~/lib/forms";
import { refusal, formFailure } from "~/lib/forms.server";
import { EmptyState } from "~/components/ui/empty-state";

export const meta = () => [{ title: "Image engines · Atelier admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const [overview, failures, activity] = await Promise.all([
    listEnginesForAdmin(getDb()),
    listRecentEngineFailures(getDb()),
    engineActivity(getDb()),
  ]);
  const saved = new URL(request.url).searchParams.get("saved");
  return {
    ...overview,
    failures,
    activity,
    saved: saved && overview.engines.some((e) => e.id === saved) ? saved : null,
    now: Date.now(),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await request.formData();
  const db = getDb();
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  try {
    if (intent === "enable" || intent === "disable") {
      const engine = await setEngineEnabled(db, admin, id, intent === "enable");
      return { ok: true, message: `${engine.name} is ${engine.enabled ? "on" : "off"}.` } satisfies FormSuccess;
    }
    if (intent === "delete") {
      await deleteEngine(db, admin, id);
      return { ok: true, message: "Engine deleted. Pictures it made keep its name." } satisfies FormSuccess;
    }
    if (intent === "check") {
      const result = await checkEngineNow(db, id);
      // A failed check is still an answer (200): the page's data reloads, so the engine's health line says the same as the banner.
      return result.ok
        ? ({ ok: true, message: `Healthy: ${result.message}` } satisfies FormSuccess)
        : formFailure({ form: `Not healthy: ${result.message}` }, { status: 200 });
    }
    if (intent === "check-all") {
      await checkAllEngineHealth(db);
      return { ok: true, message: "Checked every engine that is on." } satisfies FormSuccess;
    }
    if (intent === "route") {
      const mode = String(form.get("mode") ?? "") as GenerationMode;
      if (!GENERATION_MODES.includes(mode)) return formFailure({ form: "Unknown mode." });
      const ids = form.getAll("engine").map(String).filter(Boolean);
      const added = form.get("add");
      if (added !== null) {
        if (!added) return formFailure({ form: `Choose an engine to add to ${MODE_LABELS[mode]} first.` });
        ids.push(String(added));
      }
      await setModeRoute(db, admin, mode, ids);
      return {
        ok: true,
        message: ids.length
          ? `${MODE_LABELS[mode]} now tries ${ids.join(" → ")}.`
          : `${MODE_LABELS[mode]} follows the server's default engine again.`,
      } satisfies FormSuccess;
    }
  } catch (error) {
    return refusal(error);
  }
  return formFailure({ form: "Unknown action." });
}

/** Engine times are the server's and the logs': UTC, like the rest of the back office. */
function when(iso: string | null) {
  return iso ? <When value={iso} zone="utc" /> : "never";
}

export default function AdminEnginesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { engines, routes, routed, failures, activity, saved, now } = loaderData;
  const busy = useNavigation().state === "submitting";
  const nameOf = (id: string) => engines.find((e) => e.id === id)?.name ?? id;
  return (
    <div className="mx-auto max-w-5xl space-y-8">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <PageHeading>Image engines</PageHeading>
          <p className="mt-1 text-ink-soft">
            Where pictures are made. Each mode tries its engines in order and moves on when one is down.
          </p>
        </div>
        <div className="flex gap-2">
          <Form method="post">
            <button
              type="submit"
              name="intent"
              value="check-all"
              className={buttonClass({ variant: "secondary" })}
              disabled={busy}
            >
              <RefreshCw aria-hidden className="size-4" /> Check all
            </button>
          </Form>
          <Link to="/admin/engine-form" className={buttonClass({})}>
            <Plus aria-hidden className="size-4" /> Add an engine
          </Link>
        </div>
      </header>
      {actionData ? (
        <ActionNotice answer={actionData} />
      ) : saved ? (
        <FormMessage tone="success">Saved {nameOf(saved)}.</FormMessage>
      ) : null}

      <section aria-labelledby="engines-heading" className="space-y-3">
        <SectionHeading id="engines-heading">Engines</SectionHeading>
        <ul className="grid gap-4 md:grid-cols-2" aria-label="Engines">
          {engines.map((engine) => {
            const open = engine.circuitOpenUntil !== null && new Date(engine.circuitOpenUntil).getTime() > now;
            return (
              <li
                key={engine.id}
                className="flex flex-col gap-3 rounded-2xl border border-line bg-paper-raised p-5"
                aria-label={engine.name}
              >
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="font-semibold text-ink">{engine.name}</p>
                    <p className="text-sm text-ink-soft">
                      {engine.kindTitle} · <span className="font-mono text-xs">{engine.id}</span>
                    </p>
                    {engine.baseUrl ? (
                      <p className="truncate font-mono text-xs text-ink-soft">{engine.baseUrl}</p>
                    ) : null}
                  </div>
                  <span
                    className={
                      engine.enabled
                        ? "rounded-full bg-emerald-50 px-2.5 py-0.5 text-sm text-emerald-800"
                        : "rounded-full bg-paper-sunken px-2.5 py-0.5 text-sm text-ink-soft"
                    }
                  >
                    {engine.enabled ? "On" : "Off"}
                  </span>
                </div>
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                  <dt className="text-ink-soft">Health</dt>
                  <dd data-testid={`health-${engine.id}`} className="flex items-start gap-1.5">
                    {engine.healthOk === true || (engine.healthOk === null && engine.kind === "studio") ? (
                      <CircleCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-success" />
                    ) : engine.healthOk === false ? (
                      <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-danger" />
                    ) : (
                      <CircleHelp aria-hidden className="mt-0.5 size-4 shrink-0 text-ink-faint" />
                    )}
                    <span className="break-words">
                      {engine.healthOk === null
                        ? engine.builtIn || engine.kind === "studio"
                          ? "Runs in this process"
                          : "Not checked yet"
                        : engine.healthMessage}
                      {engine.healthCheckedAt ? (
                        <span className="block text-xs text-ink-soft">checked {when(engine.healthCheckedAt)}</span>
                      ) : null}
                    </span>
                  </dd>
                  {open ? (
                    <>
                      <dt className="text-ink-soft">Breaker</dt>
                      <dd className="text-amber-800">
                        Skipped until {when(engine.circuitOpenUntil)} after {engine.consecutiveFailures} failures in a
                        row
                      </dd>
                    </>
                  ) : null}
                  {engine.lastError ? (
                    <>
                      <dt className="text-ink-soft">Last error</dt>
                      <dd className="break-words">
                        <span className="font-mono text-xs">{engine.lastError}</span>
                        <span className="block text-xs text-ink-soft">{when(engine.lastErrorAt)}</span>
                      </dd>
                    </>
                  ) : null}
                  {engine.credentialsUnreadable ? (
                    <>
                      <dt className="text-ink-soft">Credentials</dt>
                      <dd className="text-danger">
                        Cannot be read any more (the secret key changed): enter them again.
                      </dd>
                    </>
                  ) : null}
                  <dt className="text-ink-soft">7 days</dt>
                  <dd data-testid={`activity-${engine.id}`}>
                    {activity[engine.id]?.succeeded ?? 0} made · {activity[engine.id]?.failed ?? 0} failed
                  </dd>
                  <dt className="text-ink-soft">Edits</dt>
                  <dd data-testid={`edits-${engine.id}`}>{editsLabel(engine.edits)}</dd>
                  <dt className="text-ink-soft">Prices</dt>
                  <dd>
                    ×{engine.costMultiplier} · timeout {engine.timeoutSeconds} s
                  </dd>
                  {GENERATION_MODES.some((m) => routes[m].includes(engine.id)) ? null : (
                    <>
                      <dt className="text-ink-soft">Routes</dt>
                      <dd className="text-amber-800">In no route yet: add it to a mode below to use it.</dd>
                    </>
                  )}
                </dl>
                <div className="mt-auto flex flex-wrap gap-2 border-t border-line pt-3">
                  <Link
                    to={`/admin/engine-form?id=${encodeURIComponent(engine.id)}`}
                    className={buttonClass({ size: "sm", variant: "secondary" })}
                    aria-label={`Edit ${engine.name}`}
                  >
                    Edit
                  </Link>
                  <Form method="post" className="contents">
                    <input type="hidden" name="id" value={engine.id} />
                    <button
                      type="submit"
                      name="intent"
                      value="check"
                      className={buttonClass({ size: "sm", variant: "secondary" })}
                      disabled={busy}
                      aria-label={`Check now: ${engine.name}`}
                    >
                      <Zap aria-hidden className="size-4" /> Check now
                    </button>
                    <button
                      type="submit"
                      name="intent"
                      value={engine.enabled ? "disable" : "enable"}
                      className={buttonClass({ size: "sm", variant: "secondary" })}
                      disabled={busy}
                      aria-label={`${engine.enabled ? "Switch off" : "Switch on"} ${engine.name}`}
                    >
                      {engine.enabled ? "Switch off" : "Switch on"}
                    </button>
                    {engine.builtIn || engine.kind === "studio" ? null : (
                      <button
                        type="submit"
                        name="intent"
                        value="delete"
                        onClick={(e) =>
                          window.confirm(`Delete ${engine.name}? Its routes go too; pictures it made stay.`)
                            ? undefined
                            : e.preventDefault()
                        }
                        className="ml-auto text-sm text-danger hover:underline"
                        aria-label={`Delete ${engine.name}`}
                      >
                        Delete
                      </button>
                    )}
                  </Form>
                </div>
              </li>
            );
          })}
        </ul>
      </section>

      <SettingsCard
        headingId="routes-heading"
        title="Routes"
        className="space-y-4"
        description="The first engine that is on and reachable takes each picture, at its price; when it is down the next one does. An engine that keeps failing is skipped for a while."
      >
        <div className="grid gap-4 md:grid-cols-3">
          {GENERATION_MODES.map((mode) => {
            const ids = routes[mode];
            const others = engines.filter((e) => !ids.includes(e.id));
            const post = (order: string[], label: string, content: React.ReactNode, extra?: string) => (
              <Form method="post" className="inline">
                <input type="hidden" name="intent" value="route" />
                <input type="hidden" name="mode" value={mode} />
                {order.map((id) => (
                  <input key={id} type="hidden" name="engine" value={id} />
                ))}
                <button
                  type="submit"
                  className={
                    extra ?? "rounded p-1 text-ink-soft hover:bg-paper-sunken hover:text-ink disabled:opacity-40"
                  }
                  disabled={busy}
                  aria-label={label}
                >
                  {content}
                </button>
              </Form>
            );
            return (
              <div key={mode} className="space-y-3 rounded-xl bg-paper-sunken p-4" data-testid={`route-${mode}`}>
                <p className="font-semibold text-ink">{MODE_LABELS[mode]}</p>
                {!routed[mode] ? (
                  <p className="text-xs text-ink-soft">The server's own default until you save a route here.</p>
                ) : null}
                {mode === "image" ? (
                  <p className="text-xs text-ink-soft" data-testid="route-edits">
                    {editRouteNote(ids, engines)}
                  </p>
                ) : null}
                <ol className="space-y-2">
                  {ids.map((id, index) => {
                    const engine = engines.find((e) => e.id === id);
                    const swap = (a: number, b: number) =>
                      ids.map((x, i) => (i === a ? ids[b]! : i === b ? ids[a]! : x));
                    return (
                      <li key={id} className="flex items-center gap-2 rounded-lg bg-paper-raised px-3 py-2 text-sm">
                        <span className="w-5 text-ink-soft">{index + 1}.</span>
                        <span
                          className={
                            engine?.enabled === false ? "flex-1 text-ink-faint line-through" : "flex-1 text-ink"
                          }
                        >
                          {nameOf(id)}
                        </span>
                        {index > 0
                          ? post(
                              swap(index, index - 1),
                              `Move ${nameOf(id)} up for ${MODE_LABELS[mode]}`,
                              <ArrowUp aria-hidden className="size-4" />,
                            )
                          : null}
                        {index < ids.length - 1
                          ? post(
                              swap(index, index + 1),
                              `Move ${nameOf(id)} down for ${MODE_LABELS[mode]}`,
                              <ArrowDown aria-hidden className="size-4" />,
                            )
                          : null}
                        {routed[mode]
                          ? post(
                              ids.filter((x) => x !== id),
                              `Remove ${nameOf(id)} from ${MODE_LABELS[mode]}`,
                              <X aria-hidden className="size-4" />,
                            )
                          : null}
                      </li>
                    );
                  })}
                </ol>
                {others.length > 0 ? (
                  <Form method="post" className="flex gap-2">
                    <input type="hidden" name="intent" value="route" />
                    <input type="hidden" name="mode" value={mode} />
                    {(routed[mode] ? ids : ids.filter((id) => engines.some((e) => e.id === id))).map((id) => (
                      <input key={id} type="hidden" name="engine" value={id} />
                    ))}
                    <label className="sr-only" htmlFor={`add-${mode}`}>
                      Engine to add to {MODE_LABELS[mode]}
                    </label>
                    <select id={`add-${mode}`} name="add" required className={inputClass} defaultValue="">
                      <option value="" disabled>
                        Add an engine…
                      </option>
                      {others.map((e) => (
                        <option key={e.id} value={e.id}>
                          {e.name}
                        </option>
                      ))}
                    </select>
                    <button
                      type="submit"
                      className={buttonClass({ size: "sm", variant: "secondary" })}
                      disabled={busy}
                      aria-label={`Add to ${MODE_LABELS[mode]}`}
                    >
                      Add
                    </button>
                  </Form>
                ) : null}
              </div>
            );
          })}
        </div>
      </SettingsCard>

      <SettingsCard
        headingId="failures-heading"
        title="Recent failures"
        className="space-y-3"
        description="The last pictures that failed, with what the person was told and what the backend said. Their tokens were refunded."
      >
        {failures.length === 0 ? (
          <EmptyState size="card">No failed pictures.</EmptyState>
        ) : (
          <ul className="divide-y divide-line text-sm" aria-label="Recent failures">
            {failures.map((f) => (
              <li key={f.generationId} className="space-y-1 py-3">
                <p className="flex flex-wrap gap-x-3 text-ink">
                  <span className="font-medium">{f.engineLabel}</span>
                  <span className="text-ink-soft">{f.mode}</span>
                  <span className="text-ink-soft">{when(f.finishedAt)}</span>
                </p>
                <p className="text-ink-soft">Told the user: {f.error ?? "—"}</p>
                {f.detail ? <p className="font-mono text-xs break-words text-ink">{f.detail}</p> : null}
              </li>
            ))}
          </ul>
        )}
      </SettingsCard>
    </div>
  );
}

/** What an engine card says of its edits (issue 31). */
function editsLabel(edits: readonly EditKind[]): string {
  if (edits.length === 0) return "None: pictures are never sent here to repaint or widen";
  return edits.map((kind) => (kind === "inpaint" ? "Repaints a part" : "Widens")).join(" · ");
}

/** Edits follow image to art's route, skipping the engines that do not make them. */
function editRouteNote(
  ids: readonly string[],
  engines: readonly { id: string; name: string; edits: EditKind[] }[],
): string {
  const editing = ids
    .map((id) => engines.find((e) => e.id === id))
    .filter((e) => e !== undefined && e.edits.length > 0)
    .map((e) => e!.name);
  return editing.length > 0
    ? `Edits of a picture (repaint, widen) go to ${editing.join(", then ")}: the engines of this route that make them.`
    : "No engine in this route edits pictures: repainting and widening are off until one does.";
}
