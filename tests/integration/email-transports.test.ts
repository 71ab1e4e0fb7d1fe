/** The email transports: the embedded outbox on a real database, SMTP against a real SMTP server. */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { emailOutbox } from "../../server/db/schema";
import { DEFAULT_EMAIL_FROM, type EmailMessage } from "../../server/notify/email/message";
import { renderEmail } from "../../server/notify/email/render";
import {
  createOutboxTransport,
  createSmtpTransport,
  latestOutboxEmail,
  readOutbox,
} from "../../server/notify/email/transport";
import { setUpTestDatabase } from "../support/database";

const t = setUpTestDatabase();

const message = (overrides: Partial<EmailMessage> = {}): EmailMessage => ({
  to: "ada@example.com",
  subject: "Hello from Atelier",
  html: "<p>Hello</p>",
  text: "Hello",
  kind: "custom",
  ...overrides,
});

// A small but real-looking PDF, long enough that its base64 is wrapped over several MIME lines.
const pdf = Buffer.from(
  "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n" +
    "trailer << /Root 1 0 R >>\n%%EOF\n",
);

describe("the outbox transport", () => {
  it("stores the message and returns its row id", async () => {
    const transport = createOutboxTransport(t.db);
    expect(transport.kind).toBe("outbox");
    const attachment = {
      filename: "invoice.pdf",
      contentType: "application/pdf",
      contentBase64: pdf.toString("base64"),
    };
    const { id } = await transport.send(message({ attachments: [attachment] }));
    const rows = await t.db.select().from(emailOutbox);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id,
      to: "ada@example.com",
      from: DEFAULT_EMAIL_FROM,
      subject: "Hello from Atelier",
      html: "<p>Hello</p>",
      text: "Hello",
      kind: "custom",
      attachments: [attachment],
    });
  });

  it("uses the message's sender, else the transport's", async () => {
    await createOutboxTransport(t.db, { from: "Studio <studio@atelier.example>" }).send(
      message({ to: "a@example.com" }),
    );
    await createOutboxTransport(t.db).send(message({ to: "b@example.com", from: "Shop <shop@atelier.example>" }));
    expect((await latestOutboxEmail(t.db, "a@example.com"))?.from).toBe("Studio <studio@atelier.example>");
    expect((await latestOutboxEmail(t.db, "b@example.com"))?.from).toBe("Shop <shop@atelier.example>");
  });

  it("refuses a bad message and stores nothing", async () => {
    const transport = createOutboxTransport(t.db);
    await expect(transport.send(message({ to: "two@example.com, three@example.com" }))).rejects.toThrow(
      /one email address/,
    );
    const bad = { filename: "../evil.pdf", contentType: "application/pdf", contentBase64: "JVBERg==" };
    await expect(transport.send(message({ attachments: [bad] }))).rejects.toThrow(/path separators/);
    expect(await readOutbox(t.db)).toEqual([]);
  });

  it("reads back newest first, by recipient and kind, with a limit", async () => {
    const transport = createOutboxTransport(t.db);
    // PGlite's clock ticks in milliseconds: space the sends so "newest" is well defined.
    const tick = () => new Promise((r) => setTimeout(r, 5));
    await transport.send(message({ subject: "one", kind: "verification" }));
    await tick();
    await transport.send(message({ subject: "two", kind: "custom" }));
    await tick();
    await transport.send(message({ to: "bob@example.com", subject: "three", kind: "verification" }));
    await tick();
    await transport.send(message({ subject: "four", kind: "verification" }));

    expect((await readOutbox(t.db)).map((e) => e.subject)).toEqual(["four", "three", "two", "one"]);
    expect((await readOutbox(t.db, { to: "ada@example.com" })).map((e) => e.subject)).toEqual(["four", "two", "one"]);
    expect((await readOutbox(t.db, { to: "ADA@Example.com", kind: "verification" })).map((e) => e.subject)).toEqual([
      "four",
      "one",
    ]);
    expect((await readOutbox(t.db, { kind: "verification", limit: 2 })).map((e) => e.subject)).toEqual([
      "four",
      "three",
    ]);

    expect((await latestOutboxEmail(t.db, "ada@example.com"))?.subject).toBe("four");
    expect((await latestOutboxEmail(t.db, "Bob@Example.com"))?.subject).toBe("three");
    expect(await latestOutboxEmail(t.db, "nobody@example.com")).toBeUndefined();
  });

  it("delivers a rendered template that a test can read the code from", async () => {
    const rendered = await renderEmail({
      kind: "verification",
      name: "Ada",
      url: "https://atelier.example/verify?token=t0k3n",
      code: "314159",
      expiresInMinutes: 15,
    });
    await createOutboxTransport(t.db).send({ to: "ada@example.com", ...rendered });
    const email = await latestOutboxEmail(t.db, "ada@example.com");
    expect(email).toMatchObject({ kind: "verification", subject: "Verify your email for Atelier" });
    expect(email?.text).toContain("314159");
    expect(email?.text).toContain("https://atelier.example/verify?token=t0k3n");
    expect(email?.html).toContain('href="https://atelier.example/verify?token=t0k3n"');
  });
});

describe("the SMTP transport", () => {
  interface Received {
    from: string | undefined;
    to: string[];
    user: string | undefined;
    raw: string;
  }
  let received: Received[] = [];
  let server: SMTPServer;
  let port = 0;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      // No TLS in the test: plain SMTP, and AUTH allowed over it.
      disabledCommands: ["STARTTLS"],
      allowInsecureAuth: true,
      logger: false,
      onAuth(auth, _session, callback) {
        if (auth.username === "mailer" && auth.password === "s3cret pass") callback(null, { user: auth.username });
        else callback(new Error("Invalid username or password"));
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("error", callback);
        stream.on("end", () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
            to: session.envelope.rcptTo.map((r) => r.address),
            user: session.user,
            raw: Buffer.concat(chunks).toString("utf8"),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.server.once("error", reject);
      server.listen(0, "127.0.0.1", () => resolve());
    });
    port = (server.server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  beforeEach(() => {
    received = [];
  });

  it("sends html, text and a PDF attachment, signing in with the URL's credentials", async () => {
    const transport = createSmtpTransport({
      url: `smtp://mailer:${encodeURIComponent("s3cret pass")}@127.0.0.1:${port}`,
      from: "Atelier <no-reply@atelier.example>",
    });
    expect(transport.kind).toBe("smtp");
    const { id } = await transport.send(
      message({
        subject: "Your invoice from Atelier",
        html: "<p>Thanks for your <b>order</b>.</p>",
        text: "Thanks for your order.",
        kind: "invoice",
        attachments: [
          { filename: "invoice-2026-001.pdf", contentType: "application/pdf", contentBase64: pdf.toString("base64") },
        ],
      }),
    );
    expect(id).toMatch(/^<.+@.+>$/);

    expect(received).toHaveLength(1);
    const mail = received[0]!;
    expect(mail).toMatchObject({ from: "no-reply@atelier.example", to: ["ada@example.com"], user: "mailer" });

    const raw = mail.raw;
    const headers = raw.slice(0, raw.indexOf("\r\n\r\n"));
    expect(headers).toMatch(/^Subject: Your invoice from Atelier$/m);
    expect(headers).toMatch(/^From: Atelier <no-reply@atelier\.example>$/m);
    expect(headers).toMatch(/^To: ada@example\.com$/m);
    expect(headers).toContain(`Message-ID: ${id}`);
    expect(headers).toMatch(/^X-Atelier-Kind: invoice$/m);
    expect(headers).toMatch(/^Content-Type: multipart\/mixed;/m);

    expect(raw).toMatch(/^Content-Type: text\/plain; charset=utf-8$/m);
    expect(raw).toMatch(/^Content-Type: text\/html; charset=utf-8$/m);
    expect(raw).toContain("Thanks for your order.");
    expect(raw).toContain("<p>Thanks for your <b>order</b>.</p>");

    // The attachment part: its headers, then base64 wrapped at 76 columns up to the next boundary.
    const partStart = raw.indexOf("Content-Type: application/pdf");
    expect(partStart).toBeGreaterThan(-1);
    const part = raw.slice(partStart, raw.indexOf("\r\n--", partStart));
    const [partHeaders = "", body = ""] = part.split("\r\n\r\n");
    expect(partHeaders).toMatch(/name=invoice-2026-001\.pdf/);
    expect(partHeaders).toMatch(/^Content-Transfer-Encoding: base64$/m);
    expect(partHeaders).toMatch(/^Content-Disposition: attachment; filename=invoice-2026-001\.pdf$/m);
    expect(body.split("\r\n").length).toBeGreaterThan(1);
    expect(body.replace(/\s+/g, "")).toBe(pdf.toString("base64"));
    expect(Buffer.from(body, "base64").equals(pdf)).toBe(true);
  });

  it("sends a rendered template as multipart/alternative", async () => {
    const rendered = await renderEmail({ kind: "sign-in-code", code: "271828", expiresInMinutes: 10 });
    await createSmtpTransport({ url: `smtp://127.0.0.1:${port}`, from: "Atelier <no-reply@atelier.example>" }).send({
      to: "ada@example.com",
      ...rendered,
    });
    const raw = received[0]!.raw;
    expect(raw).toMatch(/^Subject: Your Atelier sign-in code: 271828$/m);
    expect(raw).toMatch(/^Content-Type: multipart\/alternative;/m);
    expect(raw).toMatch(/^Content-Type: text\/plain; charset=utf-8$/m);
    expect(raw).toMatch(/^Content-Type: text\/html; charset=utf-8$/m);
    expect(received[0]!.user).toBeUndefined();
  });

  it("refuses a bad message before connecting", async () => {
    const transport = createSmtpTransport({ url: `smtp://127.0.0.1:${port}`, from: "no-reply@atelier.example" });
    const zip = { filename: "archive.zip", contentType: "application/zip", contentBase64: "UEsDBA==" };
    await expect(transport.send(message({ attachments: [zip] }))).rejects.toThrow(/expected one of/);
    expect(received).toEqual([]);
  });

  it("reports a refused sign-in", async () => {
    const transport = createSmtpTransport({
      url: `smtp://mailer:wrong@127.0.0.1:${port}`,
      from: "no-reply@atelier.example",
    });
    await expect(transport.send(message())).rejects.toThrow(/Invalid username or password|535/);
    expect(received).toEqual([]);
  });

  it("accepts only smtp:// and smtps:// URLs", () => {
    expect(() => createSmtpTransport({ url: "https://mail.example.com", from: "a@example.com" })).toThrow(
      /smtp:\/\/ or smtps:\/\//,
    );
    expect(() => createSmtpTransport({ url: "not a url", from: "a@example.com" })).toThrow(/not a URL/);
    expect(createSmtpTransport({ url: "smtps://u:p@mail.example.com:465", from: "a@example.com" }).kind).toBe("smtp");
  });
});
