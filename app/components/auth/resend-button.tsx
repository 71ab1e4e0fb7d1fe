import { useEffect, useState } from "react";
import { Form, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button";

const COOLDOWN_SECONDS = 60;

/** "Send a new email", with the cooldown shown (the server enforces it too). */
export function ResendButton({
  email,
  startWithCooldown = false,
  intent = "resend",
  fields = {},
}: {
  email: string;
  startWithCooldown?: boolean;
  intent?: string;
  /** Extra hidden fields the action needs (the code's purpose…). */
  fields?: Record<string, string>;
}) {
  const [wait, setWait] = useState(startWithCooldown ? COOLDOWN_SECONDS : 0);
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  useEffect(() => {
    if (wait <= 0) return;
    const timer = window.setTimeout(() => setWait((w) => w - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [wait]);
  return (
    <Form method="post" onSubmit={() => setWait(COOLDOWN_SECONDS)}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="email" value={email} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button
        type="submit"
        disabled={wait > 0 || sending}
        className={buttonClass({ variant: "secondary", size: "lg", className: "w-full" })}
      >
        {sending ? "Sending…" : wait > 0 ? `Send a new email in ${wait} s` : "Send a new email"}
      </button>
    </Form>
  );
}
