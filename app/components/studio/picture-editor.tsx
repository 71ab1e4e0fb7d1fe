/**
 * The editor of a part of a picture (/ai/edit, issue 31): repaint a part (inpaint, the mask
 * painted with MaskEditor) or widen it (outpaint, four sides), with a prompt and a count; the price
 * on the button is image to art's at the result's size on the engine that takes the edit, as the
 * server charges it (editPriceSize of editResultSize). Jobs start and are followed as in the
 * Studio (use-studio-jobs, job cards, the lightbox); a finished one shows before and after.
 */
import { Paintbrush } from "lucide-react";
import { type FormEvent, useId, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import type { EditKindOffer, EditPageData, EditPicture } from "@server/generation/page-data";
import { EmptyState } from "~/components/ui/empty-state";
import { FieldError, inputClass } from "~/components/ui/field";
import { SectionHeading } from "~/components/ui/page-heading";
import { cn } from "~/lib/cn";
import { formatCount } from "~/lib/format";
import { PROMPT_MAX } from "~/lib/generation-constants";
import type { GenerationView } from "~/lib/generation-views";
import {
  EDIT_KINDS,
  type EditKind,
  editPriceSize,
  editResultSize,
  type OutpaintSides,
  outpaintSidesProblem,
} from "~/lib/picture-edits";
import { useRootData } from "~/lib/root-data";
import type { ApiFailure } from "./api";
import { EDIT_HISTORY_PATH } from "./edit-links";
import { tokens } from "./format";
import { GenerationWatcher } from "./generation-studio";
import { JobCard } from "./job-card";
import { Lightbox } from "./lightbox";
import { MaskEditor, type MaskEditorHandle } from "./mask-editor";
import { NO_SIDES, OutpaintPreview, OutpaintSideFields } from "./outpaint-sides";
import { GenerateFooter } from "./studio-form";
import { SegmentedRadio } from "./pickers";
import type { StudioMessage } from "./studio-message";
import { useStudioJobs } from "./use-studio-jobs";
import { useStudioLightbox } from "./use-studio-lightbox";

const KIND_CHOICES: Record<EditKind, { label: string; description: string }> = {
  inpaint: { label: "Repaint a part", description: "Paint over a part and say what goes there" },
  outpaint: { label: "Widen", description: "Grow the picture beyond its sides" },
};

/** Which of the server's field names is shown next to which part of the editor. */
const FIELD_PLACES: Record<string, "picture" | "mask" | "sides" | "prompt" | "count" | "edit"> = {
  sourceImage: "picture",
  image: "picture",
  fromGeneration: "picture",
  fromIndex: "picture",
  mask: "mask",
  sides: "sides",
  sideTop: "sides",
  sideRight: "sides",
  sideBottom: "sides",
  sideLeft: "sides",
  prompt: "prompt",
  count: "count",
  edit: "edit",
};

type Place = (typeof FIELD_PLACES)[string];

/** The server's field messages by where they show; messages for fields this page has no place for come back as `other`. */
function placeErrors(fields: Record<string, string>): { placed: Partial<Record<Place, string>>; other: string[] } {
  const placed: Partial<Record<Place, string>> = {};
  const other: string[] = [];
  for (const [field, message] of Object.entries(fields)) {
    const place = FIELD_PLACES[field];
    if (place) placed[place] ??= message;
    else other.push(message);
  }
  return { placed, other };
}

/**
 * Why Edit cannot run now, in plain words (null = it can); the first reason wins. `hard` reasons
 * (paused, no engine, tokens, jobs) disable the button; the others are the form's own, and pressing
 * Edit shows them next to their field.
 */
function whyBlocked({
  data,
  offer,
  kind,
  cost,
  balance,
  paused,
  full,
  activeCount,
  prompt,
  hasMask,
  sides,
}: {
  data: EditPageData;
  offer: EditKindOffer;
  kind: EditKind;
  cost: number;
  balance: number | null;
  paused: boolean;
  full: boolean;
  activeCount: number;
  prompt: string;
  hasMask: boolean;
  sides: OutpaintSides;
}): (StudioMessage & { hard: boolean }) | null {
  if (paused)
    return {
      hard: true,
      tone: "info",
      text: "Generation is paused by the administrators. Your edit stays here; try again later.",
    };
  if (!offer.available)
    return {
      hard: true,
      tone: "info",
      text: `${KIND_CHOICES[kind].label} is switched off for the moment. Try the other kind of edit or come back soon.`,
    };
  if (data.signedIn && balance !== null && balance < cost)
    return {
      hard: true,
      tone: "info",
      text: `You need ${tokens(cost)} and have ${formatCount(balance)}.`,
      link: { to: "/pricing-plans", label: "Get more tokens" },
    };
  if (full)
    return {
      hard: true,
      tone: "info",
      text: `You have ${activeCount} ${activeCount === 1 ? "job" : "jobs"} running; a new one can start when one finishes.`,
    };
  if (prompt.trim().length > PROMPT_MAX)
    return { hard: false, tone: "info", text: `Keep the prompt under ${PROMPT_MAX} characters` };
  if (kind === "inpaint" && !hasMask) return { hard: false, tone: "info", text: NO_MASK };
  if (kind === "outpaint") {
    const problem = outpaintSidesProblem(sides);
    if (problem) return { hard: false, tone: "info", text: problem };
  }
  return null;
}

const NO_MASK = "Paint over the part of the picture to change first.";

export function PictureEditor({ data, picture }: { data: EditPageData; picture: EditPicture }) {
  const formId = useId();
  const base = (useRootData()?.config?.apiBaseUrl ?? "").replace(/\/+$/, "");
  const [message, setMessage] = useState<StudioMessage | null>(null);
  // The jobs of this page only: the history lives on the Studio's pages.
  const jobsData = useMemo(
    () => ({
      mode: "image" as const,
      signedIn: data.signedIn,
      balance: data.balance,
      paused: data.paused,
      maxConcurrentJobs: data.maxConcurrentJobs,
      history: { items: [], nextCursor: null },
    }),
    [data.signedIn, data.balance, data.paused, data.maxConcurrentJobs],
  );
  const jobs = useStudioJobs(jobsData, { base, say: setMessage });
  const lightbox = useStudioLightbox(jobs.sessionItems, []);
  const editor = useRef<MaskEditorHandle>(null);

  const [kind, setKind] = useState<EditKind>("inpaint");
  const [sides, setSides] = useState<OutpaintSides>(NO_SIDES);
  const [prompt, setPrompt] = useState("");
  const [count, setCount] = useState(1);
  const [hasMask, setHasMask] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Place, string>>>({});
  const [tried, setTried] = useState(false);

  const offer = data.kinds[kind];
  const result = editResultSize(picture, { kind, sides }, offer.maxSide);
  const shownCount = Math.min(count, offer.maxImages);
  const cost = offer.costs[`${editPriceSize(result)}`] * shownCount;
  const blocked = whyBlocked({
    data,
    offer,
    kind,
    cost,
    balance: jobs.balance,
    paused: jobs.paused,
    full: jobs.full,
    activeCount: jobs.active.length,
    prompt,
    hasMask,
    sides,
  });
  // What the person has not done yet shows next to its place once they press Edit.
  const maskError = errors.mask ?? (tried && kind === "inpaint" && !hasMask ? NO_MASK : undefined);
  const sidesError =
    errors.sides ?? (tried && kind === "outpaint" ? (outpaintSidesProblem(sides) ?? undefined) : undefined);
  const clearError = (place: Place) => setErrors(({ [place]: _, ...rest }) => rest);

  function explainRefusal(failure: ApiFailure) {
    const { placed, other } = placeErrors(failure.fields);
    setErrors(placed);
    if (failure.status === 401)
      setMessage({
        tone: "error",
        text: "Your session has ended. Sign in again; your edit stays here.",
        link: {
          to: `/login?redirectTo=${encodeURIComponent(window.location.pathname + window.location.search)}`,
          label: "Sign in",
        },
      });
    else if (failure.status === 402)
      setMessage({ tone: "error", text: failure.message, link: { to: "/pricing-plans", label: "Get more tokens" } });
    else if (Object.keys(placed).length > 0 && other.length === 0)
      setMessage({ tone: "error", text: "Something needs a look — see the notes next to it." });
    else setMessage({ tone: "error", text: other[0] ?? failure.message });
  }

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (jobs.submitting) return;
    setTried(true);
    // Nothing is sent while something stands in the way; the note under the button (and next to its field) says what.
    if (blocked) {
      setMessage(null);
      return;
    }
    setMessage(null);
    const body = new FormData();
    body.set("mode", "image");
    body.set("edit", kind);
    body.set("prompt", prompt.trim());
    body.set("count", String(shownCount));
    // The price on screen: if it changed meanwhile, the server says so instead of charging another.
    body.set("expectedCost", String(cost));
    if (picture.from) {
      body.set("fromGeneration", picture.from.generationId);
      body.set("fromIndex", String(picture.from.index));
    } else if (picture.preview) body.set("sourceImage", picture.preview);
    if (kind === "inpaint") {
      const mask = await editor.current?.toMaskBlob().catch(() => null);
      if (!mask) {
        setErrors({ mask: NO_MASK });
        return;
      }
      body.set("mask", new File([mask], "mask.png", { type: "image/png" }));
    } else {
      body.set("sideTop", String(sides.top));
      body.set("sideRight", String(sides.right));
      body.set("sideBottom", String(sides.bottom));
      body.set("sideLeft", String(sides.left));
    }
    const refusal = await jobs.submit(body);
    if (refusal) explainRefusal(refusal);
    else {
      setErrors({});
      setTried(false);
    }
  }

  return (
    <>
      <form
        id={formId}
        noValidate
        onSubmit={(event) => void submit(event)}
        aria-label="Edit settings"
        className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)] lg:gap-8"
      >
        <section
          aria-label="Your picture"
          className="min-w-0 space-y-4 rounded-3xl border border-line bg-paper-raised p-4 shadow-sm sm:p-5"
        >
          <SegmentedRadio
            name={`${formId}-kind`}
            legend="What to do"
            value={kind}
            onChange={(next) => {
              setKind(next);
              clearError("edit");
            }}
            error={errors.edit}
            options={EDIT_KINDS.map((k) => ({
              value: k,
              label: KIND_CHOICES[k].label,
              description: KIND_CHOICES[k].description,
            }))}
          />
          <FieldError id={`${formId}-picture-error`} alert>
            {errors.picture}
          </FieldError>
          {/* Kept while widening, so the painted mask is still there on the way back. */}
          <div hidden={kind !== "inpaint"}>
            <MaskEditor
              ref={editor}
              imageUrl={picture.url}
              width={picture.width}
              height={picture.height}
              onChange={(marked) => {
                setHasMask(marked);
                if (marked) clearError("mask");
              }}
            />
            <FieldError id={`${formId}-mask-error`} alert>
              {maskError}
            </FieldError>
          </div>
          {kind === "outpaint" ? (
            <div className="space-y-4">
              <OutpaintPreview imageUrl={picture.url} picture={picture} sides={sides} result={result} />
              <OutpaintSideFields
                id={`${formId}-sides`}
                sides={sides}
                onChange={(next) => {
                  setSides(next);
                  clearError("sides");
                }}
                error={sidesError}
              />
            </div>
          ) : null}
        </section>

        <div className="min-w-0 space-y-6 rounded-3xl border border-line bg-paper-raised p-4 shadow-sm sm:p-6">
          <PromptField
            id={`${formId}-prompt`}
            kind={kind}
            value={prompt}
            error={errors.prompt}
            onChange={(value) => {
              setPrompt(value);
              clearError("prompt");
            }}
            onSubmit={() => void submit()}
          />
          {offer.maxImages > 1 ? (
            <SegmentedRadio
              name={`${formId}-count`}
              legend="Number of images"
              value={shownCount}
              onChange={(value) => {
                setCount(value);
                clearError("count");
              }}
              error={errors.count}
              options={Array.from({ length: offer.maxImages }, (_, i) => ({ value: i + 1, label: String(i + 1) }))}
            />
          ) : null}
          <GenerateFooter
            formId={formId}
            costLine={`${result.width} × ${result.height} px`}
            balance={jobs.balance}
            engine={offer.available ? { id: offer.engineId, label: offer.engineLabel } : null}
            label={`Edit · ${tokens(cost)}`}
            submitting={jobs.submitting}
            disabled={Boolean(blocked?.hard)}
            blocked={blocked}
            message={message}
          />
        </div>
      </form>

      <EditResults
        picture={picture}
        items={jobs.sessionItems}
        canceling={jobs.canceling}
        revealId={jobs.revealId}
        onCancel={(g) => void jobs.cancel(g)}
        onOpen={lightbox.open}
        onDismiss={jobs.dismiss}
      />

      {jobs.active.map((g) => (
        <GenerationWatcher key={g.id} id={g.id} onUpdate={jobs.onUpdate} onGone={jobs.onGone} />
      ))}
      <Lightbox
        entries={lightbox.entries}
        index={lightbox.index}
        base={base}
        onIndex={lightbox.setIndex}
        onClose={lightbox.close}
      />
    </>
  );
}

function PromptField({
  id,
  kind,
  value,
  error,
  onChange,
  onSubmit,
}: {
  id: string;
  kind: EditKind;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
}) {
  const tooLong = value.length > PROMPT_MAX;
  const shownError = error ?? (tooLong ? `Keep the prompt under ${PROMPT_MAX} characters` : undefined);
  return (
    <div>
      <div className="mb-1.5 flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-ink">
          Prompt <span className="font-normal text-ink-faint">(optional)</span>
        </label>
        <span className={cn("text-xs tabular-nums", tooLong ? "text-danger" : "text-ink-faint")}>
          {value.length} / {PROMPT_MAX}
        </span>
      </div>
      <textarea
        id={id}
        name="prompt"
        rows={3}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) onSubmit();
        }}
        placeholder={
          kind === "inpaint"
            ? "What goes there? For example: a sky full of lanterns"
            : "What the wider picture shows, if anything"
        }
        aria-invalid={shownError ? true : undefined}
        aria-describedby={`${id}-hint${shownError ? ` ${id}-error` : ""}`}
        className={cn(inputClass, "resize-y leading-relaxed")}
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-ink-faint">
        {kind === "inpaint"
          ? "Leave it empty to remove what you painted over: it is filled from the rest of the picture."
          : "Leave it empty to continue the picture's sky, ground and textures."}{" "}
        Ctrl+Enter edits.
      </p>
      <FieldError id={`${id}-error`}>{shownError}</FieldError>
    </div>
  );
}

/** This page's edits, newest first: progress while they paint, then the result beside the picture it came from. */
function EditResults({
  picture,
  items,
  canceling,
  revealId,
  onCancel,
  onOpen,
  onDismiss,
}: {
  picture: EditPicture;
  items: GenerationView[];
  canceling: Set<string>;
  revealId: string | null;
  onCancel: (g: GenerationView) => void;
  onOpen: (g: GenerationView, index: number) => void;
  onDismiss: (id: string) => void;
}) {
  return (
    <section aria-labelledby="edit-results" aria-live="polite" className="mt-10 space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <SectionHeading id="edit-results">Your edits</SectionHeading>
        <Link to={EDIT_HISTORY_PATH} className="text-sm font-semibold text-accent underline-offset-4 hover:underline">
          See them in your history
        </Link>
      </div>
      {items.length === 0 ? (
        <EmptyState size="page">
          <Paintbrush aria-hidden className="size-6 text-accent" />
          <p className="text-sm">Your edit appears here as it paints, beside the picture it came from.</p>
        </EmptyState>
      ) : (
        items.map((g) => (
          <JobCard
            key={g.id}
            generation={g}
            before={picture}
            canceling={canceling.has(g.id)}
            onCancel={() => onCancel(g)}
            onOpen={(index) => onOpen(g, index)}
            onDismiss={() => onDismiss(g.id)}
            reveal={revealId === g.id}
          />
        ))
      )}
    </section>
  );
}
