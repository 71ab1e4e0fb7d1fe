/** /community/list: every public artwork, searchable, sortable and filterable; the URL keeps the query. */
import { getUser } from "@server/auth/guards";
import { listArtworksCached } from "@server/community/artworks";
import { browsingLevelFor } from "@server/safety/browsing-level";
import { getDb } from "@server/db/client";
import { ArtworkList } from "~/components/community/artwork-list";
import { CommunityTabs } from "~/components/community/community-tabs";
import { listQuery } from "~/lib/community";
import type { Route } from "./+types/list";
import { PageHeading } from "~/components/ui/page-heading";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.query.q ? `“${data.query.q}” · Community · Atelier` : "All artwork · Community · Atelier" },
  { name: "description", content: "Browse, search and filter everything Atelier's community has shared." },
];

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = listQuery.parse({ ...Object.fromEntries(url.searchParams), christmas: undefined });
  // Mature works only for people who opted in (issue 40); pages for many are rendered per level (ADR 0050).
  const page = await listArtworksCached(getDb(), query, browsingLevelFor(await getUser(request)));
  return { query, page };
}

export default function ListPage({ loaderData }: Route.ComponentProps) {
  const { query, page } = loaderData;
  return (
    <section className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <PageHeading large>All artwork</PageHeading>
      <p className="mt-2 text-ink-soft">Browse, search and filter everything the community has shared.</p>
      <CommunityTabs current="/community/list" />
      <div className="mt-6">
        <ArtworkList page={page} query={query} christmas={false} basePath="/community/list" />
      </div>
    </section>
  );
}
