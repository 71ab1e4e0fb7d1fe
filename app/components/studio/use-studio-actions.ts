/**
 * What the studio's buttons do across its parts: Generate (or why it cannot run now), a re-run or
 * a variation of an earlier generation, and a new shape that may clear a drawing. Visitors fill
 * the whole form; Generate keeps the draft and opens the sign-in dialog.
 */
import { type FormEvent, useRef } from "react";
import { type AspectRatio, costOf, type ImageSize, MODE_LABELS } from "~/lib/generation";
import type { GenerationView } from "~/lib/generation-views";
import { formatCount } from "~/lib/format";
import { type ApiFailure, randomSeed, uploadPreviewImage } from "./api";
import { tokens } from "./format";
import type { SourceImageState } from "./source-image";
import type { Say, StudioMessage } from "./studio-message";
import type { StudioDoodle } from "./use-studio-doodle";
import type { StudioData, StudioFormState } from "./use-studio-form";
import type { StudioJobs } from "./use-studio-jobs";

/** Why Generate cannot run now, in plain words (null = it can); the first reason wins. */
function whyBlocked({
  data,
  jobs,
  cost,
  firstClientError,
  source,
  doodleHasContent,
}: {
  data: StudioData;
  jobs: StudioJobs;
  cost: number;
  firstClientError: string | undefined;
  source: SourceImageState;
  doodleHasContent: boolean;
}): StudioMessage | null {
  const { mode } = data;
  const { balance, active } = jobs;
  if (jobs.paused)
    return {
      tone: "info",
      text: "Generation is paused by the administrators. Your settings stay here; try again later.",
    };
  if (!data.engine.available)
    return {
      tone: "info",
      text: `${MODE_LABELS[mode]} is switched off for the moment. Try another mode or come back soon.`,
    };
  if (data.signedIn && balance !== null && balance < cost)
    return {
      tone: "info",
      text: `You need ${tokens(cost)} and have ${formatCount(balance)}.`,
      link: { to: "/pricing-plans", label: "Get more tokens" },
    };
  if (jobs.full)
    return {
      tone: "info",
      text: `You have ${active.length} ${active.length === 1 ? "job" : "jobs"} running; a new one can start when one finishes.`,
    };
  if (firstClientError) return { tone: "info", text: firstClientError };
  if (mode === "image" && source.progress !== null)
    return { tone: "info", text: "Wait for your picture to finish uploading." };
  if (mode === "image" && !source.source && !(source.pending && !data.signedIn))
    return { tone: "info", text: "Add a picture to start from." };
  if (mode === "doodle" && !doodleHasContent) return { tone: "info", text: "Draw something on the canvas first." };
  return null;
}

/** An earlier generation's source picture (its upload or drawing), if the server still keeps it. */
async function fetchSource(g: GenerationView): Promise<Blob | null> {
  if (!g.sourceUrl) return null;
  try {
    const response = await fetch(g.sourceUrl, { credentials: "same-origin" });
    return response.ok ? await response.blob() : null;
  } catch {
    return null;
  }
}

export function useStudioActions({
  data,
  base,
  form,
  jobs,
  source,
  doodle,
  say,
}: {
  data: StudioData;
  base: string;
  form: StudioFormState;
  jobs: StudioJobs;
  source: SourceImageState;
  doodle: StudioDoodle;
  say: Say;
}) {
  const { mode } = data;
  /** The top of the form, scrolled to when a re-run fills it. */
  const formTop = useRef<HTMLDivElement>(null);
  /** Around the sign-in link: clicking it is how the sign-in dialog opens. */
  const signInWrap = useRef<HTMLSpanElement>(null);

  const cost = costOf(data.costs, { mode, size: form.values.size as ImageSize, count: form.values.count });
  const blocked = whyBlocked({
    data,
    jobs,
    cost,
    firstClientError: Object.values(form.clientErrors)[0],
    source,
    doodleHasContent: doodle.hasContent,
  });

  function openSignIn() {
    form.saveDraft();
    const link = signInWrap.current?.querySelector("a");
    if (link) link.click();
  }

  /** Tells the person why the server refused a job, next to the fields where it can. */
  function explainRefusal(result: ApiFailure) {
    const fields = { ...result.fields };
    if (fields.sourceImage && mode === "image") source.setError(fields.sourceImage);
    form.showServerErrors(fields);
    if (result.status === 401) {
      say({ tone: "error", text: "Your session has ended. Sign in again; your settings stay here." });
      openSignIn();
    } else if (result.status === 402) {
      say({ tone: "error", text: result.message, link: { to: "/pricing-plans", label: "Get more tokens" } });
    } else if (result.status === 409 && result.code === "price_changed") {
      say({ tone: "error", text: result.message });
    } else if (result.status === 503 && result.code === "generation_paused") {
      say({ tone: "error", text: result.message || "Generation is paused by the administrators." });
    } else if (Object.keys(fields).length > 0) {
      say({ tone: "error", text: "Some settings need a look — see the notes next to them." });
    } else {
      say({ tone: "error", text: result.message });
    }
  }

  async function send(body: FormData) {
    say(null);
    const refusal = await jobs.submit(body);
    if (refusal) explainRefusal(refusal);
    else form.clearServerErrors();
  }

  async function generate(event?: FormEvent) {
    event?.preventDefault();
    if (jobs.submitting) return;
    if (blocked) {
      form.touchAll();
      say(blocked.tone === "info" ? null : blocked);
      return;
    }
    if (!data.signedIn) {
      say({ tone: "info", text: "Sign in to generate — your settings and your drawing stay right here." });
      openSignIn();
      return;
    }
    const body = form.toBody();
    // The price on screen: if an admin changed it meanwhile, the server says so instead of charging another.
    body.set("expectedCost", String(cost));
    if (mode === "image" && source.source) body.set("sourceImage", source.source.fileName);
    if (mode === "doodle") {
      try {
        const blob = await doodle.toBlob();
        body.set("doodle", new File([blob], "doodle.png", { type: "image/png" }));
      } catch {
        say({ tone: "error", text: "The drawing could not be read from the canvas." });
        return;
      }
    }
    await send(body);
  }

  /** Puts an earlier generation's settings, and its picture or drawing, back in the form. */
  function rerun(g: GenerationView) {
    if (
      mode === "doodle" &&
      doodle.holdsDrawing() &&
      g.sourceUrl &&
      !window.confirm("Replace your drawing with the one from this generation? Undo brings yours back.")
    ) {
      return;
    }
    form.fillFrom(g);
    say({
      tone: "info",
      text: `Settings from that ${g.status === "succeeded" ? "image" : "generation"} are in the form, seed ${g.seed} included.`,
    });
    if (mode === "image" && g.sourceUrl) {
      void fetchSource(g).then((blob) => {
        if (blob) source.choose(new File([blob], "source.png", { type: blob.type || "image/png" }));
      });
    }
    if (mode === "doodle" && g.sourceUrl) doodle.putPicture(g.sourceUrl);
    formTop.current?.scrollIntoView({ behavior: "smooth", block: "start" });
    form.promptRef.current?.focus({ preventScroll: true });
  }

  /** Starts the same settings again with a new seed, from the same picture or drawing. */
  async function variation(g: GenerationView) {
    if (!data.signedIn) return openSignIn();
    const body = form.toBody({ ...form.settingsOf(g), seed: String(randomSeed()) });
    if (mode !== "text") {
      const blob = await fetchSource(g);
      if (!blob) {
        say({
          tone: "error",
          text: "The source picture of that generation is no longer kept, so a variation cannot be made.",
        });
        return;
      }
      if (mode === "doodle") body.set("doodle", new File([blob], "doodle.png", { type: "image/png" }));
      else {
        // The picture becomes the current upload (as if chosen again), then the job starts.
        const uploaded = await jobs.whileSubmitting(() =>
          uploadPreviewImage(base, new File([blob], "source.png", { type: blob.type || "image/png" }), () => {}),
        );
        if (!uploaded.ok) {
          say({ tone: "error", text: uploaded.message });
          return;
        }
        body.set("sourceImage", uploaded.preview.fileName);
      }
    }
    await send(body);
  }

  function changeAspect(next: AspectRatio) {
    if (next === form.values.aspectRatio) return;
    if (
      mode === "doodle" &&
      doodle.holdsDrawing() &&
      !window.confirm("A new shape starts a new drawing. Clear the canvas and change the shape?")
    )
      return;
    form.update("aspectRatio", next);
  }

  return { cost, blocked, formTop, signInWrap, generate, rerun, variation, changeAspect };
}
