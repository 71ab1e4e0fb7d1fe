/**
 * Turns a template and its data into the subject, HTML and plain-text parts of an email.
 * Every value is rendered by React, which escapes it: no template takes raw HTML.
 */
import { render } from "@react-email/render";
import { createElement, type ReactElement } from "react";
import { CustomEmail, type CustomEmailProps } from "./templates/custom";
import { PaymentFailedEmail, type PaymentFailedEmailProps } from "./templates/payment-failed";
import { PasswordChangedEmail, type PasswordChangedEmailProps } from "./templates/password-changed";
import { PreRegistrationEmail, type PreRegistrationEmailProps } from "./templates/pre-registration";
import { PasswordResetEmail, type PasswordResetEmailProps } from "./templates/password-reset";
import { SignInCodeEmail, type SignInCodeEmailProps } from "./templates/sign-in-code";
import { SignInLinkEmail, type SignInLinkEmailProps } from "./templates/sign-in-link";
import { VerificationEmail, type VerificationEmailProps } from "./templates/verification";
import { WelcomeEmail, type WelcomeEmailProps } from "./templates/welcome";

export type EmailTemplate =
  | ({ kind: "verification" } & VerificationEmailProps)
  | ({ kind: "sign-in-link" } & SignInLinkEmailProps)
  | ({ kind: "sign-in-code" } & SignInCodeEmailProps)
  | ({ kind: "password-reset" } & PasswordResetEmailProps)
  | ({ kind: "password-changed" } & PasswordChangedEmailProps)
  | ({ kind: "welcome" } & WelcomeEmailProps)
  | ({ kind: "custom" } & CustomEmailProps)
  | ({ kind: "pre-registration" } & PreRegistrationEmailProps)
  | ({ kind: "payment-failed" } & PaymentFailedEmailProps);

export type EmailTemplateKind = EmailTemplate["kind"];

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
  kind: EmailTemplateKind;
}

/** Links in an email must be absolute web addresses: a relative or javascript: URL is a bug upstream. */
function checkUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`An email link must be an absolute URL (got ${JSON.stringify(url)})`);
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") {
    throw new Error(`An email link must be http(s) (got ${parsed.protocol})`);
  }
  return url;
}

function compose(template: EmailTemplate): { subject: string; element: ReactElement } {
  switch (template.kind) {
    case "verification":
      checkUrl(template.url);
      return {
        subject:
          template.purpose === "email-change" ? "Confirm your new email for Atelier" : "Verify your email for Atelier",
        element: createElement(VerificationEmail, template),
      };
    case "sign-in-link":
      checkUrl(template.url);
      return { subject: "Your Atelier sign-in link", element: createElement(SignInLinkEmail, template) };
    case "sign-in-code":
      return {
        subject: `Your Atelier sign-in code: ${template.code}`,
        element: createElement(SignInCodeEmail, template),
      };
    case "password-reset":
      checkUrl(template.url);
      return { subject: "Reset your Atelier password", element: createElement(PasswordResetEmail, template) };
    case "password-changed":
      checkUrl(template.resetUrl);
      return { subject: "Your Atelier password was changed", element: createElement(PasswordChangedEmail, template) };
    case "welcome":
      checkUrl(template.url);
      return { subject: "Welcome to Atelier", element: createElement(WelcomeEmail, template) };
    case "custom": {
      // A subject is one header line: line breaks an admin typed become spaces.
      const subject = template.subject.replace(/\s+/g, " ").trim();
      return { subject, element: createElement(CustomEmail, { ...template, subject }) };
    }
    case "pre-registration":
      checkUrl(template.url);
      return { subject: "You're on the Atelier list", element: createElement(PreRegistrationEmail, template) };
    case "payment-failed":
      checkUrl(template.url);
      return {
        subject: `Your ${template.planName} membership payment failed`,
        element: createElement(PaymentFailedEmail, template),
      };
    default: {
      const unknown: never = template;
      throw new Error(`Unknown email template ${JSON.stringify(unknown)}`);
    }
  }
}

// html-to-text shouts headings by default; "ATELIER" and an admin's subject in capitals read badly.
const textOptions = {
  plainText: true,
  htmlToTextOptions: { selectors: ["h1", "h2"].map((selector) => ({ selector, options: { uppercase: false } })) },
} as const;

export async function renderEmail(template: EmailTemplate): Promise<RenderedEmail> {
  const { subject, element } = compose(template);
  const [html, text] = await Promise.all([render(element), render(element, textOptions)]);
  return { subject, html, text: text.trim(), kind: template.kind };
}
