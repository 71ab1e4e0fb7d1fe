/** Email templates (React Email) and the checks every outgoing message passes. */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  base64DecodedBytes,
  EMAIL_ATTACHMENT_TYPES,
  EMAIL_LIMITS,
  type EmailMessage,
  emailMessageSchema,
} from "../../server/notify/email/message";
import { type EmailTemplate, renderEmail } from "../../server/notify/email/render";

const url = "https://atelier.example/verify?token=abc123&next=%2Fgallery";
const htmlUrl = url.replace(/&/g, "&amp;");
const code = "482913";
const tag = /<\/?[a-z][a-z0-9-]*(\s[^>]*)?\/?>/i;

const cases: { template: EmailTemplate; subject: string; link: string | null; code: string | null; shows: string[] }[] =
  [
    {
      template: { kind: "verification", name: "Ada", url, code, expiresInMinutes: 15 },
      subject: "Verify your email for Atelier",
      link: url,
      code,
      shows: ["Hi Ada,", "15 minutes", "finish setting up your Atelier account"],
    },
    {
      template: { kind: "verification", purpose: "email-change", name: "Ada", url, code, expiresInMinutes: 30 },
      subject: "Confirm your new email for Atelier",
      link: url,
      code,
      shows: ["Hi Ada,", "30 minutes", "Confirm it to finish the change", "the account keeps its address"],
    },
    {
      template: { kind: "sign-in-link", name: "Ada", url, code, expiresInMinutes: 10 },
      subject: "Your Atelier sign-in link",
      link: url,
      code,
      shows: ["10 minutes"],
    },
    {
      template: { kind: "sign-in-code", code, expiresInMinutes: 5 },
      subject: `Your Atelier sign-in code: ${code}`,
      link: null,
      code,
      shows: ["Hi,", "5 minutes"],
    },
    {
      template: { kind: "password-reset", name: null, url, code, expiresInMinutes: 60 },
      subject: "Reset your Atelier password",
      link: url,
      code,
      shows: ["1 hour"],
    },
    {
      template: {
        kind: "password-changed",
        name: "Ada",
        changedAt: new Date("2026-11-22T10:05:00Z"),
        resetUrl: url,
        supportEmail: "help@atelier.example",
      },
      subject: "Your Atelier password was changed",
      link: url,
      code: null,
      shows: ["November 22, 2026 at 10:05", "If it was not you", "help@atelier.example"],
    },
    {
      template: { kind: "welcome", name: "Ada", url },
      subject: "Welcome to Atelier",
      link: url,
      code: null,
      shows: ["Welcome to Atelier"],
    },
    {
      template: { kind: "custom", subject: "Studio news", message: "First paragraph.\n\nSecond paragraph." },
      subject: "Studio news",
      link: null,
      code: null,
      shows: ["First paragraph.", "Second paragraph."],
    },
    {
      template: { kind: "payment-failed", planName: "Pro", amount: "$24.99", nextAttempt: "2027-01-10", url },
      subject: "Your Pro membership payment failed",
      link: url,
      code: null,
      shows: [
        "We could not charge $24.99 for your Pro membership.",
        "We will try again on 2027-01-10",
        "Update your card",
      ],
    },
    {
      template: { kind: "payment-failed", planName: "Plus", amount: "$9.99", nextAttempt: null, url },
      subject: "Your Plus membership payment failed",
      link: url,
      code: null,
      shows: ["That was our last try", "See your membership"],
    },
  ];

describe("email templates", () => {
  it.each(cases)(
    "$template.kind renders html and text with its subject, link and code",
    async ({ template, subject, link, code: shownCode, shows }) => {
      const email = await renderEmail(template);
      expect(email.kind).toBe(template.kind);
      expect(email.subject).toBe(subject);

      expect(email.html).toMatch(/^<!DOCTYPE html/);
      expect(email.html).toContain(">Atelier</h1>");
      expect(email.html).toContain("#faf7f2");
      if (link) {
        expect(email.html).toContain(`href="${htmlUrl}"`);
        expect(email.text).toContain(link);
      }
      if (shownCode) {
        expect(email.html).toMatch(new RegExp(`letter-spacing:[^"]*">${shownCode}</p>`));
        expect(email.text).toContain(shownCode);
      }
      for (const words of shows) {
        expect(email.html).toContain(words);
        expect(email.text).toContain(words);
      }

      expect(email.text).toMatch(/^Atelier\n/);
      expect(email.text).not.toMatch(tag);
      expect(email.text).not.toContain("&amp;");
    },
  );

  it("shows the code large and spaced", async () => {
    const { html } = await renderEmail({ kind: "sign-in-code", code, expiresInMinutes: 5 });
    expect(html).toMatch(new RegExp(`font-size:34px;[^"]*letter-spacing:10px[^"]*">${code}<`));
  });

  it("escape what people type in greetings", async () => {
    const { html, text } = await renderEmail({ kind: "welcome", name: '<img src=x onerror="alert(1)">', url });
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;img src=x onerror=");
    expect(text).toContain('Hi <img src=x onerror="alert(1)">,');
  });

  it("refuse links that are not absolute http(s) addresses", async () => {
    await expect(renderEmail({ kind: "welcome", url: "javascript:alert(1)" })).rejects.toThrow(/http\(s\)/);
    await expect(renderEmail({ kind: "sign-in-link", url: "/sign-in", code, expiresInMinutes: 5 })).rejects.toThrow(
      /absolute URL/,
    );
  });

  it("never take raw HTML", () => {
    const dir = path.resolve("server/notify/email/templates");
    for (const file of fs.readdirSync(dir)) {
      expect(fs.readFileSync(path.join(dir, file), "utf8"), file).not.toContain("dangerouslySetInnerHTML");
    }
  });
});

describe("the custom template", () => {
  const subject = "Big <script>alert('subject')</script> news";
  const message = "Hello <script>alert('body')</script> everyone,\nsecond line & more\n\n\n<b>Not bold</b>\n \nBye";

  it("escapes markup in the subject and the message", async () => {
    const { html, text, subject: rendered } = await renderEmail({ kind: "custom", subject, message });
    expect(rendered).toBe(subject);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain("<b>");
    expect(html).toContain("Big &lt;script&gt;alert(&#x27;subject&#x27;)&lt;/script&gt; news");
    expect(html).toContain("Hello &lt;script&gt;alert(&#x27;body&#x27;)&lt;/script&gt; everyone,");
    expect(html).toContain("&lt;b&gt;Not bold&lt;/b&gt;");
    // As plain text the characters are just characters.
    expect(text).toContain(subject);
    expect(text).toContain("<b>Not bold</b>");
  });

  it("makes a paragraph of each block between blank lines and keeps single line breaks", async () => {
    const { html, text } = await renderEmail({ kind: "custom", subject: "News", message });
    const body = html.slice(html.indexOf(">News</h2>"));
    expect(body.match(/<p /g)).toHaveLength(3 + 1); // three paragraphs and the footer
    expect(body).toContain("<br/>second line &amp; more");
    expect(text).toContain("everyone,\nsecond line & more\n\n<b>Not bold</b>\n\nBye");
  });

  it("keeps the subject on one line", async () => {
    const { subject: rendered } = await renderEmail({
      kind: "custom",
      subject: "  Line one\r\nBcc: x@example.com ",
      message: "Hi",
    });
    expect(rendered).toBe("Line one Bcc: x@example.com");
  });
});

describe("email message checks", () => {
  const base = (overrides: Partial<EmailMessage> = {}): EmailMessage => ({
    to: "ada@example.com",
    subject: "Invoice",
    html: "<p>Hi</p>",
    text: "Hi",
    kind: "custom",
    ...overrides,
  });
  const file = (bytes: number, overrides: Partial<{ filename: string; contentType: string }> = {}) => ({
    filename: "invoice.pdf",
    contentType: "application/pdf",
    contentBase64: Buffer.alloc(bytes, 1).toString("base64"),
    ...overrides,
  });
  const errorsOf = (message: EmailMessage) => {
    const result = emailMessageSchema.safeParse(message);
    return result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  };

  it("accept a message with allowed attachments up to the limits", () => {
    const each = Math.floor(EMAIL_LIMITS.attachmentBytes / EMAIL_LIMITS.attachments);
    const attachments = EMAIL_ATTACHMENT_TYPES.slice(0, EMAIL_LIMITS.attachments).map((contentType, i) =>
      file(each, { contentType, filename: `file ${i}.bin` }),
    );
    expect(errorsOf(base({ attachments }))).toEqual([]);
    expect(errorsOf(base({ attachments: [file(EMAIL_LIMITS.attachmentBytes)] }))).toEqual([]);
    expect(
      errorsOf(base({ subject: "s".repeat(EMAIL_LIMITS.subject), from: "Atelier <hello@atelier.example>" })),
    ).toEqual([]);
  });

  it("refuse attachments over 5 MB in total", () => {
    expect(EMAIL_LIMITS.attachmentBytes).toBe(5 * 1024 * 1024);
    expect(errorsOf(base({ attachments: [file(EMAIL_LIMITS.attachmentBytes + 1)] }))).toEqual([
      "attachments: expected attachments of at most 5 MB in total",
    ]);
    const three = Array.from({ length: 3 }, (_, i) => file(2 * 1024 * 1024, { filename: `part-${i}.pdf` }));
    expect(errorsOf(base({ attachments: three }))).toHaveLength(1);
  });

  it("refuse more than 5 attachments", () => {
    const six = Array.from({ length: 6 }, (_, i) => file(10, { filename: `f${i}.pdf` }));
    expect(errorsOf(base({ attachments: six }))).toEqual(["attachments: expected at most 5 attachments"]);
  });

  it.each(["text/html", "application/zip", "application/octet-stream", "image/svg+xml", "application/x-msdownload"])(
    "refuse the content type %s",
    (contentType) => {
      expect(errorsOf(base({ attachments: [file(10, { contentType })] }))[0]).toMatch(
        /^attachments\.0\.contentType: expected one of/,
      );
    },
  );

  it.each([
    "../invoice.pdf",
    "dir/invoice.pdf",
    "/etc/passwd",
    "..\\invoice.pdf",
    "C:invoice.pdf",
    "..",
    ".",
    "",
    "bad\nname.pdf",
  ])("refuse the file name %j", (filename) => {
    expect(errorsOf(base({ attachments: [file(10, { filename })] }))[0]).toMatch(/^attachments\.0\.filename: /);
  });

  it("refuse content that is not base64", () => {
    const bad = { filename: "a.txt", contentType: "text/plain", contentBase64: "not base64!" };
    expect(errorsOf(base({ attachments: [bad] }))).toEqual([
      "attachments.0.contentBase64: expected base64 content without line breaks",
    ]);
  });

  it("take one recipient and a one-line subject of at most 200 characters", () => {
    expect(errorsOf(base({ to: "ada@example.com, bob@example.com" }))).toEqual(["to: expected one email address"]);
    expect(errorsOf(base({ to: "ada@example.com\r\nBcc: eve@example.com" }))).toEqual([
      "to: expected one email address",
    ]);
    expect(errorsOf(base({ to: "not an address" }))).toEqual(["to: expected one email address"]);
    expect(errorsOf(base({ subject: "s".repeat(EMAIL_LIMITS.subject + 1) }))).toEqual([
      "subject: expected a subject of at most 200 characters",
    ]);
    expect(errorsOf(base({ subject: "Hi\r\nBcc: eve@example.com" }))).toEqual([
      "subject: expected a subject without line breaks",
    ]);
    expect(errorsOf(base({ subject: "  " }))).toEqual(["subject: expected a subject"]);
  });

  it("measure base64 by its decoded size", () => {
    for (const n of [0, 1, 2, 3, 4, 5, 1000, 1001]) {
      expect(base64DecodedBytes(Buffer.alloc(n).toString("base64"))).toBe(n);
    }
  });
});
