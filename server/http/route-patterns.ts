/** React Router route patterns as the shell and the navigation checks compare them. */

/** A pattern with exactly one leading slash ("api/x" and "//api/x" are "/api/x"). */
export function normalizePattern(pattern: string): string {
  return `/${pattern.replace(/^\/+/, "")}`;
}

/** Resource routes answer JSON: no page, no navigation checks. */
export function isResourcePattern(pattern: string): boolean {
  const path = normalizePattern(pattern);
  return path.startsWith("/api/") || path.startsWith("/builds/");
}
