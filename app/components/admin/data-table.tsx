/**
 * The back office's one table: columns with server-side sorting (links that keep the other query
 * parameters), an empty state, and pages. Sorting, filtering and paging happen on the server, so
 * every state is a URL an admin can share; headers and pages are plain links (keyboard, no JS).
 */
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronLeft, ChevronRight } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useLocation, useNavigation } from "react-router";
import { cn } from "~/lib/cn";
import { formatCount } from "~/lib/format";

export interface Column<Row> {
  key: string;
  header: string;
  /** The `sort` value this column sorts by, when it can. */
  sort?: string;
  align?: "left" | "right";
  cell: (row: Row) => ReactNode;
}

function withParams(search: string, change: Record<string, string | null>): string {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(change)) {
    if (value === null) params.delete(key);
    else params.set(key, value);
  }
  const text = params.toString();
  return text ? `?${text}` : "?";
}

export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  sort,
  dir,
  page,
  pages,
  total,
  empty,
  footer,
}: {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  sort: string;
  dir: "asc" | "desc";
  page: number;
  pages: number;
  total: number;
  empty: ReactNode;
  /** Shown instead of the pages, for a short excerpt of a list that lives elsewhere. */
  footer?: ReactNode;
}) {
  const { search } = useLocation();
  const loading = useNavigation().state === "loading";
  return (
    <div className="overflow-hidden rounded-2xl border border-line bg-paper-raised">
      {/* relative: screen-reader-only labels (position: absolute) stay inside the scrolling box. */}
      {/* A box that scrolls sideways is a stop for the keyboard, so its arrow keys can scroll it. */}
      <section
        className="relative overflow-x-auto"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls sideways must be reachable by keyboard (WCAG 2.1.1; axe's scrollable-region-focusable)
        tabIndex={0}
        aria-label={`Table: ${caption}`}
      >
        <table
          className={cn("w-full text-left text-sm transition-opacity", loading && "opacity-60")}
          aria-busy={loading || undefined}
        >
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b border-line bg-paper-sunken text-ink-soft">
            <tr>
              {columns.map((column) => {
                const active = column.sort === sort;
                const nextDir = active && dir === "asc" ? "desc" : "asc";
                const Icon = active ? (dir === "asc" ? ArrowUp : ArrowDown) : ArrowUpDown;
                return (
                  <th
                    key={column.key}
                    scope="col"
                    aria-sort={active ? (dir === "asc" ? "ascending" : "descending") : undefined}
                    className={cn("px-4 py-3 font-medium whitespace-nowrap", column.align === "right" && "text-right")}
                  >
                    {column.sort ? (
                      <Link
                        to={withParams(search, { sort: column.sort, dir: nextDir, page: null })}
                        className="inline-flex items-center gap-1 hover:text-ink"
                        preventScrollReset
                      >
                        {column.header}
                        <Icon aria-hidden className={cn("size-3.5", !active && "opacity-40")} />
                      </Link>
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="px-4 py-12 text-center text-ink-soft">
                  {empty}
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={rowKey(row)} className="hover:bg-paper-sunken/50">
                  {columns.map((column) => (
                    <td
                      key={column.key}
                      className={cn("px-4 py-3 align-middle", column.align === "right" && "text-right tabular-nums")}
                    >
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </section>
      {footer !== undefined ? (
        <div className="border-t border-line px-4 py-3 text-sm text-ink-soft">{footer}</div>
      ) : (
        <nav
          aria-label="Pages"
          className="flex items-center justify-between gap-3 border-t border-line px-4 py-3 text-sm text-ink-soft"
        >
          <span>
            {formatCount(total)} {total === 1 ? "row" : "rows"} · page {page} of {pages}
          </span>
          <span className="flex gap-2">
            {page > 1 ? (
              <Link
                to={withParams(search, { page: String(page - 1) })}
                className="inline-flex items-center gap-1 rounded-full px-3 py-1.5 ring-1 ring-line hover:bg-paper-sunken"
                rel="prev"
              >
                <ChevronLeft aria-hidden className="size-4" /> Previous
              </Link>
            ) : null}
            {page < pages ? (
              <Link
                to={withParams(search, { page: String(page + 1) })}
                className="inline-flex items-center gap-1 rounded-full px-3 py-1.5 ring-1 ring-line hover:bg-paper-sunken"
                rel="next"
              >
                Next <ChevronRight aria-hidden className="size-4" />
              </Link>
            ) : null}
          </span>
        </nav>
      )}
    </div>
  );
}

/** One page of a server-side list, as the list pages' loaders return it. */
export interface ListPage<Row> {
  rows: Row[];
  page: number;
  pages: number;
  total: number;
  /** The sort the list was read with; a list that cannot be sorted has none. */
  query?: { sort: string; dir: "asc" | "desc" };
}

/** A DataTable of one page of a list, its rows keyed by their ids. */
export function ListTable<Row extends { id: string }>({
  list,
  ...table
}: {
  caption: string;
  columns: Column<Row>[];
  list: ListPage<Row>;
  empty: ReactNode;
}) {
  const { rows, page, pages, total, query } = list;
  return (
    <DataTable
      {...table}
      rows={rows}
      rowKey={(row) => row.id}
      sort={query?.sort ?? ""}
      dir={query?.dir ?? "desc"}
      page={page}
      pages={pages}
      total={total}
    />
  );
}

/** The first rows of a list that lives on its own page: no sorting, no pages, a link to it below. */
export function ExcerptTable<Row extends { id: string }>({
  rows,
  ...table
}: {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  empty: ReactNode;
  footer: ReactNode;
}) {
  return (
    <DataTable
      {...table}
      rows={rows}
      rowKey={(row) => row.id}
      sort=""
      dir="desc"
      page={1}
      pages={1}
      total={rows.length}
    />
  );
}
