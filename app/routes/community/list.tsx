import { PlannedPage } from "~/components/planned-page";

export const meta = () => [{ title: "All artwork · Atelier" }];

export default function ListPage() {
  return <PlannedPage title="All artwork" summary="Browse, search and filter everything the community has shared." />;
}
