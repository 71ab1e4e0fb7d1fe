import { cn } from "~/lib/cn";
import { estimatePasswordStrength, STRENGTH_LABELS } from "~/lib/password-strength";

const COLORS = ["bg-line", "bg-danger", "bg-amber-500", "bg-emerald-500", "bg-success"];

/** A hint as you type; the server's rules (length, common passwords) decide. */
export function PasswordStrengthMeter({ password }: { password: string }) {
  if (!password) return <span>At least 10 characters. A short sentence is easy to remember and hard to guess.</span>;
  const level = estimatePasswordStrength(password);
  return (
    <span className="flex items-center gap-3" aria-live="polite">
      <span className="flex flex-1 gap-1" aria-hidden>
        {[1, 2, 3, 4].map((i) => (
          <span key={i} className={cn("h-1.5 flex-1 rounded-full", i <= level ? COLORS[level] : "bg-line")} />
        ))}
      </span>
      <span className="w-20 text-right text-xs font-medium">Strength: {STRENGTH_LABELS[level]}</span>
    </span>
  );
}
