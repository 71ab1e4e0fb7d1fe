import { cn } from "~/lib/cn";

const base =
  "inline-flex items-center justify-center gap-2 rounded-full transition focus-visible:outline-2 focus-visible:outline-offset-2 disabled:pointer-events-none disabled:opacity-50";

const variants = {
  /** The main action on a light background. */
  primary: "bg-ink text-paper hover:bg-accent-strong",
  /** A second action beside a primary one. */
  secondary: "bg-paper text-ink ring-1 ring-line hover:bg-paper-sunken",
  /** The main action on a dark or image background. */
  inverse: "bg-paper text-ink hover:bg-accent-soft",
  /** A second action on a dark or image background. */
  "inverse-outline": "text-paper ring-1 ring-paper/40 hover:bg-paper/10 hover:ring-paper/70",
} as const;

const sizes = {
  sm: "px-4 py-2 text-sm font-medium",
  md: "px-5 py-2.5 font-semibold",
  lg: "px-6 py-3 font-semibold",
} as const;

export type ButtonVariant = keyof typeof variants;
export type ButtonSize = keyof typeof sizes;

/** Class names of Atelier's pill buttons, for <button>, <Link> and <a> alike. */
export function buttonClass({
  variant = "primary",
  size = "md",
  className,
}: {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
} = {}) {
  return cn(base, variants[variant], sizes[size], className);
}
