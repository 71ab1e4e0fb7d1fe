/**
 * The studio form's state: its values, which fields were touched, and the errors to show.
 * A `?remix=` fills the values from the first render; otherwise the draft kept in sessionStorage
 * comes back after hydration, and every change is kept again.
 */
import type { StudioPageData } from "@server/generation/page-data";
import { useEffect, useMemo, useRef, useState } from "react";
import type { GenerationView } from "~/lib/generation-views";
import {
  defaultForm,
  draftKey,
  formFromGeneration,
  readDraft,
  type RemixData,
  sanitizeForm,
  type StudioForm,
  studioOptions,
  toFormData,
  validateForm,
  writeDraft,
} from "./form-state";

export type StudioData = StudioPageData & { remix?: RemixData | null };

/** A field that can carry an error: the form's own, or the picture or drawing sent with it. */
export type StudioField = keyof StudioForm | "sourceImage" | "doodle";

export function useStudioForm(data: StudioData) {
  const { mode, christmas } = data;
  const options = useMemo(() => studioOptions(data), [data]);
  const defaults = useMemo(() => defaultForm(options), [options]);

  // `?remix=`: the artwork's settings fill the form from the first render (server-side too).
  const [values, setValues] = useState<StudioForm>(() =>
    data.remix ? sanitizeForm(data.remix.form, options, defaults) : defaults,
  );
  const [touched, setTouched] = useState<Set<string>>(() => new Set());
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [draftReady, setDraftReady] = useState(false);
  const promptRef = useRef<HTMLTextAreaElement>(null);

  // The draft: restored once after hydration, then kept on every change.
  const key = draftKey(mode, christmas);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per draft key; later options or a remix must not overwrite what the person typed since
  useEffect(() => {
    const draft = data.remix ? null : readDraft(key);
    // Words typed before the page came alive (the server's page is usable at once) win over the draft.
    const typed = promptRef.current?.value ?? "";
    if (draft)
      setValues((current) => ({
        ...sanitizeForm(draft, options, defaults),
        ...(typed !== "" && typed !== current.prompt ? { prompt: typed } : {}),
      }));
    else if (typed !== "") setValues((current) => (typed !== current.prompt ? { ...current, prompt: typed } : current));
    setDraftReady(true);
  }, [key]);
  // A remix chosen while this page is already open (the query changed, not the page).
  const remixId = data.remix?.id ?? null;
  const firstRemix = useRef(remixId);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new remix id is the trigger; its form and the options are read as they are then
  useEffect(() => {
    if (remixId === firstRemix.current || !data.remix) return;
    firstRemix.current = remixId;
    setValues(sanitizeForm(data.remix.form, options, defaults));
  }, [remixId]);
  useEffect(() => {
    if (draftReady) writeDraft(key, values);
  }, [draftReady, key, values]);

  const clientErrors = useMemo(() => validateForm(values, mode, christmas), [values, mode, christmas]);
  // The server's word wins; the form's own check shows once the field was left (or Generate pressed).
  const errorFor = (field: StudioField): string | undefined =>
    serverErrors[field] ?? (touched.has(field) ? clientErrors[field] : undefined);

  function update<K extends keyof StudioForm>(field: K, value: StudioForm[K]) {
    // Picking a style, even the one shown, makes it the person's choice over the prompt's words.
    setValues((f) => ({ ...f, [field]: value, ...(field === "style" ? { styleChosen: true } : {}) }));
    if (serverErrors[field]) setServerErrors(({ [field]: _, ...rest }) => rest);
  }
  const touch = (field: string) => setTouched((t) => (t.has(field) ? t : new Set(t).add(field)));

  /** An earlier generation's settings, as far as this page offers them (the rest stays as it is). */
  const settingsOf = (g: GenerationView): StudioForm => sanitizeForm(formFromGeneration(g), options, values);

  return {
    options,
    values,
    promptRef,
    clientErrors,
    serverErrors,
    errorFor,
    update,
    touch,
    settingsOf,
    /** Every field's error shows (Generate pressed while something is missing). */
    touchAll: () => setTouched(new Set(Object.keys(values))),
    /** The server's notes, each next to its field. */
    showServerErrors: (fields: Record<string, string>) => {
      setServerErrors(fields);
      setTouched(new Set(Object.keys(fields)));
    },
    clearServerErrors: () => setServerErrors({}),
    /** Puts an earlier generation's settings in the form (a re-run). */
    fillFrom: (g: GenerationView) => {
      setValues(settingsOf(g));
      setServerErrors({});
    },
    /** The multipart body POST /api/generations expects, from these values or others (a variation). */
    toBody: (settings: StudioForm = values) => toFormData(settings, mode, christmas, options),
    /** Kept at once, before the sign-in dialog takes over the page. */
    saveDraft: () => writeDraft(key, values),
  };
}

export type StudioFormState = ReturnType<typeof useStudioForm>;
