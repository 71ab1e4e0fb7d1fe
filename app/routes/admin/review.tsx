/**
 * /admin/review (issue 40, ADR 0059; not in the spec's list): the review queue beside the reports
 * of /admin/manage-community — results the safety check held, and creators' requests to look again
 * at a rating. Each is confirmed, re-rated or removed; every decision is audited and told to the
 * creator. Accounts flagged for repeated explicit uploads are listed under it.
 */
import { requireAdmin } from "@server/auth/guards";
import { countOpenReports } from "@server/community/moderation";
import { decideReview, listOpenReviews, reviewDecisionInput } from "@server/community/picture-reviews";
import { getDb } from "@server/db/client";
import { EXPLICIT_UPLOADS_FLAG_AT, listFlaggedAccounts } from "@server/safety/flagged-accounts";
import { useId } from "react";
import { Form, Link, useNavigation } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { When } from "~/components/when";
import { EmptyList } from "~/components/admin/list-page";
import { buttonClass } from "~/components/ui/button";
import { FieldError, inputClass } from "~/components/ui/field";
import { SectionHeading } from "~/components/ui/page-heading";
import { answerOf, type FormAnswer, type FormSuccess, parseForm } from "~/lib/forms";
import { refusal } from "~/lib/forms.server";
import type { Route } from "./+types/review";

export const meta = () => [{ title: "Review queue · Atelier admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const db = getDb();
  const [reviews, flagged, reports] = await Promise.all([
    listOpenReviews(db),
    listFlaggedAccounts(db),
    countOpenReports(db),
  ]);
  return { reviews, flagged, reports, flagAt: EXPLICIT_UPLOADS_FLAG_AT };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await request.formData();
  const intent = String(form.get("reviewId") ?? "");
  const parsed = parseForm(form, reviewDecisionInput);
  if (!parsed.ok) return { ...parsed, intent };
  try {
    const { message } = await decideReview(getDb(), admin, parsed.data);
    return { ok: true, message, intent } satisfies FormSuccess;
  } catch (error) {
    return refusal(error, { values: Object.fromEntries([...form].map(([k, v]) => [k, String(v)])), intent });
  }
}

const DECISIONS = [
  ["confirm", "Keep the rating"],
  ["general", "Rate it general"],
  ["mature", "Rate it mature"],
  ["remove", "Remove it"],
] as const;

export default function AdminReviewPage({ loaderData, actionData }: Route.ComponentProps) {
  const { reviews, flagged, reports, flagAt } = loaderData;
  return (
    <AdminPage
      title="Review queue"
      description={
        <>
          Pictures the safety check held and ratings creators asked about. Reports from the community are on{" "}
          <Link to="/admin/manage-community" className="font-medium text-accent">
            Community
          </Link>
          ; thresholds and word lists on{" "}
          <Link to="/admin/safety" className="font-medium text-accent">
            Picture safety
          </Link>
          .
        </>
      }
      answer={actionData?.ok ? actionData : null}
      className="mx-auto max-w-5xl space-y-8"
    >
      <section aria-labelledby="open-heading" className="space-y-4">
        <SectionHeading id="open-heading">Waiting ({reviews.length})</SectionHeading>
        {reviews.length === 0 ? (
          <EmptyList>Nothing to review: no held pictures and no open requests.</EmptyList>
        ) : (
          <ul className="space-y-4">
            {reviews.map((review) => (
              <ReviewCard
                key={review.id}
                review={review}
                answer={answerOf(actionData as (FormAnswer & { intent?: string }) | undefined, review.id)}
              />
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="reports-heading" className="space-y-2">
        <SectionHeading id="reports-heading">Reports</SectionHeading>
        <p className="text-sm text-ink" data-testid="open-reports">
          {reports.artworks + reports.comments === 0
            ? "No open reports."
            : `${reports.artworks} open report${reports.artworks === 1 ? "" : "s"} of artworks, ${reports.comments} of comments. `}
          <Link to="/admin/manage-community" className="font-medium text-accent">
            Open the community's moderation
          </Link>
        </p>
      </section>

      <section aria-labelledby="flagged-heading" className="space-y-3">
        <SectionHeading id="flagged-heading">Flagged accounts</SectionHeading>
        <p className="text-sm text-ink-soft">Accounts with {flagAt} or more uploads refused as explicit.</p>
        {flagged.length === 0 ? (
          <EmptyList>No flagged accounts.</EmptyList>
        ) : (
          <ul className="divide-y divide-line rounded-2xl border border-line bg-paper-raised px-4 text-sm">
            {flagged.map((account) => (
              <li key={account.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <Link to={`/admin/user-form?id=${encodeURIComponent(account.id)}`} className="font-medium text-accent">
                  {account.name} · {account.email}
                </Link>
                <span className="text-ink-soft">{account.explicitUploads} refused</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </AdminPage>
  );
}

type Review = Route.ComponentProps["loaderData"]["reviews"][number];

function ReviewCard({ review, answer }: { review: Review; answer: FormAnswer | undefined }) {
  const id = useId();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("reviewId") === review.id;
  const errors: Record<string, string> = answer && !answer.ok ? answer.errors.fields : {};
  const formError = answer && !answer.ok ? answer.errors.form : undefined;
  return (
    <li className="grid gap-4 rounded-2xl border border-line bg-paper-raised p-4 sm:grid-cols-[12rem_1fr]">
      <div className="flex flex-wrap gap-2">
        {review.pictures.map((picture) => (
          <img
            key={picture.url}
            src={picture.url}
            alt={review.kind === "held" ? "The held picture" : `“${review.title}”`}
            width={picture.width}
            height={picture.height}
            className="h-auto w-full max-w-48 rounded-xl bg-paper-sunken object-contain"
            loading="lazy"
          />
        ))}
      </div>
      <div className="space-y-3">
        <div>
          <p className="font-semibold text-ink">
            {review.kind === "held"
              ? "Held: rated explicit"
              : review.kind === "rated"
                ? "Published before screening, now rated explicit"
                : `Rating questioned: ${review.maturity}`}
            {review.artworkId ? (
              <>
                {" · "}
                <Link
                  to={`/community/detail?id=${encodeURIComponent(review.artworkId)}`}
                  className="font-medium text-accent"
                >
                  {review.title}
                </Link>
              </>
            ) : null}
          </p>
          <p className="text-sm text-ink-soft">
            By{" "}
            <Link to={`/admin/user-form?id=${encodeURIComponent(review.creator.id)}`} className="text-accent">
              {review.creator.name}
            </Link>{" "}
            · <When value={review.createdAt} zone="utc" />
            {review.creator.explicitUploads > 0 ? ` · ${review.creator.explicitUploads} explicit uploads refused` : ""}
          </p>
          {review.prompt ? <p className="mt-1 text-sm text-ink">Prompt: “{review.prompt}”</p> : null}
          {review.reason ? <p className="mt-1 text-sm text-ink">The creator says: “{review.reason}”</p> : null}
        </div>
        <Form method="post" className="grid gap-3">
          <input type="hidden" name="reviewId" value={review.id} />
          <fieldset>
            <legend className="mb-1.5 text-sm font-medium text-ink">Decision</legend>
            <div className="flex flex-wrap gap-2">
              {DECISIONS.map(([value, label]) => (
                <label
                  key={value}
                  className="flex cursor-pointer items-center gap-2 rounded-xl border border-line px-3 py-1.5 text-sm has-[:checked]:border-accent has-[:checked]:bg-accent-soft"
                >
                  <input
                    type="radio"
                    name="decision"
                    value={value}
                    defaultChecked={value === "confirm"}
                    className="accent-[var(--color-accent)]"
                  />
                  {label}
                </label>
              ))}
            </div>
            <FieldError>{errors.decision}</FieldError>
          </fieldset>
          <div>
            <label htmlFor={`${id}-note`} className="mb-1.5 block text-sm font-medium text-ink">
              Note to the creator <span className="font-normal text-ink-faint">(needed to remove)</span>
            </label>
            <textarea
              id={`${id}-note`}
              name="note"
              rows={2}
              maxLength={500}
              aria-invalid={errors.note ? true : undefined}
              aria-describedby={errors.note ? `${id}-note-error` : undefined}
              className={inputClass}
            />
            <FieldError id={`${id}-note-error`}>{errors.note}</FieldError>
          </div>
          {formError ? <FieldError alert>{formError}</FieldError> : null}
          <button
            type="submit"
            className={buttonClass({ size: "sm", className: "justify-self-start" })}
            disabled={busy}
          >
            {busy ? "Saving…" : "Decide"}
          </button>
        </Form>
      </div>
    </li>
  );
}
