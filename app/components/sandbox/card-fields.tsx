/** The sandbox's card fields, as its checkout and its billing page both ask for a test card. */
import { TextField } from "~/components/ui/field";

export function SandboxCardFields({ fields }: { fields: Record<string, string | undefined> }) {
  return (
    <>
      <TextField
        label="Card number"
        name="number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
        error={fields.number}
        required
      />
      <div className="grid grid-cols-2 gap-4">
        <TextField
          label="Expiry (MM/YY)"
          name="expiry"
          autoComplete="cc-exp"
          placeholder="12/30"
          error={fields.expiry}
          required
        />
        <TextField
          label="CVC"
          name="cvc"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          error={fields.cvc}
          required
        />
      </div>
      <TextField label="Name on card" name="name" autoComplete="cc-name" />
    </>
  );
}
