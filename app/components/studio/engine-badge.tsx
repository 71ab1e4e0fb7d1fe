import { Cpu } from "lucide-react";
import { useId } from "react";
import { cn } from "~/lib/cn";

/** What the engine really is, in plain words (the Studio engine is procedural, not a model). */
export function engineExplanation(engineId: string, label: string): string {
  if (engineId === "studio" || engineId.startsWith("studio")) {
    return "Renders procedurally on this server — no AI model, no network.";
  }
  return `Made by ${label}.`;
}

/**
 * The engine's label with a short explanation on hover and focus, so nobody mistakes the
 * offline Studio engine for a diffusion model.
 */
export function EngineBadge({
  engineId,
  label,
  className,
  compact = false,
  align = "start",
}: {
  engineId: string;
  label: string;
  className?: string;
  compact?: boolean;
  /** Which edge the tooltip lines up with: "end" for badges at the right of their box. */
  align?: "start" | "end";
}) {
  const tipId = useId();
  const explanation = engineExplanation(engineId, label);
  return (
    <span className={cn("group relative inline-flex", className)}>
      <span
        // biome-ignore lint/a11y/noNoninteractiveTabindex: focusable so a keyboard can reach the explanation shown on focus (aria-describedby)
        tabIndex={0}
        aria-describedby={tipId}
        data-testid="engine-badge"
        className={cn(
          "inline-flex cursor-help items-center gap-1.5 rounded-full bg-paper-sunken font-medium text-ink-soft ring-1 ring-line",
          compact ? "px-2 py-0.5 text-[11px]" : "px-2.5 py-1 text-xs",
        )}
      >
        <Cpu aria-hidden className={compact ? "size-3" : "size-3.5"} />
        {label}
      </span>
      <span
        id={tipId}
        role="tooltip"
        className={cn(
          "pointer-events-none invisible absolute bottom-full z-30 mb-2 w-60 max-w-[80vw] rounded-xl bg-ink px-3 py-2 text-xs leading-snug text-paper opacity-0 shadow-lg transition group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100",
          align === "end" ? "right-0" : "left-0",
        )}
      >
        {explanation}
      </span>
    </span>
  );
}
