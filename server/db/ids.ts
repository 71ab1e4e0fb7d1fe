/**
 * Row ids are UUIDs; PostgreSQL refuses to compare a uuid column with anything else, so an id from
 * a URL or a form is checked before it reaches a query (a malformed one is simply "not found").
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(id: string): boolean {
  return UUID.test(id);
}
