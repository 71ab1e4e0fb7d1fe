/** A one-time sign-in code on its own (the code is in the subject too, for notification previews). */
import { CodeBox, EmailLayout, formatDuration, Greeting, Paragraph } from "./layout";

export interface SignInCodeEmailProps {
  name?: string | null;
  code: string;
  expiresInMinutes: number;
}

export function SignInCodeEmail({ name, code, expiresInMinutes }: SignInCodeEmailProps) {
  const expiry = formatDuration(expiresInMinutes);
  return (
    <EmailLayout preview={`Your Atelier sign-in code is ${code}.`}>
      <Greeting name={name} />
      <Paragraph>Enter this code to sign in to Atelier:</Paragraph>
      <CodeBox code={code} />
      <Paragraph muted>
        {`The code is valid for ${expiry}. If you did not ask to sign in, ignore this email and do not share the code with anyone.`}
      </Paragraph>
    </EmailLayout>
  );
}
