/**
 * /admin/challenges (not in the spec's list, issue 30): community challenges — a title, a theme and
 * rules, three moments in UTC (entries open, entries close, voting closes), how many works each
 * person may enter and how many votes each may give, and optional token prizes for the first three,
 * paid through the ledger when the close job ranks the entries. Every change is audited.
 */
import { requireAdmin } from "@server/auth/guards";
import { createChallenge, deleteChallenge, listChallenges } from "@server/community/challenges";
import { getDb } from "@server/db/client";
import { Form, Link, useNavigation } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { EmptyList } from "~/components/admin/list-page";
import { buttonClass } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { IntentButton } from "~/components/ui/intent-button";
import { When } from "~/components/when";
import { challengeInput, challengePath, PHASE_LABELS } from "~/lib/challenges";
import { formatCount } from "~/lib/format";
import { formRefill, formValues, parseForm, type FormSuccess } from "~/lib/forms";
import { formFailure, refusal } from "~/lib/forms.server";
import type { Route } from "./+types/challenges";

export const meta = () => [{ title: "Challenges · Atelier admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { challenges: await listChallenges(getDb()) };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const db = getDb();
  try {
    if (intent === "create") {
      const parsed = parseForm(form, challengeInput);
      if (!parsed.ok)
        return formFailure(
          { form: "Some fields need fixing.", fields: parsed.errors.fields },
          { values: parsed.values },
        );
      const row = await createChallenge(db, admin, parsed.data);
      return { ok: true, message: `“${row.title}” is saved.` } satisfies FormSuccess;
    }
    if (intent === "delete") {
      await deleteChallenge(db, admin, String(form.get("id") ?? ""));
      return { ok: true, message: "The challenge is deleted." } satisfies FormSuccess;
    }
  } catch (error) {
    return refusal(error, { values: formValues(form) });
  }
  return formFailure({ form: "Unknown action." });
}

export default function AdminChallengesPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const { values: v, field } = formRefill(actionData);
  return (
    <AdminPage
      className="mx-auto max-w-5xl space-y-8"
      title="Challenges"
      description="Themed challenges for the community: people enter their published works while entries are open, then everyone signed in votes. When voting closes, the entries are ranked by votes (ties go to the earlier entry) and the prizes are credited once."
      answer={actionData}
    >
      <section className="rounded-2xl border border-line bg-paper-raised p-6" aria-labelledby="new-challenge">
        <h2 id="new-challenge" className="font-semibold text-ink">
          New challenge
        </h2>
        <Form
          method="post"
          className="mt-4 grid gap-4 sm:grid-cols-2"
          noValidate
          key={actionData?.ok ? actionData.message : "form"}
        >
          <input type="hidden" name="intent" value="create" />
          <TextField label="Title" {...field("title")} maxLength={120} />
          <TextField label="Theme" {...field("theme")} maxLength={200} hint="What entries should show." />
          <TextField
            label="Rules"
            {...field("rules")}
            maxLength={4000}
            className="sm:col-span-2"
            hint="Optional: anything entrants should know."
          />
          <TextField label="Entries open (UTC)" {...field("startsAt")} type="datetime-local" />
          <TextField label="Entries close (UTC)" {...field("entriesCloseAt")} type="datetime-local" />
          <TextField label="Voting closes (UTC)" {...field("votingClosesAt")} type="datetime-local" />
          <TextField
            label="Works each person may enter"
            {...field("entriesPerPerson")}
            type="number"
            min={1}
            max={10}
            defaultValue={v.entriesPerPerson ?? "1"}
          />
          <TextField
            label="Votes each person may give"
            {...field("votesPerPerson")}
            type="number"
            min={1}
            max={50}
            defaultValue={v.votesPerPerson ?? "3"}
          />
          <TextField
            label="Prize, first (tokens)"
            {...field("prizeFirst")}
            type="number"
            min={0}
            defaultValue={v.prizeFirst ?? "0"}
          />
          <TextField
            label="Prize, second (tokens)"
            {...field("prizeSecond")}
            type="number"
            min={0}
            defaultValue={v.prizeSecond ?? "0"}
          />
          <TextField
            label="Prize, third (tokens)"
            {...field("prizeThird")}
            type="number"
            min={0}
            defaultValue={v.prizeThird ?? "0"}
          />
          <label className="flex items-center gap-2 self-end text-sm text-ink">
            <input type="checkbox" name="christmas" defaultChecked={v.christmas === "on"} className="size-4" />
            The christmas event's challenge (shown on its community page while the flag is on)
          </label>
          <div className="flex items-end">
            <button type="submit" className={buttonClass({})} disabled={busy}>
              Create the challenge
            </button>
          </div>
        </Form>
      </section>

      <section aria-labelledby="challenges-heading" className="space-y-3">
        <h2 id="challenges-heading" className="font-semibold text-ink">
          Challenges
        </h2>
        {loaderData.challenges.length === 0 ? (
          <EmptyList>No challenges yet. Create one above.</EmptyList>
        ) : (
          <ul className="space-y-3" aria-label="Challenges">
            {loaderData.challenges.map((c) => (
              <li key={c.id} className="rounded-2xl border border-line bg-paper-raised p-4" aria-label={c.title}>
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="font-semibold text-ink">
                      <Link to={challengePath(c.id)} className="hover:underline">
                        {c.title}
                      </Link>{" "}
                      <span className="text-sm font-normal text-ink-soft">· {PHASE_LABELS[c.phase]}</span>
                    </p>
                    <p className="text-sm text-ink-soft">{c.theme}</p>
                    <p className="text-sm text-ink-soft">
                      Entries <When value={c.startsAt} zone="utc" zoneLabel={false} /> –{" "}
                      <When value={c.entriesCloseAt} zone="utc" zoneLabel={false} /> · voting until{" "}
                      <When value={c.votingClosesAt} zone="utc" /> · {formatCount(c.entries)}{" "}
                      {c.entries === 1 ? "entry" : "entries"}
                      {c.prizes.some((p) => p > 0)
                        ? ` · prizes ${c.prizes.map((p) => formatCount(p)).join(" / ")} tokens`
                        : ""}
                    </p>
                  </div>
                  {c.entries === 0 ? (
                    <Form method="post">
                      <input type="hidden" name="id" value={c.id} />
                      <IntentButton
                        intent="delete"
                        className={buttonClass({ size: "sm", variant: "secondary" })}
                        disabled={busy}
                        aria-label={`Delete ${c.title}`}
                      >
                        Delete
                      </IntentButton>
                    </Form>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </AdminPage>
  );
}
