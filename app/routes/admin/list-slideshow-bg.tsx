/** /admin/list-slideshow-bg: the home page's slideshow backgrounds, in order — add, edit, move, switch on and off, delete. */
import { requireAdmin } from "@server/auth/guards";
import {
  deleteSlide,
  listSlidesForAdmin,
  moveSlide,
  setSlideActive,
  slideImageUrl,
  slideStatus,
  type SlideStatus,
} from "@server/content/slideshow";
import { getDb } from "@server/db/client";
import { Form, Link } from "react-router";
import { AddLink, EmptyList } from "~/components/admin/list-page";
import { MoveButtons } from "~/components/admin/row-actions";
import { IntentButton } from "~/components/ui/intent-button";
import { When } from "~/components/when";
import { cn } from "~/lib/cn";
import type { Route } from "./+types/list-slideshow-bg";
import { runListAction } from "~/lib/admin-list-action.server";
import { AdminPage } from "~/components/admin/admin-page";

export const meta = () => [{ title: "Slideshow · Atelier admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const now = new Date();
  const slides = (await listSlidesForAdmin(getDb())).map((s) => ({
    id: s.id,
    title: s.title,
    subtitle: s.subtitle,
    imageUrl: slideImageUrl(s),
    color: s.color,
    status: slideStatus(s, now),
    startsAt: s.startsAt?.toISOString() ?? null,
    endsAt: s.endsAt?.toISOString() ?? null,
  }));
  return { slides };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const db = getDb();
  return runListAction(await request.formData(), {
    move: (id, direction) => moveSlide(db, admin, id, direction),
    toggle: {
      on: "activate",
      off: "deactivate",
      set: (id, on) => setSlideActive(db, admin, id, on),
      said: (on) =>
        on
          ? "Switched on: it shows on the home page within its schedule."
          : "Switched off: the home page no longer shows it.",
    },
    remove: (id) => deleteSlide(db, admin, id),
  });
}

const STATUS: Record<SlideStatus, { label: string; className: string }> = {
  live: { label: "Showing", className: "bg-emerald-50 text-success" },
  scheduled: { label: "Scheduled", className: "bg-sky-50 text-sky-800" },
  ended: { label: "Ended", className: "bg-paper-sunken text-ink-soft" },
  off: { label: "Off", className: "bg-amber-50 text-amber-800" },
};

function Schedule({ startsAt, endsAt }: { startsAt: string | null; endsAt: string | null }) {
  if (startsAt && endsAt)
    return (
      <>
        <When value={startsAt} zone="utc" zoneLabel={false} /> – <When value={endsAt} zone="utc" />
      </>
    );
  if (startsAt)
    return (
      <>
        From <When value={startsAt} zone="utc" />
      </>
    );
  if (endsAt)
    return (
      <>
        Until <When value={endsAt} zone="utc" />
      </>
    );
  return <>Always</>;
}

export default function AdminListSlideshowBgPage({ loaderData, actionData }: Route.ComponentProps) {
  const { slides } = loaderData;
  const showing = slides.filter((s) => s.status === "live").length;
  return (
    <AdminPage
      className="max-w-5xl space-y-6"
      title="Slideshow"
      description={
        <>
          Backgrounds of the home page's slideshow, in this order.{" "}
          {showing === 0
            ? "None is showing now, so the home page shows Atelier's built-in artwork."
            : `${showing} showing now.`}
        </>
      }
      action={<AddLink to="/admin/detail-list-slideshowbg">Add a background</AddLink>}
      answer={actionData}
    >
      {slides.length === 0 ? (
        <EmptyList roomy>No backgrounds yet. Add the first one: a wide picture, at least 1024 pixels across.</EmptyList>
      ) : (
        <ol
          className="divide-y divide-line rounded-2xl border border-line bg-paper-raised"
          aria-label="Slideshow backgrounds"
        >
          {slides.map((slide, i) => (
            <li key={slide.id} className="flex flex-wrap items-center gap-4 p-4">
              <span className="w-6 text-sm text-ink-faint tabular-nums">{i + 1}</span>
              <img
                src={slide.imageUrl}
                alt=""
                width={160}
                height={90}
                loading="lazy"
                className="aspect-video w-32 rounded-lg object-cover sm:w-40"
                style={{ backgroundColor: slide.color }}
              />
              <div className="min-w-48 flex-1">
                <Link
                  to={`/admin/detail-list-slideshowbg?id=${slide.id}`}
                  className="font-medium text-ink hover:text-accent hover:underline"
                >
                  {slide.title}
                </Link>
                {slide.subtitle ? <p className="text-sm text-ink-soft">{slide.subtitle}</p> : null}
                <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-ink-soft">
                  <span className={cn("rounded-full px-2 py-0.5", STATUS[slide.status].className)}>
                    {STATUS[slide.status].label}
                  </span>
                  <Schedule startsAt={slide.startsAt} endsAt={slide.endsAt} />
                </p>
              </div>
              <Form method="post" className="flex items-center gap-1">
                <input type="hidden" name="id" value={slide.id} />
                <MoveButtons index={i} count={slides.length} subject={slide.title} large />
                <IntentButton
                  intent={slide.status === "off" ? "activate" : "deactivate"}
                  className="ml-2 text-sm text-ink-soft hover:text-ink hover:underline"
                  aria-label={`${slide.status === "off" ? "Switch on" : "Switch off"}: ${slide.title}`}
                >
                  {slide.status === "off" ? "Switch on" : "Switch off"}
                </IntentButton>
                <IntentButton
                  intent="delete"
                  confirm={`Delete “${slide.title}”? Its picture is removed too.`}
                  className="ml-2 text-sm text-danger hover:underline"
                  aria-label={`Delete: ${slide.title}`}
                >
                  Delete
                </IntentButton>
              </Form>
            </li>
          ))}
        </ol>
      )}
    </AdminPage>
  );
}
