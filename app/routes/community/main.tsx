import { PlannedPage } from "~/components/planned-page";

export const meta = () => [{ title: "Community · Atelier" }];

export default function MainPage() {
  return <PlannedPage title="Community" summary="Featured, trending and newest artwork from Atelier's creators." />;
}
