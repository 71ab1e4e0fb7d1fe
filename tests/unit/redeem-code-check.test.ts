/**
 * The pricing page checks a redeem code in the browser without zod (commerce-constants.ts
 * `checkRedeemCode`); the server's rule is the schema (commerce.ts `redeemInput`). They agree:
 * same accepted codes, same normalised value, same first message.
 */
import { describe, expect, it } from "vitest";
import { redeemInput } from "../../app/lib/commerce";
import { checkRedeemCode, CODE_MAX } from "../../app/lib/commerce-constants";

const samples = [
  "",
  "   ",
  "welcome-2025",
  "  spring_SALE ",
  "ABC",
  "a b",
  "café",
  "straße",
  "code!",
  "x".repeat(CODE_MAX),
  ` ${"y".repeat(CODE_MAX)} `,
  "z".repeat(CODE_MAX + 1),
  `${"!".repeat(CODE_MAX + 1)}`,
  "<script>",
  "12-34_56",
];

describe("checkRedeemCode", () => {
  it.each(samples)("agrees with redeemInput on %j", (raw) => {
    const schema = redeemInput.safeParse({ code: raw });
    const checked = checkRedeemCode(raw);
    if (schema.success) expect(checked).toEqual({ code: schema.data.code });
    else expect(checked).toEqual({ error: schema.error.issues[0]?.message });
  });
});
