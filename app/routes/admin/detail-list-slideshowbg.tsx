/** /admin/detail-list-slideshowbg: a new slideshow background (no id) or one background (?id=…): picture, words, link, schedule. */
import { requireAdmin } from "@server/auth/guards";
import {
  createSlide,
  deleteSlide,
  getSlide,
  slideImageUrl,
  SlideNotFoundError,
  updateSlide,
} from "@server/content/slideshow";
import { getDb } from "@server/db/client";
import { readFormWithFile } from "@server/http/uploads";
import { ImageError } from "@server/storage/images";
import { type ChangeEvent, useEffect, useState } from "react";
import { data, redirect } from "react-router";
import { DeleteRecordButton, DetailPage, EditorForm, SaveButton } from "~/components/admin/detail-page";
import { FormMessage, TextField, FieldError } from "~/components/ui/field";
import { SLIDE_MIN_WIDTH, slideForm, toUtcDateTimeInput } from "~/lib/admin-content";
import { formRefill, parseForm, type FormSuccess, formValues } from "~/lib/forms";
import type { Route } from "./+types/detail-list-slideshowbg";
import { formFailure, refusal } from "~/lib/forms.server";

export const meta = () => [{ title: "Slideshow background · Atelier admin" }];

type Values = Record<string, string>;

function valuesOf(slide: {
  title: string;
  subtitle: string;
  linkUrl: string;
  active: boolean;
  startsAt: Date | null;
  endsAt: Date | null;
}): Values {
  return {
    title: slide.title,
    subtitle: slide.subtitle,
    linkUrl: slide.linkUrl,
    active: slide.active ? "on" : "",
    startsAt: toUtcDateTimeInput(slide.startsAt),
    endsAt: toUtcDateTimeInput(slide.endsAt),
  };
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = new URL(request.url).searchParams.get("id");
  if (!id) return { id: null, image: null, values: { active: "on" } as Values };
  const slide = await getSlide(getDb(), id);
  if (!slide) throw data("That slide does not exist.", { status: 404 });
  return {
    id,
    image: { url: slideImageUrl(slide), width: slide.width, height: slide.height, color: slide.color },
    values: valuesOf(slide),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const id = new URL(request.url).searchParams.get("id");
  const db = getDb();
  const read = await readFormWithFile(request, "image");
  if (!read.ok) return formFailure({ fields: { image: read.message } }, { status: 413 });
  const { formData, file } = read;
  const values = formValues(formData);
  try {
    if (formData.get("intent") === "delete" && id) {
      await deleteSlide(db, admin, id);
      return redirect("/admin/list-slideshow-bg");
    }
    const parsed = parseForm(formData, slideForm);
    const fields: Record<string, string> = parsed.ok ? {} : { ...parsed.errors.fields };
    if (!id && !file) fields.image = "Choose a picture for the background";
    if (!parsed.ok || Object.keys(fields).length > 0) return formFailure({ fields }, { values });
    if (!id) {
      const row = await createSlide(db, admin, parsed.data, file!);
      return redirect(`/admin/detail-list-slideshowbg?id=${row.id}&saved=1`);
    }
    await updateSlide(db, admin, id, parsed.data, file);
    // The page's data reloads after an action, so the form shows the saved values and picture.
    return { ok: true, message: file ? "Saved with the new picture." : "Saved." } satisfies FormSuccess;
  } catch (error) {
    // A refused picture belongs beside the file field (a picture the safety check refused says so
    // there itself, 422); a slide that is gone is the 404 page.
    if (error instanceof ImageError) return formFailure({ fields: { image: error.message } }, { values });
    if (error instanceof SlideNotFoundError) throw data(error.message, { status: 404 });
    return refusal(error, { values });
  }
}

/** Shows the chosen file before it is uploaded, so the admin sees what they picked. */
function useFilePreview() {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  return {
    preview,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const file = event.target.files?.[0];
      setPreview(file?.type.startsWith("image/") ? URL.createObjectURL(file) : null);
    },
  };
}

export default function AdminDetailListSlideshowbgPage({ loaderData, actionData }: Route.ComponentProps) {
  const { failed, values: v, errors: f, field } = formRefill(actionData, loaderData.values);
  const image = loaderData.image;
  const { preview, onChange } = useFilePreview();
  const failedWithFile = failed && !f.image;
  return (
    <DetailPage
      className="max-w-3xl space-y-6"
      backTo="/admin/list-slideshow-bg"
      backLabel="Slideshow"
      title={loaderData.id ? "Edit a background" : "Add a background"}
      answer={actionData}
      saved="Added."
    >
      {failed ? (
        <FormMessage tone="error">
          Some fields need fixing.{failedWithFile ? " Choose the picture again if you had picked one." : ""}
        </FormMessage>
      ) : null}
      <EditorForm answer={actionData} values={v} className="space-y-5" encType="multipart/form-data">
        <div>
          <span className="mb-1.5 block text-sm font-medium text-ink">Picture</span>
          {preview || image ? (
            <img
              src={preview ?? image!.url}
              alt={preview ? "What you chose" : "The slide's current artwork"}
              className="mb-3 aspect-[16/7] w-full rounded-xl object-cover"
              style={{ backgroundColor: image?.color }}
            />
          ) : null}
          <label htmlFor="slide-image" className="sr-only">
            {image ? "Replace the picture" : "Choose a picture"}
          </label>
          <input
            id="slide-image"
            type="file"
            name="image"
            accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
            onChange={onChange}
            aria-invalid={f.image ? true : undefined}
            aria-describedby="slide-image-hint slide-image-error"
            className="block w-full text-sm text-ink file:mr-3 file:rounded-full file:border-0 file:bg-ink file:px-4 file:py-2 file:text-paper"
          />
          <p id="slide-image-hint" className="mt-1.5 text-sm text-ink-soft">
            JPEG, PNG, WebP, GIF or AVIF, up to 10 MB and at least {SLIDE_MIN_WIDTH} pixels wide. Wide pictures (16:9 or
            wider) fill the slideshow best.
            {image ? ` Current: ${image.width}×${image.height}. Leave empty to keep it.` : ""}
          </p>
          <FieldError id="slide-image-error">{f.image}</FieldError>
        </div>
        <TextField label="Title" {...field("title")} hint="Shown on the slide and read out by screen readers." />
        <TextField label="Subtitle (optional)" {...field("subtitle")} />
        <TextField
          label="Link (optional)"
          {...field("linkUrl")}
          placeholder="/community/main"
          hint="A path on Atelier or an https:// address the slide leads to."
        />
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-medium text-ink">Schedule (UTC, optional)</legend>
          <TextField label="Show from" {...field("startsAt")} type="datetime-local" />
          <TextField label="Show until" {...field("endsAt")} type="datetime-local" />
        </fieldset>
        <label className="flex items-center gap-3 text-sm font-medium text-ink">
          <input type="checkbox" name="active" defaultChecked={v.active === "on"} className="size-4" /> Switched on
        </label>
        <SaveButton>{loaderData.id ? "Save changes" : "Add the background"}</SaveButton>
      </EditorForm>
      {loaderData.id ? (
        <DeleteRecordButton confirm="Delete this background? Its picture is removed too." encType="multipart/form-data">
          Delete this background
        </DeleteRecordButton>
      ) : null}
    </DetailPage>
  );
}
