/** The studio's banner: which mode this is (festive on the christmas pages) and links to the other modes. */
import { Image as ImageIcon, PenTool, TreePine, Type } from "lucide-react";
import { NavLink } from "react-router";
import { cn } from "~/lib/cn";
import { type GenerationMode, MODE_LABELS } from "~/lib/generation";
import { Snow } from "./snow";

const MODE_INTRO: Record<GenerationMode, string> = {
  text: "Describe a scene, pick a style, and the studio paints it.",
  image: "Upload a picture and re-render it in the style you choose.",
  doodle: "Paint rough regions — sky, water, grass — and turn them into a finished scene.",
};
const MODE_ICONS = { text: Type, image: ImageIcon, doodle: PenTool } as const;

export function modePath(mode: GenerationMode, christmas: boolean): string {
  return `/ai/${christmas ? "christmas-event/" : ""}ai-${mode}-to-art`;
}

export function studioTitle(mode: GenerationMode, christmas: boolean): string {
  return christmas ? `Christmas ${MODE_LABELS[mode].toLowerCase()}` : MODE_LABELS[mode];
}

export function StudioHeader({ mode, christmas }: { mode: GenerationMode; christmas: boolean }) {
  const ModeIcon = MODE_ICONS[mode];
  return (
    <div
      className={cn(
        "relative overflow-hidden",
        christmas
          ? "bg-gradient-to-br from-[#6b1414] via-[#a3231b] to-[#14532d] text-white"
          : "bg-gradient-to-b from-accent-soft/70 to-transparent",
      )}
    >
      {christmas ? <Snow className="pointer-events-none absolute inset-0 size-full" /> : null}
      <div className="relative mx-auto max-w-6xl px-4 pb-6 pt-10 sm:px-6 sm:pt-12">
        {christmas ? (
          <p className="inline-flex items-center gap-1.5 rounded-full bg-white/15 px-3 py-1 text-xs font-semibold uppercase tracking-wider ring-1 ring-white/30">
            <TreePine aria-hidden className="size-3.5" /> Christmas event
          </p>
        ) : (
          <p className="inline-flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wider text-accent">
            <ModeIcon aria-hidden className="size-3.5" /> Studio
          </p>
        )}
        <h1
          className={cn(
            "mt-3 font-display text-3xl font-semibold tracking-tight sm:text-4xl",
            christmas ? "text-white" : "text-ink",
          )}
        >
          {studioTitle(mode, christmas)}
        </h1>
        <p className={cn("mt-2 max-w-2xl text-base sm:text-lg", christmas ? "text-white/85" : "text-ink-soft")}>
          {christmas ? `Festive styles for the season, for a limited time. ${MODE_INTRO[mode]}` : MODE_INTRO[mode]}
        </p>
        <nav aria-label="Studio modes" className="mt-6 flex flex-wrap gap-1.5">
          {(["text", "image", "doodle"] as const).map((m) => {
            const Icon = MODE_ICONS[m];
            return (
              <NavLink
                key={m}
                to={modePath(m, christmas)}
                className={({ isActive }) =>
                  cn(
                    "inline-flex items-center gap-1.5 rounded-full px-3.5 py-1.5 text-sm font-medium ring-1 transition",
                    christmas
                      ? isActive
                        ? "bg-white text-[#8c1d18] ring-white"
                        : "text-white/90 ring-white/30 hover:bg-white/10"
                      : isActive
                        ? "bg-ink text-paper ring-ink"
                        : "bg-paper-raised text-ink-soft ring-line hover:text-ink",
                  )
                }
              >
                <Icon aria-hidden className="size-4" /> {MODE_LABELS[m]}
              </NavLink>
            );
          })}
        </nav>
      </div>
    </div>
  );
}
