import { LogOut } from "lucide-react";
import { Form } from "react-router";
import { clearStoredUserData } from "~/lib/browser-storage";
import { cn } from "~/lib/cn";

/** Signs out: clears the browser's stored keys, then ends the session on the server. */
export function SignOutButton({ className }: { className?: string }) {
  return (
    <Form method="post" action="/logout" onSubmit={() => clearStoredUserData()} reloadDocument>
      <button type="submit" className={cn("inline-flex items-center gap-1.5", className)}>
        <LogOut aria-hidden className="size-4" /> Sign out
      </button>
    </Form>
  );
}
