import { Hammer } from "lucide-react";
import { Link } from "react-router";

/**
 * A page whose route exists (so every navigation works) but whose feature arrives with a
 * later piece of work. It says so plainly instead of pretending.
 */
export function PlannedPage({
  title,
  summary,
  variant = "public",
}: {
  title: string;
  summary: string;
  variant?: "public" | "admin";
}) {
  return (
    <section className={variant === "public" ? "mx-auto max-w-3xl px-4 py-16 sm:px-6" : "py-4"}>
      <h1 className="font-display text-3xl font-semibold tracking-tight text-ink sm:text-4xl">{title}</h1>
      <p className="mt-3 text-lg text-ink-soft">{summary}</p>
      <div className="mt-8 flex items-start gap-3 rounded-2xl border border-dashed border-line bg-paper-raised p-5 text-ink-soft">
        <Hammer aria-hidden className="mt-0.5 size-5 shrink-0 text-accent" />
        <p>
          This page is being built and opens soon.{" "}
          <Link
            to={variant === "admin" ? "/admin/dashboard" : "/"}
            className="font-medium text-accent underline-offset-4 hover:underline"
          >
            {variant === "admin" ? "Back to the dashboard" : "Back to the home page"}
          </Link>
        </p>
      </div>
    </section>
  );
}
