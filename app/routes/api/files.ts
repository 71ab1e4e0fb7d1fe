import { jsonError } from "@server/http/api";

// Filled in by the accounts work in progress.
export const loader = () => jsonError(404, "not_found", "Not available yet");
export const action = () => jsonError(404, "not_found", "Not available yet");
