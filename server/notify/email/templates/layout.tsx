/**
 * Atelier's email look, shared by every template: warm paper, ink text, a violet accent.
 * Styles are inline (what email clients keep) and the fonts fall back to ones every client has.
 */
import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from "@react-email/components";
import type { CSSProperties, ReactNode } from "react";

export const colors = {
  paper: "#faf7f2",
  raised: "#ffffff",
  sunken: "#f2ede4",
  ink: "#1d1a17",
  inkSoft: "#5b554e",
  inkFaint: "#6f695f", // the site's faint ink (AA contrast on white)
  line: "#e4ddd2",
  accent: "#6d3fd6",
  danger: "#b42318",
} as const;

const sans = 'Inter, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
const serif = 'Fraunces, Georgia, Cambria, "Times New Roman", serif';
const mono = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';

const paragraph: CSSProperties = { color: colors.ink, fontSize: "16px", lineHeight: "26px", margin: "0 0 16px" };

export function EmailLayout({ preview, children }: { preview: string; children: ReactNode }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body
        style={{ backgroundColor: colors.paper, color: colors.ink, fontFamily: sans, margin: 0, padding: "32px 12px" }}
      >
        <Container style={{ maxWidth: "560px", margin: "0 auto" }}>
          <Heading
            as="h1"
            style={{
              fontFamily: serif,
              fontSize: "28px",
              fontWeight: 600,
              color: colors.ink,
              margin: "0 0 24px",
              letterSpacing: "-0.5px",
            }}
          >
            Atelier
          </Heading>
          <Section
            style={{
              backgroundColor: colors.raised,
              border: `1px solid ${colors.line}`,
              borderRadius: "12px",
              padding: "32px 28px",
            }}
          >
            {children}
          </Section>
          <Hr style={{ borderColor: colors.line, margin: "28px 0 16px" }} />
          <Text style={{ color: colors.inkFaint, fontSize: "12px", lineHeight: "18px", margin: 0 }}>
            Atelier — make artwork with AI and share it. You received this email because of your Atelier account.
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

export function Greeting({ name }: { name?: string | null }) {
  const trimmed = name?.trim();
  return <Text style={paragraph}>{trimmed ? `Hi ${trimmed},` : "Hi,"}</Text>;
}

export function Paragraph({ children, muted = false }: { children: ReactNode; muted?: boolean }) {
  return (
    <Text style={muted ? { ...paragraph, color: colors.inkSoft, fontSize: "14px", lineHeight: "22px" } : paragraph}>
      {children}
    </Text>
  );
}

export function ActionButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: "8px 0 24px" }}>
      <Button
        href={href}
        style={{
          backgroundColor: colors.accent,
          color: "#ffffff",
          borderRadius: "8px",
          fontSize: "16px",
          fontWeight: 600,
          padding: "12px 24px",
          textDecoration: "none",
        }}
      >
        {children}
      </Button>
    </Section>
  );
}

/**
 * The address behind a button, for clients that block buttons and for copying by hand.
 * Left out of the plain-text part, where the button already prints the address.
 */
export function LinkFallback({ href }: { href: string }) {
  return (
    <Text
      data-skip-in-text="true"
      style={{ ...paragraph, color: colors.inkSoft, fontSize: "13px", lineHeight: "20px", wordBreak: "break-all" }}
    >
      If the button does not work, open this address:{" "}
      <Link href={href} style={{ color: colors.accent }}>
        {href}
      </Link>
    </Text>
  );
}

/** A one-time code, large and spaced so it reads (and types) digit by digit; copying keeps it whole. */
export function CodeBox({ code }: { code: string }) {
  return (
    <Section
      style={{
        backgroundColor: colors.sunken,
        borderRadius: "10px",
        margin: "8px 0 24px",
        padding: "16px 12px",
        textAlign: "center",
      }}
    >
      <Text
        style={{
          color: colors.ink,
          fontFamily: mono,
          fontSize: "34px",
          fontWeight: 700,
          letterSpacing: "10px",
          lineHeight: "40px",
          margin: 0,
        }}
      >
        {code}
      </Text>
    </Section>
  );
}

/** "15 minutes", "1 hour", "2 hours": how long a link or code stays valid. */
export function formatDuration(minutes: number): string {
  const whole = Math.max(1, Math.round(minutes));
  if (whole >= 60 && whole % 60 === 0) {
    const hours = whole / 60;
    return `${hours} ${hours === 1 ? "hour" : "hours"}`;
  }
  return `${whole} ${whole === 1 ? "minute" : "minutes"}`;
}
