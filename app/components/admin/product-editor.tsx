/**
 * The product editor, shared by add, edit and duplicate: server-validated fields with their
 * errors beside them, and a warning before leaving with unsaved changes.
 */
import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { useUnsavedChanges } from "~/components/admin/unsaved-changes";
import { buttonClass } from "~/components/ui/button";
import { inputClass, TextField, ActionNotice, FieldError, FieldLabel } from "~/components/ui/field";
import { SHOP_CURRENCIES } from "~/lib/admin-products";
import { PageHeading } from "~/components/ui/page-heading";
import { type FormAnswer, formRefill } from "~/lib/forms";

function Area({
  label,
  name,
  hint,
  error,
  defaultValue,
  rows = 4,
}: {
  label: string;
  name: string;
  hint?: string;
  error?: string;
  defaultValue?: string;
  rows?: number;
}) {
  const id = `field-${name}`;
  return (
    <div>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <textarea
        id={id}
        name={name}
        rows={rows}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint ${id}-error`}
        className={inputClass}
      />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-ink-soft">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

/** The product's picture: the current one (if any), a file to replace it, and a way to remove it. */
function PictureField({ imageUrl, error }: { imageUrl: string | null | undefined; error?: string }) {
  return (
    <div>
      <FieldLabel htmlFor="field-image">Picture (optional)</FieldLabel>
      <div className="flex flex-wrap items-start gap-4">
        {imageUrl ? (
          <img
            src={imageUrl}
            alt="The pack's current artwork"
            className="aspect-video w-40 rounded-lg object-cover ring-1 ring-line"
          />
        ) : null}
        <div className="min-w-56 flex-1">
          <input
            id="field-image"
            type="file"
            name="image"
            accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
            aria-invalid={error ? true : undefined}
            aria-describedby="field-image-hint field-image-error"
            className="block w-full text-sm text-ink file:mr-3 file:rounded-full file:border-0 file:bg-ink file:px-4 file:py-2 file:text-paper"
          />
          <p id="field-image-hint" className="mt-1.5 text-sm text-ink-soft">
            JPEG, PNG, WebP, GIF or AVIF up to 10 MB, shown on the pricing page.
            {imageUrl ? " Leave empty to keep the current one." : ""}
          </p>
          {imageUrl ? (
            <label className="mt-2 flex items-center gap-2 text-sm text-ink">
              <input type="checkbox" name="removeImage" className="size-4" /> Remove the picture
            </label>
          ) : null}
          <FieldError id="field-image-error">{error}</FieldError>
        </div>
      </div>
    </div>
  );
}

/** The product form of the add, edit and duplicate pages: the saved values, or what was typed and what needs fixing. */
export function ProductEditor({
  values,
  answer,
  submitLabel,
  aside,
  imageUrl,
}: {
  values: Record<string, string>;
  answer: FormAnswer | undefined;
  submitLabel: string;
  aside?: ReactNode;
  imageUrl?: string | null;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const unsaved = useUnsavedChanges(answer);
  const { failed, values: v, errors: f, field } = formRefill(answer, values);
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      noValidate
      {...unsaved}
      className="space-y-6 rounded-2xl border border-line bg-paper-raised p-6"
    >
      {failed ? <ActionNotice answer={failed} /> : null}
      <div className="grid gap-4 md:grid-cols-2">
        <TextField label="Name" {...field("name")} required />
        <TextField label="Tier" {...field("tier")} hint="Packs of one tier sit together: starter, creator…" required />
      </div>
      <Area label="Description" name="description" defaultValue={v.description} error={f.description} rows={2} />
      <div className="grid gap-4 md:grid-cols-4">
        <TextField label="Price" {...field("price")} inputMode="decimal" hint="In the currency, e.g. 9.99" required />
        <div>
          <FieldLabel htmlFor="field-currency">Currency</FieldLabel>
          <select id="field-currency" name="currency" defaultValue={v.currency || "USD"} className={inputClass}>
            {SHOP_CURRENCIES.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </div>
        <TextField label="Tokens" {...field("tokens")} type="number" min={1} required />
        <TextField label="Bonus tokens" {...field("bonusTokens", "0")} type="number" min={0} />
      </div>
      <PictureField imageUrl={imageUrl} error={f.image} />
      <Area
        label="Features"
        name="features"
        defaultValue={v.features}
        error={f.features}
        hint="One per line, shown with a tick on the pricing page (at most 8)."
      />
      <div className="grid gap-4 md:grid-cols-3">
        <TextField label="Badge" {...field("badge")} hint='For example "Most popular"; empty for none.' />
        <TextField label="Order" {...field("sortOrder", "0")} type="number" min={0} hint="Lower numbers come first." />
        <label className="mt-7 flex items-center gap-3 text-sm font-medium text-ink">
          <input type="checkbox" name="active" defaultChecked={v.active === "on"} className="size-4" /> On sale
        </label>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" name="intent" value="save" className={buttonClass()} disabled={saving}>
          {saving ? "Saving…" : submitLabel}
        </button>
        {aside}
      </div>
    </Form>
  );
}

/** An edit or duplicate page opened without an id: say what it is for and where to choose. */
export function ChooseFromList({ verb }: { verb: "edit" | "duplicate" }) {
  return (
    <div className="max-w-2xl space-y-4">
      <PageHeading>{verb === "edit" ? "Edit a product" : "Duplicate a product"}</PageHeading>
      <p className="text-ink-soft">Choose the product to {verb} in the product list.</p>
      <Link to="/admin/list-product" className={buttonClass()}>
        Open the product list
      </Link>
    </div>
  );
}
