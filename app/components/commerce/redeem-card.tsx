/**
 * The token redeem event's card: a live countdown to the window's opening, then to its closing,
 * and the code field (the "countdown timer for token redeem" flag). Counts from the server's
 * clock, corrected for the browser's, so a wrong computer clock does not open it early.
 */
import { Gift, Timer } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { SignInDialogTrigger } from "~/components/auth/sign-in-dialog";
import { buttonClass } from "~/components/ui/button";
import { FormMessage, TextField } from "~/components/ui/field";
import { formatCount } from "~/lib/format";
import { useApiClient } from "~/lib/api-client";
import { checkRedeemCode } from "~/lib/commerce-constants";
import { HttpError } from "~/lib/http-client";
import { SectionHeading } from "~/components/ui/page-heading";

export interface RedeemWindowView {
  startsAt: string;
  endsAt: string;
}

function parts(ms: number) {
  const s = Math.max(0, Math.floor(ms / 1000));
  return {
    days: Math.floor(s / 86400),
    hours: Math.floor((s % 86400) / 3600),
    minutes: Math.floor((s % 3600) / 60),
    seconds: s % 60,
  };
}

export function Countdown({ ms, label }: { ms: number; label: string }) {
  const p = parts(ms);
  const units = [
    ["days", p.days],
    ["hours", p.hours],
    ["min", p.minutes],
    ["sec", p.seconds],
  ] as const;
  return (
    <div
      role="timer"
      aria-label={`${label}: ${p.days} days, ${p.hours} hours, ${p.minutes} minutes`}
      className="flex gap-2"
    >
      {units.map(([unit, value]) => (
        <span key={unit} className="grid min-w-14 place-items-center rounded-xl bg-paper px-2 py-2 ring-1 ring-line">
          <span aria-hidden className="font-display text-2xl font-semibold tabular-nums text-ink">
            {String(value).padStart(2, "0")}
          </span>
          <span aria-hidden className="text-xs text-ink-soft">
            {unit}
          </span>
        </span>
      ))}
    </div>
  );
}

export function RedeemCard({
  window: redeemWindow,
  serverNow,
  signedIn,
}: {
  window: RedeemWindowView | null;
  serverNow: string;
  signedIn: boolean;
}) {
  const api = useApiClient();
  const revalidator = useRevalidator();
  const [skew] = useState(() => new Date(serverNow).getTime() - Date.now());
  const [now, setNow] = useState(() => Date.now() + skew);
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now() + skew), 1000);
    return () => clearInterval(timer);
  }, [skew]);

  const starts = redeemWindow ? new Date(redeemWindow.startsAt).getTime() : 0;
  const ends = redeemWindow ? new Date(redeemWindow.endsAt).getTime() : 0;
  const phase = !redeemWindow ? "none" : now < starts ? "soon" : now < ends ? "open" : "closed";

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The server's rule (redeemInput) without loading the validation library on the pricing page.
    const checked = checkRedeemCode(String(new FormData(event.currentTarget).get("code") ?? ""));
    if ("error" in checked) {
      setFieldError(checked.error);
      return;
    }
    setBusy(true);
    setFieldError(undefined);
    setMessage(null);
    try {
      const result = await api.post<{ tokens: number; balance: number }>("/api/redeem", {
        json: { code: checked.code },
      });
      setMessage({
        tone: "success",
        text: `${formatCount(result.tokens)} tokens added. Your balance is ${formatCount(result.balance)} tokens.`,
      });
      (event.target as HTMLFormElement).reset();
      await revalidator.revalidate();
    } catch (e) {
      const text = e instanceof HttpError ? e.message : "The code could not be redeemed. Try again.";
      if (e instanceof HttpError && e.status === 409) setFieldError(text);
      else setMessage({ tone: "error", text });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      aria-labelledby="redeem-heading"
      className="rounded-3xl border border-accent/30 bg-accent-soft/60 p-6 sm:p-8"
    >
      <div className="flex flex-wrap items-start justify-between gap-6">
        <div className="max-w-md">
          <SectionHeading id="redeem-heading" large className="flex items-center gap-2">
            <Gift aria-hidden className="size-6 text-accent" /> Redeem tokens
          </SectionHeading>
          <p className="mt-2 text-ink-soft">
            {phase === "soon"
              ? "Codes can be redeemed when the countdown ends. Keep yours ready."
              : phase === "open"
                ? "The redeem window is open. Enter your code before the countdown ends."
                : phase === "closed"
                  ? "This redeem window has closed. Watch for the next one."
                  : "No redeem window is planned right now."}
          </p>
        </div>
        {phase === "soon" || phase === "open" ? (
          <div>
            <p className="mb-2 flex items-center gap-1.5 text-sm font-medium text-ink">
              <Timer aria-hidden className="size-4" /> {phase === "soon" ? "Opens in" : "Closes in"}
            </p>
            <Countdown
              ms={(phase === "soon" ? starts : ends) - now}
              label={phase === "soon" ? "Opens in" : "Closes in"}
            />
          </div>
        ) : null}
      </div>
      {phase === "open" ? (
        signedIn ? (
          <form onSubmit={submit} noValidate className="mt-6 flex flex-wrap items-start gap-3">
            <TextField
              label="Your code"
              name="code"
              autoComplete="off"
              className="min-w-60 flex-1"
              error={fieldError}
            />
            <button type="submit" disabled={busy} className={buttonClass({ className: "mt-7" })}>
              {busy ? "Redeeming…" : "Redeem"}
            </button>
          </form>
        ) : (
          <p className="mt-6">
            <SignInDialogTrigger className={buttonClass()}>Sign in to redeem a code</SignInDialogTrigger>
          </p>
        )
      ) : null}
      {message ? (
        <FormMessage tone={message.tone} className="mt-4">
          {message.text}
        </FormMessage>
      ) : null}
    </section>
  );
}
