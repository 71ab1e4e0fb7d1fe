/** The one answer of page actions (ADR 0037): parsed forms, refusals and the codes' statuses. */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError, ERROR_STATUS } from "../../server/app-error";
import { AccountError } from "../../server/auth/accounts";
import { answerOf, parseForm } from "../../app/lib/forms";
import { CONTROL_CHARACTERS_MESSAGE } from "../../app/lib/plain-text";
import { formFailure, refusal } from "../../app/lib/forms.server";

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(entries)) data.set(k, v);
  return data;
};

/** react-router's data(): the answer and its init. */
const unwrap = (answer: unknown) => answer as { data: unknown; init: { status?: number } | null };

describe("form answers", () => {
  it("parses a form with its schema: errors beside fields, what was typed kept (never passwords)", () => {
    const schema = z.object({ name: z.string().min(2, "At least 2 letters"), password: z.string().min(8, "Longer") });
    expect(parseForm(form({ name: "A", password: "short" }), schema)).toEqual({
      ok: false,
      errors: { fields: { name: "At least 2 letters", password: "Longer" } },
      values: { name: "A" },
    });
    expect(parseForm(form({ name: "Ada\u0000", password: "long enough" }), schema)).toMatchObject({
      ok: false,
      errors: { fields: { name: CONTROL_CHARACTERS_MESSAGE } },
    });
    expect(parseForm(form({ name: "Ada", password: "long enough" }), schema)).toEqual({
      ok: true,
      data: { name: "Ada", password: "long enough" },
    });
  });

  it("answers a refusal with its code's status, beside its field or above the form", () => {
    const beside = unwrap(refusal(new AccountError("That password is not right", "password", "wrong_password")));
    expect(beside.init?.status).toBe(ERROR_STATUS.wrong_password);
    expect(beside.data).toEqual({
      ok: false,
      errors: { fields: { password: "That password is not right" } },
      values: {},
    });

    const above = unwrap(
      refusal(new AppError("not_found", "That user does not exist."), { intent: "ban", values: { reason: "x" } }),
    );
    expect(above.init?.status).toBe(404);
    expect(above.data).toEqual({
      ok: false,
      intent: "ban",
      errors: { fields: {}, form: "That user does not exist." },
      values: { reason: "x" },
    });

    // A summary and its fields both show when the fields say something else.
    const both = unwrap(
      refusal(new AppError("invalid_input", "Some values need fixing.", { fields: { a: ["Too big"] } })),
    );
    expect(both.data).toMatchObject({ errors: { fields: { a: "Too big" }, form: "Some values need fixing." } });
  });

  it("rethrows what is not a refusal, so it reaches the error page and the log", () => {
    const bug = new TypeError("undefined is not a function");
    expect(() => refusal(bug)).toThrow(bug);
  });

  it("lets a route answer its own checks the same way", () => {
    const answer = unwrap(formFailure({ form: "Unknown action." }, { intent: "x" }));
    expect(answer.init?.status).toBe(400);
    expect(answer.data).toEqual({
      ok: false,
      intent: "x",
      errors: { fields: {}, form: "Unknown action." },
      values: {},
    });
  });

  it("picks one form's answer on a page with several", () => {
    const answer = { ok: true as const, intent: "tokens", message: "Done." };
    expect(answerOf(answer, "tokens")).toBe(answer);
    expect(answerOf(answer, "ban")).toBeUndefined();
    expect(answerOf(undefined, "ban")).toBeUndefined();
  });

  it("gives every code one status", () => {
    for (const [code, status] of Object.entries(ERROR_STATUS)) {
      expect(status, code).toBeGreaterThanOrEqual(400);
      expect(new AppError(code as keyof typeof ERROR_STATUS, "x").status).toBe(status);
    }
  });
});
