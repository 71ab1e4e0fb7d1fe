/**
 * Words for codes the database keeps about an account, shared by the profile and the back office:
 * why tokens moved, and which device a session is on.
 */

export const LEDGER_LABELS: Record<string, string> = {
  signup_grant: "Welcome tokens",
  generation: "Picture made",
  generation_refund: "Refund",
  purchase: "Purchase",
  purchase_refund: "Purchase refunded",
  admin_adjustment: "Adjusted by Atelier",
  event_bonus: "Event bonus",
  redeem_code: "Code redeemed",
  challenge_prize: "Challenge prize",
};

export function ledgerLabel(reason: string): string {
  return LEDGER_LABELS[reason] ?? reason.replace(/_/g, " ");
}

/** "Chrome on macOS" from a browser's User-Agent. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return "Unknown device";
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /Chrome\//.test(userAgent)
      ? "Chrome"
      : /Firefox\//.test(userAgent)
        ? "Firefox"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : "Browser";
  const os = /Windows/.test(userAgent)
    ? "Windows"
    : /Mac OS X/.test(userAgent)
      ? "macOS"
      : /Android/.test(userAgent)
        ? "Android"
        : /iPhone|iPad/.test(userAgent)
          ? "iOS"
          : /Linux/.test(userAgent)
            ? "Linux"
            : "";
  return os ? `${browser} on ${os}` : browser;
}
