/**
 * A group of header links behind one button ("Create ▾"): the header stays one line wide however
 * many ways of creating there are (an event adds its own). A disclosure, not an ARIA menu: the
 * links are ordinary links in tab order once it is open. Escape closes it and gives focus back to
 * the button; a click or focus elsewhere, or a navigation, closes it.
 */
import { ChevronDown } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { NavLink, useLocation } from "react-router";
import { cn } from "~/lib/cn";
import { usePathChange } from "~/lib/use-path-change";

export interface NavMenuItem {
  to: string;
  label: string;
}

export function NavMenu({
  label,
  items,
  buttonClassName,
}: {
  label: string;
  items: NavMenuItem[];
  buttonClassName: string;
}) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const location = useLocation();
  const active = items.some((item) => location.pathname === item.to || location.pathname.startsWith(`${item.to}/`));

  usePathChange(() => setOpen(false));

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    };
    const outside = (event: Event) => {
      if (rootRef.current && event.target instanceof Node && !rootRef.current.contains(event.target)) setOpen(false);
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", outside);
    document.addEventListener("focusin", outside);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", outside);
      document.removeEventListener("focusin", outside);
    };
  }, [open]);

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
        className={cn(buttonClassName, "inline-flex items-center gap-1", (open || active) && "text-accent")}
      >
        {label}
        <ChevronDown aria-hidden className={cn("size-4 transition-transform", open && "rotate-180")} />
      </button>
      <ul
        id={panelId}
        hidden={!open}
        className="absolute left-0 top-full z-50 mt-2 min-w-52 rounded-2xl border border-line bg-paper-raised p-2 shadow-lg"
      >
        {items.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              className={({ isActive }) =>
                cn(
                  "block rounded-xl px-3 py-2 text-sm font-medium hover:bg-paper-sunken",
                  isActive ? "text-accent" : "text-ink",
                )
              }
            >
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
