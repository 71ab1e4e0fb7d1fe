/**
 * The form panel left of the results: the settings this page's engine offers, the price and
 * Generate, why Generate cannot run now, and the studio's message. Its state is useStudioForm's.
 */
import { ChevronDown, Coins, Dices, LoaderCircle, WandSparkles, X } from "lucide-react";
import { type FormEvent, type ReactNode, type RefObject, useId } from "react";
import { Link } from "react-router";
import { SignInDialogTrigger } from "~/components/auth/sign-in-dialog";
import { buttonClass } from "~/components/ui/button";
import { inputClass, FieldError, FieldLabel } from "~/components/ui/field";
import { cn } from "~/lib/cn";
import { CHRISTMAS_PROMPT_PLACEHOLDER, PROMPT_PLACEHOLDER } from "~/lib/example-prompts";
import { formatCount } from "~/lib/format";
import { findStyle } from "@atelier/studio/styles";
import {
  type AspectRatio,
  dimensionsFor,
  type GenerationMode,
  LARGE_SIZES_HINT,
  NEGATIVE_PROMPT_MAX,
  PROMPT_MAX,
} from "~/lib/generation";
import { randomSeed } from "./api";
import { EngineBadge } from "./engine-badge";
import { tokens } from "./format";
import { effectiveStyle, type RemixData } from "./form-state";
import { RatioShape, SegmentedRadio, StylePicker } from "./pickers";
import { CropNotice, SourceImagePicker, type SourceImageState } from "./source-image";
import { type StudioMessage, StudioMessageBox } from "./studio-message";
import type { StudioData, StudioFormState } from "./use-studio-form";

/** What every field here needs: the ids to tie labels and notes to it, and the form's state. */
type FieldProps = { formId: string; form: StudioFormState };

export function StudioFormPanel({
  data,
  title,
  form,
  source,
  cost,
  balance,
  submitting,
  blocked,
  message,
  signInRef,
  onGenerate,
  onAspectChange,
}: {
  data: StudioData;
  title: string;
  form: StudioFormState;
  source: SourceImageState;
  cost: number;
  balance: number | null;
  submitting: boolean;
  blocked: StudioMessage | null;
  message: StudioMessage | null;
  signInRef: RefObject<HTMLSpanElement | null>;
  onGenerate: (event?: FormEvent) => Promise<void>;
  onAspectChange: (next: AspectRatio) => void;
}) {
  const formId = useId();
  const { mode } = data;
  const { options, values, errorFor, update } = form;
  const sized = dimensionsFor(values.aspectRatio, values.size);
  const lockedSizes = options.sizes.filter((s) => s > options.maxSize);
  const shownStyle = effectiveStyle(values, options, data.christmas);
  return (
    <div className="rounded-3xl border border-line bg-paper-raised p-4 shadow-sm sm:p-6 lg:col-start-1 lg:row-span-2 lg:row-start-1">
      <form
        id={formId}
        noValidate
        onSubmit={(event) => void onGenerate(event)}
        aria-label={`${title} settings`}
        className="space-y-6"
      >
        {data.remix ? <RemixNote remix={data.remix} /> : null}
        {mode === "image" ? (
          <SourceImagePicker state={source} signedIn={data.signedIn} fieldError={form.serverErrors.sourceImage} />
        ) : null}

        <PromptField formId={formId} form={form} mode={mode} christmas={data.christmas} onGenerate={onGenerate} />

        <StylePicker
          name={`${formId}-style`}
          styles={options.styles}
          value={shownStyle}
          onChange={(v) => update("style", v)}
          error={errorFor("style")}
          hint={
            !values.styleChosen && shownStyle !== values.style
              ? `${findStyle(shownStyle)?.label ?? shownStyle}, as your prompt says. Pick another style to change it.`
              : undefined
          }
        />

        <SegmentedRadio
          name={`${formId}-aspect`}
          legend="Aspect ratio"
          value={values.aspectRatio}
          onChange={onAspectChange}
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
            aspect={values.aspectRatio}
            aspects={options.aspectRatios}
            onUse={onAspectChange}
          />
        ) : null}

        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
          <SegmentedRadio
            name={`${formId}-size`}
            legend="Size"
            value={values.size}
            onChange={(v) => update("size", v)}
            error={errorFor("size")}
            hint={<SizeHint width={sized.width} height={sized.height} locked={lockedSizes} />}
            options={options.sizes.map((s) => ({
              value: s,
              label: `${s}px`,
              description: s > options.maxSize ? LARGE_SIZES_HINT : `${s} pixels on the long side`,
              disabled: s > options.maxSize,
            }))}
          />
          <SegmentedRadio
            name={`${formId}-count`}
            legend="Number of images"
            value={values.count}
            onChange={(v) => update("count", v)}
            error={errorFor("count")}
            options={Array.from({ length: options.maxImages }, (_, i) => ({ value: i + 1, label: String(i + 1) }))}
          />
        </div>

        {mode !== "text" ? <StrengthField formId={formId} form={form} mode={mode} /> : null}
        <SeedField formId={formId} form={form} />
        {options.negativePrompt ? <NegativePromptField formId={formId} form={form} /> : null}

        <GenerateFooter
          formId={formId}
          costLine={
            <>
              Costs <strong className="font-semibold text-ink">{tokens(cost)}</strong>
            </>
          }
          balance={data.signedIn ? balance : null}
          engine={data.engine.available ? data.engine : null}
          label="Generate"
          submitting={submitting}
          disabled={Boolean(blocked)}
          blocked={blocked}
          message={message}
        />
      </form>
      {/* Outside the form: the sign-in dialog holds a form of its own. */}
      {!data.signedIn ? (
        <div className="mt-3 text-sm text-ink-soft">
          <span ref={signInRef}>
            <SignInDialogTrigger className="font-semibold text-accent underline-offset-4 hover:underline">
              Sign in
            </SignInDialogTrigger>
          </span>{" "}
          to generate — what you set up here stays.
        </div>
      ) : null}
    </div>
  );
}

function RemixNote({ remix }: { remix: RemixData }) {
  return (
    <p
      role="status"
      className="rounded-xl border border-accent/20 bg-accent-soft px-3.5 py-2.5 text-sm text-accent-strong"
    >
      Remixing{" "}
      <Link
        to={`/community/detail?id=${encodeURIComponent(remix.id)}`}
        className="font-semibold underline-offset-4 hover:underline"
      >
        “{remix.title}”
      </Link>
      : its settings are filled in{remix.form.prompt ? "" : " (its creator keeps the prompt private)"}.
    </p>
  );
}

function PromptField({
  formId,
  form,
  mode,
  christmas,
  onGenerate,
}: FieldProps & { mode: GenerationMode; christmas: boolean; onGenerate: (event?: FormEvent) => Promise<void> }) {
  const { values, errorFor, update, touch } = form;
  const required = mode === "text";
  const error = errorFor("prompt");
  return (
    <div>
      <div className="mb-1.5 flex items-baseline justify-between gap-2">
        <label htmlFor={`${formId}-prompt`} className="text-sm font-medium text-ink">
          Prompt {required ? null : <span className="font-normal text-ink-faint">(optional)</span>}
        </label>
        <span
          className={cn(
            "text-xs tabular-nums",
            values.prompt.length > PROMPT_MAX * 0.9 ? "text-danger" : "text-ink-faint",
          )}
          aria-live="polite"
        >
          {values.prompt.length} / {PROMPT_MAX}
        </span>
      </div>
      <textarea
        ref={form.promptRef}
        id={`${formId}-prompt`}
        name="prompt"
        rows={4}
        // No maxLength: a browser would cut a long paste without a word. Over the limit, the
        // counter turns red and the error says so at once; nothing typed is lost.
        required={required}
        value={values.prompt}
        onChange={(event) => {
          update("prompt", event.target.value);
          if (event.target.value.length > PROMPT_MAX) touch("prompt");
        }}
        onBlur={() => touch("prompt")}
        onKeyDown={(event) => {
          if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) void onGenerate(event as unknown as FormEvent);
        }}
        placeholder={
          mode === "text"
            ? christmas
              ? CHRISTMAS_PROMPT_PLACEHOLDER
              : PROMPT_PLACEHOLDER
            : "Anything to add? For example: evening light, autumn colours…"
        }
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${formId}-prompt-error` : `${formId}-prompt-hint`}
        className={cn(inputClass, "resize-y leading-relaxed")}
      />
      <p id={`${formId}-prompt-hint`} className="mt-1 text-xs text-ink-faint">
        Ctrl+Enter generates.
      </p>
      <FieldError id={`${formId}-prompt-error`}>{error}</FieldError>
    </div>
  );
}

/** How far the result may move from the picture or drawing (image and doodle pages). */
function StrengthField({ formId, form, mode }: FieldProps & { mode: GenerationMode }) {
  const { values, errorFor, update } = form;
  return (
    <div>
      <div className="mb-1.5 flex items-baseline justify-between">
        <label htmlFor={`${formId}-strength`} className="text-sm font-medium text-ink">
          Strength
        </label>
        <output htmlFor={`${formId}-strength`} className="text-sm tabular-nums text-ink-soft">
          {values.strength.toFixed(2)}
        </output>
      </div>
      <input
        id={`${formId}-strength`}
        type="range"
        min={0}
        max={1}
        step={0.05}
        value={values.strength}
        onChange={(event) => update("strength", Number(event.target.value))}
        aria-describedby={`${formId}-strength-hint`}
        className="w-full accent-accent"
      />
      <p id={`${formId}-strength-hint`} className="mt-1 flex justify-between text-xs text-ink-faint">
        <span>0 keeps your {mode === "doodle" ? "drawing" : "picture"}</span>
        <span>1 is full style</span>
      </p>
      <FieldError id={`${formId}-strength-error`}>{errorFor("strength")}</FieldError>
    </div>
  );
}

function SeedField({ formId, form }: FieldProps) {
  const { values, errorFor, update, touch } = form;
  const error = errorFor("seed");
  return (
    <div>
      <FieldLabel htmlFor={`${formId}-seed`}>Seed</FieldLabel>
      <div className="flex gap-2">
        <input
          id={`${formId}-seed`}
          name="seed"
          inputMode="numeric"
          autoComplete="off"
          placeholder="Random"
          value={values.seed}
          onChange={(event) => update("seed", event.target.value.replace(/[^\d]/g, "").slice(0, 10))}
          onBlur={() => touch("seed")}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${formId}-seed-hint${error ? ` ${formId}-seed-error` : ""}`}
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
        {values.seed ? (
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
      <FieldError id={`${formId}-seed-error`}>{error}</FieldError>
    </div>
  );
}

/** Folded away under Advanced unless it holds something or an error. */
function NegativePromptField({ formId, form }: FieldProps) {
  const { values, errorFor, update, touch } = form;
  const error = errorFor("negativePrompt");
  return (
    <details
      className="group rounded-2xl bg-paper-sunken/60 px-4 py-3"
      open={Boolean(values.negativePrompt) || Boolean(error) || undefined}
    >
      <summary className="flex cursor-pointer list-none items-center justify-between text-sm font-medium text-ink [&::-webkit-details-marker]:hidden">
        Advanced
        <ChevronDown aria-hidden className="size-4 transition group-open:rotate-180" />
      </summary>
      <div className="mt-3">
        <FieldLabel htmlFor={`${formId}-negative`}>
          Negative prompt <span className="font-normal text-ink-faint">(what to leave out)</span>
        </FieldLabel>
        <textarea
          id={`${formId}-negative`}
          name="negativePrompt"
          rows={2}
          value={values.negativePrompt}
          onChange={(event) => {
            update("negativePrompt", event.target.value);
            if (event.target.value.length > NEGATIVE_PROMPT_MAX) touch("negativePrompt");
          }}
          onBlur={() => touch("negativePrompt")}
          placeholder="blurry, text, watermark"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${formId}-negative-error` : undefined}
          className={cn(inputClass, "resize-y")}
        />
        <p
          className={cn(
            "mt-1 text-right text-xs tabular-nums",
            values.negativePrompt.length > NEGATIVE_PROMPT_MAX ? "text-danger" : "text-ink-faint",
          )}
        >
          {values.negativePrompt.length} / {NEGATIVE_PROMPT_MAX}
        </p>
        <FieldError id={`${formId}-negative-error`}>{error}</FieldError>
      </div>
    </details>
  );
}

/**
 * The price line (and the balance), the engine, the submit button, why it cannot run now, and the
 * page's message: the Studio's Generate and the editor's Edit.
 */
export function GenerateFooter({
  formId,
  costLine,
  balance,
  engine,
  label,
  submitting,
  disabled,
  blocked,
  message,
}: {
  formId: string;
  /** What the price line says before the balance. */
  costLine: ReactNode;
  /** Null when signed out. */
  balance: number | null;
  engine: { id: string; label: string } | null;
  label: string;
  submitting: boolean;
  disabled: boolean;
  blocked: StudioMessage | null;
  message: StudioMessage | null;
}) {
  return (
    <div className="space-y-3 border-t border-line pt-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p data-testid="cost-line" className="inline-flex items-center gap-1.5 text-sm text-ink-soft">
          <Coins aria-hidden className="size-4 text-accent" />
          <span>
            {costLine}
            {balance !== null ? (
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
        {engine ? <EngineBadge engineId={engine.id} label={engine.label} align="end" /> : null}
      </div>
      <button
        type="submit"
        disabled={disabled || submitting}
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
        {submitting ? "Sending…" : label}
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
      {message ? <StudioMessageBox message={message} /> : null}
    </div>
  );
}

/**
 * Under the sizes: the picture's pixels, and — when the engine makes sizes above the person's
 * largest — which membership brings them (issue 41), linked to the plans.
 */
function SizeHint({ width, height, locked }: { width: number; height: number; locked: number[] }) {
  return (
    <>
      {width} × {height} pixels
      {locked.length > 0 ? (
        <>
          <br />
          <span data-testid="large-sizes-hint">
            {locked.map((s) => `${s}px`).join(", ")}:{" "}
            <Link to="/pricing-plans" className="font-semibold text-accent underline underline-offset-2">
              {LARGE_SIZES_HINT}
            </Link>
          </span>
        </>
      ) : null}
    </>
  );
}
