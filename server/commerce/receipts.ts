/**
 * Receipts: a PDF invoice for a paid transaction (pdfkit), emailed through the spec's
 * attachment path (`send-custom-email-with-attachment`), from a job so payment never waits on
 * it. The job is keyed by the transaction, and marks it sent, so a receipt goes out once.
 */
import { and, eq, isNull } from "drizzle-orm";
import PDFDocument from "pdfkit";
import { z } from "zod";
import { formatCount, formatDate, formatMoney, UTC_SETTINGS } from "~/lib/format";
import { getConfig } from "../config";
import { transactions } from "../db/schema";
import { defineJob } from "../jobs/define";
import { enqueueJob } from "../jobs/queue";
import { sendCustomEmailWithAttachment } from "../notify/custom-email";
import { getBuyer, getTransactionView, type TransactionView } from "./transactions";

/** The invoice number people quote: the first part of the transaction id, upper-case. */
export function invoiceNumber(transactionId: string): string {
  return `AT-${transactionId.slice(0, 8).toUpperCase()}`;
}

/** Renders the invoice as a PDF (A4, the standard Helvetica fonts: no font files needed). */
export async function renderInvoicePdf(view: TransactionView, buyer: { name: string; email: string }): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margin: 56,
    info: { Title: `Atelier invoice ${invoiceNumber(view.id)}`, Author: "Atelier" },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const money = (minor: number) => formatMoney(minor, view.currency);
  const left = 56;
  const right = doc.page.width - 56;

  doc.font("Helvetica-Bold").fontSize(22).text("Atelier", left, 56);
  doc.font("Helvetica").fontSize(10).fillColor("#555").text("Make artwork with AI", left, 82);
  doc
    .fillColor("#111")
    .font("Helvetica-Bold")
    .fontSize(16)
    .text("Invoice", left, 56, { width: right - left, align: "right" });
  doc
    .font("Helvetica")
    .fontSize(10)
    .text(`Number ${invoiceNumber(view.id)}`, left, 78, { width: right - left, align: "right" })
    .text(`Date ${formatDate(view.paidAt ?? view.createdAt, "longDate", UTC_SETTINGS)}`, {
      width: right - left,
      align: "right",
    })
    .text(`Status ${view.status === "refunded" ? "Refunded" : "Paid"}`, { width: right - left, align: "right" });

  doc.moveDown(3);
  doc.font("Helvetica-Bold").text("Billed to", left);
  doc.font("Helvetica").text(buyer.name).text(buyer.email);
  doc.moveDown(2);

  const columns = { item: left, qty: left + 270, unit: left + 320, total: right - 90 };
  const header = doc.y;
  doc
    .font("Helvetica-Bold")
    .text("Item", columns.item, header)
    .text("Qty", columns.qty, header)
    .text("Unit price", columns.unit, header);
  doc.text("Amount", columns.total, header, { width: 90, align: "right" });
  doc
    .moveTo(left, doc.y + 4)
    .lineTo(right, doc.y + 4)
    .strokeColor("#ccc")
    .stroke();
  doc.moveDown(0.8);
  doc.font("Helvetica");
  for (const line of view.lines) {
    const y = doc.y;
    doc.text(`${line.name} pack`, columns.item, y, { width: 260 });
    doc
      .fillColor("#555")
      .fontSize(9)
      .text(`${formatCount(line.unitTokens * line.quantity)} tokens`, columns.item);
    doc.fillColor("#111").fontSize(10);
    doc.text(String(line.quantity), columns.qty, y).text(money(line.unitPriceMinor), columns.unit, y);
    doc.text(money(line.unitPriceMinor * line.quantity), columns.total, y, { width: 90, align: "right" });
    doc.moveDown(1.2);
  }
  doc.moveTo(left, doc.y).lineTo(right, doc.y).strokeColor("#ccc").stroke();
  doc.moveDown(0.8);
  const total = (label: string, value: string, bold = false) => {
    const y = doc.y;
    doc.font(bold ? "Helvetica-Bold" : "Helvetica").text(label, columns.unit - 60, y, { width: 200 });
    doc.text(value, columns.total, y, { width: 90, align: "right" });
    doc.moveDown(0.4);
  };
  total("Subtotal", money(view.subtotalMinor));
  if (view.discountMinor > 0)
    total(`Discount${view.discountCode ? ` (${view.discountCode})` : ""}`, `−${money(view.discountMinor)}`);
  total("Total paid", money(view.totalMinor), true);
  total("Tokens credited", formatCount(view.tokens));

  doc.moveDown(3);
  doc
    .font("Helvetica")
    .fontSize(9)
    .fillColor("#555")
    .text(
      `Transaction ${view.id} · paid through ${view.provider === "sandbox" ? "the Atelier sandbox (test payment, no money moved)" : view.provider}.`,
      left,
      doc.y,
      {
        width: right - left,
      },
    )
    .text(`Questions about this invoice? Reply to this email or visit ${getConfig().publicUrl}.`, {
      width: right - left,
    });
  doc.end();
  return done;
}

export const sendReceiptJob = defineJob({
  name: "commerce.receipt",
  schema: z.object({ transactionId: z.uuid() }),
  // One receipt job per transaction waits or runs at a time, however often it is queued.
  policy: "exclusive",
  retry: { limit: 5, delaySeconds: 10 },
  expireInSeconds: 120,
  async handle({ transactionId }, { db, log }) {
    const view = await getTransactionView(db, transactionId);
    // Only paid purchases get a receipt; a refunded one before its receipt went out gets none.
    if (view?.status !== "paid") return;
    const [row] = await db
      .select({ userId: transactions.userId, queued: transactions.receiptQueuedAt })
      .from(transactions)
      .where(eq(transactions.id, transactionId));
    if (!row || row.queued) return;
    const buyer = await getBuyer(db, row.userId);
    if (!buyer) return;
    const pdf = await renderInvoicePdf(view, buyer);
    const lines = view.lines.map(
      (l) =>
        `  ${l.quantity} × ${l.name} pack — ${formatCount(l.unitTokens * l.quantity)} tokens — ${formatMoney(l.unitPriceMinor * l.quantity, view.currency)}`,
    );
    const message = [
      `Hello ${buyer.name},`,
      "",
      `Thank you for your purchase. ${formatCount(view.tokens)} tokens are on your Atelier account now.`,
      "",
      ...lines,
      ...(view.discountMinor > 0
        ? [
            `  Discount${view.discountCode ? ` (${view.discountCode})` : ""}: −${formatMoney(view.discountMinor, view.currency)}`,
          ]
        : []),
      `  Total paid: ${formatMoney(view.totalMinor, view.currency)}`,
      "",
      `Your invoice ${invoiceNumber(view.id)} is attached as a PDF.`,
    ].join("\n");
    // Claim first, so two runs of this job cannot both send; a failed send gives the claim back.
    const [claimed] = await db
      .update(transactions)
      .set({ receiptQueuedAt: new Date() })
      .where(and(eq(transactions.id, transactionId), isNull(transactions.receiptQueuedAt)))
      .returning({ id: transactions.id });
    if (!claimed) return;
    try {
      await sendCustomEmailWithAttachment(db, {
        email: buyer.email,
        subject: `Your Atelier receipt ${invoiceNumber(view.id)}`,
        message,
        attachment: {
          filename: `atelier-invoice-${invoiceNumber(view.id)}.pdf`,
          content: pdf.toString("base64"),
          encoding: "base64",
        },
      });
    } catch (error) {
      await db.update(transactions).set({ receiptQueuedAt: null }).where(eq(transactions.id, transactionId));
      throw error;
    }
    log.info({ transactionId }, "receipt queued");
  },
});

/** Queues the receipt of a paid transaction; queueing twice is harmless (one job per transaction waits at a time, and the job sends once). */
export async function queueReceipt(transactionId: string): Promise<void> {
  await enqueueJob(sendReceiptJob, { transactionId }, { singletonKey: `receipt:${transactionId}` });
}
