/** The address the files route serves a stored file at (server/storage; app/routes/api/files.ts checks who may read it). */
export function fileUrl(key: string): string {
  return `/api/files/${key}`;
}
