/** Atelier's mark: a palette-like blot and the word. */
export function Logo({ className = "" }: { className?: string }) {
  return (
    <span className={`inline-flex items-center gap-2 ${className}`}>
      <svg viewBox="0 0 32 32" aria-hidden className="size-7">
        <defs>
          <linearGradient id="atelier-logo" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#f59e0b" />
            <stop offset="0.5" stopColor="#db2777" />
            <stop offset="1" stopColor="#6d3fd6" />
          </linearGradient>
        </defs>
        <path
          fill="url(#atelier-logo)"
          d="M16 3c7.7 0 13 4.9 13 11.2 0 4.3-3 6.8-6.6 6.8h-2.6c-1.3 0-2.2 1-2.2 2.1 0 .6.2 1 .5 1.5.4.5.6 1 .6 1.6 0 1.5-1.2 2.8-2.7 2.8C8.2 29 3 23.2 3 16 3 8.8 8.8 3 16 3Z"
        />
        <circle cx="10" cy="13" r="2" fill="#faf7f2" />
        <circle cx="15" cy="9" r="2" fill="#faf7f2" />
        <circle cx="21" cy="11" r="2" fill="#faf7f2" />
      </svg>
      <span className="font-display text-xl font-semibold tracking-tight text-ink">Atelier</span>
    </span>
  );
}
