import { LogOut } from "lucide-react";
import { Form } from "react-router";
import { clearStoredUserData, deletePendingPreviewImage } from "~/lib/browser-storage";
import { cn } from "~/lib/cn";

/** Signs out (spec §4): deletes the pending preview image, clears the browser's stored keys, ends the session. */
export function SignOutButton({ className }: { className?: string }) {
  return (
    <Form
      method="post"
      action="/logout"
      onSubmit={() => {
        deletePendingPreviewImage();
        clearStoredUserData();
      }}
      reloadDocument
    >
      <button type="submit" className={cn("inline-flex items-center gap-1.5", className)}>
        <LogOut aria-hidden className="size-4" /> Sign out
      </button>
    </Form>
  );
}
