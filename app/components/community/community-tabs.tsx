/** The community list's two views: everything shared, and the works of the people you follow. */
import { Link } from "react-router";
import { cn } from "~/lib/cn";

const TABS = [
  { to: "/community/list", label: "All artwork" },
  { to: "/community/following", label: "Following" },
] as const;

export function CommunityTabs({ current }: { current: (typeof TABS)[number]["to"] }) {
  return (
    <nav aria-label="Community lists" className="mt-4 border-b border-line">
      <ul className="-mb-px flex gap-1 overflow-x-auto">
        {TABS.map((tab) => (
          <li key={tab.to}>
            <Link
              to={tab.to}
              aria-current={tab.to === current ? "page" : undefined}
              className={cn(
                "inline-block whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium sm:px-4",
                tab.to === current ? "border-accent text-ink" : "border-transparent text-ink-soft hover:text-ink",
              )}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
