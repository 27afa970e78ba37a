/**
 * The payment receipt of a bill (issue 16): generated with pdf-lib once the biller confirmed,
 * from the bill's row alone — same bill, same bytes (dates fixed to the payment's), so nothing is
 * stored. It carries the biller's confirmation number, the reference, the masked holder, the
 * amounts and the payer; it is personal data and is served only as a download (decision 042).
 */
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { printable } from '../../lib/pdf/printable.ts';
import { formatCasablancaDateTime } from '../../lib/time.ts';
import { dirhams } from '../../providers/sandbox-payout-operations.ts';
import { type BillRecord, billerName } from './serialize.ts';

const INK = rgb(0.12, 0.14, 0.2);
const MUTED = rgb(0.42, 0.45, 0.5);

const frenchDate = (day: string) => day.split('-').reverse().join('/');

export async function buildBillReceipt(
  bill: BillRecord,
  payer: { firstName: string; lastName: string; company: string },
): Promise<Uint8Array> {
  const paidAt = bill.executedAt ?? bill.createdAt;
  const doc = await PDFDocument.create();
  doc.setCreationDate(paidAt);
  doc.setModificationDate(paidAt);
  doc.setProducer('Tasbiq');
  doc.setCreator('Tasbiq');
  doc.setTitle(`Reçu de paiement - facture ${printable(billerName(bill.biller))} ${bill.reference}`);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([595.28, 841.89]);
  let y = 780;
  const line = (
    text: string,
    options: { font?: typeof regular; size?: number; gap?: number; muted?: boolean } = {},
  ) => {
    const size = options.size ?? 11;
    page.drawText(printable(text), {
      x: 56,
      y,
      size,
      font: options.font ?? regular,
      color: options.muted ? MUTED : INK,
    });
    y -= size * 1.5 + (options.gap ?? 0);
  };
  line('Reçu de paiement de facture', { font: bold, size: 18, gap: 6 });
  line(`Payé le ${formatCasablancaDateTime(paidAt)} (heure du Maroc)`, { muted: true, size: 9, gap: 12 });
  const rows: Array<[string, string]> = [
    ['N° de confirmation', bill.providerReference ?? ''],
    ['Facturier', billerName(bill.biller)],
    ['Référence de la facture', bill.reference],
    ['Titulaire', bill.holder],
    ['Échéance', frenchDate(bill.dueDate)],
    ['Montant dû', `${dirhams(bill.amountDueCentimes)} DH`],
    ['Montant payé', `${dirhams(bill.amountCentimes)} DH`],
    ['Payé par', `${payer.firstName} ${payer.lastName} (${payer.company})`],
    ['Référence Tasbiq', `bill:${bill.id}`],
  ];
  for (const [label, value] of rows) {
    page.drawText(printable(label), { x: 56, y, size: 11, font: bold, color: INK });
    page.drawText(printable(value), { x: 230, y, size: 11, font: regular, color: INK });
    y -= 20;
  }
  y -= 12;
  line('Le montant payé est prélevé sur votre solde disponible et déduit de votre prochain salaire.', {
    size: 9,
    muted: true,
  });
  line('Conservez ce reçu : il fait foi du paiement auprès du facturier.', { size: 9, muted: true });
  return doc.save({ useObjectStreams: false });
}
