/**
 * Following a creator and hiding one (issue 30). The follow button shows the new state the moment
 * it is pressed and rolls back, saying why, when the server refuses; the server's answer (kept by
 * the database, so it holds after a reload) then sets the follower count.
 */
import { EyeOff, UserCheck, UserPlus } from "lucide-react";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { SignInDialogTrigger } from "~/components/auth/sign-in-dialog";
import { buttonClass } from "~/components/ui/button";
import { useApiClient } from "~/lib/api-client";
import type { FollowState } from "~/lib/creator-views";
import { apiFailure } from "./artwork-fields";
import { ConfirmDialog } from "./modal";

const apiPath = (handle: string, what: "follow" | "hide") => `/api/creators/${encodeURIComponent(handle)}/${what}`;

export function FollowButton({
  handle,
  name,
  following: initial,
  followers,
  signedIn,
  onChange,
  size = "sm",
}: {
  handle: string;
  name: string;
  following: boolean;
  followers?: number;
  signedIn: boolean;
  /** The follower count the server answered, for a page that shows it. */
  onChange?: (state: FollowState) => void;
  size?: "sm" | "md";
}) {
  const api = useApiClient();
  const [following, setFollowing] = useState(initial);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const label = following ? "Following" : "Follow";

  if (!signedIn)
    return (
      <SignInDialogTrigger className={buttonClass({ size })}>
        <UserPlus aria-hidden className="size-4" /> Follow
      </SignInDialogTrigger>
    );

  async function toggle() {
    if (pending) return;
    const next = !following;
    setFollowing(next);
    setError(null);
    setPending(true);
    try {
      const path = apiPath(handle, "follow");
      const answer = next ? await api.put<FollowState>(path) : await api.delete<FollowState>(path);
      setFollowing(answer.following);
      onChange?.(answer);
    } catch (e) {
      setFollowing(!next);
      setError(apiFailure(e).message);
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="flex flex-col items-start gap-1">
      <button
        type="button"
        aria-pressed={following}
        aria-label={following ? `Following ${name}. Press to unfollow` : `Follow ${name}`}
        className={buttonClass({ variant: following ? "secondary" : "primary", size })}
        onClick={() => void toggle()}
        data-testid="follow-button"
      >
        {following ? <UserCheck aria-hidden className="size-4" /> : <UserPlus aria-hidden className="size-4" />}
        {label}
        {followers !== undefined ? <span className="sr-only">({followers} followers)</span> : null}
      </button>
      {error ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Hide (after saying what it does) or show again a creator; the page reloads its data after. */
export function HideButton({ handle, name, hidden }: { handle: string; name: string; hidden: boolean }) {
  const api = useApiClient();
  const revalidator = useRevalidator();
  const [asking, setAsking] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function change(hide: boolean) {
    setPending(true);
    setError(null);
    try {
      const path = apiPath(handle, "hide");
      if (hide) await api.put(path);
      else await api.delete(path);
      setAsking(false);
      await revalidator.revalidate();
    } catch (e) {
      setError(apiFailure(e).message);
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      {hidden ? (
        <button
          type="button"
          className={buttonClass({ variant: "secondary", size: "sm" })}
          disabled={pending}
          onClick={() => void change(false)}
        >
          <EyeOff aria-hidden className="size-4" /> Show {name} again
        </button>
      ) : (
        <button
          type="button"
          className={buttonClass({ variant: "secondary", size: "sm" })}
          onClick={() => setAsking(true)}
        >
          <EyeOff aria-hidden className="size-4" /> Hide
        </button>
      )}
      {error && !asking ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
      <ConfirmDialog
        open={asking}
        onClose={() => setAsking(false)}
        title={`Hide ${name}?`}
        error={error}
        busy={pending}
        action={`Hide ${name}`}
        onConfirm={() => void change(true)}
      >
        You will stop following each other, {name} will not be able to follow you, and their follows will not reach you.
        You can show them again from here or from your profile.
      </ConfirmDialog>
    </>
  );
}
