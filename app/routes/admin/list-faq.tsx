/** /admin/list-faq: the questions on the pricing page, in order — add, edit, move, publish, delete. */
import { requireAdmin } from "@server/auth/guards";
import { deleteFaq, listFaqsForAdmin, moveFaq, setFaqPublished } from "@server/content/faqs";
import { getDb } from "@server/db/client";
import { Form, Link } from "react-router";
import { AddLink, EmptyList } from "~/components/admin/list-page";
import { MoveButtons } from "~/components/admin/row-actions";
import { IntentButton } from "~/components/ui/intent-button";
import type { Route } from "./+types/list-faq";
import { runListAction } from "~/lib/admin-list-action.server";
import { AdminPage } from "~/components/admin/admin-page";

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
    <AdminPage
      className="max-w-4xl space-y-6"
      title="FAQ"
      description="Questions and answers on the pricing page, in this order."
      action={<AddLink to="/admin/detail-list-faq">Add a question</AddLink>}
      answer={actionData}
    >
      {faqs.length === 0 ? (
        <EmptyList roomy>No questions yet. Add the first one.</EmptyList>
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
                <MoveButtons index={i} count={faqs.length} subject={faq.question} />
                <IntentButton
                  intent={faq.published ? "unpublish" : "publish"}
                  className="ml-2 text-sm text-ink-soft hover:text-ink hover:underline"
                  aria-label={`${faq.published ? "Unpublish" : "Publish"}: ${faq.question}`}
                >
                  {faq.published ? "Unpublish" : "Publish"}
                </IntentButton>
              </Form>
            </li>
          ))}
        </ol>
      )}
    </AdminPage>
  );
}
