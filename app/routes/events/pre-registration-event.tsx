import { PlannedPage } from "~/components/planned-page";

export const meta = () => [{ title: "Pre-registration · Atelier" }];

export default function PreRegistrationEventPage() {
  return <PlannedPage title="Pre-registration" summary="Register early and receive bonus tokens when Atelier's next chapter opens." />;
}
