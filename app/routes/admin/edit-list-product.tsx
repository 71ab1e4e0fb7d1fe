/** /admin/edit-list-product?id=…: change a product; archive or restore it. */
import { requireAdmin } from "@server/auth/guards";
import {
  getProductForAdmin,
  productFormValues,
  productImageUrl,
  setProductArchived,
  setProductImage,
  updateProduct,
} from "@server/commerce/admin-products";
import { readProductSubmission } from "@server/commerce/admin-product-form";
import { getDb } from "@server/db/client";
import { data, Form, Link } from "react-router";
import { ChooseFromList, ProductEditor } from "~/components/admin/product-editor";
import { buttonClass } from "~/components/ui/button";
import type { Route } from "./+types/edit-list-product";
import { DetailPage } from "~/components/admin/detail-page";
import { IntentButton } from "~/components/ui/intent-button";
import type { FormSuccess } from "~/lib/forms";
import { formFailure } from "~/lib/forms.server";

export const meta = () => [{ title: "Edit a product · Atelier admin" }];

async function load(request: Request) {
  const id = new URL(request.url).searchParams.get("id") ?? "";
  const row = await getProductForAdmin(getDb(), id);
  if (!row) throw data("That product does not exist.", { status: 404 });
  return row;
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  // The spec's path has no id: opened bare, the page points to the list to choose from.
  if (!new URL(request.url).searchParams.get("id")) return null;
  const row = await load(request);
  return {
    id: row.id,
    name: row.name,
    archived: row.archivedAt !== null,
    values: productFormValues(row),
    imageUrl: productImageUrl(row),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const row = await load(request);
  const db = getDb();
  const submission = await readProductSubmission(db, request, admin.userUid);
  if (!submission.ok) return data(submission.answer, { status: submission.status });
  const { intent } = submission;
  if (intent === "archive" || intent === "restore") {
    await setProductArchived(db, admin, row.id, intent === "archive");
    return {
      ok: true,
      message: intent === "archive" ? "Archived: no longer sold, kept for past purchases." : "Restored.",
    } satisfies FormSuccess;
  }
  if (!submission.form) return formFailure({ form: "Unknown action." });
  const after = await updateProduct(db, admin, row.id, submission.form);
  if (submission.image || (submission.removeImage && after.imageKey))
    await setProductImage(db, admin, row.id, submission.image);
  // The page's data reloads after an action, so the form shows the saved values and picture.
  return { ok: true, message: "Saved. The pricing page shows it now." } satisfies FormSuccess;
}

export default function AdminEditListProductPage({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData) return <ChooseFromList verb="edit" />;
  return (
    <DetailPage
      backTo="/admin/list-product"
      backLabel="Products"
      title={`Edit ${loaderData.name}`}
      header={
        loaderData.archived ? (
          <p className="mt-1 text-sm text-ink-soft">Archived: not sold, kept for the purchases that name it.</p>
        ) : null
      }
      answer={actionData}
      saved="Created."
    >
      <ProductEditor
        values={loaderData.values}
        answer={actionData}
        imageUrl={loaderData.imageUrl}
        submitLabel="Save changes"
        aside={
          <Link
            to={`/admin/duplicate-list-product?id=${loaderData.id}`}
            className={buttonClass({ variant: "secondary" })}
          >
            Duplicate
          </Link>
        }
      />
      <Form method="post">
        <IntentButton
          intent={loaderData.archived ? "restore" : "archive"}
          confirm={
            loaderData.archived ? undefined : "Archive this product? It leaves the shop; past purchases keep it."
          }
          className={buttonClass({ variant: "secondary" })}
        >
          {loaderData.archived ? "Restore this product" : "Archive this product"}
        </IntentButton>
      </Form>
    </DetailPage>
  );
}
