/**
 * /admin/manage-community: the moderation queue (artworks with open reports: hide, restore,
 * remove with a reason the creator is told, or dismiss), reported comments beside it (hide,
 * restore, delete, ban the author, dismiss; issue 30) and the featured artworks of the community's
 * main page (feature recent ones, unfeature).
 */
import { requireAdmin } from "@server/auth/guards";
import { listArtworks } from "@server/community/artworks";
import {
  listFeaturedArtworks,
  listModerationQueue,
  moderateArtwork,
  moderationInput,
} from "@server/community/moderation";
import { getDb } from "@server/db/client";
import { commentModerationInput, listCommentQueue, moderateComment } from "@server/community/comment-moderation";
import { setUserBanned } from "@server/admin/users";
import { Form, Link, useNavigation } from "react-router";
import type { ReactNode } from "react";
import { When } from "~/components/when";
import { buttonClass } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { REPORT_REASON_LABELS, type ReportReason } from "~/lib/community";
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters } from "~/lib/plain-text";
import type { Route } from "./+types/manage-community";
import { EmptyList } from "~/components/admin/list-page";
import { RowActionButton } from "~/components/admin/row-actions";
import { IntentButton } from "~/components/ui/intent-button";
import { formFailure, refusal } from "~/lib/forms.server";
import type { FormSuccess } from "~/lib/forms";
import { SectionHeading } from "~/components/ui/page-heading";
import { AdminPage } from "~/components/admin/admin-page";

export const meta = () => [{ title: "Community · Atelier admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const db = getDb();
  const [queue, comments, featured, recent] = await Promise.all([
    listModerationQueue(db),
    listCommentQueue(db),
    listFeaturedArtworks(db),
    listArtworks(db, { sort: "newest", limit: 12 }),
  ]);
  return {
    queue,
    comments,
    featured: featured.map((f) => ({ ...f, featuredAt: f.featuredAt?.toISOString() ?? null })),
    recent: recent.items.map((a) => ({ id: a.id, title: a.title, creator: a.creator.name })),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await request.formData();
  const reason = form.get("reason") ?? "";
  // The reason is stored and sent to the creator: control characters are refused, like every form's (PostgreSQL refuses NUL).
  if (typeof reason === "string" && hasControlCharacters(reason))
    return formFailure({ form: `The reason: ${CONTROL_CHARACTERS_MESSAGE}` });
  if (form.has("commentId")) {
    const comment = commentModerationInput.safeParse({
      commentId: form.get("commentId"),
      action: form.get("intent"),
      reason,
    });
    if (!comment.success) return formFailure({ form: comment.error.issues[0]?.message ?? "Check the form." });
    try {
      const db = getDb();
      const { message, authorId } = await moderateComment(db, admin, comment.data);
      // Banning is the users' admin action, audited on its own.
      if (comment.data.action === "ban") await setUserBanned(db, admin, authorId, true, comment.data.reason);
      return { ok: true, message } satisfies FormSuccess;
    } catch (error) {
      return refusal(error);
    }
  }
  const parsed = moderationInput.safeParse({ artworkId: form.get("artworkId"), action: form.get("intent"), reason });
  if (!parsed.success) return formFailure({ form: parsed.error.issues[0]?.message ?? "Check the form." });
  try {
    const { message } = await moderateArtwork(getDb(), admin, parsed.data);
    return { ok: true, message } satisfies FormSuccess;
  } catch (error) {
    return refusal(error);
  }
}

const primary = buttonClass({ size: "sm" });
const secondary = buttonClass({ size: "sm", variant: "secondary" });

/**
 * What a moderator can do to a reported artwork; Restore only once it is hidden. `name` starts the
 * button's accessible name, which ends with the artwork's title (every row has the same buttons).
 */
const MODERATION_ACTIONS = [
  { intent: "hide", label: "Hide", name: "Hide", className: primary },
  { intent: "remove", label: "Remove", name: "Remove", className: secondary },
  { intent: "restore", label: "Restore", name: "Restore", className: secondary, onlyWhenHidden: true },
  {
    intent: "dismiss",
    label: "Dismiss reports",
    name: "Dismiss the reports on",
    className: "text-sm text-ink-soft hover:underline",
  },
] as const;

/** What a moderator can do to a reported comment; Restore only once it is hidden. */
const COMMENT_ACTIONS = [
  { intent: "hide", label: "Hide", className: primary },
  { intent: "delete", label: "Delete", className: secondary },
  { intent: "ban", label: "Hide and ban the author", className: secondary },
  { intent: "restore", label: "Restore", className: secondary, onlyWhenHidden: true },
  { intent: "dismiss", label: "Dismiss reports", className: "text-sm text-ink-soft hover:underline" },
] as const;

interface ListedArtwork {
  id: string;
  title: string;
  creator: string;
}

/** Artworks in a card, each a link to its page with its creator, beside what the admin can do with it. */
function ArtworkList({
  label,
  artworks,
  action,
}: {
  label: string;
  artworks: ListedArtwork[];
  action: (artwork: ListedArtwork) => ReactNode;
}) {
  return (
    <ul className="divide-y divide-line rounded-2xl border border-line bg-paper-raised" aria-label={label}>
      {artworks.map((a) => (
        <li key={a.id} className="flex items-center justify-between gap-3 p-3">
          <Link to={`/community/detail?id=${a.id}`} className="font-medium text-ink hover:underline">
            {a.title} <span className="text-sm font-normal text-ink-soft">by {a.creator}</span>
          </Link>
          {action(a)}
        </li>
      ))}
    </ul>
  );
}

/** One part of the page under its heading (the moderation queue, the featured artworks). */
function PageSection({ headingId, title, children }: { headingId: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <SectionHeading id={headingId} large>
        {title}
      </SectionHeading>
      {children}
    </section>
  );
}

/** Puts an artwork on the community's main page, or takes a `featured` one off it. */
function FeatureButton({
  artwork,
  featured,
  className,
}: {
  artwork: ListedArtwork;
  featured: boolean;
  className: string;
}) {
  return (
    <RowActionButton
      id={artwork.id}
      idName="artworkId"
      intent={featured ? "unfeature" : "feature"}
      label={featured ? "Unfeature" : "Feature"}
      subject={artwork.title}
      className={className}
    />
  );
}

export default function AdminManageCommunityPage({ loaderData, actionData }: Route.ComponentProps) {
  const { queue, comments, featured, recent } = loaderData;
  const busy = useNavigation().state === "submitting";
  const featuredIds = new Set(featured.map((f) => f.artworkId));
  return (
    <AdminPage
      className="space-y-10"
      title="Community"
      description="Reported artworks and comments, and what the community's main page features."
      answer={actionData}
    >
      <PageSection headingId="queue-heading" title="Moderation queue">
        {queue.length === 0 ? (
          <EmptyList>No open reports. All quiet.</EmptyList>
        ) : (
          <ul className="space-y-3" aria-label="Reported artworks">
            {queue.map((item) => (
              <li
                key={item.artworkId}
                className="flex flex-wrap gap-4 rounded-2xl border border-line bg-paper-raised p-4"
              >
                <img src={`/api/files/${item.thumbKey}`} alt="" className="size-24 rounded-xl object-cover" />
                <div className="min-w-60 flex-1">
                  <p className="font-medium text-ink">
                    <Link to={`/community/detail?id=${item.artworkId}`} className="hover:underline">
                      {item.title}
                    </Link>{" "}
                    <span className="text-sm text-ink-soft">by {item.creatorName}</span>
                  </p>
                  <p className="text-sm text-ink-soft">
                    {item.reports} open report{item.reports === 1 ? "" : "s"} ·{" "}
                    {item.reasons.map((r) => REPORT_REASON_LABELS[r as ReportReason] ?? r).join(", ")} · {item.status}
                  </p>
                  <details className="mt-2 text-sm" open={item.reports <= 2}>
                    <summary className="cursor-pointer font-medium text-accent">What the reporters wrote</summary>
                    <ul className="mt-2 space-y-2" aria-label={`Reports on ${item.title}`}>
                      {item.openReports.map((report) => (
                        <li key={report.id} className="rounded-xl bg-paper-sunken px-3 py-2">
                          <span className="font-medium text-ink">
                            {REPORT_REASON_LABELS[report.reason as ReportReason] ?? report.reason}
                          </span>
                          <span className="text-ink-faint">
                            {" "}
                            · {report.reporterName} · <When value={report.createdAt} zone="utc" />
                          </span>
                          <span className="block break-words whitespace-pre-line text-ink-soft">
                            {report.details || "No details given."}
                          </span>
                        </li>
                      ))}
                    </ul>
                    {item.reports > item.openReports.length ? (
                      <p className="mt-1 text-ink-faint">and {item.reports - item.openReports.length} older reports</p>
                    ) : null}
                  </details>
                  <Form method="post" className="mt-3 flex flex-wrap items-center gap-2">
                    <input type="hidden" name="artworkId" value={item.artworkId} />
                    <label className="sr-only" htmlFor={`reason-${item.artworkId}`}>
                      Reason for {item.title}
                    </label>
                    <input
                      id={`reason-${item.artworkId}`}
                      name="reason"
                      placeholder="Reason, sent to the creator"
                      className={`${inputClass} max-w-sm`}
                    />
                    {MODERATION_ACTIONS.filter((a) => !("onlyWhenHidden" in a) || item.status === "hidden").map((a) => (
                      <IntentButton
                        key={a.intent}
                        intent={a.intent}
                        className={a.className}
                        disabled={busy}
                        aria-label={`${a.name} ${item.title}`}
                      >
                        {a.label}
                      </IntentButton>
                    ))}
                  </Form>
                </div>
              </li>
            ))}
          </ul>
        )}
      </PageSection>

      <PageSection headingId="comments-heading" title="Reported comments">
        {comments.length === 0 ? (
          <EmptyList>No reported comments.</EmptyList>
        ) : (
          <ul className="space-y-3" aria-label="Reported comments">
            {comments.map((item) => (
              <li key={item.commentId} className="rounded-2xl border border-line bg-paper-raised p-4">
                <p className="text-sm text-ink-soft">
                  {item.authorName}
                  {item.authorBanned ? " (banned)" : ""} on{" "}
                  <Link to={`/community/detail?id=${item.artworkId}`} className="font-medium text-ink hover:underline">
                    {item.artworkTitle}
                  </Link>{" "}
                  · {item.reports} open report{item.reports === 1 ? "" : "s"} · {item.status}
                </p>
                <blockquote className="mt-2 break-words whitespace-pre-line rounded-xl bg-paper-sunken px-3 py-2 text-ink">
                  {item.body}
                </blockquote>
                <ul className="mt-2 space-y-1 text-sm" aria-label={`Reports on the comment by ${item.authorName}`}>
                  {item.openReports.map((report) => (
                    <li key={report.id} className="text-ink-soft">
                      <span className="font-medium text-ink">
                        {REPORT_REASON_LABELS[report.reason as ReportReason] ?? report.reason}
                      </span>{" "}
                      · {report.reporterName} · <When value={report.createdAt} zone="utc" />
                      {report.details ? <span className="block break-words">{report.details}</span> : null}
                    </li>
                  ))}
                </ul>
                <Form method="post" className="mt-3 flex flex-wrap items-center gap-2">
                  <input type="hidden" name="commentId" value={item.commentId} />
                  <label className="sr-only" htmlFor={`reason-${item.commentId}`}>
                    Reason for the comment by {item.authorName}
                  </label>
                  <input
                    id={`reason-${item.commentId}`}
                    name="reason"
                    placeholder="Reason, for the record"
                    className={`${inputClass} max-w-sm`}
                  />
                  {COMMENT_ACTIONS.filter((a) => !("onlyWhenHidden" in a) || item.status === "hidden").map((a) => (
                    <IntentButton
                      key={a.intent}
                      intent={a.intent}
                      className={a.className}
                      disabled={busy}
                      aria-label={`${a.label}: the comment by ${item.authorName} on ${item.artworkTitle}`}
                    >
                      {a.label}
                    </IntentButton>
                  ))}
                </Form>
              </li>
            ))}
          </ul>
        )}
      </PageSection>

      <PageSection headingId="featured-heading" title="Featured">
        {featured.length === 0 ? (
          <p className="text-ink-soft">Nothing is featured yet: pick from the newest artworks below.</p>
        ) : (
          <ArtworkList
            label="Featured artworks"
            artworks={featured.map((f) => ({ id: f.artworkId, title: f.title, creator: f.creatorName }))}
            action={(f) => <FeatureButton artwork={f} featured className="text-sm text-ink-soft hover:underline" />}
          />
        )}
        <h3 className="font-semibold text-ink">Newest artworks</h3>
        <ArtworkList
          label="Newest artworks"
          artworks={recent}
          action={(a) =>
            featuredIds.has(a.id) ? (
              <span className="text-sm text-success">Featured</span>
            ) : (
              <FeatureButton artwork={a} featured={false} className={secondary} />
            )
          }
        />
      </PageSection>
    </AdminPage>
  );
}
