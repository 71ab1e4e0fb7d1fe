import { Coins, Menu, Sparkles, X } from "lucide-react";
import { useState } from "react";
import { Link, NavLink, Outlet, useNavigation } from "react-router";
import { SignInDialogTrigger } from "~/components/auth/sign-in-dialog";
import { SignOutButton } from "~/components/auth/sign-out-button";
import { Logo } from "~/components/logo";
import { NotificationsBell } from "~/components/notifications/bell";
import { cn } from "~/lib/cn";
import { usePathChange } from "~/lib/use-path-change";
import { useRootData } from "~/lib/root-data";
import { buttonClass } from "~/components/ui/button";
import { NavMenu } from "~/components/nav-menu";
import { useViewer } from "~/lib/viewer";
import { AccountChip, BALANCE_BREAKDOWN_ID, BalanceBreakdown, TokenCount } from "~/components/viewer/header-parts";
import type { Viewer } from "~/lib/viewer";
import { PersonalPart } from "~/components/viewer/personal-part";

type NavItem = { to: string; label: string };

function useNavItems(): { create: NavItem[]; main: NavItem[] } {
  const flags = useRootData()?.flags;
  const create: NavItem[] = [
    { to: "/ai/ai-text-to-art", label: "Text to art" },
    { to: "/ai/ai-image-to-art", label: "Image to art" },
    { to: "/ai/ai-doodle-to-art", label: "Doodle to art" },
    { to: "/ai/image-tools", label: "Image tools" },
  ];
  if (flags?.christmas_event) create.push({ to: "/ai/christmas-event/ai-text-to-art", label: "Christmas styles" });
  const main: NavItem[] = [
    { to: "/community/main", label: "Community" },
    { to: "/pricing-plans", label: "Pricing" },
    { to: "/about-us", label: "About" },
  ];
  if (flags?.pre_registration) main.push({ to: "/pre-registration-event", label: "Pre-register" });
  return { create, main };
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "whitespace-nowrap rounded-full px-3 py-2 text-sm font-medium transition-colors hover:bg-paper-sunken",
    isActive ? "text-accent" : "text-ink-soft hover:text-ink",
  );

/** Route loading has a start and an end (spec §4): a thin bar shows it. */
function RouteProgress() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <div aria-hidden className="pointer-events-none fixed inset-x-0 top-0 z-50 h-0.5">
      <div
        data-testid="route-progress"
        className={cn(
          "h-full bg-gradient-to-r from-amber-500 via-pink-600 to-accent transition-all duration-500",
          busy ? "w-3/4 opacity-100" : "w-full opacity-0",
        )}
      />
    </div>
  );
}

/**
 * The balance, one total, linking to the pricing page; its tooltip (issue 41) says what it is made
 * of — a member's allowance and what they bought — on hover and on keyboard focus, described to
 * screen readers by `aria-describedby`, and hidden by Escape until the pointer or focus leaves.
 */
function HeaderBalance({ tokens, allowance }: { tokens: number; allowance?: Viewer["allowance"] }) {
  const [dismissed, setDismissed] = useState(false);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape closes the tooltip of the link inside (WCAG 1.4.13); the link is what takes focus
    <span
      className="group/balance relative inline-flex"
      onKeyDown={(event) => {
        if (event.key === "Escape") setDismissed(true);
      }}
      onMouseLeave={() => setDismissed(false)}
      onBlur={() => setDismissed(false)}
    >
      <Link
        to="/pricing-plans"
        className="inline-flex items-center gap-1.5 rounded-full bg-accent-soft px-3 py-1.5 text-sm font-semibold text-accent-strong hover:bg-accent-soft/70"
        aria-describedby={BALANCE_BREAKDOWN_ID}
        data-testid="header-token-balance"
      >
        <Coins aria-hidden className="size-4" />
        <PersonalPart name="tokens">
          <TokenCount tokens={tokens} />
        </PersonalPart>
      </Link>
      <PersonalPart name="breakdown">
        <BalanceBreakdown tokens={tokens} allowance={allowance} dismissed={dismissed} />
      </PersonalPart>
    </span>
  );
}

function Header() {
  const { create, main } = useNavItems();
  const user = useViewer();
  const [open, setOpen] = useState(false);
  usePathChange(() => setOpen(false));
  return (
    <header className="sticky top-0 z-40 border-b border-line/70 bg-paper/85 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6">
        <Link to="/" aria-label="Atelier home" className="shrink-0">
          <Logo />
        </Link>
        {/* The whole menu from 1280 px; below, the menu button opens it (below the header). */}
        <nav aria-label="Main" className="ml-4 hidden items-center gap-1 xl:flex">
          <NavMenu label="Create" items={create} buttonClassName={linkClass({ isActive: false })} />
          {main.map((item) => (
            <NavLink key={item.to} to={item.to} className={linkClass}>
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2">
          {user?.isAdmin ? (
            <Link
              to="/admin/dashboard"
              className="hidden whitespace-nowrap rounded-full px-4 py-2 text-sm font-medium text-ink hover:bg-paper-sunken sm:inline-flex"
            >
              Back office
            </Link>
          ) : null}
          {user ? (
            <>
              <HeaderBalance tokens={user.tokens} allowance={user.allowance} />
              <NotificationsBell unread={user.unreadNotifications} />
              {user.isAdmin ? null : (
                <Link
                  to="/user-profile"
                  className="hidden max-w-44 items-center gap-2 whitespace-nowrap rounded-full py-1.5 pr-3 pl-1.5 text-sm font-medium text-ink hover:bg-paper-sunken sm:inline-flex"
                >
                  <PersonalPart name="account">
                    <AccountChip name={user.name} image={user.image} />
                  </PersonalPart>
                </Link>
              )}
              <SignOutButton className="hidden whitespace-nowrap rounded-full px-3 py-2 text-sm font-medium text-ink-soft hover:bg-paper-sunken hover:text-ink sm:inline-flex" />
            </>
          ) : (
            <SignInDialogTrigger className="hidden rounded-full px-4 py-2 text-sm font-medium text-ink hover:bg-paper-sunken sm:inline-flex" />
          )}
          {user ? null : (
            // Signed-in people have the create links and their balance; the call to action is for visitors.
            <Link
              to="/ai/ai-text-to-art"
              className={buttonClass({
                variant: "primary",
                size: "sm",
                className: "hidden whitespace-nowrap sm:inline-flex",
              })}
            >
              <Sparkles aria-hidden className="size-4" /> Start creating
            </Link>
          )}
          <button
            type="button"
            className="rounded-full p-2 hover:bg-paper-sunken xl:hidden"
            aria-expanded={open}
            aria-controls="mobile-nav"
            aria-label={open ? "Close menu" : "Open menu"}
            onClick={() => setOpen((v) => !v)}
          >
            {open ? <X className="size-5" aria-hidden /> : <Menu className="size-5" aria-hidden />}
          </button>
        </div>
      </div>
      {open ? (
        <nav id="mobile-nav" aria-label="Mobile" className="border-t border-line bg-paper px-4 pb-4 xl:hidden">
          <p className="pt-4 text-xs font-semibold uppercase tracking-wider text-ink-faint">Create</p>
          <ul className="mt-1">
            {create.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className="block rounded-lg px-2 py-2.5 font-medium hover:bg-paper-sunken">
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <p className="pt-3 text-xs font-semibold uppercase tracking-wider text-ink-faint">Explore</p>
          <ul className="mt-1">
            {main.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className="block rounded-lg px-2 py-2.5 font-medium hover:bg-paper-sunken">
                  {item.label}
                </NavLink>
              </li>
            ))}
            {user ? (
              <li>
                <NavLink to="/user-profile" className="block rounded-lg px-2 py-2.5 font-medium hover:bg-paper-sunken">
                  Your profile
                </NavLink>
              </li>
            ) : null}
            {user?.isAdmin ? (
              <li>
                <NavLink
                  to="/admin/dashboard"
                  className="block rounded-lg px-2 py-2.5 font-medium hover:bg-paper-sunken"
                >
                  Back office
                </NavLink>
              </li>
            ) : null}
            <li>
              {user ? (
                <SignOutButton className="w-full rounded-lg px-2 py-2.5 font-medium hover:bg-paper-sunken" />
              ) : (
                <NavLink to="/login" className="block rounded-lg px-2 py-2.5 font-medium hover:bg-paper-sunken">
                  Sign in
                </NavLink>
              )}
            </li>
          </ul>
        </nav>
      ) : null}
    </header>
  );
}

function Footer() {
  const year = new Date().getFullYear();
  const signedIn = Boolean(useViewer());
  const columns: { title: string; links: NavItem[] }[] = [
    {
      title: "Create",
      links: [
        { to: "/ai/ai-text-to-art", label: "Text to art" },
        { to: "/ai/ai-image-to-art", label: "Image to art" },
        { to: "/ai/ai-doodle-to-art", label: "Doodle to art" },
        { to: "/ai/image-tools", label: "Image tools" },
      ],
    },
    {
      title: "Explore",
      links: [
        { to: "/community/main", label: "Community" },
        { to: "/community/list", label: "All artwork" },
        { to: "/community/following", label: "Following" },
        { to: "/community/challenges", label: "Challenges" },
        { to: "/collections", label: "Your collections" },
        { to: "/pricing-plans", label: "Pricing plans" },
      ],
    },
    {
      title: "Atelier",
      links: [
        { to: "/about-us", label: "About us" },
        ...(signedIn
          ? [
              { to: "/user-profile", label: "Your profile" },
              { to: "/user-profile#purchases", label: "Purchase history" },
            ]
          : [
              { to: "/sign-up", label: "Create an account" },
              { to: "/login", label: "Sign in" },
            ]),
      ],
    },
  ];
  return (
    <footer className="mt-24 border-t border-line bg-paper-sunken/60">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-4">
        <div>
          <Logo />
          <p className="mt-3 max-w-xs text-sm text-ink-soft">
            Make artwork from words, pictures and doodles, and share it with people who love making things.
          </p>
        </div>
        {columns.map((column) => (
          <div key={column.title}>
            <h2 className="text-sm font-semibold">{column.title}</h2>
            <ul className="mt-3 space-y-2 text-sm">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="text-ink-soft hover:text-ink">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <div className="border-t border-line">
        <p className="mx-auto max-w-6xl px-4 py-5 text-xs text-ink-faint sm:px-6">© {year} Atelier. Made with care.</p>
      </div>
    </footer>
  );
}

export default function PublicLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-3 focus:top-3 focus:z-50 focus:rounded-full focus:bg-ink focus:px-4 focus:py-2 focus:text-paper"
      >
        Skip to content
      </a>
      <RouteProgress />
      <Header />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
