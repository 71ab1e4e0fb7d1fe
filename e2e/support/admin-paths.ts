/** The admin paths (spec §2 and the pages added since), for tests that visit each one. */
export const ADMIN_PATHS = [
  "/admin/dashboard",
  "/admin/list-product",
  "/admin/add-list-product",
  "/admin/edit-list-product",
  "/admin/duplicate-list-product",
  "/admin/history-transaction",
  "/admin/detail-history-transaction",
  "/admin/list-faq",
  "/admin/detail-list-faq",
  "/admin/list-slideshow-bg",
  "/admin/detail-list-slideshowbg",
  "/admin/manage-discount",
  "/admin/detail-list-discount",
  "/admin/manage-community",
  "/admin/manage-user",
  "/admin/user-form",
  "/admin/list-log",
  "/admin/set-token-default",
  // Beyond spec §2: image engines (issue 8).
  "/admin/engines",
  "/admin/engine-form",
  // Beyond spec §2: the token redeem event's codes (issue 16).
  "/admin/redeem-codes",
  // Beyond spec §2: every generation, where the dashboard's figures lead (issue 16).
  "/admin/generations",
  // Beyond spec §2: community challenges (issue 30).
  "/admin/challenges",
  // Beyond spec §2: membership plans (issue 41).
  "/admin/plans",
  // Beyond spec §2: members, recurring revenue and churn (issue 41).
  "/admin/members",
] as const;
