/** The editors' shared guard: a warning before leaving a form with changes nobody saved. */
import { useEffect, useState } from "react";
import { useBlocker, useNavigation } from "react-router";

/** Asks before leaving while `dirty` (in-app navigation and closing the tab). */
function useLeaveWarning(dirty: boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (window.confirm("You have unsaved changes. Leave this page and lose them?")) blocker.proceed();
    else blocker.reset();
  }, [blocker]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);
}

/**
 * Spread the result on the editor's <Form>: any change marks it dirty, submitting clears it, and
 * so does a new server answer (`savedState`, e.g. the action's data).
 */
export function useUnsavedChanges(savedState: unknown) {
  const saving = useNavigation().state === "submitting";
  const [dirty, setDirty] = useState(false);
  // A new server answer clears the mark, adjusted while rendering (React's way to reset state on a prop change).
  const [answer, setAnswer] = useState(savedState);
  if (answer !== savedState) {
    setAnswer(savedState);
    setDirty(false);
  }
  useLeaveWarning(dirty && !saving);
  return { onChange: () => setDirty(true), onSubmit: () => setDirty(false) };
}
