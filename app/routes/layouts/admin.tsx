import { requireAdmin } from "@server/auth/guards";
import {
  BadgePercent,
  CalendarSync,
  Cpu,
  Boxes,
  FileClock,
  GalleryHorizontal,
  HelpCircle,
  Images,
  LayoutDashboard,
  Menu,
  ReceiptText,
  Settings,
  Scale,
  ShieldAlert,
  ShieldCheck,
  Ticket,
  Users,
  X,
  Trophy,
} from "lucide-react";
import { useState } from "react";
import { Link, NavLink, Outlet, useLocation } from "react-router";
import { Logo } from "~/components/logo";
import { cn } from "~/lib/cn";
import type { Route } from "./+types/admin";
import { usePathChange } from "~/lib/use-path-change";

/** Every admin page and action is behind the admin guard, on the server (spec §6). */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request }, next) => {
    await requireAdmin(request);
    return next();
  },
];

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  return { admin: { email: admin.email } };
}

/** The sidebar: each admin page of spec §2; detail and edit pages open from their lists. */
const SECTIONS = [
  { to: "/admin/dashboard", label: "Dashboard", icon: LayoutDashboard, also: [] as string[] },
  {
    to: "/admin/list-product",
    label: "Products",
    icon: Boxes,
    also: ["/admin/add-list-product", "/admin/edit-list-product", "/admin/duplicate-list-product"],
  },
  { to: "/admin/plans", label: "Plans", icon: CalendarSync, also: [] },
  { to: "/admin/members", label: "Members", icon: Users, also: [] },
  {
    to: "/admin/history-transaction",
    label: "Transactions",
    icon: ReceiptText,
    also: ["/admin/detail-history-transaction"],
  },
  { to: "/admin/manage-discount", label: "Discounts", icon: BadgePercent, also: ["/admin/detail-list-discount"] },
  { to: "/admin/redeem-codes", label: "Redeem codes", icon: Ticket, also: [] },
  { to: "/admin/list-faq", label: "FAQ", icon: HelpCircle, also: ["/admin/detail-list-faq"] },
  {
    to: "/admin/list-slideshow-bg",
    label: "Slideshow",
    icon: GalleryHorizontal,
    also: ["/admin/detail-list-slideshowbg"],
  },
  { to: "/admin/generations", label: "Generations", icon: Images, also: [] },
  { to: "/admin/manage-community", label: "Community", icon: ShieldCheck, also: [] },
  { to: "/admin/review", label: "Review queue", icon: Scale, also: [] },
  { to: "/admin/challenges", label: "Challenges", icon: Trophy, also: [] },
  { to: "/admin/manage-user", label: "Users", icon: Users, also: ["/admin/user-form"] },
  { to: "/admin/list-log", label: "Logs", icon: FileClock, also: [] },
  { to: "/admin/engines", label: "Engines", icon: Cpu, also: ["/admin/engine-form"] },
  { to: "/admin/safety", label: "Picture safety", icon: ShieldAlert, also: [] },
  { to: "/admin/set-token-default", label: "Settings", icon: Settings, also: [] },
];

function Sidebar() {
  const { pathname } = useLocation();
  return (
    <nav aria-label="Admin" className="flex flex-col gap-1 p-3">
      {SECTIONS.map(({ to, label, icon: Icon, also }) => (
        <NavLink
          key={to}
          to={to}
          className={({ isActive }) =>
            cn(
              "flex items-center gap-3 rounded-xl px-3 py-2 text-sm font-medium transition-colors",
              isActive || also.includes(pathname)
                ? "bg-accent-soft text-accent"
                : "text-ink-soft hover:bg-paper-sunken hover:text-ink",
            )
          }
        >
          <Icon aria-hidden className="size-4" />
          {label}
        </NavLink>
      ))}
    </nav>
  );
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const [open, setOpen] = useState(false);
  usePathChange(() => setOpen(false));
  return (
    <div className="flex min-h-dvh bg-paper">
      <aside className="hidden w-60 shrink-0 border-r border-line bg-paper-raised lg:block">
        <div className="flex h-16 items-center border-b border-line px-5">
          <Link to="/admin/dashboard" aria-label="Atelier admin dashboard">
            <Logo />
          </Link>
        </div>
        <Sidebar />
      </aside>
      {open ? (
        <div className="fixed inset-0 z-40 lg:hidden">
          <button
            type="button"
            aria-label="Close menu"
            className="absolute inset-0 bg-ink/30"
            onClick={() => setOpen(false)}
          />
          <aside className="relative h-full w-64 bg-paper-raised shadow-xl">
            <Sidebar />
          </aside>
        </div>
      ) : null}
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex h-16 items-center gap-3 border-b border-line px-4 sm:px-6">
          <button
            type="button"
            className="rounded-full p-2 hover:bg-paper-sunken lg:hidden"
            aria-label={open ? "Close menu" : "Open menu"}
            onClick={() => setOpen((v) => !v)}
          >
            {open ? <X aria-hidden className="size-5" /> : <Menu aria-hidden className="size-5" />}
          </button>
          <span className="text-sm font-semibold">Back office</span>
          <span className="ml-auto text-sm text-ink-soft">{loaderData.admin.email}</span>
          <Link to="/" className="rounded-full border border-line px-3 py-1.5 text-sm hover:bg-paper-sunken">
            View site
          </Link>
        </header>
        <main className="flex-1 px-4 py-6 sm:px-6">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
