import { useEffect, useState } from "react";

/**
 * Gently falling snow for the christmas event's header: an SVG with SMIL animation (no styles
 * to add), decorative only, and still when the visitor prefers reduced motion.
 */
const FLAKES = Array.from({ length: 60 }, (_, i) => {
  // deterministic "random" values, so server and browser render the same flakes
  const r = (n: number) => ((Math.sin((i + 1) * n) + 1) / 2) % 1;
  return {
    id: i,
    /** Where a still flake sits, down the header (0..100). */
    y: (i * 37) % 100,
    x: Math.round(r(12.9898) * 4000) / 10,
    size: 1 + r(78.233) * 2.6,
    duration: 7 + r(39.425) * 9,
    delay: -r(24.17) * 16,
    drift: (r(5.31) - 0.5) * 16,
    opacity: 0.45 + r(3.7) * 0.5,
  };
});

export function Snow({ className }: { className?: string }) {
  const [still, setStill] = useState(false);
  useEffect(() => {
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    setStill(query.matches);
    const listener = (event: MediaQueryListEvent) => setStill(event.matches);
    query.addEventListener("change", listener);
    return () => query.removeEventListener("change", listener);
  }, []);
  return (
    <svg
      aria-hidden
      className={className}
      viewBox="0 0 400 100"
      preserveAspectRatio="xMidYMid slice"
      width="100%"
      height="100%"
    >
      {FLAKES.map((f) =>
        still ? (
          <circle key={f.id} cx={f.x} cy={f.y} r={f.size / 3} fill="white" opacity={f.opacity * 0.7} />
        ) : (
          <circle key={f.id} cx={f.x} cy={-4} r={f.size / 3} fill="white" opacity={f.opacity}>
            <animateTransform
              attributeName="transform"
              type="translate"
              values={`0 0; ${f.drift.toFixed(2)} 55; 0 110`}
              dur={`${f.duration.toFixed(2)}s`}
              begin={`${f.delay.toFixed(2)}s`}
              repeatCount="indefinite"
            />
          </circle>
        ),
      )}
    </svg>
  );
}
