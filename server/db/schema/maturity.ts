/** A picture's maturity (issue 40, ADR 0059), on its own so every table that rates pictures can name it. */
export const MATURITY_LEVELS = ["general", "mature", "explicit"] as const;
export type Maturity = (typeof MATURITY_LEVELS)[number];
