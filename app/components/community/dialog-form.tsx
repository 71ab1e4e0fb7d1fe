/** What the community's dialog forms (publish, edit, report) share: sending checked values to the API, and their buttons. */
import { type ReactNode, useState } from "react";
import { buttonClass } from "~/components/ui/button";
import { FormMessage } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import type { Checked } from "~/lib/forms";
import { apiFailure } from "./artwork-fields";

/**
 * A dialog form's state: `busy` while it is sent, and when the browser's check or the API refuses
 * it, the first message per field (`errors`) and one for the whole form (`message`).
 */
export function useDialogForm() {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);

  /** Sends values that passed the check; `readFailure` words a refusal when the API's own words are not the right ones. */
  async function send<T>(checked: Checked<T>, request: (value: T) => Promise<void>, readFailure = apiFailure) {
    if (!checked.ok) {
      setErrors(checked.fields);
      return;
    }
    setBusy(true);
    setErrors({});
    setMessage(null);
    try {
      await request(checked.value);
    } catch (e) {
      const failure = readFailure(e);
      setErrors(failure.fields);
      setMessage(failure.message);
    } finally {
      setBusy(false);
    }
  }

  function clear() {
    setErrors({});
    setMessage(null);
  }

  return { busy, errors, message, send, clear };
}

/** The end of a dialog form: its error, then Cancel and the submit button (`busyLabel` while it is sent). */
export function DialogFormFooter({
  message,
  busy,
  busyLabel,
  onCancel,
  children,
}: {
  message: string | null;
  busy: boolean;
  busyLabel: string;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <>
      {message ? <FormMessage tone="error">{message}</FormMessage> : null}
      <div className="flex justify-end gap-2">
        <button type="button" className={buttonClass({ variant: "secondary", size: "sm" })} onClick={onCancel}>
          Cancel
        </button>
        <SubmitButton busy={busy} busyLabel={busyLabel} className={buttonClass({ size: "sm" })}>
          {children}
        </SubmitButton>
      </div>
    </>
  );
}
