/** /admin/list-faq: the questions on the pricing page, in order — add, edit, move, publish, delete. */
import { requireAdmin } from "@server/auth/guards";
import { deleteFaq, listFaqsForAdmin, moveFaq, setFaqPublished } from "@server/content/faqs";
import { getDb } from "@server/db/client";
import { ArrowDown, ArrowUp, Plus } from "lucide-react";
import { Form, Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import type { Route } from "./+types/list-faq";
import { PageHeading } from "~/components/ui/page-heading";
import { runListAction } from "~/lib/admin-list-action.server";
import { ActionNotice } from "~/components/ui/field";

export const meta = () => [{ title: "FAQ · Atelier admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return {
    faqs: (await listFaqsForAdmin(getDb())).map((f) => ({ id: f.id, question: f.question, published: f.published })),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const db = getDb();
  return runListAction(await request.formData(), {
    move: (id, direction) => moveFaq(db, admin, id, direction),
    toggle: {
      on: "publish",
      off: "unpublish",
      set: (id, on) => setFaqPublished(db, admin, id, on),
      said: (on) => (on ? "Published: the pricing page shows it." : "Unpublished: kept as a draft."),
    },
    remove: (id) => deleteFaq(db, admin, id),
  });
}

export default function AdminListFaqPage({ loaderData, actionData }: Route.ComponentProps) {
  const { faqs } = loaderData;
  return (
    <div className="max-w-4xl space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <PageHeading>FAQ</PageHeading>
          <p className="mt-1 text-ink-soft">Questions and answers on the pricing page, in this order.</p>
        </div>
        <Link to="/admin/detail-list-faq" className={buttonClass()}>
          <Plus aria-hidden className="size-4" /> Add a question
        </Link>
      </header>
      <ActionNotice answer={actionData} />
      {faqs.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-line bg-paper-raised px-6 py-10 text-center text-ink-soft">
          No questions yet. Add the first one.
        </p>
      ) : (
        <ol className="divide-y divide-line rounded-2xl border border-line bg-paper-raised" aria-label="Questions">
          {faqs.map((faq, i) => (
            <li key={faq.id} className="flex flex-wrap items-center gap-3 p-4">
              <span className="w-6 text-sm text-ink-faint tabular-nums">{i + 1}</span>
              <Link
                to={`/admin/detail-list-faq?id=${faq.id}`}
                className="min-w-48 flex-1 font-medium text-ink hover:text-accent hover:underline"
              >
                {faq.question}
              </Link>
              <span
                className={
                  faq.published
                    ? "rounded-full bg-emerald-50 px-2 py-0.5 text-xs text-success"
                    : "rounded-full bg-amber-50 px-2 py-0.5 text-xs text-amber-800"
                }
              >
                {faq.published ? "Published" : "Draft"}
              </span>
              <Form method="post" className="flex items-center gap-1">
                <input type="hidden" name="id" value={faq.id} />
                <button
                  type="submit"
                  name="intent"
                  value="up"
                  disabled={i === 0}
                  className="grid size-8 place-items-center rounded-full ring-1 ring-line hover:bg-paper-sunken disabled:opacity-30"
                  aria-label={`Move up: ${faq.question}`}
                >
                  <ArrowUp aria-hidden className="size-4" />
                </button>
                <button
                  type="submit"
                  name="intent"
                  value="down"
                  disabled={i === faqs.length - 1}
                  className="grid size-8 place-items-center rounded-full ring-1 ring-line hover:bg-paper-sunken disabled:opacity-30"
                  aria-label={`Move down: ${faq.question}`}
                >
                  <ArrowDown aria-hidden className="size-4" />
                </button>
                <button
                  type="submit"
                  name="intent"
                  value={faq.published ? "unpublish" : "publish"}
                  className="ml-2 text-sm text-ink-soft hover:text-ink hover:underline"
                  aria-label={`${faq.published ? "Unpublish" : "Publish"}: ${faq.question}`}
                >
                  {faq.published ? "Unpublish" : "Publish"}
                </button>
              </Form>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
