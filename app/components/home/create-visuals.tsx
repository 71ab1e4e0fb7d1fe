import { ArrowRight, Sparkles } from "lucide-react";
import { type ReactNode, useId } from "react";
import { CREATE_CARD_PROMPT } from "~/lib/example-prompts";

/** SVG ids must be unique on the page and safe inside url(#…). */
function useSvgId(): (name: string) => string {
  const base = useId().replace(/[^\w-]/g, "");
  return (name: string) => `${base}-${name}`;
}

/** A picture that fills its box, drawn in `viewBox` units; `fit` "slice" crops it to fill, "meet" shows it whole. */
function Scene({ viewBox, fit, children }: { viewBox: string; fit: "slice" | "meet"; children: ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      viewBox={viewBox}
      preserveAspectRatio={`xMidYMid ${fit}`}
      className="absolute inset-0 size-full"
    >
      {children}
    </svg>
  );
}

/** The arrow in the middle, from what the person gives to the art it becomes. */
function BeforeAfterArrow() {
  return (
    <span className="absolute top-1/2 left-1/2 grid size-8 -translate-x-1/2 -translate-y-1/2 place-items-center rounded-full bg-paper text-ink shadow-md ring-1 ring-ink/10">
      <ArrowRight className="size-4" />
    </span>
  );
}

/** Text to art: a prompt, and the painting it became. */
export function TextToArtVisual() {
  const id = useSvgId();
  return (
    <div aria-hidden className="relative h-full w-full overflow-hidden">
      <Scene viewBox="0 0 400 250" fit="slice">
        <defs>
          <linearGradient id={id("sky")} x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="#1b1240" />
            <stop offset="0.6" stopColor="#5a2fbf" />
            <stop offset="1" stopColor="#c46a9a" />
          </linearGradient>
          <linearGradient id={id("beam")} x1="0" y1="0" x2="1" y2="0">
            <stop offset="0" stopColor="#ffe3a3" stopOpacity="0.75" />
            <stop offset="1" stopColor="#ffe3a3" stopOpacity="0" />
          </linearGradient>
        </defs>
        <rect width="400" height="250" fill={`url(#${id("sky")})`} />
        <g fill="#2a1a5e" opacity="0.7">
          <ellipse cx="90" cy="52" rx="110" ry="26" />
          <ellipse cx="300" cy="40" rx="130" ry="24" />
        </g>
        <path
          d="M236 34 l-14 30 h12 l-10 26"
          fill="none"
          stroke="#f6e7ff"
          strokeWidth="2.5"
          strokeLinejoin="round"
          opacity="0.85"
        />
        <path d="M282 96 L400 70 L400 134 Z" fill={`url(#${id("beam")})`} />
        <rect x="266" y="96" width="22" height="92" fill="#f3ecff" />
        <rect x="266" y="118" width="22" height="12" fill="#d9485f" />
        <rect x="266" y="146" width="22" height="12" fill="#d9485f" />
        <rect x="262" y="84" width="30" height="14" rx="2" fill="#ffd98a" />
        <path d="M259 84 L277 70 L295 84 Z" fill="#d9485f" />
        <path d="M214 196 C 240 176 300 176 340 196 Z" fill="#241548" />
        <path d="M0 200 C 60 186 110 212 170 198 S 300 186 400 204 V250 H0Z" fill="#2b1a63" />
        <path d="M0 220 C 70 206 140 232 220 216 S 340 210 400 224 V250 H0Z" fill="#1a1040" />
        <g fill="none" stroke="#b9a4ff" strokeWidth="1.5" opacity="0.6" strokeLinecap="round">
          <path d="M20 212 q 10 -4 20 0" />
          <path d="M90 226 q 12 -5 24 0" />
          <path d="M330 216 q 10 -4 20 0" />
        </g>
      </Scene>
      <div className="absolute inset-x-4 bottom-4 flex items-center gap-2 rounded-xl bg-paper/95 px-3 py-2 text-xs text-ink shadow-lg shadow-ink/20 ring-1 ring-ink/5">
        <Sparkles className="size-3.5 shrink-0 text-accent" />
        <span className="truncate">{CREATE_CARD_PROMPT}</span>
        <span className="ml-auto h-3.5 w-px shrink-0 bg-accent motion-safe:animate-pulse" />
      </div>
    </div>
  );
}

/** Image to art: one picture, half photo and half painting, with a divider between. */
export function ImageToArtVisual() {
  const id = useSvgId();
  return (
    <div aria-hidden className="relative h-full w-full overflow-hidden">
      <Scene viewBox="0 0 400 250" fit="slice">
        <defs>
          <clipPath id={id("left")}>
            <rect width="200" height="250" />
          </clipPath>
          <clipPath id={id("right")}>
            <rect x="200" width="200" height="250" />
          </clipPath>
          <linearGradient id={id("photo-sky")} x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="#a9b8c4" />
            <stop offset="1" stopColor="#dfe3e4" />
          </linearGradient>
          <linearGradient id={id("art-sky")} x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="#f29e4c" />
            <stop offset="1" stopColor="#fbd989" />
          </linearGradient>
        </defs>
        {/* The photo */}
        <g clipPath={`url(#${id("left")})`}>
          <rect width="400" height="250" fill={`url(#${id("photo-sky")})`} />
          <path d="M0 170 C 80 150 160 180 240 160 S 360 150 400 165 V250 H0Z" fill="#7d8a74" />
          <path d="M0 205 C 100 190 220 215 400 195 V250 H0Z" fill="#5d6a57" />
          <rect x="186" y="110" width="10" height="70" fill="#5b4a3d" />
          <circle cx="191" cy="98" r="38" fill="#6f7f62" />
          <circle cx="168" cy="112" r="24" fill="#67775b" />
          <circle cx="214" cy="110" r="26" fill="#738566" />
          <circle cx="70" cy="60" r="16" fill="#eef0ee" />
        </g>
        {/* The painting */}
        <g clipPath={`url(#${id("right")})`}>
          <rect width="400" height="250" fill={`url(#${id("art-sky")})`} />
          <g fill="none" stroke="#fff3d0" strokeWidth="3" strokeLinecap="round" opacity="0.7">
            <path d="M220 40 q 30 -18 60 0 t 60 0 t 60 0" />
            <path d="M240 70 q 25 -14 50 0 t 50 0 t 50 0" />
          </g>
          <circle cx="330" cy="60" r="20" fill="#fff1c2" />
          <circle cx="330" cy="60" r="30" fill="none" stroke="#fff1c2" strokeWidth="3" opacity="0.6" />
          <path d="M0 170 C 80 150 160 180 240 160 S 360 150 400 165 V250 H0Z" fill="#d2603f" />
          <path d="M0 205 C 100 190 220 215 400 195 V250 H0Z" fill="#8e2f4f" />
          <g fill="none" stroke="#f7b267" strokeWidth="2.5" strokeLinecap="round" opacity="0.8">
            <path d="M210 200 q 20 -8 40 0" />
            <path d="M280 210 q 24 -9 48 0" />
            <path d="M350 190 q 16 -6 32 0" />
          </g>
          <rect x="186" y="110" width="10" height="70" fill="#4a1f3a" />
          <circle cx="191" cy="98" r="38" fill="#2f7d5b" />
          <circle cx="214" cy="110" r="26" fill="#3f9a6d" />
          <circle cx="222" cy="92" r="10" fill="#7cc59a" />
        </g>
        <line x1="200" y1="0" x2="200" y2="250" stroke="#fff" strokeWidth="2" />
      </Scene>
      <BeforeAfterArrow />
      <span className="absolute top-3 left-3 rounded-full bg-ink/55 px-2 py-0.5 text-[11px] font-medium text-paper backdrop-blur">
        Your photo
      </span>
      <span className="absolute top-3 right-3 rounded-full bg-paper/90 px-2 py-0.5 text-[11px] font-medium text-ink">
        Your art
      </span>
    </div>
  );
}

/** Doodle to art: a rough sketch on paper, and the painting grown from it. */
export function DoodleToArtVisual() {
  const id = useSvgId();
  return (
    <div aria-hidden className="relative grid h-full w-full grid-cols-2 gap-3 bg-paper-sunken p-4">
      <div className="relative overflow-hidden rounded-lg bg-paper-raised shadow-sm ring-1 ring-line">
        <Scene viewBox="0 0 180 200" fit="meet">
          <defs>
            <pattern id={id("dots")} width="12" height="12" patternUnits="userSpaceOnUse">
              <circle cx="6" cy="6" r="0.9" fill="#d8cfc2" />
            </pattern>
          </defs>
          <rect width="180" height="200" fill={`url(#${id("dots")})`} />
          <g fill="none" stroke="#2a2521" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round">
            <path d="M128 44 c 11 -2 19 8 17 18 c -2 11 -15 15 -23 9 c -8 -6 -6 -20 6 -27" />
            <path d="M136 26 v8 M156 40 l-6 5 M160 62 h-8 M116 34 l5 6" />
            <path d="M12 150 C 40 128 70 140 96 128 S 150 126 170 140" />
            <path d="M46 134 l 2 -34 l 30 -2 l 1 32" />
            <path d="M42 102 l 22 -24 l 20 22" />
            <path d="M58 133 v-16 h10 v16" />
            <path d="M108 132 c -2 -14 -1 -26 2 -36 M110 98 c -10 -4 -16 -12 -14 -22 c 10 0 16 8 14 22 c 8 -6 16 -8 22 -4 c -4 8 -12 10 -22 4" />
          </g>
          <path
            d="M24 176 q 30 -6 60 0 t 60 0"
            fill="none"
            stroke="#6d3fd6"
            strokeWidth="2"
            strokeLinecap="round"
            strokeDasharray="2 6"
          />
        </Scene>
      </div>
      <div className="relative overflow-hidden rounded-lg shadow-sm ring-1 ring-line">
        <Scene viewBox="0 0 180 200" fit="slice">
          <defs>
            <linearGradient id={id("sky")} x1="0" y1="0" x2="0" y2="1">
              <stop offset="0" stopColor="#8fc7e8" />
              <stop offset="1" stopColor="#fbe2b8" />
            </linearGradient>
            <radialGradient id={id("sun")}>
              <stop offset="0" stopColor="#fff7d6" />
              <stop offset="0.6" stopColor="#ffc857" />
              <stop offset="1" stopColor="#ffc857" stopOpacity="0" />
            </radialGradient>
          </defs>
          <rect width="180" height="200" fill={`url(#${id("sky")})`} />
          <circle cx="134" cy="56" r="30" fill={`url(#${id("sun")})`} />
          <circle cx="134" cy="56" r="13" fill="#fff1bf" />
          <path d="M0 146 C 40 124 70 136 96 124 S 150 122 180 136 V200 H0Z" fill="#6fae6a" />
          <path d="M0 170 C 50 156 110 176 180 160 V200 H0Z" fill="#4c8f55" />
          <rect x="46" y="100" width="32" height="34" fill="#f6e9d6" />
          <path d="M40 102 L62 78 L84 102 Z" fill="#c8553d" />
          <rect x="57" y="116" width="10" height="18" rx="1" fill="#6b3b2a" />
          <rect x="51" y="106" width="7" height="7" fill="#8fc7e8" />
          <path
            d="M108 132 c -2 -14 -1 -26 2 -36"
            stroke="#3f7d45"
            strokeWidth="2.6"
            fill="none"
            strokeLinecap="round"
          />
          <ellipse cx="103" cy="86" rx="7" ry="11" transform="rotate(-30 103 86)" fill="#58a05b" />
          <ellipse cx="120" cy="96" rx="6" ry="10" transform="rotate(60 120 96)" fill="#58a05b" />
          <circle cx="110" cy="94" r="5" fill="#e86a92" />
        </Scene>
      </div>
      <BeforeAfterArrow />
    </div>
  );
}
