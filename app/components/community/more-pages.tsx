/**
 * Keyset pages shown one after another: the loader's first page, then the next ones fetched as
 * the reader nears the end (an IntersectionObserver), with a real "Next page" link for crawlers
 * and visitors without scripts. Shared by the community list, a creator's page and the Following
 * feed; what a page is and where the next one comes from is the caller's.
 */
import { LoaderCircle } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";

interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** The items shown so far and the loading state; a new first page (a new loader answer) starts over. */
export function useMorePages<T extends { id: string }>(page: Page<T>, fetchPage: (cursor: string) => Promise<Page<T>>) {
  const [items, setItems] = useState(page.items);
  const [nextCursor, setNextCursor] = useState(page.nextCursor);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const loadingRef = useRef(false);

  useEffect(() => {
    setItems(page.items);
    setNextCursor(page.nextCursor);
    setError(null);
  }, [page]);

  const loadMore = useCallback(async () => {
    if (!nextCursor || loadingRef.current) return;
    loadingRef.current = true;
    setLoading(true);
    setError(null);
    try {
      const more = await fetchPage(nextCursor);
      setItems((current) => {
        const seen = new Set(current.map((item) => item.id));
        return [...current, ...more.items.filter((item) => !seen.has(item.id))];
      });
      setNextCursor(more.nextCursor);
    } catch {
      setError("More could not be loaded.");
    } finally {
      loadingRef.current = false;
      setLoading(false);
    }
  }, [fetchPage, nextCursor]);

  return { items, nextCursor, loading, error, loadMore };
}

/** The end of the list: loads the next page when it scrolls near, says so, and links to it. */
export function MoreBelow({
  nextCursor,
  loading,
  error,
  loadMore,
  nextHref,
  shown,
}: {
  nextCursor: string | null;
  loading: boolean;
  error: string | null;
  loadMore: () => Promise<void>;
  /** The address of the next page for visitors without scripts. */
  nextHref: (cursor: string) => string;
  shown: number;
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !nextCursor || error) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void loadMore();
      },
      { rootMargin: "600px 0px" },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [loadMore, nextCursor, error]);

  return (
    <div ref={sentinel} className="mt-4 flex flex-col items-center gap-3">
      {loading ? (
        <p role="status" className="flex items-center gap-2 text-sm text-ink-soft">
          <LoaderCircle aria-hidden className="size-4 animate-spin" /> Loading more…
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {error}{" "}
          <button type="button" className="underline underline-offset-4" onClick={() => void loadMore()}>
            Try again
          </button>
        </p>
      ) : null}
      {nextCursor ? (
        <Link to={nextHref(nextCursor)} rel="next" className={buttonClass({ variant: "secondary", size: "sm" })}>
          Next page
        </Link>
      ) : shown > 0 ? (
        <p className="text-sm text-ink-faint">That is everything.</p>
      ) : null}
    </div>
  );
}
