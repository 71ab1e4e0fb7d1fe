/** This session's jobs beside the form, newest first, with live progress; a hint until there is one. */
import { Sparkles } from "lucide-react";
import { cn } from "~/lib/cn";
import type { GenerationMode } from "~/lib/generation";
import type { GenerationView } from "~/lib/generation-views";
import { JobCard } from "./job-card";
import { EmptyState } from "~/components/ui/empty-state";

export function StudioQueue({
  mode,
  items,
  maxJobs,
  canceling,
  revealId,
  onCancel,
  onOpen,
  onDismiss,
}: {
  mode: GenerationMode;
  items: GenerationView[];
  maxJobs: number;
  canceling: Set<string>;
  /** The job just started: its card scrolls into view. */
  revealId: string | null;
  onCancel: (g: GenerationView) => void;
  onOpen: (g: GenerationView, index: number) => void;
  onDismiss: (id: string) => void;
}) {
  return (
    <section
      aria-label="Results"
      aria-live="polite"
      className={cn(
        "space-y-4",
        // On the doodle page the canvas takes the top right cell.
        mode === "doodle" ? "lg:col-start-2 lg:row-start-2" : "lg:col-start-2 lg:row-start-1",
      )}
    >
      {items.length === 0 ? (
        <EmptyState size="page" className="min-h-64 justify-center">
          <span className="grid size-14 place-items-center rounded-2xl bg-accent-soft text-accent">
            <Sparkles aria-hidden className="size-7" />
          </span>
          <p className="font-display text-xl font-semibold text-ink">Your art appears here</p>
          <p className="max-w-sm text-sm text-ink-soft">
            Pick a style and press Generate. You will see each step as it paints; you can start{" "}
            {maxJobs > 1 ? `up to ${maxJobs} jobs` : "one job"} at a time.
          </p>
        </EmptyState>
      ) : (
        items.map((g) => (
          <JobCard
            key={g.id}
            generation={g}
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
