/**
 * The community list (and the christmas gallery): a search and filter form that keeps its query
 * in the URL (a GET form, so a search can be shared), a masonry grid, and the next pages as the
 * reader scrolls (more-pages.tsx).
 */
import { LoaderCircle, Search, SearchX, Sparkles } from "lucide-react";
import { useCallback, useId } from "react";
import { Form, Link, useNavigate, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { inputClass, FieldLabel } from "~/components/ui/field";
import { useApiClient } from "~/lib/api-client";
import { cn } from "~/lib/cn";
import type { ListQuery } from "~/lib/community";
import { LIST_SORTS, SORT_LABELS } from "~/lib/community-constants";
import type { ArtworkPage } from "~/lib/community-views";
import { GENERATION_MODES, MODE_LABELS } from "~/lib/generation-constants";
import { stylesFor } from "@atelier/studio/styles";
import { ArtworkGrid } from "./artwork-card";
import { MoreBelow, useMorePages } from "./more-pages";
import { EmptyState } from "~/components/ui/empty-state";

/** The query string for a list query (defaults left out), optionally with a cursor. */
export function listSearch(
  query: Pick<ListQuery, "q" | "sort" | "mode" | "style">,
  extra: Record<string, string | undefined> = {},
): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.sort && query.sort !== "newest") params.set("sort", query.sort);
  if (query.mode) params.set("mode", query.mode);
  if (query.style) params.set("style", query.style);
  for (const [k, v] of Object.entries(extra)) if (v) params.set(k, v);
  const text = params.toString();
  return text ? `?${text}` : "";
}

const selectClass = cn(inputClass, "appearance-none pr-8");

export function ArtworkList({
  page,
  query,
  christmas,
  basePath,
}: {
  page: ArtworkPage;
  query: ListQuery;
  christmas: boolean;
  basePath: string;
}) {
  const api = useApiClient();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const id = useId();
  const fetchPage = useCallback(
    (cursor: string) => {
      const params = new URLSearchParams(
        listSearch(query, { cursor, christmas: christmas ? "true" : undefined }).slice(1),
      );
      return api.get<ArtworkPage>(`/api/artworks?${params}`);
    },
    [api, query, christmas],
  );
  const more = useMorePages(page, fetchPage);
  const { items } = more;

  // The query without empty fields (no-JS submits keep them; the loader ignores them).
  function go(form: HTMLFormElement, replace: boolean) {
    const params = new URLSearchParams();
    for (const [k, v] of new FormData(form))
      if (typeof v === "string" && v.trim() !== "" && !(k === "sort" && v === "newest")) params.set(k, v.trim());
    const search = params.toString();
    void navigate(`${basePath}${search ? `?${search}` : ""}`, { replace });
  }

  const searching = navigation.state === "loading" && navigation.location?.pathname === basePath;
  const styles = stylesFor(christmas);

  return (
    <div>
      <Form
        method="get"
        action={basePath}
        role="search"
        aria-label="Search artworks"
        className="grid gap-3 rounded-3xl border border-line bg-paper-raised p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))_auto] lg:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          go(event.currentTarget, false);
        }}
        onChange={(event) => {
          // Selects apply at once; the search box applies on Enter or the button.
          if ((event.target as HTMLElement).tagName === "SELECT") go(event.currentTarget, true);
        }}
      >
        <div className="sm:col-span-2 lg:col-span-1">
          <FieldLabel htmlFor={`${id}-q`}>Search</FieldLabel>
          <input
            id={`${id}-q`}
            type="search"
            name="q"
            defaultValue={query.q ?? ""}
            key={query.q ?? ""}
            maxLength={200}
            placeholder="Title, prompt, tag…"
            className={inputClass}
          />
        </div>
        <div>
          <FieldLabel htmlFor={`${id}-sort`}>Sort</FieldLabel>
          <select
            id={`${id}-sort`}
            name="sort"
            defaultValue={query.sort}
            key={`s-${query.sort}`}
            className={selectClass}
          >
            {LIST_SORTS.map((s) => (
              <option key={s} value={s}>
                {SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <FieldLabel htmlFor={`${id}-mode`}>Mode</FieldLabel>
          <select
            id={`${id}-mode`}
            name="mode"
            defaultValue={query.mode ?? ""}
            key={`m-${query.mode ?? ""}`}
            className={selectClass}
          >
            <option value="">All modes</option>
            {GENERATION_MODES.map((m) => (
              <option key={m} value={m}>
                {MODE_LABELS[m]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <FieldLabel htmlFor={`${id}-style`}>Style</FieldLabel>
          <select
            id={`${id}-style`}
            name="style"
            defaultValue={query.style ?? ""}
            key={`st-${query.style ?? ""}`}
            className={selectClass}
          >
            <option value="">All styles</option>
            {styles.map((s) => (
              <option key={s.id} value={s.id}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonClass({ size: "md", className: "sm:col-span-2 lg:col-span-1" })}>
          {searching ? (
            <LoaderCircle aria-hidden className="size-4 animate-spin" />
          ) : (
            <Search aria-hidden className="size-4" />
          )}
          Search
        </button>
      </Form>

      <div aria-live="polite" className="sr-only">
        {searching ? "Searching…" : `${items.length} ${items.length === 1 ? "artwork" : "artworks"} shown`}
      </div>

      {items.length === 0 ? (
        <EmptyState size="page" className="mt-8">
          {query.q || query.mode || query.style ? (
            <>
              <SearchX aria-hidden className="size-8 text-accent" />
              <p className="font-medium text-ink">
                {query.q ? `No results for “${query.q}”` : "No artworks match these filters"}
              </p>
              <p className="max-w-sm text-sm text-ink-soft">Try other words, or fewer filters.</p>
              <Link to={basePath} className={buttonClass({ variant: "secondary", size: "sm", className: "mt-2" })}>
                Clear the search
              </Link>
            </>
          ) : (
            <>
              <Sparkles aria-hidden className="size-8 text-accent" />
              <p className="font-medium text-ink">Nothing shared here yet</p>
              <p className="max-w-sm text-sm text-ink-soft">
                Make something in the studio and publish it from your history.
              </p>
              <Link
                to={christmas ? "/ai/christmas-event/ai-text-to-art" : "/ai/ai-text-to-art"}
                className={buttonClass({ size: "sm", className: "mt-2" })}
              >
                Start creating
              </Link>
            </>
          )}
        </EmptyState>
      ) : (
        <ArtworkGrid
          items={items}
          eagerCount={4}
          className={cn("mt-6 transition-opacity", searching && "opacity-60")}
        />
      )}

      <MoreBelow {...more} shown={items.length} nextHref={(cursor) => `${basePath}${listSearch(query, { cursor })}`} />
    </div>
  );
}
