/** /admin/detail-list-faq: a new question (no id) or one question (?id=…): edit, publish, delete. */
import { requireAdmin } from "@server/auth/guards";
import { createFaq, deleteFaq, FaqNotFoundError, getFaq, updateFaq } from "@server/content/faqs";
import { getDb } from "@server/db/client";
import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { useUnsavedChanges } from "~/components/admin/unsaved-changes";
import { buttonClass } from "~/components/ui/button";
import { FormMessage, inputClass, TextField } from "~/components/ui/field";
import { faqForm } from "~/lib/admin-content";
import { parseForm, type FormSuccess } from "~/lib/forms";
import type { Route } from "./+types/detail-list-faq";
import { PageHeading } from "~/components/ui/page-heading";

export const meta = () => [{ title: "Question · Atelier admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = new URL(request.url).searchParams.get("id");
  if (!id) return { id: null, values: { published: "on" } as Record<string, string> };
  const faq = await getFaq(getDb(), id);
  if (!faq) throw data("That question does not exist.", { status: 404 });
  return {
    id,
    values: { question: faq.question, answer: faq.answer, published: faq.published ? "on" : "" } as Record<
      string,
      string
    >,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const id = new URL(request.url).searchParams.get("id");
  const formData = await request.formData();
  const db = getDb();
  try {
    if (formData.get("intent") === "delete" && id) {
      await deleteFaq(db, admin, id);
      return redirect("/admin/list-faq");
    }
    const parsed = parseForm(formData, faqForm);
    if (!parsed.ok) return data(parsed, { status: 400 });
    if (!id) {
      const row = await createFaq(db, admin, parsed.data);
      return redirect(`/admin/detail-list-faq?id=${row.id}&saved=1`);
    }
    await updateFaq(db, admin, id, parsed.data);
    return { ok: true, message: "Saved." } satisfies FormSuccess;
  } catch (error) {
    if (error instanceof FaqNotFoundError) throw data(error.message, { status: 404 });
    throw error;
  }
}

export default function AdminDetailListFaqPage({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const saving = useNavigation().state === "submitting";
  const unsaved = useUnsavedChanges(actionData);
  const failed = actionData && !actionData.ok ? actionData : null;
  const v: Record<string, string | undefined> = failed?.values ?? loaderData.values;
  const f: Record<string, string | undefined> = failed?.errors.fields ?? {};
  const saved = actionData?.ok ? actionData.message : params.get("saved") ? "Created." : "";
  return (
    <div className="max-w-3xl space-y-6">
      <header>
        <Link to="/admin/list-faq" className="text-sm text-ink-soft hover:underline">
          ← FAQ
        </Link>
        <PageHeading className="mt-2">{loaderData.id ? "Edit a question" : "Add a question"}</PageHeading>
      </header>
      {saved ? <FormMessage tone="success">{saved}</FormMessage> : null}
      <Form
        method="post"
        noValidate
        {...unsaved}
        className="space-y-5 rounded-2xl border border-line bg-paper-raised p-6"
        key={JSON.stringify(v)}
      >
        <TextField label="Question" name="question" defaultValue={v.question} error={f.question} />
        <div>
          <label htmlFor="faq-answer" className="mb-1.5 block text-sm font-medium text-ink">
            Answer
          </label>
          <textarea
            id="faq-answer"
            name="answer"
            rows={6}
            defaultValue={v.answer}
            aria-invalid={f.answer ? true : undefined}
            className={inputClass}
          />
          {f.answer ? <p className="mt-1.5 text-sm font-medium text-danger">{f.answer}</p> : null}
        </div>
        <label className="flex items-center gap-3 text-sm font-medium text-ink">
          <input type="checkbox" name="published" defaultChecked={v.published === "on"} className="size-4" /> Published
          on the pricing page
        </label>
        <button type="submit" className={buttonClass()} disabled={saving}>
          {saving ? "Saving…" : loaderData.id ? "Save changes" : "Add the question"}
        </button>
      </Form>
      {loaderData.id ? (
        <Form
          method="post"
          onSubmit={(e) => (window.confirm("Delete this question?") ? undefined : e.preventDefault())}
        >
          <button type="submit" name="intent" value="delete" className={buttonClass({ variant: "secondary" })}>
            Delete this question
          </button>
        </Form>
      ) : null}
    </div>
  );
}
