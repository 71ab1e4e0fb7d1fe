/** The publish and edit form's fields (title, description, tags, show prompt, visibility), with errors per field. */
import { useId } from "react";
import { inputClass, TextField, FieldError, FieldLabel } from "~/components/ui/field";
import { cn } from "~/lib/cn";
import { artworkInput, DESCRIPTION_MAX, TAGS_MAX, TITLE_MAX, type Visibility } from "~/lib/community";
import { type Checked, checkInput } from "~/lib/forms";
import { HttpError } from "~/lib/http-client";

export interface ArtworkFieldValues {
  title: string;
  description: string;
  tags: string[];
  showPrompt: boolean;
  visibility: Visibility;
  mature: boolean;
}

/** Reads the fields from a form; first message per field when the shared schema refuses. */
export function readArtworkFields(form: HTMLFormElement): Checked<ReturnType<typeof artworkInput.parse>> {
  const data = new FormData(form);
  return checkInput(artworkInput, {
    title: data.get("title") ?? "",
    description: data.get("description") ?? "",
    tags: String(data.get("tags") ?? ""),
    showPrompt: data.get("showPrompt") === "on",
    visibility: data.get("visibility") ?? "public",
    mature: data.get("mature") === "on",
  });
}

/** An API failure as a message and first message per field (`error.fields`). */
export function apiFailure(error: unknown): { message: string; fields: Record<string, string> } {
  if (error instanceof HttpError) {
    const raw = (error.body as { error?: { fields?: Record<string, unknown> } } | null)?.error?.fields;
    const fields: Record<string, string> = {};
    if (raw && typeof raw === "object")
      for (const [k, v] of Object.entries(raw)) {
        const m = Array.isArray(v) ? v[0] : v;
        if (typeof m === "string") fields[k] = m;
      }
    const message =
      error.status === 0
        ? "Network error: check your connection and try again."
        : error.status === 401
          ? "Sign in again to do that."
          : error.message;
    return { message, fields };
  }
  return { message: "Something went wrong. Try again in a moment.", fields: {} };
}

export function ArtworkFields({
  initial,
  errors,
  promptAvailable = true,
  ratedMature = false,
}: {
  initial: ArtworkFieldValues;
  errors: Record<string, string>;
  promptAvailable?: boolean;
  /** The safety check rated the picture mature: it is published only marked so. */
  ratedMature?: boolean;
}) {
  const id = useId();
  return (
    <div className="grid gap-4">
      <TextField
        label="Title"
        name="title"
        required
        maxLength={TITLE_MAX}
        defaultValue={initial.title}
        error={errors.title}
      />
      <div>
        <FieldLabel htmlFor={`${id}-description`}>
          Description <span className="font-normal text-ink-faint">(optional)</span>
        </FieldLabel>
        <textarea
          id={`${id}-description`}
          name="description"
          rows={3}
          maxLength={DESCRIPTION_MAX}
          defaultValue={initial.description}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? `${id}-description-error` : undefined}
          className={cn(inputClass, "resize-y")}
        />
        <FieldError id={`${id}-description-error`}>{errors.description}</FieldError>
      </div>
      <TextField
        label="Tags"
        name="tags"
        defaultValue={initial.tags.join(", ")}
        error={errors.tags}
        hint={`Separate with commas; at most ${TAGS_MAX}.`}
        placeholder="winter, lake, calm"
      />
      {promptAvailable ? (
        <label className="flex items-start gap-3 text-sm text-ink">
          <input
            type="checkbox"
            name="showPrompt"
            defaultChecked={initial.showPrompt}
            className="mt-0.5 size-4 accent-[var(--color-accent)]"
          />
          <span>
            Show the prompt
            <span className="block text-ink-soft">Others can read it and remix it.</span>
          </span>
        </label>
      ) : null}
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-ink">Visibility</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {(
            [
              ["public", "Public", "In the lists and search"],
              ["unlisted", "Unlisted", "Only people with the link"],
            ] as const
          ).map(([value, label, hint]) => (
            <label
              key={value}
              className="flex cursor-pointer items-start gap-2 rounded-xl border border-line p-3 text-sm has-[:checked]:border-accent has-[:checked]:bg-accent-soft"
            >
              <input
                type="radio"
                name="visibility"
                value={value}
                defaultChecked={initial.visibility === value}
                className="mt-0.5 accent-[var(--color-accent)]"
              />
              <span>
                <span className="font-medium text-ink">{label}</span>
                <span className="block text-ink-soft">{hint}</span>
              </span>
            </label>
          ))}
        </div>
        <FieldError>{errors.visibility}</FieldError>
      </fieldset>
      <div>
        <label className="flex items-start gap-3 text-sm text-ink">
          <input
            type="checkbox"
            name="mature"
            defaultChecked={initial.mature || ratedMature}
            aria-invalid={errors.mature ? true : undefined}
            aria-describedby={errors.mature ? `${id}-mature-error` : undefined}
            className="mt-0.5 size-4 accent-[var(--color-accent)]"
          />
          <span>
            Mature
            <span className="block text-ink-soft">
              {ratedMature
                ? "Our safety check rated this picture mature, so it can be published only as mature: shown to adults who chose to see mature pictures, blurred until they ask."
                : "Suggestive but not explicit: shown only to adults who chose to see mature pictures, blurred until they ask."}
            </span>
          </span>
        </label>
        <FieldError id={`${id}-mature-error`}>{errors.mature}</FieldError>
      </div>
    </div>
  );
}
