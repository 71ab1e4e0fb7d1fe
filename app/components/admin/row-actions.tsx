/** The actions on one row of an admin list: small POST forms that carry the row's id. */
import { ArrowDown, ArrowUp } from "lucide-react";
import type { ComponentProps } from "react";
import { Form } from "react-router";
import { IntentButton } from "~/components/ui/intent-button";
import { cn } from "~/lib/cn";

/**
 * One action on one row: a form with the row's id and a button whose accessible name says which
 * row it acts on ("Switch off SPRING10"), since every row has a button with the same text.
 */
export function RowActionButton({
  id,
  idName = "id",
  intent,
  label,
  subject,
  className,
  formClassName,
  disabled,
  confirm,
}: {
  id: string;
  /** The form field the action reads the id from. */
  idName?: string;
  intent: string;
  label: string;
  /** The row's name, for the accessible name. */
  subject: string;
  className: string;
  formClassName?: string;
  disabled?: boolean;
  confirm?: string;
}) {
  return (
    <Form method="post" className={formClassName}>
      <input type="hidden" name={idName} value={id} />
      <IntentButton
        intent={intent}
        className={className}
        disabled={disabled}
        confirm={confirm}
        aria-label={`${label} ${subject}`}
      >
        {label}
      </IntentButton>
    </Form>
  );
}

/** Switches a row on or off: the `activate` or `deactivate` action, named for its row ("Switch off SPRING10"). */
export function SwitchRowButton({
  active,
  ...button
}: Omit<ComponentProps<typeof RowActionButton>, "intent" | "label"> & { active: boolean }) {
  return (
    <RowActionButton
      {...button}
      intent={active ? "deactivate" : "activate"}
      label={active ? "Switch off" : "Switch on"}
    />
  );
}

const MOVES = [
  { intent: "up", label: "Move up", Icon: ArrowUp },
  { intent: "down", label: "Move down", Icon: ArrowDown },
] as const;

/** Up and down buttons of a row in a hand-ordered list, inside the row's form (the first cannot go up, the last not down). */
export function MoveButtons({
  index,
  count,
  subject,
  large = false,
}: {
  index: number;
  count: number;
  subject: string;
  large?: boolean;
}) {
  return MOVES.map(({ intent, label, Icon }) => (
    <IntentButton
      key={intent}
      intent={intent}
      disabled={intent === "up" ? index === 0 : index === count - 1}
      className={cn(
        "grid place-items-center rounded-full ring-1 ring-line hover:bg-paper-sunken disabled:opacity-30",
        large ? "size-9" : "size-8",
      )}
      aria-label={`${label}: ${subject}`}
    >
      <Icon aria-hidden className="size-4" />
    </IntentButton>
  ));
}
