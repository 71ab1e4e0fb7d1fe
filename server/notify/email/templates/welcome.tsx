/** Sent once an account is ready. */
import { ActionButton, EmailLayout, Greeting, LinkFallback, Paragraph } from "./layout";

export interface WelcomeEmailProps {
  name?: string | null;
  /** Where to start making artwork. */
  url: string;
}

export function WelcomeEmail({ name, url }: WelcomeEmailProps) {
  return (
    <EmailLayout preview="Your Atelier account is ready. Start making artwork.">
      <Greeting name={name} />
      <Paragraph>Welcome to Atelier. Your account is ready.</Paragraph>
      <Paragraph>
        Describe a picture, upload a photo or draw a doodle, and Atelier turns it into artwork. Share what you make with
        the community, and see what others are making.
      </Paragraph>
      <ActionButton href={url}>Start creating</ActionButton>
      <LinkFallback href={url} />
    </EmailLayout>
  );
}
