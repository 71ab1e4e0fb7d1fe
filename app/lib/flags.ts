/** The feature flags of spec §1 and §9 and their names for people; all off unless an admin turns one on. */
export const FLAG_KEYS = [
  "development_mode",
  "countdown_timer_token_redeem",
  "pre_registration",
  "christmas_event",
] as const;
export type FlagKey = (typeof FLAG_KEYS)[number];

export const FLAG_LABELS: Record<FlagKey, string> = {
  development_mode: "Development mode",
  countdown_timer_token_redeem: "Countdown timer for token redeem",
  pre_registration: "Pre-registration event",
  christmas_event: "Christmas event",
};
