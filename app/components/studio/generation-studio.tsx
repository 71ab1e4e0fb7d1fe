/**
 * The studio shared by the six AI pages (text, image and doodle to art; regular and christmas):
 * the form, the jobs running now with live progress, and the history.
 *
 * Jobs are followed with Server-Sent Events (polling when those fail, see
 * use-generation-stream.ts); queued and running jobs from the history resume on mount. Visitors
 * fill the whole form; Generate keeps the draft in sessionStorage and opens the sign-in dialog.
 *
 * This file wires the parts together. State lives in hooks: the form's values and errors
 * (use-studio-form), the jobs, balance and history (use-studio-jobs), the doodle canvas
 * (use-studio-doodle), the lightbox (use-studio-lightbox), and what the buttons do across them
 * (use-studio-actions). The parts only render: studio-header, studio-form, studio-queue, history
 * and lightbox.
 */
import { type CSSProperties, useState } from "react";
import { DoodleCanvas } from "~/components/doodle/doodle-canvas";
import { dimensionsFor } from "~/lib/generation";
import type { GenerationView } from "~/lib/generation-views";
import { useRootData } from "~/lib/root-data";
import { useGenerationStream } from "~/lib/use-generation-stream";
import { doodleKey } from "./form-state";
import { HistoryList } from "./history";
import { Lightbox } from "./lightbox";
import { useSourceImage } from "./source-image";
import { StudioFormPanel } from "./studio-form";
import { StudioHeader, studioTitle } from "./studio-header";
import type { StudioMessage } from "./studio-message";
import { StudioQueue } from "./studio-queue";
import { useStudioActions } from "./use-studio-actions";
import { useStudioDoodle } from "./use-studio-doodle";
import { type StudioData, useStudioForm } from "./use-studio-form";
import { useStudioJobs } from "./use-studio-jobs";
import { useStudioLightbox } from "./use-studio-lightbox";

export { modePath } from "./studio-header";

const CHRISTMAS_THEME = {
  "--color-accent": "#b3261e",
  "--color-accent-strong": "#8c1d18",
  "--color-accent-soft": "#fdecea",
} as CSSProperties;

/** Follows one unfinished generation; renders nothing. */
export function GenerationWatcher({
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

export function GenerationStudio({ data }: { data: StudioData }) {
  const { mode, christmas } = data;
  const base = (useRootData()?.config?.apiBaseUrl ?? "").replace(/\/+$/, "");
  // One message under Generate, which the form, the jobs and the canvas all speak through.
  const [message, setMessage] = useState<StudioMessage | null>(null);

  const source = useSourceImage({ signedIn: data.signedIn, base });
  const jobs = useStudioJobs(data, { base, say: setMessage });
  const form = useStudioForm(data);
  // The canvas is drawn at full size whatever the output size; the shape is what matters.
  const canvasSize = dimensionsFor(form.values.aspectRatio, 1024);
  const doodle = useStudioDoodle({ enabled: mode === "doodle", ...canvasSize, say: setMessage });
  const actions = useStudioActions({ data, base, form, jobs, source, doodle, say: setMessage });
  const lightbox = useStudioLightbox(jobs.sessionItems, jobs.historyItems);

  return (
    <div style={christmas ? CHRISTMAS_THEME : undefined} data-christmas={christmas ? "true" : undefined}>
      <StudioHeader mode={mode} christmas={christmas} />

      <div
        ref={actions.formTop}
        className="mx-auto mt-6 grid max-w-6xl scroll-mt-24 items-start gap-6 px-4 sm:px-6 lg:grid-cols-[minmax(0,27rem)_minmax(0,1fr)] lg:gap-8"
      >
        {mode === "doodle" ? (
          <section
            aria-label="Your drawing"
            className="rounded-3xl border border-line bg-paper-raised p-4 shadow-sm sm:p-5 lg:col-start-2 lg:row-start-1"
          >
            <DoodleCanvas
              ref={doodle.canvasRef}
              width={canvasSize.width}
              height={canvasSize.height}
              storageKey={doodleKey(christmas)}
              onContentChange={doodle.onContentChange}
              error={form.serverErrors.doodle}
            />
          </section>
        ) : null}
        <StudioFormPanel
          data={data}
          title={studioTitle(mode, christmas)}
          form={form}
          source={source}
          cost={actions.cost}
          balance={jobs.balance}
          submitting={jobs.submitting}
          blocked={actions.blocked}
          message={message}
          signInRef={actions.signInWrap}
          onGenerate={actions.generate}
          onAspectChange={actions.changeAspect}
        />
        <StudioQueue
          mode={mode}
          items={jobs.sessionItems}
          maxJobs={jobs.maxJobs}
          canceling={jobs.canceling}
          revealId={jobs.revealId}
          onCancel={(g) => void jobs.cancel(g)}
          onOpen={lightbox.open}
          onDismiss={jobs.dismiss}
        />
      </div>

      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <HistoryList
          items={jobs.historyItems}
          base={base}
          signedIn={data.signedIn}
          hasMore={jobs.hasMore}
          loadingMore={jobs.loadingMore}
          loadMoreError={jobs.historyError}
          busy={jobs.submitting || jobs.paused || jobs.full}
          onLoadMore={() => void jobs.loadMore()}
          onOpen={lightbox.open}
          onRerun={actions.rerun}
          onVariation={(g) => void actions.variation(g)}
          onDelete={jobs.remove}
        />
      </div>

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
    </div>
  );
}
