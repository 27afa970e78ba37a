/**
 * The cardholder contract (spec §2 Card "contract signature"; issue 11): generated with pdf-lib
 * from the holder's details, never a static file. The unsigned document is deterministic — same
 * holder and card, same bytes (fixed dates, no random ids) — so the SHA-256 recorded at signature
 * is the hash of exactly what the employee could read. The signed one is the unsigned pages with
 * the signature drawn in the signature box, plus an audit page (date, time, IP, that hash).
 */
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { printable } from '../../lib/pdf/printable.ts';

export type ContractHolder = {
  firstName: string;
  lastName: string;
  cin: string;
  birthday: string | null;
  phone: string;
  email: string | null;
  serial: string | null;
  company: string;
};

export type ContractCard = {
  id: number;
  last4: string | null;
  issuerReference: string | null;
  /** When the card was ordered: the document's date, so the bytes never depend on "now". */
  orderedAt: Date;
  deliveryAddress: string;
};

export type SignatureAudit = {
  /** The PNG the person drew. */
  signaturePng: Buffer;
  signedAt: Date;
  /** "24/11/2026 02:15" Casablanca time, as printed. */
  signedAtText: string;
  ip: string;
  unsignedSha256: string;
};

const PAGE = { width: 595.28, height: 841.89, margin: 56 };
const INK = rgb(0.12, 0.14, 0.2);
const MUTED = rgb(0.42, 0.45, 0.5);
/** Where the signature goes on the last page of the contract (bottom right box). */
const SIGNATURE_BOX = { x: 330, y: 90, width: 210, height: 90 };

const ARTICLES: Array<[string, string]> = [
  [
    'Article 1 - Objet',
    "Le présent contrat définit les conditions d'utilisation de la carte prépayée Tasbiq émise au nom du porteur désigné ci-dessus. La carte reçoit les avances sur salaire et les primes versées par l'employeur, et permet des paiements et des retraits au Maroc dans la limite du solde disponible.",
  ],
  [
    'Article 2 - Réception et activation',
    "Le porteur confirme la réception de la carte en saisissant, dans l'application, le numéro imprimé sur la carte. La carte est activée à la signature du présent contrat. Le code PIN est envoyé par SMS au numéro de téléphone confirmé du porteur ; il ne doit jamais être communiqué à quiconque.",
  ],
  [
    'Article 3 - Solde et opérations',
    "La carte fonctionne sans découvert : une opération n'est acceptée que si le solde la couvre. Le porteur consulte son solde et ses opérations (crédits et débits) dans l'application, mois par mois.",
  ],
  [
    'Article 4 - Perte, vol et blocage',
    "En cas de perte, de vol ou d'utilisation frauduleuse, le porteur bloque immédiatement la carte depuis l'application. Il peut la débloquer de la même manière. Un nouveau code PIN peut être demandé à tout moment ; il est envoyé par SMS.",
  ],
  [
    'Article 5 - Données personnelles (loi 09-08)',
    "Les images de la CIN fournies lors de la commande servent uniquement à vérifier l'identité du porteur. Elles sont conservées de manière confidentielle, accessibles au seul porteur et au service RH de son employeur, chaque consultation étant journalisée, puis supprimées après l'activation de la carte dans le délai indiqué dans la politique de conservation. Le porteur dispose d'un droit d'accès, de rectification et d'opposition auprès de son service RH.",
  ],
  [
    'Article 6 - Durée et résiliation',
    "Le contrat est conclu pour la durée de validité de la carte. Il prend fin à la fin de la relation de travail avec l'employeur ou à la demande du porteur ; le solde restant lui est alors restitué.",
  ],
];

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of printable(text).split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) > width && line) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines;
}

type Writer = { page: PDFPage; y: number };

function newPage(doc: PDFDocument): Writer {
  const page = doc.addPage([PAGE.width, PAGE.height]);
  return { page, y: PAGE.height - PAGE.margin };
}

function paragraph(
  doc: PDFDocument,
  w: Writer,
  text: string,
  font: PDFFont,
  size = 10,
  color = INK,
  gap = 6,
): Writer {
  let writer = w;
  for (const line of wrap(text, font, size, PAGE.width - 2 * PAGE.margin)) {
    if (writer.y < PAGE.margin + 200) writer = newPage(doc);
    writer.page.drawText(line, { x: PAGE.margin, y: writer.y, size, font, color });
    writer.y -= size * 1.4;
  }
  writer.y -= gap;
  return writer;
}

function fixedDates(doc: PDFDocument, at: Date) {
  doc.setCreationDate(at);
  doc.setModificationDate(at);
  doc.setProducer('Tasbiq');
  doc.setCreator('Tasbiq');
}

/** The unsigned contract, filled with the holder's details. */
export async function buildUnsignedContract(
  holder: ContractHolder,
  card: ContractCard,
  documentDateText: string,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  fixedDates(doc, card.orderedAt);
  doc.setTitle(`Contrat porteur carte prépayée - ${printable(`${holder.firstName} ${holder.lastName}`)}`);
  doc.setSubject('Contrat porteur Tasbiq');
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);

  let w = newPage(doc);
  w = paragraph(doc, w, 'Contrat porteur - Carte prépayée Tasbiq', bold, 18, INK, 4);
  w = paragraph(doc, w, `Document établi le ${documentDateText}`, regular, 9, MUTED, 14);
  w = paragraph(doc, w, 'Le porteur', bold, 12, INK, 4);
  const details: Array<[string, string]> = [
    ['Nom', holder.lastName],
    ['Prénom', holder.firstName],
    ['CIN', holder.cin],
    ['Date de naissance', holder.birthday ?? 'non renseignée'],
    ['Téléphone', holder.phone],
    ['E-mail', holder.email ?? 'non renseigné'],
    ['Employeur', holder.company],
    ['Matricule', holder.serial ?? 'non renseigné'],
    ['Carte', card.last4 ? `•••• ${card.last4}` : 'numéro attribué à la livraison'],
    ['Référence émetteur', card.issuerReference ?? 'en attente'],
    ['Adresse de livraison', card.deliveryAddress],
  ];
  for (const [label, value] of details) w = paragraph(doc, w, `${label} : ${value}`, regular, 10, INK, 0);
  w.y -= 12;
  for (const [title, body] of ARTICLES) {
    w = paragraph(doc, w, title, bold, 11, INK, 2);
    w = paragraph(doc, w, body, regular, 10, INK, 8);
  }
  const { page } = w;
  page.drawText('Signature du porteur', {
    x: SIGNATURE_BOX.x,
    y: SIGNATURE_BOX.y + SIGNATURE_BOX.height + 8,
    size: 10,
    font: bold,
    color: INK,
  });
  page.drawRectangle({ ...SIGNATURE_BOX, borderColor: MUTED, borderWidth: 0.8 });
  page.drawText("Lu et approuvé, signé électroniquement dans l'application Tasbiq.", {
    x: PAGE.margin,
    y: SIGNATURE_BOX.y - 24,
    size: 8,
    font: regular,
    color: MUTED,
  });
  return doc.save({ useObjectStreams: false });
}

/** The signed contract: the signature in its box on the last page, and an audit page. */
export async function buildSignedContract(
  unsigned: Uint8Array,
  holder: ContractHolder,
  audit: SignatureAudit,
): Promise<Uint8Array> {
  const doc = await PDFDocument.load(unsigned);
  fixedDates(doc, audit.signedAt);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const signature = await doc.embedPng(audit.signaturePng);
  const last = doc.getPages().at(-1)!;
  const scale = Math.min(
    (SIGNATURE_BOX.width - 10) / signature.width,
    (SIGNATURE_BOX.height - 10) / signature.height,
    1,
  );
  const size = { width: signature.width * scale, height: signature.height * scale };
  last.drawImage(signature, {
    x: SIGNATURE_BOX.x + (SIGNATURE_BOX.width - size.width) / 2,
    y: SIGNATURE_BOX.y + (SIGNATURE_BOX.height - size.height) / 2,
    ...size,
  });
  last.drawText(printable(`Signé le ${audit.signedAtText}`), {
    x: SIGNATURE_BOX.x,
    y: SIGNATURE_BOX.y - 12,
    size: 8,
    font: regular,
    color: MUTED,
  });

  let w = newPage(doc);
  w = paragraph(doc, w, "Page d'audit de la signature électronique", bold, 16, INK, 12);
  const lines: Array<[string, string]> = [
    ['Signataire', `${holder.firstName} ${holder.lastName}`],
    ['CIN', holder.cin],
    ['Téléphone', holder.phone],
    ['Date et heure (Casablanca)', audit.signedAtText],
    ['Horodatage UTC', audit.signedAt.toISOString()],
    ['Adresse IP', audit.ip],
    ['Empreinte SHA-256 du contrat non signé', audit.unsignedSha256],
  ];
  for (const [label, value] of lines) {
    w = paragraph(doc, w, label, bold, 10, INK, 0);
    w = paragraph(doc, w, value, regular, 10, INK, 6);
  }
  w = paragraph(
    doc,
    w,
    "L'empreinte ci-dessus identifie le document présenté au signataire avant sa signature : recalculée sur le contrat non signé, elle doit être identique.",
    regular,
    9,
    MUTED,
    10,
  );
  w.page.drawText('Signature', { x: PAGE.margin, y: w.y, size: 10, font: bold, color: INK });
  w.page.drawImage(signature, { x: PAGE.margin, y: w.y - 10 - size.height, ...size });
  return doc.save({ useObjectStreams: false });
}
