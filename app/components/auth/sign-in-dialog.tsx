import { LoaderCircle } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { SectionHeading } from "~/components/ui/page-heading";
import { CloseButton } from "~/components/ui/close-button";

/**
 * The sign-in dialog (the spec's "login popup"): signs in without leaving the page, so whatever
 * the visitor was doing stays as it was. Without scripts the trigger is a plain link to /login.
 * The dialog's frame is here; its form (sign-in-form.tsx, with zod) loads when it is needed.
 */
export function SignInDialogTrigger({
  className,
  children = "Sign in",
}: {
  className?: string;
  children?: React.ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  // The form exists only while the dialog is open: no second set of fields hidden in every page.
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const redirectTo = location.pathname + location.search;
  return (
    <>
      <Link
        to={`/login?redirectTo=${encodeURIComponent(redirectTo)}`}
        className={className}
        onPointerDown={() => void loadSignInForm().catch(() => undefined)} // a head start on the click
        onClick={(event) => {
          if (!dialog.current?.showModal) return; // old browsers: follow the link
          event.preventDefault();
          setOpen(true);
          dialog.current.showModal();
        }}
      >
        {children}
      </Link>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes; the keyboard closes the dialog with Escape, natively */}
      <dialog
        ref={dialog}
        aria-labelledby="sign-in-dialog-title"
        className="m-auto w-[min(28rem,calc(100%-2rem))] rounded-3xl border border-line bg-paper-raised p-0 shadow-2xl backdrop:bg-ink/40 backdrop:backdrop-blur-sm"
        onClose={() => setOpen(false)}
        onClick={(event) => {
          if (event.target === dialog.current) dialog.current.close(); // a click on the backdrop
        }}
      >
        {open ? <SignInDialogBody redirectTo={redirectTo} onDone={() => dialog.current?.close()} /> : null}
      </dialog>
    </>
  );
}

type SignInFormComponent = typeof import("./sign-in-form").SignInForm;
let loadedForm: SignInFormComponent | null = null;
let loadingForm: Promise<SignInFormComponent> | null = null;

/**
 * The form and its schemas (zod) come in their own chunk, fetched when a visitor presses a
 * sign-in link: pages that never show the form do not download them. A failed fetch can be
 * tried again (after a deploy, the chunk-reload guard may reload the page instead).
 */
function loadSignInForm(): Promise<SignInFormComponent> {
  loadingForm ??= import("./sign-in-form").then(
    (module) => (loadedForm = module.SignInForm),
    (error: unknown) => {
      loadingForm = null;
      throw error;
    },
  );
  return loadingForm;
}

function SignInDialogBody({ redirectTo, onDone }: { redirectTo: string; onDone: () => void }) {
  const [Form, setForm] = useState<SignInFormComponent | null>(() => loadedForm);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt (the Try again button) is the trigger to load again
  useEffect(() => {
    if (Form) return;
    let live = true;
    loadSignInForm().then(
      (loaded) => live && setForm(() => loaded),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [Form, attempt]);

  return (
    <div className="p-6 sm:p-8">
      <div className="flex items-start justify-between gap-4">
        <SectionHeading id="sign-in-dialog-title" large>
          Sign in
        </SectionHeading>
        <CloseButton onClick={onDone} />
      </div>
      {Form ? (
        <Form onDone={onDone} />
      ) : failed ? (
        <div role="alert" className="mt-5 rounded-xl border border-danger/30 bg-red-50 px-4 py-3 text-sm text-danger">
          The sign-in form did not load. Check your connection and{" "}
          <button
            type="button"
            className="font-medium underline"
            onClick={() => {
              setFailed(false);
              setAttempt((n) => n + 1);
            }}
          >
            try again
          </button>
          , or use the{" "}
          <Link
            to={`/login?redirectTo=${encodeURIComponent(redirectTo)}`}
            className="font-medium underline"
            onClick={onDone}
          >
            sign-in page
          </Link>
          .
        </div>
      ) : (
        // About the form's height, so the dialog does not jump when it arrives.
        <div role="status" className="mt-5 flex min-h-64 items-center justify-center gap-2 text-sm text-ink-soft">
          <LoaderCircle aria-hidden className="size-5 animate-spin" /> Loading the sign-in form…
        </div>
      )}
      <p className="mt-5 flex flex-wrap justify-between gap-2 text-sm">
        <Link
          to={`/login?redirectTo=${encodeURIComponent(redirectTo)}`}
          className="font-medium text-accent hover:underline"
          onClick={onDone}
        >
          More ways to sign in
        </Link>
        <Link to="/sign-up" className="font-medium text-accent hover:underline" onClick={onDone}>
          Create an account
        </Link>
      </p>
    </div>
  );
}
