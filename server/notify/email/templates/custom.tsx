/**
 * A message an admin wrote. It is plain text: paragraphs are split on blank lines and single
 * line breaks kept, and React escapes every character, so markup in it shows as typed.
 */
import { Heading } from "@react-email/components";
import { colors, EmailLayout, Paragraph } from "./layout";

export interface CustomEmailProps {
  subject: string;
  message: string;
}

/** Paragraphs of a plain-text message, each as its lines. */
export function splitParagraphs(message: string): string[][] {
  return message
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0)
    .map((p) => p.split("\n"));
}

export function CustomEmail({ subject, message }: CustomEmailProps) {
  const paragraphs = splitParagraphs(message);
  return (
    <EmailLayout preview={subject}>
      <Heading as="h2" style={{ color: colors.ink, fontSize: "20px", lineHeight: "28px", margin: "0 0 16px" }}>
        {subject}
      </Heading>
      {/* An email is rendered once from fixed text: a paragraph's or line's place is its identity. */}
      {paragraphs.map((lines, p) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rendered once, never reordered
        <Paragraph key={p}>
          {lines.map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rendered once, never reordered
            <span key={i}>
              {i > 0 ? <br /> : null}
              {line}
            </span>
          ))}
        </Paragraph>
      ))}
    </EmailLayout>
  );
}
