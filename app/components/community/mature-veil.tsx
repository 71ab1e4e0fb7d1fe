/**
 * A mature picture as people who opted into mature pictures see it (issue 40, ADR 0059): blurred
 * under a veil with a Show button, one picture at a time. Everyone else is never sent one: the
 * server leaves mature works out of their lists and shows a note instead of the picture on its page.
 * The button works once the page is live; until then it is disabled and looks it.
 */
import { EyeOff } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { cn } from "~/lib/cn";

export function MatureVeil({
  mature,
  title,
  children,
  className,
  large = false,
}: {
  mature: boolean;
  /** The picture's title, for the button's accessible name. */
  title: string;
  children: ReactNode;
  className?: string;
  /** The artwork's page: a bigger veil. */
  large?: boolean;
}) {
  const [shown, setShown] = useState(false);
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  if (!mature) return <>{children}</>;
  return (
    <div className={cn("relative overflow-hidden", className)} data-testid="mature-veil" data-shown={shown}>
      <div className={cn("transition-[filter] duration-300", shown ? "" : "blur-2xl")}>{children}</div>
      {shown ? (
        <button
          type="button"
          onClick={() => setShown(false)}
          className="absolute top-2 left-2 z-10 inline-flex items-center gap-1 rounded-full bg-paper/90 px-2.5 py-1 text-xs font-medium text-ink shadow-sm ring-1 ring-line hover:bg-paper"
          aria-label={`Blur the mature picture “${title}” again`}
        >
          <EyeOff aria-hidden className="size-3.5" /> Hide
        </button>
      ) : (
        // Clicks outside the button go through to what is under the veil (a card's link).
        <div className="pointer-events-none absolute inset-0 z-10 grid place-items-center bg-ink/25 p-3 text-center">
          <div className="flex flex-col items-center gap-2">
            <span className={cn("font-semibold text-white drop-shadow", large ? "text-base" : "text-sm")}>Mature</span>
            <button
              type="button"
              disabled={!live}
              onClick={() => setShown(true)}
              className={cn(
                "pointer-events-auto rounded-full bg-paper px-4 py-1.5 text-sm font-semibold text-ink shadow ring-1 ring-line focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent",
                live ? "hover:bg-paper-raised" : "cursor-wait opacity-60",
              )}
              aria-label={`Show the mature picture “${title}”`}
            >
              Show
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
