import type { GenerationStatus } from "~/lib/generation-constants";
import type { GenerationView } from "~/lib/generation-views";
import { findStyle } from "@atelier/studio/styles";
import { formatCount } from "~/lib/format";

export const STATUS_LABELS: Record<GenerationStatus, string> = {
  queued: "Waiting",
  running: "Painting",
  succeeded: "Done",
  failed: "Failed",
  canceled: "Canceled",
};

export const STATUS_TONES: Record<GenerationStatus, string> = {
  queued: "bg-amber-50 text-amber-800 ring-amber-200",
  running: "bg-accent-soft text-accent-strong ring-accent/30",
  succeeded: "bg-emerald-50 text-success ring-success/30",
  failed: "bg-red-50 text-danger ring-danger/30",
  canceled: "bg-paper-sunken text-ink-soft ring-line",
};

export const tokens = (n: number) => `${formatCount(n)} ${n === 1 ? "token" : "tokens"}`;

export function styleLabel(id: string): string {
  return findStyle(id)?.label ?? id;
}

export function excerpt(text: string, max = 90): string {
  const clean = text.trim().replace(/\s+/g, " ");
  return clean.length > max ? `${clean.slice(0, max - 1).trimEnd()}…` : clean;
}

export function describePrompt(g: Pick<GenerationView, "prompt" | "mode"> & { edit?: GenerationView["edit"] }): string {
  if (g.prompt.trim()) return excerpt(g.prompt);
  if (g.edit) return g.edit.kind === "inpaint" ? "A part removed, no prompt" : "Widened, no prompt";
  return g.mode === "doodle" ? "A doodle, no prompt" : g.mode === "image" ? "A picture, no prompt" : "Untitled";
}

export function queueText(position: number | null): string {
  if (position === null) return "Waiting in line";
  if (position <= 0) return "Next in line";
  return position === 1 ? "1 job ahead of yours" : `${position} jobs ahead of yours`;
}

export function refundText(g: Pick<GenerationView, "refunded" | "cost">): string | null {
  return g.refunded && g.cost > 0 ? `Your ${tokens(g.cost)} ${g.cost === 1 ? "was" : "were"} refunded.` : null;
}
