/**
 * THE route table: every URL Atelier answers, grouped as in §2 of the spec.
 * Pages are static paths; detail and edit pages take `?id=`. A page's module lives under
 * app/routes/, thin: parse input → call a server/<domain> function → render.
 */
import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

export default [
  layout("routes/layouts/public.tsx", [
    // Public
    index("routes/home.tsx"),
    route("about-us", "routes/about-us.tsx"),
    route("developers", "routes/developers.tsx"), // not in the spec's list: the public API's documentation (issue 31)
    route("login", "routes/account/login.tsx"),
    route("sign-up", "routes/account/sign-up.tsx"),
    route("verify-email", "routes/account/verify-email.tsx"),
    route("enter-otp", "routes/account/enter-otp.tsx"),
    route("reset-password", "routes/account/reset-password.tsx"),
    route("new-password", "routes/account/new-password.tsx"),
    route("user-profile", "routes/account/user-profile.tsx"),
    route("logout", "routes/account/logout.ts"), // not in the spec's list: the sign-out action
    route("notifications", "routes/account/notifications.tsx"), // not in the spec's list: the full notification list
    route("oauth/popup-complete", "routes/account/oauth-popup-complete.tsx"), // end of an OAuth sign-in in a popup
    route("dev/mailbox", "routes/dev/mailbox.tsx"), // development mode only: the email outbox
    route("sandbox/checkout", "routes/sandbox/checkout.tsx"), // the embedded sandbox provider's payment page (not in the spec)
    route("sandbox/billing", "routes/sandbox/billing.tsx"), // issue 41: the embedded sandbox's customer portal: subscriptions, invoices, card (not in the spec)
    route("pre-registration-event", "routes/events/pre-registration-event.tsx"), // only while its flag is on
    route("pricing-plans", "routes/commerce/pricing-plans.tsx"),
    route("checkout-tiers", "routes/commerce/checkout-tiers.tsx"),
    route("product-overview", "routes/commerce/product-overview.tsx"),
    route("product-payment", "routes/commerce/product-payment.tsx"),
    route("base-product-layout-sample", "routes/commerce/base-product-layout-sample.tsx"),

    // AI
    ...prefix("ai", [
      route("ai-text-to-art", "routes/ai/ai-text-to-art.tsx"),
      route("ai-image-to-art", "routes/ai/ai-image-to-art.tsx"),
      route("ai-doodle-to-art", "routes/ai/ai-doodle-to-art.tsx"),
      route("image-tools", "routes/ai/image-tools.tsx"),
      route("edit", "routes/ai/edit.tsx"), // not in the spec's list: edit a part of a picture (issue 31)
    ]),

    // AI, christmas event (only while the christmas flag is on)
    ...prefix("ai/christmas-event", [
      route("ai-text-to-art", "routes/ai/christmas-event/ai-text-to-art.tsx"),
      route("ai-image-to-art", "routes/ai/christmas-event/ai-image-to-art.tsx"),
      route("ai-doodle-to-art", "routes/ai/christmas-event/ai-doodle-to-art.tsx"),
    ]),

    // Community
    ...prefix("community", [
      route("main", "routes/community/main.tsx"),
      route("list", "routes/community/list.tsx"),
      route("detail", "routes/community/detail.tsx"),
      route("christmas-event/list", "routes/community/christmas-event-list.tsx"), // only while the christmas flag is on
      route("following", "routes/community/following.tsx"), // not in the spec's list: works of the people you follow (issue 30)
      route("challenges", "routes/community/challenges.tsx"), // not in the spec's list: the challenges (issue 30)
      route("challenges/:id", "routes/community/challenge.tsx"), // not in the spec's list: one challenge
    ]),
    route("creators/:handle", "routes/community/creator.tsx"), // not in the spec's list: a creator's page (issue 30)
    route("collections", "routes/community/collections.tsx"), // not in the spec's list: your collections (issue 30)
    route("collections/:id", "routes/community/collection.tsx"), // not in the spec's list: one collection
  ]),

  // Admin: every page behind requireAdmin (spec §6)
  layout("routes/layouts/admin.tsx", [
    ...prefix("admin", [
      route("dashboard", "routes/admin/dashboard.tsx"),
      route("list-product", "routes/admin/list-product.tsx"),
      route("add-list-product", "routes/admin/add-list-product.tsx"),
      route("edit-list-product", "routes/admin/edit-list-product.tsx"),
      route("duplicate-list-product", "routes/admin/duplicate-list-product.tsx"),
      route("history-transaction", "routes/admin/history-transaction.tsx"),
      route("detail-history-transaction", "routes/admin/detail-history-transaction.tsx"),
      route("list-faq", "routes/admin/list-faq.tsx"),
      route("detail-list-faq", "routes/admin/detail-list-faq.tsx"),
      route("list-slideshow-bg", "routes/admin/list-slideshow-bg.tsx"),
      route("detail-list-slideshowbg", "routes/admin/detail-list-slideshowbg.tsx"),
      route("manage-discount", "routes/admin/manage-discount.tsx"),
      route("detail-list-discount", "routes/admin/detail-list-discount.tsx"),
      route("manage-community", "routes/admin/manage-community.tsx"),
      route("manage-user", "routes/admin/manage-user.tsx"),
      route("user-form", "routes/admin/user-form.tsx"),
      route("list-log", "routes/admin/list-log.tsx"),
      route("set-token-default", "routes/admin/set-token-default.tsx"),
      route("engines", "routes/admin/engines.tsx"),
      route("engine-form", "routes/admin/engine-form.tsx"),
      route("redeem-codes", "routes/admin/redeem-codes.tsx"), // not in the spec's list: the token redeem event's codes
      route("plans", "routes/admin/plans.tsx"), // not in the spec's list: membership plans (issue 41)
      route("members", "routes/admin/members.tsx"), // not in the spec's list: members and their plans (issue 41)
      route("generations", "routes/admin/generations.tsx"), // not in the spec's list: where the dashboard's generation figures lead
      route("challenges", "routes/admin/challenges.tsx"), // not in the spec's list: community challenges (issue 30)
      route("review", "routes/admin/review.tsx"), // not in the spec's list: the safety review queue (issue 40)
      route("safety", "routes/admin/safety.tsx"), // not in the spec's list: picture safety's thresholds and word lists (issue 40)
    ]),
  ]),

  // APIs and build metadata (resource routes: JSON, no page)
  ...prefix("api", [
    route("check-domain", "routes/api/check-domain.ts"),
    route("version", "routes/api/version.ts"),
    route("error-reports", "routes/api/error-reports.ts"),
    route("auth/*", "routes/api/auth.ts"),
    route("oauth/start", "routes/api/oauth-start.ts"),
    route("notifications", "routes/api/notifications.ts"),
    route("delete-request-image", "routes/api/delete-request-image.ts"),
    route("send-verification-email", "routes/api/send-verification-email.ts"),
    route("send-custom-email", "routes/api/send-custom-email.ts"),
    route("send-custom-email-with-attachment", "routes/api/send-custom-email-with-attachment.ts"),
    route("files/*", "routes/api/files.ts"),
    route("tokens", "routes/api/tokens.ts"),
    route("access-tokens", "routes/api/access-tokens.ts"),
    route("access-tokens/:id", "routes/api/access-token.ts"),
    route("webhook", "routes/api/webhook.ts"),
    route("preview-image", "routes/api/preview-image.ts"),
    route("generations", "routes/api/generations.ts"),
    route("generations/:id", "routes/api/generation.ts"),
    route("generations/:id/cancel", "routes/api/generation-cancel.ts"),
    route("generations/:id/events", "routes/api/generation-events.ts"),
    route("generations/:id/images/:index", "routes/api/generation-image.ts"),
    route("image-edits", "routes/api/image-edits.ts"),
    route("image-edits/:id", "routes/api/image-edit.ts"),
    route("image-edits/:id/cancel", "routes/api/image-edit-cancel.ts"),
    route("image-edits/:id/result", "routes/api/image-edit-result.ts"),
    route("artworks", "routes/api/artworks.ts"),
    route("artworks/:id", "routes/api/artwork.ts"),
    route("artworks/:id/reaction", "routes/api/artwork-reaction.ts"),
    route("artworks/:id/download", "routes/api/artwork-download.ts"),
    route("artworks/:id/reports", "routes/api/artwork-reports.ts"),
    route("artworks/:id/review", "routes/api/artwork-review.ts"), // issue 40: a creator asks for a second look at a rating
    route("artworks/:id/comments", "routes/api/artwork-comments.ts"),
    route("comments/:id", "routes/api/comment.ts"),
    route("comments/:id/reports", "routes/api/comment-reports.ts"),
    route("creators/:handle", "routes/api/creator.ts"),
    route("creators/:handle/artworks", "routes/api/creator-artworks.ts"),
    route("creators/:handle/follow", "routes/api/creator-follow.ts"),
    route("creators/:handle/hide", "routes/api/creator-hide.ts"),
    route("creators/:handle/:people", "routes/api/creator-people.ts"), // followers | following
    route("feed/following", "routes/api/feed-following.ts"),
    route("challenges", "routes/api/challenges.ts"),
    route("challenges/:id", "routes/api/challenge.ts"),
    route("challenges/:id/entries", "routes/api/challenge-entries.ts"),
    route("challenge-entries/:id/vote", "routes/api/challenge-vote.ts"),
    route("collections", "routes/api/collections.ts"),
    route("collections/:id", "routes/api/collection.ts"),
    route("collections/:id/items", "routes/api/collection-items.ts"),
    route("collections/:id/items/:itemId", "routes/api/collection-item.ts"),
    route("collections/:id/order", "routes/api/collection-order.ts"),
    route("products", "routes/api/products.ts"),
    route("cart", "routes/api/cart.ts"),
    route("cart/quote", "routes/api/cart-quote.ts"),
    route("checkout", "routes/api/checkout.ts"),
    route("memberships", "routes/api/memberships.ts"), // issue 41: join a plan (the pricing page's plain forms, or JSON)
    route("memberships/current", "routes/api/membership-current.ts"), // issue 41: the member's own: read, preview, change, cancel, resume, card
    route("memberships/invoices/:id/pdf", "routes/api/membership-invoice-pdf.ts"), // issue 41: a membership invoice as a PDF
    route("transactions", "routes/api/transactions.ts"),
    route("transactions/:id", "routes/api/transaction.ts"),
    route("transactions/:id/cancel", "routes/api/transaction-cancel.ts"),
    route("transactions/:id/invoice", "routes/api/transaction-invoice.ts"),
    route("payments/webhooks/:provider", "routes/api/payment-webhook.ts"),
    route("redeem", "routes/api/redeem.ts"),
    route("pre-registrations", "routes/api/pre-registrations.ts"),
    route("admin/transactions.csv", "routes/api/admin/transactions-csv.ts"),
    // The public API for scripts, with personal access tokens (issue 31; server/api-v1/operations.ts).
    route("v1/openapi.json", "routes/api/v1/openapi.ts"),
    route("v1/generations", "routes/api/v1/generations.ts"),
    route("v1/generations/:id", "routes/api/v1/generation.ts"),
    route("v1/generations/:id/pictures/:index", "routes/api/v1/generation-picture.ts"),
    route("v1/artworks", "routes/api/v1/artworks.ts"),
    route("v1/artworks/:id", "routes/api/v1/artwork.ts"),
    route("v1/balance", "routes/api/v1/balance.ts"),
    route("v1/ledger", "routes/api/v1/ledger.ts"),
    route("*", "routes/api/not-found.ts"),
  ]),
  route("builds/latest.json", "routes/builds/latest-json.ts"),
  route("developers/api-reference.js", "routes/developers-reference-script.ts"), // Scalar's bundle for /developers

  // Anything else: 'Page not found: {path}' (spec §8)
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
