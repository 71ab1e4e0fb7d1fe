/**
 * /collections: your collections (issue 30) — each with its cover (the first picture), its count
 * and whether it is public — and a new one. Visitors are asked to sign in.
 */
import { getUser } from "@server/auth/guards";
import { listMyCollections } from "@server/community/collections";
import { getDb } from "@server/db/client";
import { Bookmark } from "lucide-react";
import { useRevalidator } from "react-router";
import { SignInDialogTrigger } from "~/components/auth/sign-in-dialog";
import { CollectionGrid } from "~/components/community/collection-grid";
import { NewCollection } from "~/components/community/save-dialog";
import { buttonClass } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { PageHeading } from "~/components/ui/page-heading";
import type { Route } from "./+types/collections";

export const meta: Route.MetaFunction = () => [{ title: "Your collections · Atelier" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getUser(request);
  if (!user) return { collections: null };
  return { collections: await listMyCollections(getDb(), user.userUid) };
}

export default function CollectionsPage({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const { collections } = loaderData;
  return (
    <section className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <PageHeading large>Your collections</PageHeading>
      <p className="mt-2 text-ink-soft">
        Pictures you keep: from the community and from your own history. Private unless you make them public.
      </p>
      {collections === null ? (
        <EmptyState size="page" className="mt-8">
          <Bookmark aria-hidden className="size-8 text-accent" />
          <p className="font-medium text-ink">Sign in to keep pictures in collections</p>
          <SignInDialogTrigger className={buttonClass({ size: "sm", className: "mt-2" })}>Sign in</SignInDialogTrigger>
        </EmptyState>
      ) : (
        <>
          <div className="mt-6 max-w-md">
            <NewCollection onMade={() => revalidator.revalidate()} />
          </div>
          {collections.length === 0 ? (
            <EmptyState size="page" className="mt-8">
              <Bookmark aria-hidden className="size-8 text-accent" />
              <p className="font-medium text-ink">No collections yet</p>
              <p className="max-w-sm text-sm text-ink-soft">
                Make one here, or press Save on any picture in the community or your history.
              </p>
            </EmptyState>
          ) : (
            <CollectionGrid collections={collections} />
          )}
        </>
      )}
    </section>
  );
}
