import { CircleAlert, CircleCheck, Info, TriangleAlert } from "lucide-react";
import { cn } from "~/lib/cn";
import type { NotificationStatus } from "./types";

const ICONS = {
  info: { Icon: Info, label: "Information", className: "bg-accent-soft text-accent" },
  success: { Icon: CircleCheck, label: "Success", className: "bg-emerald-50 text-success" },
  warning: { Icon: TriangleAlert, label: "Warning", className: "bg-amber-50 text-amber-700" },
  error: { Icon: CircleAlert, label: "Error", className: "bg-red-50 text-danger" },
} as const satisfies Record<NotificationStatus, unknown>;

/** A round status badge: info, success, warning or error, named for screen readers. */
export function NotificationStatusIcon({ status, className }: { status: NotificationStatus; className?: string }) {
  const { Icon, label, className: tone } = ICONS[status];
  return (
    <span className={cn("grid size-8 shrink-0 place-items-center rounded-full", tone, className)} data-status={status}>
      <Icon aria-hidden className="size-4" />
      <span className="sr-only">{label}: </span>
    </span>
  );
}
