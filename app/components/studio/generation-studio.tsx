/**
 * The studio shared by the six AI pages (text, image and doodle to art; regular and christmas):
 * the form, the jobs running now with live progress, and the history.
 *
 * Jobs are followed with Server-Sent Events (polling when those fail, see
 * use-generation-stream.ts); queued and running jobs from the history resume on mount. Visitors
 * fill the whole form; Generate keeps the draft in sessionStorage and opens the sign-in dialog.
 */
import type { StudioPageData } from "@server/generation/page-data";
import {
  ChevronDown,
  Coins,
  Dices,
  Image as ImageIcon,
  LoaderCircle,
  PenTool,
  Sparkles,
  TreePine,
  Type,
  WandSparkles,
  X,
} from "lucide-react";
import { type CSSProperties, type FormEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { Link, NavLink, useRevalidator } from "react-router";
import { DoodleCanvas, type DoodleCanvasHandle } from "~/components/doodle/doodle-canvas";
import { SignInDialogTrigger } from "~/components/auth/sign-in-dialog";
import { buttonClass } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { useApiClient } from "~/lib/api-client";
import { cn } from "~/lib/cn";
import {
  costOf,
  dimensionsFor,
  type GenerationMode,
  MODE_LABELS,
  NEGATIVE_PROMPT_MAX,
  PROMPT_MAX,
} from "~/lib/generation";
import type { GenerationPage, GenerationView } from "~/lib/generation-views";
import { HttpError } from "~/lib/http-client";
import { useRootData } from "~/lib/root-data";
import { isFinished, useGenerationStream } from "~/lib/use-generation-stream";
import { randomSeed, submitGeneration, uploadPreviewImage } from "./api";
import { EngineBadge } from "./engine-badge";
import { tokens } from "./format";
import {
  defaultForm,
  doodleKey,
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
import { HistoryList } from "./history";
import { JobCard } from "./job-card";
import { Lightbox, type LightboxEntry } from "./lightbox";
import { FieldError, RatioShape, SegmentedRadio, StylePicker } from "./pickers";
import { Snow } from "./snow";
import { CropNotice, SourceImagePicker, useSourceImage } from "./source-image";
import { formatCount } from "~/lib/format";

const MODE_INTRO: Record<GenerationMode, string> = {
  text: "Describe a scene, pick a style, and the studio paints it.",
  image: "Upload a picture and re-render it in the style you choose.",
  doodle: "Paint rough regions — sky, water, grass — and turn them into a finished scene.",
};
const MODE_ICONS = { text: Type, image: ImageIcon, doodle: PenTool } as const;

const CHRISTMAS_THEME = {
  "--color-accent": "#b3261e",
  "--color-accent-strong": "#8c1d18",
  "--color-accent-soft": "#fdecea",
} as CSSProperties;

type Message = { tone: "error" | "info"; text: string; link?: { to: string; label: string } };

export function modePath(mode: GenerationMode, christmas: boolean): string {
  return `/ai/${christmas ? "christmas-event/" : ""}ai-${mode}-to-art`;
}

/** Follows one unfinished generation; renders nothing. */
function GenerationWatcher({
  id,
  onUpdate,
  onGone,
}: {
  id: string;
  onUpdate: (g: GenerationView) => void;
  onGone: (id: string) => void;
}) {
  useGenerationStream(id, { onUpdate, onGone });
  return null;
}

function mergeIds(front: string[], back: string[]): string[] {
  const seen = new Set<string>();
  return [...front, ...back].filter((id) => {
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

export function GenerationStudio({ data }: { data: StudioPageData & { remix?: RemixData | null } }) {
  const { mode, christmas } = data;
  const base = (useRootData()?.config?.apiBaseUrl ?? "").replace(/\/+$/, "");
  const api = useApiClient();
  const formId = useId();
  const options = useMemo(() => studioOptions(data), [data]);
  const defaults = useMemo(() => defaultForm(options), [options]);

  // `?remix=`: the artwork's settings fill the form from the first render (server-side too).
  const [form, setForm] = useState<StudioForm>(() =>
    data.remix ? sanitizeForm(data.remix.form, options, defaults) : defaults,
  );
  const [touched, setTouched] = useState<Set<string>>(() => new Set());
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<Message | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [balance, setBalance] = useState<number | null>(data.balance);
  const [paused, setPaused] = useState(data.paused);
  const [generations, setGenerations] = useState<Record<string, GenerationView>>(() =>
    Object.fromEntries(data.history.items.map((g) => [g.id, g])),
  );
  const [sessionIds, setSessionIds] = useState<string[]>(() =>
    data.history.items.filter((g) => !isFinished(g)).map((g) => g.id),
  );
  const [historyIds, setHistoryIds] = useState<string[]>(() => data.history.items.map((g) => g.id));
  const [nextCursor, setNextCursor] = useState<string | null>(data.history.nextCursor);
  const [loadingMore, setLoadingMore] = useState(false);
  const [historyError, setHistoryError] = useState<string | null>(null);
  const [canceling, setCanceling] = useState<Set<string>>(() => new Set());
  const [lightbox, setLightbox] = useState<number | null>(null);
  const [doodleHasContent, setDoodleHasContent] = useState(false);
  const [pendingPicture, setPendingPicture] = useState<string | null>(null);
  const [draftReady, setDraftReady] = useState(false);
  const [revealId, setRevealId] = useState<string | null>(null);

  const doodle = useRef<DoodleCanvasHandle>(null);
  const promptRef = useRef<HTMLTextAreaElement>(null);
  const formTop = useRef<HTMLDivElement>(null);
  const signInWrap = useRef<HTMLSpanElement>(null);
  const generationsRef = useRef(generations);
  generationsRef.current = generations;

  const source = useSourceImage({ signedIn: data.signedIn, base });
  const dims = dimensionsFor(form.aspectRatio, 1024);

  // The loader's answer after a revalidation (sign-in, a navigation back): fresh balance,
  // switch and history, without losing what this page already follows.
  const firstData = useRef(true);
  useEffect(() => {
    if (firstData.current) {
      firstData.current = false;
      return;
    }
    setBalance(data.balance);
    setPaused(data.paused);
    setGenerations((current) => {
      const next = { ...current };
      // A job this page follows keeps its streamed state unless the loader saw it finish.
      for (const g of data.history.items) if (!next[g.id] || isFinished(g)) next[g.id] = g;
      return next;
    });
    setHistoryIds((current) =>
      mergeIds(
        data.history.items.map((g) => g.id),
        current,
      ),
    );
    setNextCursor((c) => c ?? data.history.nextCursor);
  }, [data]);

  // The draft: restored once after hydration, then kept on every change.
  const key = draftKey(mode, christmas);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per draft key; later options or a remix must not overwrite what the person typed since
  useEffect(() => {
    const draft = data.remix ? null : readDraft(key);
    // Words typed before the page came alive (the server's page is usable at once) win over the draft.
    const typed = promptRef.current?.value ?? "";
    if (draft)
      setForm((current) => ({
        ...sanitizeForm(draft, options, defaults),
        ...(typed !== "" && typed !== current.prompt ? { prompt: typed } : {}),
      }));
    else if (typed !== "") setForm((current) => (typed !== current.prompt ? { ...current, prompt: typed } : current));
    setDraftReady(true);
  }, [key]);
  // A remix chosen while this page is already open (the query changed, not the page).
  const remixId = data.remix?.id ?? null;
  const firstRemix = useRef(remixId);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new remix id is the trigger; its form and the options are read as they are then
  useEffect(() => {
    if (remixId === firstRemix.current || !data.remix) return;
    firstRemix.current = remixId;
    setForm(sanitizeForm(data.remix.form, options, defaults));
  }, [remixId]);
  useEffect(() => {
    if (draftReady) writeDraft(key, form);
  }, [draftReady, key, form]);

  // A picture to put on the doodle canvas once it has the right size (re-run of a doodle).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the canvas size is a trigger: a resize clears the canvas, so the picture goes on again
  useEffect(() => {
    if (!pendingPicture || mode !== "doodle") return;
    const timer = setTimeout(() => {
      void doodle.current
        ?.loadPicture(pendingPicture)
        .catch(() => setMessage({ tone: "error", text: "That drawing could not be loaded." }));
      setPendingPicture(null);
    }, 50);
    return () => clearTimeout(timer);
  }, [pendingPicture, mode, dims.width, dims.height]);

  const clientErrors = useMemo(() => validateForm(form, mode, christmas), [form, mode, christmas]);
  const errorFor = (field: keyof StudioForm | "sourceImage" | "doodle"): string | undefined =>
    serverErrors[field] ?? (touched.has(field) ? clientErrors[field] : undefined);

  function update<K extends keyof StudioForm>(field: K, value: StudioForm[K]) {
    setForm((f) => ({ ...f, [field]: value }));
    if (serverErrors[field]) setServerErrors(({ [field]: _, ...rest }) => rest);
  }
  const touch = (field: string) => setTouched((t) => (t.has(field) ? t : new Set(t).add(field)));

  const cost = costOf(data.costs, { mode, size: form.size as 512 | 768 | 1024, count: form.count });
  const active = Object.values(generations).filter((g) => !isFinished(g));
  const maxJobs = Math.max(1, data.maxConcurrentJobs);

  // Why Generate cannot run now, in plain words (null = it can).
  let blocked: Message | null = null;
  const firstClientError = Object.values(clientErrors)[0];
  if (paused)
    blocked = {
      tone: "info",
      text: "Generation is paused by the administrators. Your settings stay here; try again later.",
    };
  else if (!data.engine.available)
    blocked = {
      tone: "info",
      text: `${MODE_LABELS[mode]} is switched off for the moment. Try another mode or come back soon.`,
    };
  else if (data.signedIn && balance !== null && balance < cost)
    blocked = {
      tone: "info",
      text: `You need ${tokens(cost)} and have ${formatCount(balance)}.`,
      link: { to: "/pricing-plans", label: "Get more tokens" },
    };
  else if (data.signedIn && active.length >= maxJobs)
    blocked = {
      tone: "info",
      text: `You have ${active.length} ${active.length === 1 ? "job" : "jobs"} running; a new one can start when one finishes.`,
    };
  else if (firstClientError) blocked = { tone: "info", text: firstClientError };
  else if (mode === "image" && source.progress !== null)
    blocked = { tone: "info", text: "Wait for your picture to finish uploading." };
  else if (mode === "image" && !source.source && !(source.pending && !data.signedIn))
    blocked = { tone: "info", text: "Add a picture to start from." };
  else if (mode === "doodle" && !doodleHasContent)
    blocked = { tone: "info", text: "Draw something on the canvas first." };

  // The header shows the balance from the root loader: refresh it when an answer changed ours.
  const revalidator = useRevalidator();
  const revalidateRef = useRef(revalidator.revalidate);
  revalidateRef.current = revalidator.revalidate;
  const headerBalance = useRootData()?.user?.tokens;
  const revalidatedFor = useRef<number | null>(null);
  useEffect(() => {
    if (
      balance === null ||
      headerBalance === undefined ||
      headerBalance === balance ||
      revalidatedFor.current === balance
    )
      return;
    const timer = setTimeout(() => {
      revalidatedFor.current = balance; // once per value: never a loop
      void revalidateRef.current();
    }, 400);
    return () => clearTimeout(timer);
  }, [balance, headerBalance]);

  const refreshBalance = useCallback(async () => {
    try {
      const answer = await api.get<{ balance: number }>("/api/tokens");
      if (typeof answer.balance === "number") setBalance(answer.balance);
    } catch {
      // the next answer that carries a balance will correct it
    }
  }, [api]);

  const onUpdate = useCallback(
    (g: GenerationView) => {
      const previous = generationsRef.current[g.id];
      setGenerations((current) => ({ ...current, [g.id]: g }));
      if (previous && !isFinished(previous) && isFinished(g) && g.refunded) void refreshBalance();
    },
    [refreshBalance],
  );
  const onGone = useCallback((id: string) => {
    setGenerations(({ [id]: _, ...rest }) => rest);
    setSessionIds((ids) => ids.filter((x) => x !== id));
    setHistoryIds((ids) => ids.filter((x) => x !== id));
  }, []);

  function openSignIn() {
    writeDraft(key, form);
    const link = signInWrap.current?.querySelector("a");
    if (link) link.click();
  }

  function applyFailure(result: {
    status: number;
    code: string | null;
    message: string;
    fields: Record<string, string>;
  }) {
    const fields = { ...result.fields };
    if (fields.sourceImage && mode === "image") source.setError(fields.sourceImage);
    setServerErrors(fields);
    setTouched(new Set(Object.keys(fields)));
    if (result.status === 401) {
      setMessage({ tone: "error", text: "Your session has ended. Sign in again; your settings stay here." });
      openSignIn();
    } else if (result.status === 402) {
      setMessage({ tone: "error", text: result.message, link: { to: "/pricing-plans", label: "Get more tokens" } });
      void refreshBalance();
    } else if (result.status === 409 && result.code === "price_changed") {
      setMessage({ tone: "error", text: result.message });
      void revalidateRef.current(); // fresh prices and engine
    } else if (result.status === 503 && result.code === "generation_paused") {
      setPaused(true);
      setMessage({ tone: "error", text: result.message || "Generation is paused by the administrators." });
    } else if (Object.keys(fields).length > 0) {
      setMessage({ tone: "error", text: "Some settings need a look — see the notes next to them." });
    } else {
      setMessage({ tone: "error", text: result.message });
    }
  }

  async function send(body: FormData): Promise<boolean> {
    setSubmitting(true);
    setMessage(null);
    try {
      const result = await submitGeneration(base, body);
      if (!result.ok) {
        applyFailure(result);
        return false;
      }
      const g = result.generation;
      setServerErrors({});
      setGenerations((current) => ({ ...current, [g.id]: g }));
      setSessionIds((ids) => mergeIds([g.id], ids));
      setRevealId(g.id);
      setHistoryIds((ids) => mergeIds([g.id], ids));
      if (result.balance !== null) setBalance(result.balance);
      return true;
    } finally {
      setSubmitting(false);
    }
  }

  async function generate(event?: FormEvent) {
    event?.preventDefault();
    if (submitting) return;
    if (blocked) {
      setTouched(new Set(Object.keys(form)));
      setMessage(blocked.tone === "info" ? null : blocked);
      return;
    }
    if (!data.signedIn) {
      setMessage({ tone: "info", text: "Sign in to generate — your settings and your drawing stay right here." });
      openSignIn();
      return;
    }
    const body = toFormData(form, mode, christmas, options);
    // The price on screen: if an admin changed it meanwhile, the server says so instead of charging another.
    body.set("expectedCost", String(cost));
    if (mode === "image" && source.source) body.set("sourceImage", source.source.fileName);
    if (mode === "doodle") {
      try {
        const blob = await doodle.current!.toBlob();
        body.set("doodle", new File([blob], "doodle.png", { type: "image/png" }));
      } catch {
        setMessage({ tone: "error", text: "The drawing could not be read from the canvas." });
        return;
      }
    }
    await send(body);
  }

  async function fetchSource(g: GenerationView): Promise<Blob | null> {
    if (!g.sourceUrl) return null;
    try {
      const response = await fetch(g.sourceUrl, { credentials: "same-origin" });
      return response.ok ? await response.blob() : null;
    } catch {
      return null;
    }
  }

  function rerun(g: GenerationView) {
    if (
      mode === "doodle" &&
      doodle.current?.hasContent() &&
      g.sourceUrl &&
      !window.confirm("Replace your drawing with the one from this generation? Undo brings yours back.")
    ) {
      return;
    }
    setForm(sanitizeForm(formFromGeneration(g), options, form));
    setServerErrors({});
    setMessage({
      tone: "info",
      text: `Settings from that ${g.status === "succeeded" ? "image" : "generation"} are in the form, seed ${g.seed} included.`,
    });
    if (mode === "image" && g.sourceUrl) {
      void fetchSource(g).then((blob) => {
        if (blob) source.choose(new File([blob], "source.png", { type: blob.type || "image/png" }));
      });
    }
    if (mode === "doodle" && g.sourceUrl) setPendingPicture(g.sourceUrl);
    formTop.current?.scrollIntoView({ behavior: "smooth", block: "start" });
    promptRef.current?.focus({ preventScroll: true });
  }

  async function variation(g: GenerationView) {
    if (!data.signedIn) return openSignIn();
    const settings = { ...sanitizeForm(formFromGeneration(g), options, form), seed: String(randomSeed()) };
    const body = toFormData(settings, mode, christmas, options);
    if (mode !== "text") {
      const blob = await fetchSource(g);
      if (!blob) {
        setMessage({
          tone: "error",
          text: "The source picture of that generation is no longer kept, so a variation cannot be made.",
        });
        return;
      }
      if (mode === "doodle") body.set("doodle", new File([blob], "doodle.png", { type: "image/png" }));
      else {
        // The picture becomes the current upload (as if chosen again), then the job starts.
        setSubmitting(true);
        const uploaded = await uploadPreviewImage(
          base,
          new File([blob], "source.png", { type: blob.type || "image/png" }),
          () => {},
        );
        setSubmitting(false);
        if (!uploaded.ok) {
          setMessage({ tone: "error", text: uploaded.message });
          return;
        }
        body.set("sourceImage", uploaded.preview.fileName);
      }
    }
    await send(body);
  }

  async function cancel(g: GenerationView) {
    setCanceling((s) => new Set(s).add(g.id));
    try {
      const answer = await api.post<{ generation: GenerationView; balance?: number }>(
        `/api/generations/${encodeURIComponent(g.id)}/cancel`,
      );
      if (answer.generation) onUpdate(answer.generation);
      if (typeof answer.balance === "number") setBalance(answer.balance);
    } catch (error) {
      setMessage({
        tone: "error",
        text: error instanceof HttpError ? error.message : "Canceling did not work. Try again.",
      });
    } finally {
      setCanceling((s) => {
        const next = new Set(s);
        next.delete(g.id);
        return next;
      });
    }
  }

  async function remove(g: GenerationView): Promise<boolean> {
    setHistoryError(null);
    try {
      await api.delete(`/api/generations/${encodeURIComponent(g.id)}`);
      onGone(g.id);
      return true;
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) {
        onGone(g.id);
        return true;
      }
      setHistoryError(error instanceof HttpError ? error.message : "Deleting did not work. Try again.");
      return false;
    }
  }

  async function loadMore() {
    if (!nextCursor) return;
    setLoadingMore(true);
    setHistoryError(null);
    try {
      const page = await api.get<GenerationPage>(
        `/api/generations?${new URLSearchParams({ mode, cursor: nextCursor })}`,
      );
      setGenerations((current) => ({ ...Object.fromEntries(page.items.map((g) => [g.id, g])), ...current }));
      setHistoryIds((ids) =>
        mergeIds(
          ids,
          page.items.map((g) => g.id),
        ),
      );
      setNextCursor(page.nextCursor);
    } catch (error) {
      setHistoryError(error instanceof HttpError ? error.message : "More history could not be loaded. Try again.");
    } finally {
      setLoadingMore(false);
    }
  }

  function changeAspect(next: StudioForm["aspectRatio"]) {
    if (next === form.aspectRatio) return;
    if (
      mode === "doodle" &&
      doodle.current?.hasContent() &&
      !window.confirm("A new shape starts a new drawing. Clear the canvas and change the shape?")
    )
      return;
    update("aspectRatio", next);
  }

  const sessionItems = useMemo(
    () => sessionIds.map((id) => generations[id]).filter((g): g is GenerationView => Boolean(g)),
    [sessionIds, generations],
  );
  const historyItems = useMemo(
    () => historyIds.map((id) => generations[id]).filter((g): g is GenerationView => Boolean(g)),
    [historyIds, generations],
  );
  const lightboxEntries = useMemo<LightboxEntry[]>(() => {
    const seen = new Set<string>();
    const out: LightboxEntry[] = [];
    for (const g of [...sessionItems, ...historyItems]) {
      if (seen.has(g.id)) continue;
      seen.add(g.id);
      for (const image of g.images) out.push({ generation: g, image });
    }
    return out;
  }, [sessionItems, historyItems]);
  const openLightbox = (g: GenerationView, index: number) => {
    const at = lightboxEntries.findIndex((e) => e.generation.id === g.id && e.image.index === index);
    if (at >= 0) setLightbox(at);
  };

  const title = christmas ? `Christmas ${MODE_LABELS[mode].toLowerCase()}` : MODE_LABELS[mode];
  const ModeIcon = MODE_ICONS[mode];
  const promptRequired = mode === "text";
  const canvas =
    mode === "doodle" ? (
      <section
        aria-label="Your drawing"
        className="rounded-3xl border border-line bg-paper-raised p-4 shadow-sm sm:p-5 lg:col-start-2 lg:row-start-1"
      >
        <DoodleCanvas
          ref={doodle}
          width={dims.width}
          height={dims.height}
          storageKey={doodleKey(christmas)}
          onContentChange={setDoodleHasContent}
          error={serverErrors.doodle}
        />
      </section>
    ) : null;

  return (
    <div style={christmas ? CHRISTMAS_THEME : undefined} data-christmas={christmas ? "true" : undefined}>
      <div
        className={cn(
          "relative overflow-hidden",
          christmas
            ? "bg-gradient-to-br from-[#6b1414] via-[#a3231b] to-[#14532d] text-white"
            : "bg-gradient-to-b from-accent-soft/70 to-transparent",
        )}
      >
        {christmas ? <Snow className="pointer-events-none absolute inset-0 size-full" /> : null}
        <div className="relative mx-auto max-w-6xl px-4 pb-6 pt-10 sm:px-6 sm:pt-12">
          {christmas ? (
            <p className="inline-flex items-center gap-1.5 rounded-full bg-white/15 px-3 py-1 text-xs font-semibold uppercase tracking-wider ring-1 ring-white/30">
              <TreePine aria-hidden className="size-3.5" /> Christmas event
            </p>
          ) : (
            <p className="inline-flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wider text-accent">
              <ModeIcon aria-hidden className="size-3.5" /> Studio
            </p>
          )}
          <h1
            className={cn(
              "mt-3 font-display text-3xl font-semibold tracking-tight sm:text-4xl",
              christmas ? "text-white" : "text-ink",
            )}
          >
            {title}
          </h1>
          <p className={cn("mt-2 max-w-2xl text-base sm:text-lg", christmas ? "text-white/85" : "text-ink-soft")}>
            {christmas ? `Festive styles for the season, for a limited time. ${MODE_INTRO[mode]}` : MODE_INTRO[mode]}
          </p>
          <nav aria-label="Studio modes" className="mt-6 flex flex-wrap gap-1.5">
            {(["text", "image", "doodle"] as const).map((m) => {
              const Icon = MODE_ICONS[m];
              return (
                <NavLink
                  key={m}
                  to={modePath(m, christmas)}
                  className={({ isActive }) =>
                    cn(
                      "inline-flex items-center gap-1.5 rounded-full px-3.5 py-1.5 text-sm font-medium ring-1 transition",
                      christmas
                        ? isActive
                          ? "bg-white text-[#8c1d18] ring-white"
                          : "text-white/90 ring-white/30 hover:bg-white/10"
                        : isActive
                          ? "bg-ink text-paper ring-ink"
                          : "bg-paper-raised text-ink-soft ring-line hover:text-ink",
                    )
                  }
                >
                  <Icon aria-hidden className="size-4" /> {MODE_LABELS[m]}
                </NavLink>
              );
            })}
          </nav>
        </div>
      </div>

      <div
        ref={formTop}
        className="mx-auto mt-6 grid max-w-6xl scroll-mt-24 items-start gap-6 px-4 sm:px-6 lg:grid-cols-[minmax(0,27rem)_minmax(0,1fr)] lg:gap-8"
      >
        {canvas}
        <div className="rounded-3xl border border-line bg-paper-raised p-4 shadow-sm sm:p-6 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <form
            id={formId}
            noValidate
            onSubmit={(event) => void generate(event)}
            aria-label={`${title} settings`}
            className="space-y-6"
          >
            {data.remix ? (
              <p
                role="status"
                className="rounded-xl border border-accent/20 bg-accent-soft px-3.5 py-2.5 text-sm text-accent-strong"
              >
                Remixing{" "}
                <Link
                  to={`/community/detail?id=${encodeURIComponent(data.remix.id)}`}
                  className="font-semibold underline-offset-4 hover:underline"
                >
                  “{data.remix.title}”
                </Link>
                : its settings are filled in{data.remix.form.prompt ? "" : " (its creator keeps the prompt private)"}.
              </p>
            ) : null}
            {mode === "image" ? (
              <SourceImagePicker state={source} signedIn={data.signedIn} fieldError={serverErrors.sourceImage} />
            ) : null}

            <div>
              <div className="mb-1.5 flex items-baseline justify-between gap-2">
                <label htmlFor={`${formId}-prompt`} className="text-sm font-medium text-ink">
                  Prompt {promptRequired ? null : <span className="font-normal text-ink-faint">(optional)</span>}
                </label>
                <span
                  className={cn(
                    "text-xs tabular-nums",
                    form.prompt.length > PROMPT_MAX * 0.9 ? "text-danger" : "text-ink-faint",
                  )}
                  aria-live="polite"
                >
                  {form.prompt.length} / {PROMPT_MAX}
                </span>
              </div>
              <textarea
                ref={promptRef}
                id={`${formId}-prompt`}
                name="prompt"
                rows={4}
                // No maxLength: a browser would cut a long paste without a word. Over the limit, the
                // counter turns red and the error says so at once; nothing typed is lost.
                required={promptRequired}
                value={form.prompt}
                onChange={(event) => {
                  update("prompt", event.target.value);
                  if (event.target.value.length > PROMPT_MAX) touch("prompt");
                }}
                onBlur={() => touch("prompt")}
                onKeyDown={(event) => {
                  if (event.key === "Enter" && (event.ctrlKey || event.metaKey))
                    void generate(event as unknown as FormEvent);
                }}
                placeholder={
                  mode === "text"
                    ? christmas
                      ? "A snowy village at dusk, warm windows, a fox in a red scarf…"
                      : "A lighthouse on a cliff at sunset, waves below, gulls in the wind…"
                    : "Anything to add? For example: evening light, autumn colours…"
                }
                aria-invalid={errorFor("prompt") ? true : undefined}
                aria-describedby={errorFor("prompt") ? `${formId}-prompt-error` : `${formId}-prompt-hint`}
                className={cn(inputClass, "resize-y leading-relaxed")}
              />
              <p id={`${formId}-prompt-hint`} className="mt-1 text-xs text-ink-faint">
                Ctrl+Enter generates.
              </p>
              <FieldError id={`${formId}-prompt-error`} message={errorFor("prompt")} />
            </div>

            <StylePicker
              name={`${formId}-style`}
              styles={options.styles}
              value={form.style}
              onChange={(v) => update("style", v)}
              error={errorFor("style")}
            />

            <SegmentedRadio
              name={`${formId}-aspect`}
              legend="Aspect ratio"
              value={form.aspectRatio}
              onChange={changeAspect}
              error={errorFor("aspectRatio")}
              options={options.aspectRatios.map((r) => ({
                value: r,
                label: (
                  <>
                    <RatioShape ratio={r} /> {r}
                  </>
                ),
              }))}
            />
            {mode === "image" ? (
              <CropNotice
                pictureUrl={source.source?.url ?? source.pending?.objectUrl ?? null}
                aspect={form.aspectRatio}
                aspects={options.aspectRatios}
                onUse={changeAspect}
              />
            ) : null}

            <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
              <SegmentedRadio
                name={`${formId}-size`}
                legend="Size"
                value={form.size}
                onChange={(v) => update("size", v)}
                error={errorFor("size")}
                hint={(() => {
                  const d = dimensionsFor(form.aspectRatio, form.size);
                  return `${d.width} × ${d.height} pixels`;
                })()}
                options={options.sizes.map((s) => ({
                  value: s,
                  label: `${s}px`,
                  description: `${s} pixels on the long side`,
                }))}
              />
              <SegmentedRadio
                name={`${formId}-count`}
                legend="Number of images"
                value={form.count}
                onChange={(v) => update("count", v)}
                error={errorFor("count")}
                options={Array.from({ length: options.maxImages }, (_, i) => ({ value: i + 1, label: String(i + 1) }))}
              />
            </div>

            {mode !== "text" ? (
              <div>
                <div className="mb-1.5 flex items-baseline justify-between">
                  <label htmlFor={`${formId}-strength`} className="text-sm font-medium text-ink">
                    Strength
                  </label>
                  <output htmlFor={`${formId}-strength`} className="text-sm tabular-nums text-ink-soft">
                    {form.strength.toFixed(2)}
                  </output>
                </div>
                <input
                  id={`${formId}-strength`}
                  type="range"
                  min={0}
                  max={1}
                  step={0.05}
                  value={form.strength}
                  onChange={(event) => update("strength", Number(event.target.value))}
                  aria-describedby={`${formId}-strength-hint`}
                  className="w-full accent-accent"
                />
                <p id={`${formId}-strength-hint`} className="mt-1 flex justify-between text-xs text-ink-faint">
                  <span>0 keeps your {mode === "doodle" ? "drawing" : "picture"}</span>
                  <span>1 is full style</span>
                </p>
                <FieldError id={`${formId}-strength-error`} message={errorFor("strength")} />
              </div>
            ) : null}

            <div>
              <label htmlFor={`${formId}-seed`} className="mb-1.5 block text-sm font-medium text-ink">
                Seed
              </label>
              <div className="flex gap-2">
                <input
                  id={`${formId}-seed`}
                  name="seed"
                  inputMode="numeric"
                  autoComplete="off"
                  placeholder="Random"
                  value={form.seed}
                  onChange={(event) => update("seed", event.target.value.replace(/[^\d]/g, "").slice(0, 10))}
                  onBlur={() => touch("seed")}
                  aria-invalid={errorFor("seed") ? true : undefined}
                  aria-describedby={`${formId}-seed-hint${errorFor("seed") ? ` ${formId}-seed-error` : ""}`}
                  className={cn(inputClass, "tabular-nums")}
                />
                <button
                  type="button"
                  onClick={() => update("seed", String(randomSeed()))}
                  aria-label="Pick a random seed"
                  title="Pick a random seed"
                  className="grid size-11 shrink-0 place-items-center rounded-xl text-ink-soft ring-1 ring-line hover:bg-paper-sunken hover:text-ink"
                >
                  <Dices aria-hidden className="size-5" />
                </button>
                {form.seed ? (
                  <button
                    type="button"
                    onClick={() => update("seed", "")}
                    aria-label="Clear the seed (random each time)"
                    title="Clear: a random seed each time"
                    className="grid size-11 shrink-0 place-items-center rounded-xl text-ink-soft ring-1 ring-line hover:bg-paper-sunken hover:text-ink"
                  >
                    <X aria-hidden className="size-5" />
                  </button>
                ) : null}
              </div>
              <p id={`${formId}-seed-hint`} className="mt-1 text-xs text-ink-faint">
                Empty means a new random seed each time. The seed is kept with every image, so you can make it again.
              </p>
              <FieldError id={`${formId}-seed-error`} message={errorFor("seed")} />
            </div>

            {options.negativePrompt ? (
              <details
                className="group rounded-2xl bg-paper-sunken/60 px-4 py-3"
                open={Boolean(form.negativePrompt) || Boolean(errorFor("negativePrompt")) || undefined}
              >
                <summary className="flex cursor-pointer list-none items-center justify-between text-sm font-medium text-ink [&::-webkit-details-marker]:hidden">
                  Advanced
                  <ChevronDown aria-hidden className="size-4 transition group-open:rotate-180" />
                </summary>
                <div className="mt-3">
                  <label htmlFor={`${formId}-negative`} className="mb-1.5 block text-sm font-medium text-ink">
                    Negative prompt <span className="font-normal text-ink-faint">(what to leave out)</span>
                  </label>
                  <textarea
                    id={`${formId}-negative`}
                    name="negativePrompt"
                    rows={2}
                    value={form.negativePrompt}
                    onChange={(event) => {
                      update("negativePrompt", event.target.value);
                      if (event.target.value.length > NEGATIVE_PROMPT_MAX) touch("negativePrompt");
                    }}
                    onBlur={() => touch("negativePrompt")}
                    placeholder="blurry, text, watermark"
                    aria-invalid={errorFor("negativePrompt") ? true : undefined}
                    aria-describedby={errorFor("negativePrompt") ? `${formId}-negative-error` : undefined}
                    className={cn(inputClass, "resize-y")}
                  />
                  <p
                    className={cn(
                      "mt-1 text-right text-xs tabular-nums",
                      form.negativePrompt.length > NEGATIVE_PROMPT_MAX ? "text-danger" : "text-ink-faint",
                    )}
                  >
                    {form.negativePrompt.length} / {NEGATIVE_PROMPT_MAX}
                  </p>
                  <FieldError id={`${formId}-negative-error`} message={errorFor("negativePrompt")} />
                </div>
              </details>
            ) : null}

            <div className="space-y-3 border-t border-line pt-5">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p data-testid="cost-line" className="inline-flex items-center gap-1.5 text-sm text-ink-soft">
                  <Coins aria-hidden className="size-4 text-accent" />
                  <span>
                    Costs <strong className="font-semibold text-ink">{tokens(cost)}</strong>
                    {data.signedIn && balance !== null ? (
                      <>
                        {" "}
                        · you have{" "}
                        <strong data-testid="studio-balance" className="font-semibold text-ink">
                          {formatCount(balance)}
                        </strong>
                      </>
                    ) : null}
                  </span>
                </p>
                {data.engine.available ? (
                  <EngineBadge engineId={data.engine.id} label={data.engine.label} align="end" />
                ) : null}
              </div>
              <button
                type="submit"
                disabled={Boolean(blocked) || submitting}
                aria-describedby={blocked ? `${formId}-blocked` : undefined}
                className={buttonClass({
                  size: "lg",
                  className: "w-full bg-accent text-white shadow-lg shadow-accent/20 hover:bg-accent-strong",
                })}
              >
                {submitting ? (
                  <LoaderCircle aria-hidden className="size-5 animate-spin" />
                ) : (
                  <WandSparkles aria-hidden className="size-5" />
                )}
                {submitting ? "Sending…" : "Generate"}
              </button>
              {blocked ? (
                <p id={`${formId}-blocked`} data-testid="generate-blocked" className="text-sm text-ink-soft">
                  {blocked.text}{" "}
                  {blocked.link ? (
                    <Link to={blocked.link.to} className="font-semibold text-accent hover:underline">
                      {blocked.link.label}
                    </Link>
                  ) : null}
                </p>
              ) : null}
              {message ? (
                <div
                  role={message.tone === "error" ? "alert" : "status"}
                  data-testid="studio-message"
                  className={cn(
                    "rounded-xl border px-4 py-3 text-sm",
                    message.tone === "error"
                      ? "border-danger/30 bg-red-50 text-danger"
                      : "border-accent/20 bg-accent-soft text-accent-strong",
                  )}
                >
                  {message.text}{" "}
                  {message.link ? (
                    <Link to={message.link.to} className="font-semibold underline">
                      {message.link.label}
                    </Link>
                  ) : null}
                </div>
              ) : null}
            </div>
          </form>
          {/* Outside the form: the sign-in dialog holds a form of its own. */}
          {!data.signedIn ? (
            <div className="mt-3 text-sm text-ink-soft">
              <span ref={signInWrap}>
                <SignInDialogTrigger className="font-semibold text-accent underline-offset-4 hover:underline">
                  Sign in
                </SignInDialogTrigger>
              </span>{" "}
              to generate — what you set up here stays.
            </div>
          ) : null}
        </div>

        <section
          aria-label="Results"
          aria-live="polite"
          className={cn(
            "space-y-4",
            mode === "doodle" ? "lg:col-start-2 lg:row-start-2" : "lg:col-start-2 lg:row-start-1",
          )}
        >
          {sessionItems.length === 0 ? (
            <div className="flex min-h-64 flex-col items-center justify-center gap-3 rounded-3xl border border-dashed border-line bg-paper-raised/60 px-6 py-12 text-center">
              <span className="grid size-14 place-items-center rounded-2xl bg-accent-soft text-accent">
                <Sparkles aria-hidden className="size-7" />
              </span>
              <p className="font-display text-xl font-semibold text-ink">Your art appears here</p>
              <p className="max-w-sm text-sm text-ink-soft">
                Pick a style and press Generate. You will see each step as it paints; you can start{" "}
                {maxJobs > 1 ? `up to ${maxJobs} jobs` : "one job"} at a time.
              </p>
            </div>
          ) : (
            sessionItems.map((g) => (
              <JobCard
                key={g.id}
                generation={g}
                canceling={canceling.has(g.id)}
                onCancel={() => void cancel(g)}
                onOpen={(index) => openLightbox(g, index)}
                onDismiss={() => setSessionIds((ids) => ids.filter((x) => x !== g.id))}
                reveal={revealId === g.id}
              />
            ))
          )}
        </section>
      </div>

      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <HistoryList
          items={historyItems}
          base={base}
          signedIn={data.signedIn}
          hasMore={Boolean(nextCursor)}
          loadingMore={loadingMore}
          loadMoreError={historyError}
          busy={submitting || paused || (data.signedIn && active.length >= maxJobs)}
          onLoadMore={() => void loadMore()}
          onOpen={openLightbox}
          onRerun={rerun}
          onVariation={(g) => void variation(g)}
          onDelete={remove}
        />
      </div>

      {active.map((g) => (
        <GenerationWatcher key={g.id} id={g.id} onUpdate={onUpdate} onGone={onGone} />
      ))}
      <Lightbox
        entries={lightboxEntries}
        index={lightbox}
        base={base}
        onIndex={setLightbox}
        onClose={() => setLightbox(null)}
      />
    </div>
  );
}
