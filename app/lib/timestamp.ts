/**
 * 14-digit UTC timestamps, `YYYYMMDDHHmmss` (spec §9), for stored file names and keys.
 * The one helper every part of Atelier uses, in the browser and on the server.
 */
export function timestamp14(date: Date = new Date()): string {
  if (Number.isNaN(date.getTime())) throw new RangeError("timestamp14: invalid date");
  const pad = (n: number, width = 2) => String(n).padStart(width, "0");
  return (
    pad(date.getUTCFullYear(), 4) +
    pad(date.getUTCMonth() + 1) +
    pad(date.getUTCDate()) +
    pad(date.getUTCHours()) +
    pad(date.getUTCMinutes()) +
    pad(date.getUTCSeconds())
  );
}

/** Reads a 14-digit timestamp back into a Date; null when the text is not one. */
export function parseTimestamp14(text: string): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(text);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  return timestamp14(date) === text ? date : null;
}
