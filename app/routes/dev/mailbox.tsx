/**
 * /dev/mailbox: the embedded email outbox as a small mail client, for development and demos.
 * Open only while the `development_mode` flag is on AND to an admin; everyone else gets the
 * same 404 as an unknown page (the mailbox holds sign-in links and codes).
 *   ?to=address  only emails to that recipient
 *   ?id=uuid     the email shown on the right (HTML in a sandboxed iframe, and its text part)
 */
import { requireAdmin } from "@server/auth/guards";
import { getDb } from "@server/db/client";
import { shellStateContext } from "@server/navigation/check-navigation";
import { base64DecodedBytes } from "@server/notify/email/message";
import { findOutboxEmail, readOutbox } from "@server/notify/email/transport";
import { Inbox, Mail, MailOpen, Paperclip, Search, X } from "lucide-react";
import { data, Form, Link, useSearchParams } from "react-router";
import { z } from "zod";
import { RelativeTime } from "~/components/notifications/relative-time";
import { When } from "~/components/when";
import { inputClass } from "~/components/ui/field";
import { cn } from "~/lib/cn";
import type { Route } from "./+types/mailbox";
import { SectionHeading } from "~/components/ui/page-heading";

const LIST_LIMIT = 200;
const PATH = "/dev/mailbox";

export const meta: Route.MetaFunction = () => [
  { title: "Mailbox · Development · Atelier" },
  { name: "robots", content: "noindex" },
];

const notFound = () => data({ message: `Page Not Found: ${PATH}` }, { status: 404 });

const query = z.object({
  to: z
    .string()
    .trim()
    .max(320)
    .optional()
    .transform((v) => (v ? v : undefined)),
  id: z.guid().optional().catch(undefined),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const { flags } = context.get(shellStateContext);
  if (!flags.development_mode) throw notFound();
  // requireAdmin sends non-admins home; here they get the 404 instead, like everyone else.
  await requireAdmin(request).catch(() => {
    throw notFound();
  });

  const url = new URL(request.url);
  const params = query.safeParse({
    to: url.searchParams.get("to") ?? undefined,
    id: url.searchParams.get("id") ?? undefined,
  });
  const { to, id } = params.success ? params.data : { to: undefined, id: undefined };

  const db = getDb();
  const emails = await readOutbox(db, { to, limit: LIST_LIMIT });
  let selected = id ? emails.find((e) => e.id === id) : undefined;
  if (id && !selected) selected = await findOutboxEmail(db, id);

  return {
    to: to ?? "",
    limit: LIST_LIMIT,
    emails: emails.map((e) => ({
      id: e.id,
      to: e.to,
      subject: e.subject,
      kind: e.kind,
      snippet: e.text.replace(/\s+/g, " ").trim().slice(0, 140),
      createdAt: e.createdAt.toISOString(),
      attachments: e.attachments.length,
    })),
    selected: selected
      ? {
          id: selected.id,
          to: selected.to,
          from: selected.from,
          subject: selected.subject,
          kind: selected.kind,
          text: selected.text,
          html: selected.html,
          createdAt: selected.createdAt.toISOString(),
          attachments: selected.attachments.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            bytes: base64DecodedBytes(a.contentBase64),
          })),
        }
      : null,
    missing: Boolean(id && !selected),
  };
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function KindBadge({ kind }: { kind: string }) {
  return (
    <span className="shrink-0 whitespace-nowrap rounded-full bg-accent-soft px-2 py-0.5 font-mono text-[0.6875rem] font-medium text-accent-strong">
      {kind}
    </span>
  );
}

export default function MailboxPage({ loaderData }: Route.ComponentProps) {
  const { emails, selected, to, limit, missing } = loaderData;
  const [searchParams] = useSearchParams();
  const hrefFor = (id: string) => {
    const next = new URLSearchParams(searchParams);
    next.set("id", id);
    return `${PATH}?${next}`;
  };
  const closeHref = (() => {
    const next = new URLSearchParams(searchParams);
    next.delete("id");
    const qs = next.toString();
    return qs ? `${PATH}?${qs}` : PATH;
  })();

  return (
    <section className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <p className="font-mono text-xs font-medium uppercase tracking-wider text-accent">Development mode</p>
          <h1 className="mt-1 flex items-center gap-2 font-display text-3xl font-semibold tracking-tight text-ink">
            <Inbox aria-hidden className="size-7 text-accent" />
            Mailbox
          </h1>
          <p className="mt-1 text-sm text-ink-soft">
            Every email Atelier has sent through the embedded outbox, newest first.
          </p>
        </div>
        <Form method="get" action={PATH} role="search" className="flex w-full max-w-md items-center gap-2">
          <label htmlFor="mailbox-to" className="sr-only">
            Recipient
          </label>
          <div className="relative flex-1">
            <Search
              aria-hidden
              className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-ink-faint"
            />
            <input
              id="mailbox-to"
              name="to"
              type="search"
              defaultValue={to}
              placeholder="Filter by recipient"
              className={cn(inputClass, "pl-9 py-2")}
            />
          </div>
          <button
            type="submit"
            className="rounded-full bg-ink px-4 py-2 text-sm font-medium text-paper hover:bg-accent-strong"
          >
            Filter
          </button>
          {to ? (
            <Link
              to={PATH}
              className="rounded-full px-3 py-2 text-sm font-medium text-ink-soft hover:bg-paper-sunken hover:text-ink"
            >
              Clear
            </Link>
          ) : null}
        </Form>
      </div>

      <div className="mt-6 grid min-h-[36rem] overflow-hidden rounded-3xl border border-line bg-paper-raised shadow-sm lg:grid-cols-[20rem_1fr]">
        <nav aria-label="Emails" className={cn("border-line lg:border-r", selected ? "hidden lg:block" : "block")}>
          <p className="border-b border-line px-4 py-3 text-xs font-medium text-ink-faint" data-testid="mailbox-count">
            {emails.length === 0
              ? "No emails"
              : `${emails.length}${emails.length >= limit ? "+" : ""} email${emails.length === 1 ? "" : "s"}`}
            {to ? ` to ${to}` : ""}
          </p>
          {emails.length === 0 ? (
            <div className="flex flex-col items-center px-6 py-16 text-center text-ink-soft">
              <Mail aria-hidden className="size-8 text-ink-faint" />
              <p className="mt-3 font-medium text-ink">The outbox is empty</p>
              <p className="mt-1 text-sm">
                {to ? "Nothing was sent to this address." : "Emails appear here as soon as Atelier sends them."}
              </p>
            </div>
          ) : (
            <ul className="max-h-[42rem] divide-y divide-line overflow-y-auto">
              {emails.map((email) => {
                const current = selected?.id === email.id;
                return (
                  <li key={email.id}>
                    <Link
                      to={hrefFor(email.id)}
                      aria-current={current ? "true" : undefined}
                      className={cn(
                        "block px-4 py-3 transition-colors focus-visible:-outline-offset-2",
                        current ? "bg-accent-soft" : "hover:bg-paper-sunken",
                      )}
                    >
                      <span className="flex items-baseline justify-between gap-2">
                        <span className="truncate text-sm font-medium text-ink">{email.to}</span>
                        <RelativeTime iso={email.createdAt} className="shrink-0 text-xs text-ink-faint" />
                      </span>
                      <span className="mt-0.5 block truncate text-sm font-semibold text-ink">{email.subject}</span>
                      <span className="mt-1 flex items-center gap-2">
                        <KindBadge kind={email.kind} />
                        {email.attachments > 0 ? (
                          <Paperclip aria-label="Has attachments" className="size-3.5 text-ink-faint" />
                        ) : null}
                        <span className="truncate text-xs text-ink-soft">{email.snippet}</span>
                      </span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          )}
        </nav>

        <div className={cn("min-w-0", selected ? "block" : "hidden lg:block")}>
          {selected ? (
            <article aria-labelledby="mailbox-subject" className="flex h-full flex-col">
              <header className="border-b border-line px-6 py-5">
                <div className="flex items-start justify-between gap-4">
                  <SectionHeading id="mailbox-subject" large>
                    {selected.subject}
                  </SectionHeading>
                  <Link
                    to={closeHref}
                    aria-label="Close this email"
                    className="rounded-full p-1.5 text-ink-soft hover:bg-paper-sunken hover:text-ink"
                  >
                    <X aria-hidden className="size-5" />
                  </Link>
                </div>
                <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                  <dt className="text-ink-faint">From</dt>
                  <dd className="break-all text-ink">{selected.from}</dd>
                  <dt className="text-ink-faint">To</dt>
                  <dd className="break-all text-ink" data-testid="mailbox-to">
                    {selected.to}
                  </dd>
                  <dt className="text-ink-faint">Kind</dt>
                  <dd>
                    <KindBadge kind={selected.kind} />
                  </dd>
                  <dt className="text-ink-faint">Sent</dt>
                  <dd className="text-ink">
                    <When value={selected.createdAt} style="dateTimeSeconds" zone="utc" />
                  </dd>
                </dl>
                {selected.attachments.length > 0 ? (
                  <ul className="mt-3 flex flex-wrap gap-2" aria-label="Attachments">
                    {selected.attachments.map((a) => (
                      <li
                        key={`${a.filename}:${a.bytes}`}
                        className="inline-flex items-center gap-1.5 rounded-full border border-line px-3 py-1 text-xs text-ink-soft"
                      >
                        <Paperclip aria-hidden className="size-3.5" />
                        <span className="font-medium text-ink">{a.filename}</span>
                        <span>
                          {a.contentType} · {formatBytes(a.bytes)}
                        </span>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </header>
              <div className="flex-1 bg-paper-sunken/50 p-4 sm:p-6">
                <h3 className="mb-2 text-xs font-semibold uppercase tracking-wider text-ink-faint">HTML</h3>
                {/* sandbox="" : no scripts, no forms, no top navigation, a unique origin. */}
                <iframe
                  title={`HTML of “${selected.subject}”`}
                  sandbox=""
                  srcDoc={selected.html}
                  referrerPolicy="no-referrer"
                  className="h-[32rem] w-full rounded-xl border border-line bg-white"
                />
                <details className="mt-4 rounded-xl border border-line bg-paper-raised" open>
                  <summary className="cursor-pointer px-4 py-2.5 text-xs font-semibold uppercase tracking-wider text-ink-faint">
                    Plain text
                  </summary>
                  <pre
                    className="overflow-x-auto whitespace-pre-wrap break-words border-t border-line px-4 py-3 font-mono text-sm text-ink"
                    data-testid="mailbox-text"
                  >
                    {selected.text}
                  </pre>
                </details>
              </div>
            </article>
          ) : (
            <div className="flex h-full flex-col items-center justify-center px-6 py-16 text-center text-ink-soft">
              <MailOpen aria-hidden className="size-10 text-ink-faint" />
              <p className="mt-3 font-medium text-ink">
                {missing ? "That email is not in the outbox" : "Choose an email to read it"}
              </p>
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
