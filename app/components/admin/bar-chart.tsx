/**
 * A small bar chart drawn by hand: one bar per point, the top value on the y axis, x labels
 * thinned so they never overlap. Bars are SVG stretched to the box (rectangles scale without
 * distortion that matters); the labels are HTML so their text stays readable at any width.
 * Screen readers get a one-sentence summary (role="img") and the same numbers as a table.
 */
import { cn } from "~/lib/cn";

export interface BarPoint {
  /** The point's label under its bar and in the table, e.g. "12 Nov". */
  label: string;
  value: number;
}

/** At most this many x labels, whatever the number of bars; fewer when the chart is narrow. */
const MAX_X_LABELS = 8;
const MAX_X_LABELS_NARROW = 4;
const HEIGHT = 100;

export function BarChart({
  title,
  points,
  format,
  summary,
  emptyNote,
}: {
  title: string;
  points: BarPoint[];
  format: (value: number) => string;
  /** What the chart says, in one sentence (its accessible name). */
  summary: string;
  /** Shown over the chart when every value is zero. */
  emptyNote?: string;
}) {
  const max = Math.max(0, ...points.map((p) => p.value));
  const scale = max > 0 ? max : 1;
  const n = Math.max(points.length, 1);
  const step = Math.ceil(points.length / MAX_X_LABELS);
  const narrowStep = Math.ceil(points.length / MAX_X_LABELS_NARROW / step) * step;
  const gap = n > 40 ? 0.15 : 0.25;
  return (
    <figure className="space-y-3">
      <figcaption className="text-sm font-medium text-ink">{title}</figcaption>
      <div className="flex gap-2">
        <div
          className="flex w-16 shrink-0 flex-col justify-between pb-6 text-right text-xs text-ink-soft tabular-nums"
          aria-hidden
        >
          <span>{max > 0 ? format(max) : ""}</span>
          <span>{format(0)}</span>
        </div>
        <div className="@container relative min-w-0 flex-1">
          <svg
            role="img"
            aria-label={summary}
            viewBox={`0 0 ${n} ${HEIGHT}`}
            preserveAspectRatio="none"
            className="block h-48 w-full border-b border-l border-line sm:h-56"
          >
            <line
              x1={0}
              x2={n}
              y1={0}
              y2={0}
              stroke="currentColor"
              strokeWidth={1}
              vectorEffect="non-scaling-stroke"
              className="text-line"
              strokeDasharray="4 4"
            />
            {points.map((p, i) => {
              const h = (Math.max(0, p.value) / scale) * HEIGHT;
              return (
                <rect
                  key={p.label}
                  x={i + gap / 2}
                  width={1 - gap}
                  y={HEIGHT - h}
                  height={h}
                  className="fill-accent hover:fill-accent-strong"
                >
                  <title>{`${p.label}: ${format(p.value)}`}</title>
                </rect>
              );
            })}
          </svg>
          {max === 0 && emptyNote ? (
            <p className="absolute inset-x-0 top-1/3 px-4 text-center text-sm text-ink-soft" aria-hidden>
              {emptyNote}
            </p>
          ) : null}
          <div className="relative h-6 text-xs text-ink-soft" aria-hidden>
            {points.map((p, i) => {
              if (i % step !== 0) return null;
              // Centred under the bar, except near the edges, where it is aligned to stay inside.
              const place =
                i / n < 0.1
                  ? { left: `${(i / n) * 100}%` }
                  : (i + 1) / n > 0.9
                    ? { left: `${((i + 1) / n) * 100}%`, transform: "translateX(-100%)" }
                    : { left: `${((i + 0.5) / n) * 100}%`, transform: "translateX(-50%)" };
              return (
                <span
                  key={p.label}
                  className={cn("absolute top-1 whitespace-nowrap", i % narrowStep !== 0 && "hidden @md:block")}
                  style={place}
                >
                  {p.label}
                </span>
              );
            })}
          </div>
        </div>
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer text-accent">Show the numbers</summary>
        <div className="mt-2 max-h-72 overflow-auto rounded-xl border border-line">
          <table className="w-full text-left">
            <caption className="sr-only">{title}</caption>
            <thead className="bg-paper-sunken text-ink-soft">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  Day
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {points.map((p) => (
                <tr key={p.label}>
                  <td className="px-3 py-1.5">{p.label}</td>
                  <td className="px-3 py-1.5 text-right tabular-nums">{format(p.value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
