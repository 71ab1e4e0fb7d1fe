import { PlannedPage } from "~/components/planned-page";

export const meta = () => [{ title: "Sign in · Atelier" }];

export default function LoginPage() {
  return <PlannedPage title="Sign in" summary="Sign in with your email and password, an email link, or Google, Facebook, X or your organisation's account." />;
}
