import { ArrowUpRight, ChevronLeft, ChevronRight, Pause, Play } from "lucide-react";
import {
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  type TouchEvent,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import { Link } from "react-router";
import { cn } from "~/lib/cn";

/**
 * One slide of the home hero. `background` is any CSS `background` value (layered gradients,
 * data-URI SVG art); `imageUrl`, when set (admin-managed backgrounds), is shown as an <img>
 * on top of it, so the background doubles as the placeholder while the image loads.
 */
export type HeroSlide = {
  id: string;
  title: string;
  subtitle?: string;
  href?: string;
  imageUrl?: string | null;
  background: string;
};

type HeroSlideshowProps = {
  slides: HeroSlide[];
  /** Content laid over the slides (headline, calls to action). It is not part of any slide. */
  children?: ReactNode;
  /** Accessible name of the carousel. */
  label?: string;
  /** Milliseconds each slide stays before the next one, while playing. */
  interval?: number;
  className?: string;
};

const SWIPE_THRESHOLD = 48;

function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    const update = () => setReduced(query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);
  return reduced;
}

function usePageVisible(): boolean {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    const update = () => setVisible(document.visibilityState === "visible");
    update();
    document.addEventListener("visibilitychange", update);
    return () => document.removeEventListener("visibilitychange", update);
  }, []);
  return visible;
}

/**
 * The home page hero: a cross-fading slideshow (WAI-ARIA carousel pattern) with content on top.
 * It auto-advances while playing, pauses while hovered or focused, never auto-advances when the
 * visitor prefers reduced motion (unless they press play), and can be driven by keyboard,
 * buttons, dots or a swipe.
 */
export function HeroSlideshow({
  slides,
  children,
  label = "Featured artwork",
  interval = 6000,
  className,
}: HeroSlideshowProps) {
  const count = slides.length;
  const [index, setIndex] = useState(0);
  const [playRequested, setPlayRequested] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const pageVisible = usePageVisible();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const touchStartX = useRef<number | null>(null);
  const baseId = useId();

  // Until the visitor chooses, play unless they prefer reduced motion.
  const playing = playRequested ?? !reducedMotion;
  const rotating = playing && !hovered && !focused && pageVisible && count > 1;
  const current = count > 0 ? Math.min(index, count - 1) : 0;

  const goTo = useCallback((next: number) => setIndex(((next % count) + count) % count), [count]);
  const next = useCallback(() => goTo(current + 1), [goTo, current]);
  const previous = useCallback(() => goTo(current - 1), [goTo, current]);

  useEffect(() => {
    if (!rotating) return;
    const timer = window.setTimeout(next, interval);
    return () => window.clearTimeout(timer);
  }, [rotating, next, interval]);

  if (count === 0) {
    return <div className={cn("relative isolate overflow-hidden bg-ink", className)}>{children}</div>;
  }

  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    // The play/pause button is the one control that must not pause rotation by being focused.
    setFocused(event.target !== (toggleRef.current as EventTarget | null));
  };
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "ArrowRight") {
      event.preventDefault();
      next();
    } else if (event.key === "ArrowLeft") {
      event.preventDefault();
      previous();
    }
  };
  const onTouchStart = (event: TouchEvent<HTMLDivElement>) => {
    touchStartX.current = event.touches[0]?.clientX ?? null;
  };
  const onTouchEnd = (event: TouchEvent<HTMLDivElement>) => {
    const start = touchStartX.current;
    const end = event.changedTouches[0]?.clientX;
    touchStartX.current = null;
    if (start === null || end === undefined) return;
    const delta = end - start;
    if (Math.abs(delta) < SWIPE_THRESHOLD) return;
    if (delta < 0) next();
    else previous();
  };

  const active = slides[current];
  const slidesId = `${baseId}-slides`;

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hovering or focusing the slideshow pauses it (WCAG 2.2.2); the pause button is the control
    <div
      className={cn("relative isolate overflow-hidden bg-ink text-paper", className)}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={onFocus}
      onBlur={onBlur}
      onTouchStart={onTouchStart}
      onTouchEnd={onTouchEnd}
    >
      {children}

      {/* The carousel itself. It is not positioned, so its slides sit behind the content above. */}
      <section aria-roledescription="carousel" aria-label={label} onKeyDown={onKeyDown}>
        <div
          id={slidesId}
          className="absolute inset-0 -z-10"
          aria-live={rotating ? "off" : "polite"}
          aria-atomic="false"
        >
          {slides.map((slide, i) => {
            const isActive = i === current;
            return (
              // biome-ignore lint/a11y/useSemanticElements: a carousel slide is an ARIA group with a role description (WAI-ARIA carousel pattern)
              <div
                key={slide.id}
                role="group"
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${count}`}
                aria-hidden={!isActive}
                inert={!isActive}
                className={cn(
                  "absolute inset-0 overflow-hidden transition-opacity duration-1000 ease-out",
                  isActive ? "opacity-100" : "opacity-0",
                )}
              >
                <div
                  aria-hidden
                  className={cn(
                    "absolute inset-0 transition-transform duration-[7000ms] ease-out",
                    isActive ? "scale-100" : "scale-105",
                  )}
                  style={{ background: slide.background }}
                >
                  {slide.imageUrl ? (
                    <img
                      src={slide.imageUrl}
                      alt=""
                      className="absolute inset-0 size-full object-cover"
                      loading={i === 0 ? "eager" : "lazy"}
                      decoding="async"
                      fetchPriority={i === 0 ? "high" : "auto"}
                    />
                  ) : null}
                </div>
                <p className="sr-only">
                  {slide.title}
                  {slide.subtitle ? `. ${slide.subtitle}` : ""}
                </p>
              </div>
            );
          })}
          {/* Scrims keep the headline readable on any background. */}
          <div aria-hidden className="absolute inset-0 bg-gradient-to-r from-ink/75 via-ink/30 to-ink/0" />
          <div aria-hidden className="absolute inset-0 bg-ink/25 sm:hidden" />
          <div aria-hidden className="absolute inset-x-0 bottom-0 h-2/5 bg-gradient-to-t from-ink/70 to-ink/0" />
          <Grain />
        </div>

        {/* Caption of the current slide and the controls. */}
        <div className="relative z-20 mx-auto flex max-w-6xl flex-col gap-4 px-4 pb-6 sm:flex-row sm:items-end sm:justify-between sm:px-6 sm:pb-8">
          <div className="min-w-0" aria-hidden>
            {active ? (
              <div key={active.id} className="animate-fade-in">
                <p className="text-xs font-medium uppercase tracking-[0.18em] text-paper/70">
                  Now showing · {current + 1} / {count}
                </p>
                <p className="mt-1 truncate font-display text-lg font-medium text-paper">{active.title}</p>
                {active.subtitle ? <p className="truncate text-sm text-paper/75">{active.subtitle}</p> : null}
              </div>
            ) : null}
          </div>
          <div className="flex shrink-0 items-center gap-3">
            {active?.href ? (
              <Link
                to={active.href}
                className="inline-flex items-center gap-1 rounded-full px-3 py-2 text-sm font-medium text-paper/90 underline-offset-4 hover:text-paper hover:underline"
              >
                View<span className="sr-only"> {active.title}</span>
                <ArrowUpRight aria-hidden className="size-4" />
              </Link>
            ) : null}
            <div className="flex items-center gap-1 rounded-full bg-ink/45 p-1 ring-1 ring-paper/15 backdrop-blur-md">
              <ControlButton
                ref={toggleRef}
                label={playing ? "Pause slideshow" : "Play slideshow"}
                onClick={() => setPlayRequested(!playing)}
              >
                {playing ? <Pause aria-hidden className="size-4" /> : <Play aria-hidden className="size-4" />}
              </ControlButton>
              <ControlButton label="Previous slide" controls={slidesId} onClick={previous}>
                <ChevronLeft aria-hidden className="size-5" />
              </ControlButton>
              <ul className="flex items-center px-1" aria-label="Choose a slide">
                {slides.map((slide, i) => (
                  <li key={slide.id}>
                    <button
                      type="button"
                      onClick={() => goTo(i)}
                      aria-controls={slidesId}
                      aria-label={`Slide ${i + 1} of ${count}: ${slide.title}`}
                      aria-current={i === current ? "true" : undefined}
                      className="group grid h-9 w-6 place-items-center rounded-full"
                    >
                      <span
                        aria-hidden
                        className={cn(
                          "block h-2 rounded-full transition-all duration-300",
                          i === current ? "w-5 bg-paper" : "w-2 bg-paper/45 group-hover:bg-paper/75",
                        )}
                      />
                    </button>
                  </li>
                ))}
              </ul>
              <ControlButton label="Next slide" controls={slidesId} onClick={next}>
                <ChevronRight aria-hidden className="size-5" />
              </ControlButton>
            </div>
          </div>
        </div>
      </section>
    </div>
  );
}

/** A round button of the control bar; `controls` names the slides it changes. */
function ControlButton({
  label,
  controls,
  onClick,
  ref,
  children,
}: {
  label: string;
  controls?: string;
  onClick: () => void;
  ref?: Ref<HTMLButtonElement>;
  children: ReactNode;
}) {
  return (
    <button
      ref={ref}
      type="button"
      onClick={onClick}
      aria-controls={controls}
      aria-label={label}
      className="grid size-9 place-items-center rounded-full text-paper transition-colors hover:bg-paper/15"
    >
      {children}
    </button>
  );
}

/** A faint film grain over the slides, so flat gradients read as paint rather than plastic. */
function Grain() {
  const id = useId().replace(/[^\w-]/g, "");
  return (
    <svg aria-hidden className="pointer-events-none absolute inset-0 size-full opacity-[0.14] mix-blend-overlay">
      <filter id={`${id}-grain`}>
        <feTurbulence type="fractalNoise" baseFrequency="0.85" numOctaves="2" stitchTiles="stitch" />
        <feColorMatrix type="saturate" values="0" />
      </filter>
      <rect width="100%" height="100%" filter={`url(#${id}-grain)`} />
    </svg>
  );
}
