/**
 * /admin/plans (not in the spec's list, issue 41): the membership plans of the pricing page — each
 * with its monthly and yearly price, tokens each month, perks and live members; the editor below
 * the list adds a plan, or with `?id=` changes one. A plan is retired (no longer sold; its members
 * keep it until they change) or put back on sale; only a plan nobody was ever on can be deleted.
 * Every change is audited.
 */
import { requireAdmin } from "@server/auth/guards";
import {
  PLAN_SIZES,
  createPlan,
  deletePlan,
  getPlanForAdmin,
  listPlansForAdmin,
  planFormValues,
  readPlanForm,
  restorePlan,
  retirePlan,
  updatePlan,
} from "@server/commerce/memberships/admin-plans";
import { getDb } from "@server/db/client";
import { loadTokenSettings } from "@server/generation/token-settings";
import { Pencil } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { type Column, ExcerptTable } from "~/components/admin/data-table";
import { AddLink } from "~/components/admin/list-page";
import { RowActionButton } from "~/components/admin/row-actions";
import { useUnsavedChanges } from "~/components/admin/unsaved-changes";
import { buttonClass } from "~/components/ui/button";
import { ActionNotice, FieldError, FieldLabel, inputClass, TextField } from "~/components/ui/field";
import { SHOP_CURRENCIES } from "~/lib/admin-products";
import { formatCount, formatMoney } from "~/lib/format";
import { answerOf, type FormAnswer, formRefill, formValues, type FormSuccess } from "~/lib/forms";
import { formFailure, refusal } from "~/lib/forms.server";
import type { Route } from "./+types/plans";

export const meta = () => [{ title: "Plans · Atelier admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const db = getDb();
  const id = new URL(request.url).searchParams.get("id");
  const [rows, editing, settings] = await Promise.all([
    listPlansForAdmin(db),
    id ? getPlanForAdmin(db, id) : null,
    loadTokenSettings(db),
  ]);
  return {
    plans: rows.map((r) => ({
      id: r.id,
      name: r.name,
      currency: r.currency,
      monthlyPriceMinor: r.monthlyPriceMinor,
      yearlyPriceMinor: r.yearlyPriceMinor,
      tokensPerMonth: r.tokensPerMonth,
      maxConcurrentJobs: r.maxConcurrentJobs,
      queuePriority: r.queuePriority,
      maxSize: r.maxSize,
      badge: r.badge,
      members: r.members,
      retired: r.retiredAt !== null,
    })),
    editing: editing
      ? { id: editing.id, name: editing.name, retired: editing.retiredAt !== null, values: planFormValues(editing) }
      : null,
    missing: Boolean(id) && !editing,
    sizes: [...PLAN_SIZES],
    everyoneJobs: settings.maxConcurrentJobs,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  const db = getDb();
  try {
    if (intent === "save") {
      const parsed = readPlanForm(form);
      if (!parsed.ok)
        return formFailure(
          { form: "Some fields need fixing.", fields: parsed.errors.fields },
          { values: parsed.values, intent },
        );
      if (id) {
        const row = await updatePlan(db, admin, id, parsed.data);
        return {
          ok: true,
          intent,
          message: `${row.name} is saved. The pricing page shows it now${row.retiredAt ? " (once it is back on sale)" : ""}.`,
        } satisfies FormSuccess;
      }
      const row = await createPlan(db, admin, parsed.data);
      return { ok: true, intent, message: `${row.name} is on sale on the pricing page.` } satisfies FormSuccess;
    }
    if (intent === "retire") {
      const row = await retirePlan(db, admin, id);
      return {
        ok: true,
        intent,
        message: `${row.name} is retired: no longer sold; its members keep it until they change.`,
      } satisfies FormSuccess;
    }
    if (intent === "restore") {
      const row = await restorePlan(db, admin, id);
      return { ok: true, intent, message: `${row.name} is back on sale.` } satisfies FormSuccess;
    }
    if (intent === "delete") {
      const row = await deletePlan(db, admin, id);
      return { ok: true, intent, message: `${row.name} is deleted.` } satisfies FormSuccess;
    }
  } catch (error) {
    return refusal(error, { values: formValues(form), intent });
  }
  return formFailure({ form: "Unknown action." });
}

type Row = Route.ComponentProps["loaderData"]["plans"][number];

function state(row: Row) {
  return row.retired ? (
    <span className="rounded-full bg-paper-sunken px-2 py-0.5 text-xs text-ink-soft">Retired</span>
  ) : (
    <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs text-success">On sale</span>
  );
}

function perks(row: Row) {
  return (
    <ul className="space-y-0.5 text-ink-soft">
      <li>
        {formatCount(row.maxConcurrentJobs)} {row.maxConcurrentJobs === 1 ? "picture" : "pictures"} at once
      </li>
      <li>{row.queuePriority > 0 ? `Queue priority ${row.queuePriority}` : "No queue priority"}</li>
      <li>
        Up to {row.maxSize} × {row.maxSize}
      </li>
      <li>Badge “{row.badge}”</li>
    </ul>
  );
}

export default function AdminPlansPage({ loaderData, actionData }: Route.ComponentProps) {
  const { plans, editing, missing } = loaderData;
  const editorAnswer = answerOf(actionData, "save");
  // The editor shows its own refusals beside its fields; everything else is said under the header.
  const pageAnswer = editorAnswer && !editorAnswer.ok ? undefined : actionData;
  const columns: Column<Row>[] = [
    {
      key: "name",
      header: "Plan",
      cell: (r) => <span className="font-medium text-ink">{r.name}</span>,
    },
    {
      key: "prices",
      header: "Monthly / yearly",
      align: "right",
      cell: (r) => (
        <span className="whitespace-nowrap">
          {formatMoney(r.monthlyPriceMinor, r.currency)} / {formatMoney(r.yearlyPriceMinor, r.currency)}
        </span>
      ),
    },
    {
      key: "tokens",
      header: "Tokens a month",
      align: "right",
      cell: (r) => formatCount(r.tokensPerMonth),
    },
    { key: "perks", header: "Perks", cell: perks },
    { key: "members", header: "Members", align: "right", cell: (r) => formatCount(r.members) },
    { key: "state", header: "State", cell: state },
    {
      key: "actions",
      header: "Actions",
      cell: (r) => (
        <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <Link
            to={`/admin/plans?id=${r.id}#plan-editor`}
            className="inline-flex items-center gap-1 text-accent hover:underline"
            aria-label={`Edit ${r.name}`}
          >
            <Pencil aria-hidden className="size-3.5" /> Edit
          </Link>
          <RowActionButton
            id={r.id}
            intent={r.retired ? "restore" : "retire"}
            label={r.retired ? "Put back on sale" : "Retire"}
            subject={r.name}
            className="text-ink-soft hover:text-ink hover:underline"
            formClassName="inline"
            confirm={
              r.retired
                ? undefined
                : `Retire ${r.name}? It leaves the pricing page; its members keep it until they change.`
            }
          />
          <RowActionButton
            id={r.id}
            intent="delete"
            label="Delete"
            subject={r.name}
            className="text-danger hover:underline"
            formClassName="inline"
            confirm={`Delete ${r.name} for good? Only a plan nobody was ever on can be deleted.`}
          />
        </span>
      ),
    },
  ];
  return (
    <AdminPage
      title="Plans"
      description="Memberships on the pricing page: a monthly or yearly price, tokens each month, and perks. A retired plan is no longer sold; its members keep it until they change."
      action={<AddLink to="/admin/plans#plan-editor">Add a plan</AddLink>}
      answer={pageAnswer}
    >
      <ExcerptTable
        caption="Plans"
        columns={columns}
        rows={plans}
        empty="No plans yet. Add the first one below."
        footer="Members: memberships active or with a renewal being retried. A plan anyone was ever on stays for their records: retire it instead of deleting it."
      />
      <PlanEditor
        key={editing?.id ?? (editorAnswer?.ok ? editorAnswer.message : "new")}
        editing={editing}
        missing={missing}
        answer={editorAnswer}
        sizes={loaderData.sizes}
        everyoneJobs={loaderData.everyoneJobs}
      />
    </AdminPage>
  );
}

function PlanEditor({
  editing,
  missing,
  answer,
  sizes,
  everyoneJobs,
}: {
  editing: { id: string; name: string; retired: boolean; values: Record<string, string> } | null;
  missing: boolean;
  answer: FormAnswer | undefined;
  sizes: number[];
  everyoneJobs: number;
}) {
  const saving = useNavigation().state === "submitting";
  const unsaved = useUnsavedChanges(answer);
  const defaults = { currency: "USD", maxSize: String(sizes[0] ?? ""), queuePriority: "0", sortOrder: "100" };
  const { failed, values: v, errors: f, field } = formRefill(answer, editing?.values ?? defaults);
  return (
    <section
      id="plan-editor"
      aria-labelledby="plan-editor-heading"
      className="scroll-mt-6 space-y-4 rounded-2xl border border-line bg-paper-raised p-6"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="plan-editor-heading" className="font-display text-xl font-semibold text-ink">
          {editing ? `Edit ${editing.name}` : "New plan"}
        </h2>
        {editing ? (
          <Link to="/admin/plans" className="text-sm text-accent hover:underline">
            Add a new plan instead
          </Link>
        ) : null}
      </div>
      {missing ? (
        <p className="text-sm text-ink-soft">That plan does not exist (any more): the form below adds a new one.</p>
      ) : null}
      {editing?.retired ? (
        <p className="text-sm text-ink-soft">Retired: not sold; its members keep it until they change.</p>
      ) : null}
      <Form method="post" noValidate {...unsaved} className="space-y-6">
        {failed ? <ActionNotice answer={failed} /> : null}
        {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
        <div className="grid gap-4 md:grid-cols-2">
          <TextField label="Name" {...field("name")} maxLength={60} required />
          <TextField
            label="Badge"
            {...field("badge")}
            maxLength={16}
            hint="A short word beside members' names on their creator page and comments."
            required
          />
        </div>
        <TextField
          label="Description"
          {...field("description")}
          maxLength={300}
          hint="One line on the pricing page, e.g. who the plan is for."
        />
        <div className="grid gap-4 sm:grid-cols-2 md:grid-cols-4">
          <div>
            <FieldLabel htmlFor="plan-currency">Currency</FieldLabel>
            <select
              id="plan-currency"
              name="currency"
              defaultValue={v.currency || "USD"}
              aria-invalid={f.currency ? true : undefined}
              aria-describedby={f.currency ? "plan-currency-error" : undefined}
              className={inputClass}
            >
              {SHOP_CURRENCIES.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </select>
            <FieldError id="plan-currency-error">{f.currency}</FieldError>
          </div>
          <TextField
            label="Monthly price"
            {...field("monthlyPrice")}
            inputMode="decimal"
            hint="In the currency, e.g. 9.99"
            required
          />
          <TextField
            label="Yearly price"
            {...field("yearlyPrice")}
            inputMode="decimal"
            hint="For twelve months, e.g. 99.90"
            required
          />
          <TextField
            label="Tokens each month"
            {...field("tokensPerMonth")}
            type="number"
            min={1}
            hint="A yearly member gets twelve months' at each payment."
            required
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2 md:grid-cols-4">
          <TextField
            label="Pictures at once"
            {...field("maxConcurrentJobs")}
            type="number"
            min={1}
            max={20}
            hint={`1 to 20; everyone else: ${formatCount(everyoneJobs)}.`}
            required
          />
          <TextField
            label="Queue priority"
            {...field("queuePriority", "0")}
            type="number"
            min={0}
            max={10}
            hint="0 to 10; 0 is everyone's. Higher starts first when the queue is busy."
            required
          />
          <div>
            <FieldLabel htmlFor="plan-max-size">Largest picture</FieldLabel>
            <select
              id="plan-max-size"
              name="maxSize"
              defaultValue={v.maxSize || String(sizes[0] ?? "")}
              aria-invalid={f.maxSize ? true : undefined}
              aria-describedby={f.maxSize ? "plan-max-size-error" : undefined}
              className={inputClass}
            >
              {sizes.map((size) => (
                <option key={size} value={size}>
                  {size} × {size}
                </option>
              ))}
            </select>
            <FieldError id="plan-max-size-error">{f.maxSize}</FieldError>
          </div>
          <TextField
            label="Order"
            {...field("sortOrder", "0")}
            type="number"
            min={0}
            hint="Lower numbers come first."
          />
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" name="intent" value="save" className={buttonClass()} disabled={saving}>
            {saving ? "Saving…" : editing ? "Save changes" : "Create plan"}
          </button>
          {editing ? (
            <Link to="/admin/plans" className={buttonClass({ variant: "secondary" })}>
              Cancel
            </Link>
          ) : null}
        </div>
      </Form>
    </section>
  );
}
