/**
 * How an audit entry reads on the log page: the kind of record in words, the action as a
 * sentence, the record's name and a link to it, and the fields that changed side by side.
 * Entries store codes (`product.update`) and raw before/after JSON; people read this.
 */

interface RecordKind {
  label: string;
  /** The admin page of one record, when there is one. */
  href?: (id: string) => string;
}

/** Every kind of record the back office audits (server/audit/audit.ts callers), in menu order. */
export const AUDIT_RECORD_KINDS: Record<string, RecordKind> = {
  product: { label: "Token pack", href: (id) => `/admin/edit-list-product?id=${encodeURIComponent(id)}` },
  plan: { label: "Membership plan", href: (id) => `/admin/plans?id=${encodeURIComponent(id)}` },
  membership: { label: "Membership" },
  membership_invoice: { label: "Membership invoice" },
  sandbox: { label: "Sandbox clock", href: () => "/admin/members" },
  transaction: { label: "Transaction", href: (id) => `/admin/detail-history-transaction?id=${encodeURIComponent(id)}` },
  discount: { label: "Discount code", href: (id) => `/admin/detail-list-discount?id=${encodeURIComponent(id)}` },
  redeem_code: { label: "Redeem code", href: () => "/admin/redeem-codes" },
  faq: { label: "FAQ question", href: (id) => `/admin/detail-list-faq?id=${encodeURIComponent(id)}` },
  slide: { label: "Home page slide", href: (id) => `/admin/detail-list-slideshowbg?id=${encodeURIComponent(id)}` },
  artwork: { label: "Artwork", href: (id) => `/community/detail?id=${encodeURIComponent(id)}` },
  user: { label: "User", href: (id) => `/admin/user-form?id=${encodeURIComponent(id)}` },
  engine: { label: "Image engine", href: (id) => `/admin/engine-form?id=${encodeURIComponent(id)}` },
  engine_route: { label: "Engine routes", href: () => "/admin/engines" },
  settings: { label: "Setting", href: () => "/admin/set-token-default" },
  "route-rule": { label: "Route rule", href: () => "/admin/set-token-default" },
  safety: { label: "Picture safety", href: () => "/admin/safety" },
  review: { label: "Picture review", href: () => "/admin/review" },
};

const VERBS: Record<string, string> = {
  create: "created",
  duplicate: "copied from another",
  update: "edited",
  delete: "deleted",
  activate: "switched on",
  deactivate: "switched off",
  enable: "switched on",
  disable: "switched off",
  archive: "archived",
  restore: "restored",
  retire: "retired",
  publish: "published",
  unpublish: "unpublished",
  "move-up": "moved up",
  "move-down": "moved down",
  ban: "banned",
  unban: "unbanned",
  "adjust-tokens": "tokens adjusted",
  email: "sent an email",
  notify: "sent a notification",
  refund: "refunded",
  clock: "moved forward",
  route: "order changed",
  image: "picture changed",
  "image-remove": "picture removed",
  "flag-on": "flag switched on",
  "flag-off": "flag switched off",
  hide: "hidden",
  remove: "removed",
  feature: "featured",
  unfeature: "no longer featured",
  dismiss: "reports dismissed",
};

export function recordKindLabel(kind: string): string {
  return AUDIT_RECORD_KINDS[kind]?.label ?? kind.replace(/[_-]/g, " ");
}

/** `product.update` on a product → "Token pack edited"; unknown codes still read as words. */
export function describeAuditAction(action: string, kind: string): string {
  const verb = action.slice(action.indexOf(".") + 1);
  return `${recordKindLabel(kind)} ${VERBS[verb] ?? verb.replace(/-/g, " ")}`;
}

const NAME_FIELDS = ["name", "title", "code", "question", "email", "fromPath", "prompt"] as const;

/** A record's name as the entry saw it (after the change, else before), or null. */
export function auditRecordName(before: unknown, after: unknown): string | null {
  for (const side of [after, before]) {
    if (!side || typeof side !== "object" || Array.isArray(side)) continue;
    for (const field of NAME_FIELDS) {
      const value = (side as Record<string, unknown>)[field];
      if (typeof value === "string" && value.trim() !== "") return value.length > 80 ? `${value.slice(0, 79)}…` : value;
    }
  }
  return null;
}

export function auditRecordHref(kind: string, id: string | null): string | null {
  const href = AUDIT_RECORD_KINDS[kind]?.href;
  return href && id ? href(id) : null;
}

export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

/** Fields that are kept for the record, not for people. */
const IGNORED_FIELDS = new Set(["updatedAt", "createdAt"]);

function show(value: unknown): string {
  if (value === undefined) return "—";
  if (value === null) return "(empty)";
  if (typeof value === "string") return value === "" ? "(empty)" : value;
  if (typeof value === "boolean") return value ? "yes" : "no";
  return JSON.stringify(value);
}

/**
 * The fields an entry changed, side by side: for an edit, those whose value differs; for a
 * creation or a deletion, every field it had. A value that is not an object is one field, "value".
 */
export function auditFieldChanges(before: unknown, after: unknown): FieldChange[] {
  const asFields = (value: unknown): Record<string, unknown> | null => {
    if (value === null || value === undefined) return null;
    return typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : { value };
  };
  const a = asFields(before);
  const b = asFields(after);
  const fields = [...new Set([...Object.keys(a ?? {}), ...Object.keys(b ?? {})])].filter((f) => !IGNORED_FIELDS.has(f));
  return fields
    .filter((field) => JSON.stringify(a?.[field]) !== JSON.stringify(b?.[field]))
    .map((field) => ({ field, before: a ? show(a[field]) : "—", after: b ? show(b[field]) : "—" }));
}
