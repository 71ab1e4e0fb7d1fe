/**
 * The action every ordered admin list answers (FAQ, slideshow): move a row up or down, switch it
 * on or off, delete it — by the form's `intent`, for the row in its `id`. One answer shape,
 * `{ ok, message }`, and a 404 when the row is gone.
 */
import { data } from "react-router";

export type ListActionAnswer = { ok: boolean; message: string };

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
    /** The domain's "no such row" error. */
    isNotFound: (error: unknown) => error is Error;
  },
) {
  const id = String(form.get("id") ?? "");
  const intent = String(form.get("intent") ?? "");
  try {
    if (intent === "up" || intent === "down") {
      await rows.move(id, intent);
      return { ok: true, message: "Moved." } satisfies ListActionAnswer;
    }
    if (intent === rows.toggle.on || intent === rows.toggle.off) {
      const on = intent === rows.toggle.on;
      await rows.toggle.set(id, on);
      return { ok: true, message: rows.toggle.said(on) } satisfies ListActionAnswer;
    }
    if (intent === "delete") {
      await rows.remove(id);
      return { ok: true, message: "Deleted." } satisfies ListActionAnswer;
    }
    return data<ListActionAnswer>({ ok: false, message: "Unknown action." }, { status: 400 });
  } catch (error) {
    if (rows.isNotFound(error)) return data<ListActionAnswer>({ ok: false, message: error.message }, { status: 404 });
    throw error;
  }
}
