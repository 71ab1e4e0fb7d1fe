/** /admin/detail-list-faq: a new question (no id) or one question (?id=…): edit, publish, delete. */
import { requireAdmin } from "@server/auth/guards";
import { createFaq, deleteFaq, FaqNotFoundError, getFaq, updateFaq } from "@server/content/faqs";
import { getDb } from "@server/db/client";
import { data, redirect } from "react-router";
import { DeleteRecordButton, DetailPage, EditorForm, SaveButton } from "~/components/admin/detail-page";
import { TextAreaField, TextField } from "~/components/ui/field";
import { faqForm } from "~/lib/admin-content";
import { formRefill, parseForm, type FormSuccess } from "~/lib/forms";
import type { Route } from "./+types/detail-list-faq";

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
  const { values: v, errors: f, field } = formRefill(actionData, loaderData.values);
  return (
    <DetailPage
      className="max-w-3xl space-y-6"
      backTo="/admin/list-faq"
      backLabel="FAQ"
      title={loaderData.id ? "Edit a question" : "Add a question"}
      answer={actionData}
      saved="Created."
    >
      <EditorForm answer={actionData} values={v} className="space-y-5">
        <TextField label="Question" {...field("question")} />
        <TextAreaField
          id="faq-answer"
          label="Answer"
          name="answer"
          rows={6}
          defaultValue={v.answer}
          aria-invalid={f.answer ? true : undefined}
          error={f.answer}
        />
        <label className="flex items-center gap-3 text-sm font-medium text-ink">
          <input type="checkbox" name="published" defaultChecked={v.published === "on"} className="size-4" /> Published
          on the pricing page
        </label>
        <SaveButton>{loaderData.id ? "Save changes" : "Add the question"}</SaveButton>
      </EditorForm>
      {loaderData.id ? (
        <DeleteRecordButton confirm="Delete this question?">Delete this question</DeleteRecordButton>
      ) : null}
    </DetailPage>
  );
}
