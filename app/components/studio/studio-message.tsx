/** The one line of news under Generate, which every part of the studio speaks through. */
import { Link } from "react-router";
import { cn } from "~/lib/cn";

export type StudioMessage = { tone: "error" | "info"; text: string; link?: { to: string; label: string } };

/** Shows a message under Generate, or clears it (null). Pass the state setter: effects list it, so it must keep its identity. */
export type Say = (message: StudioMessage | null) => void;

/** An error is an alert (read out at once); a note is a polite status. */
export function StudioMessageBox({ message }: { message: StudioMessage }) {
  return (
    <div
      role={message.tone === "error" ? "alert" : "status"}
      data-testid="studio-message"
      className={cn(
        "rounded-xl border px-4 py-3 text-sm",
        message.tone === "error"
          ? "border-danger/30 bg-red-50 text-danger"
          : "border-accent/20 bg-accent-soft text-accent-strong",
      )}
    >
      {message.text}{" "}
      {message.link ? (
        <Link to={message.link.to} className="font-semibold underline">
          {message.link.label}
        </Link>
      ) : null}
    </div>
  );
}
