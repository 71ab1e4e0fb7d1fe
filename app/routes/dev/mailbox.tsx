import { data } from "react-router";

export function loader() {
  throw data({ message: "Not available yet" }, { status: 404 });
}

export default function Placeholder() {
  return null;
}
