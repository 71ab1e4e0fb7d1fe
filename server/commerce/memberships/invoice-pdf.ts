/**
 * A membership invoice as a PDF (issue 41), made like the pack receipts (../receipts.ts: pdfkit,
 * A4, the standard Helvetica fonts): the plan and interval, the period it paid for, its lines (an
 * upgrade's credit for unused time and charge for the rest), the total, its status, and the tokens
 * it granted. Only the invoice's member or an administrator may download it.
 */
import { eq } from "drizzle-orm";
import PDFDocument from "pdfkit";
import { formatCount, formatDate, formatMoney, UTC_SETTINGS } from "~/lib/format";
import {
  MEMBERSHIP_INVOICE_REASON_WORDS,
  MEMBERSHIP_INVOICE_STATUS_WORDS,
  PLAN_INTERVAL_ADJECTIVES,
} from "~/lib/membership-constants";
import { getConfig } from "../../config";
import type { Database } from "../../db/client";
import { membershipInvoices, user } from "../../db/schema";
import type { MembershipInvoice } from "./sync";

/** The number people quote: the first part of the invoice's id, upper-case. */
export function membershipInvoiceNumber(invoiceId: string): string {
  return `AM-${invoiceId.slice(0, 8).toUpperCase()}`;
}

/**
 * The invoice and its member, when `viewer` may download it: its member, or an administrator.
 * Anyone else is told it does not exist (null), as for an id that is not one.
 */
export async function findMembershipInvoiceFor(
  db: Database,
  invoiceId: string,
  viewer: { userId: string; isAdmin: boolean },
): Promise<{ invoice: MembershipInvoice; member: { name: string; email: string } } | null> {
  const [row] = await db
    .select({ invoice: membershipInvoices, name: user.name, email: user.email })
    .from(membershipInvoices)
    .innerJoin(user, eq(user.id, membershipInvoices.userId))
    .where(eq(membershipInvoices.id, invoiceId));
  if (!row || (row.invoice.userId !== viewer.userId && !viewer.isAdmin)) return null;
  return { invoice: row.invoice, member: { name: row.name, email: row.email } };
}

export async function renderMembershipInvoicePdf(
  invoice: MembershipInvoice,
  member: { name: string; email: string },
): Promise<Buffer> {
  const number = membershipInvoiceNumber(invoice.id);
  const doc = new PDFDocument({
    size: "A4",
    margin: 56,
    info: { Title: `Atelier membership invoice ${number}`, Author: "Atelier" },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const money = (minor: number) => formatMoney(minor, invoice.currency);
  const day = (date: Date) => formatDate(date, "longDate", UTC_SETTINGS);
  const left = 56;
  const right = doc.page.width - 56;
  const width = right - left;
  const status = MEMBERSHIP_INVOICE_STATUS_WORDS[invoice.status] ?? invoice.status;

  doc.font("Helvetica-Bold").fontSize(22).text("Atelier", left, 56);
  doc.font("Helvetica").fontSize(10).fillColor("#555").text("Make artwork with AI", left, 82);
  doc.fillColor("#111").font("Helvetica-Bold").fontSize(16).text("Membership invoice", left, 56, {
    width,
    align: "right",
  });
  doc
    .font("Helvetica")
    .fontSize(10)
    .text(`Number ${number}`, left, 78, { width, align: "right" })
    .text(`Date ${day(invoice.paidAt ?? invoice.createdAt)}`, { width, align: "right" })
    .text(`Status ${status}`, { width, align: "right" });

  doc.moveDown(3);
  doc.font("Helvetica-Bold").text("Billed to", left);
  doc.font("Helvetica").text(member.name).text(member.email);
  doc.moveDown(1.5);
  doc.font("Helvetica-Bold").text("Membership", left);
  doc
    .font("Helvetica")
    .text(`${invoice.planName}, ${PLAN_INTERVAL_ADJECTIVES[invoice.interval].toLowerCase()}`)
    .text(`${MEMBERSHIP_INVOICE_REASON_WORDS[invoice.reason] ?? invoice.reason}`)
    .text(`Period ${day(invoice.periodStart)} to ${day(invoice.periodEnd)}`);
  doc.moveDown(2);

  const amountColumn = right - 110;
  const header = doc.y;
  doc.font("Helvetica-Bold").text("Description", left, header);
  doc.text("Amount", amountColumn, header, { width: 110, align: "right" });
  doc
    .moveTo(left, doc.y + 4)
    .lineTo(right, doc.y + 4)
    .strokeColor("#ccc")
    .stroke();
  doc.moveDown(0.8);
  doc.font("Helvetica");
  const lines = invoice.lines.length
    ? invoice.lines
    : [{ description: `${invoice.planName} membership`, amountMinor: invoice.amountMinor }];
  for (const line of lines) {
    const y = doc.y;
    doc.text(line.description, left, y, { width: amountColumn - left - 16 });
    const after = doc.y;
    doc.text(line.amountMinor < 0 ? `−${money(-line.amountMinor)}` : money(line.amountMinor), amountColumn, y, {
      width: 110,
      align: "right",
    });
    doc.y = Math.max(after, doc.y);
    doc.moveDown(0.6);
  }
  doc.moveTo(left, doc.y).lineTo(right, doc.y).strokeColor("#ccc").stroke();
  doc.moveDown(0.8);
  const total = (label: string, value: string, bold = false) => {
    const y = doc.y;
    doc.font(bold ? "Helvetica-Bold" : "Helvetica").text(label, amountColumn - 200, y, { width: 200 });
    doc.text(value, amountColumn, y, { width: 110, align: "right" });
    doc.moveDown(0.4);
  };
  total(
    invoice.status === "paid" || invoice.status === "refunded" ? "Total paid" : "Total due",
    money(invoice.amountMinor),
    true,
  );
  if (invoice.refundedMinor) total("Refunded", `−${money(invoice.refundedMinor)}`);
  total("Tokens granted", formatCount(invoice.tokensGranted));
  if (invoice.tokensTakenBack !== null) total("Tokens taken back", formatCount(invoice.tokensTakenBack));

  doc.moveDown(2);
  doc.font("Helvetica").fontSize(9).fillColor("#555");
  if (invoice.status === "failed")
    doc.text(
      invoice.nextAttemptAt
        ? `The payment failed; it is tried again on ${day(invoice.nextAttemptAt)}. Update your card from your profile.`
        : "The payment failed. Update your card from your profile.",
      left,
      doc.y,
      { width },
    );
  doc
    .text(
      `Invoice ${invoice.providerInvoiceId} · ${invoice.provider === "sandbox" ? "the Atelier sandbox (test payment, no money moved)" : invoice.provider}. Tokens of a period's allowance end at the next renewal.`,
      left,
      doc.y,
      { width },
    )
    .text(`Questions about this invoice? Visit ${getConfig().publicUrl}.`, { width });
  doc.end();
  return done;
}
