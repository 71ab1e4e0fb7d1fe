/** A labelled progress bar with its stage in words; a null percent pulses (the work cannot tell how far it is). */
import { cn } from "~/lib/cn";

export function ProgressBar({
  label,
  stage,
  percent,
  showPercent = percent !== null,
  minWidth = 3,
  stageTestId,
}: {
  /** Names the bar for assistive technology ("Progress of …"). */
  label: string;
  stage: string;
  percent: number | null;
  showPercent?: boolean;
  /** Smallest visible width, in percent, so a started job shows a sliver. */
  minWidth?: number;
  stageTestId?: string;
}) {
  return (
    <div className="space-y-1.5">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span data-testid={stageTestId} className="text-ink-soft" aria-live="polite">
          {stage}
        </span>
        {percent !== null && showPercent ? (
          <span className="tabular-nums text-ink-faint">{Math.round(percent)}%</span>
        ) : null}
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent === null ? undefined : Math.round(percent)}
        aria-valuetext={percent === null ? stage : `${Math.round(percent)}% — ${stage}`}
        className="h-2 overflow-hidden rounded-full bg-paper-sunken"
      >
        <div
          className={cn(
            "h-full rounded-full bg-gradient-to-r from-accent to-pink-500 transition-[width] duration-500 ease-out",
            percent === null && "w-1/3 animate-pulse",
          )}
          style={percent === null ? undefined : { width: `${Math.max(minWidth, Math.min(100, percent))}%` }}
        />
      </div>
    </div>
  );
}
