/**
 * The action every ordered admin list answers (FAQ, slideshow): move a row up or down, switch it
 * on or off, delete it — by the form's `intent`, for the row in its `id`. It answers as every page
 * action does (ADR 0037); a row that is gone is a 404 with the domain's words.
 */
import { formFailure, refusal } from "./forms.server";
import type { FormSuccess } from "./forms";

export async function runListAction(
  form: FormData,
  rows: {
    move: (id: string, direction: "up" | "down") => Promise<unknown>;
    /** The intents that switch a row on and off, the change, and what to say after it. */
    toggle: {
      on: string;
      off: string;
      set: (id: string, on: boolean) => Promise<unknown>;
      said: (on: boolean) => string;
    };
    remove: (id: string) => Promise<unknown>;
  },
) {
  const id = String(form.get("id") ?? "");
  const intent = String(form.get("intent") ?? "");
  try {
    if (intent === "up" || intent === "down") {
      await rows.move(id, intent);
      return { ok: true, message: "Moved." } satisfies FormSuccess;
    }
    if (intent === rows.toggle.on || intent === rows.toggle.off) {
      const on = intent === rows.toggle.on;
      await rows.toggle.set(id, on);
      return { ok: true, message: rows.toggle.said(on) } satisfies FormSuccess;
    }
    if (intent === "delete") {
      await rows.remove(id);
      return { ok: true, message: "Deleted." } satisfies FormSuccess;
    }
    return formFailure({ form: "Unknown action." });
  } catch (error) {
    return refusal(error);
  }
}
