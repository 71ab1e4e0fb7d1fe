/** Collections as cards — cover, name, count, privacy — on "your collections" and a creator's page. */
import { Bookmark, Lock } from "lucide-react";
import { Link } from "react-router";
import { type CollectionSummary, collectionPath } from "~/lib/collection-views";

export function CollectionGrid({ collections }: { collections: CollectionSummary[] }) {
  return (
    <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {collections.map((c) => (
        <li key={c.id} className="overflow-hidden rounded-2xl border border-line bg-paper-raised shadow-sm">
          <Link to={collectionPath(c.id)} className="block">
            {c.cover ? (
              <img
                src={c.cover.url}
                alt=""
                loading="lazy"
                className="aspect-[4/3] w-full object-cover"
                style={{ backgroundImage: `url(${c.cover.placeholder})`, backgroundSize: "cover" }}
              />
            ) : (
              <div className="grid aspect-[4/3] place-items-center bg-paper-sunken">
                <Bookmark aria-hidden className="size-8 text-ink-faint" />
              </div>
            )}
            <div className="flex items-center gap-2 p-3">
              <span className="min-w-0 flex-1 truncate font-semibold text-ink">{c.name}</span>
              {c.visibility === "private" ? <Lock aria-label="Private" className="size-4 text-ink-faint" /> : null}
              <span className="text-sm text-ink-soft">
                {c.items} {c.items === 1 ? "picture" : "pictures"}
              </span>
            </div>
          </Link>
        </li>
      ))}
    </ul>
  );
}
