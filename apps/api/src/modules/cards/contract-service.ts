/**
 * The cardholder contract (issue 11): read it (GET /card/unsigned_contract), sign it
 * (POST /card/sign_contract/), download the signed one. Signing is the activation
 * (decision 032): receipt_confirmed → active, with the issuer told first.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { companies } from '../../db/schema/companies.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import { sniffFileType } from '../../lib/multipart-form.ts';
import type { FileStorage } from '../../lib/storage.ts';
import { formatCasablancaDateTime } from '../../lib/time.ts';
import { findCity } from '../cities/moroccan-cities.ts';
import { signContractRefusal } from './card-life.ts';
import { buildSignedContract, buildUnsignedContract, type ContractHolder } from './contract-pdf.ts';
import { type CardRow, findCurrentCard, findHolder, findOrderOfCard } from './queries.ts';
import { serializeCard } from './serialize.ts';
import { type CardCaller, type CardDeps, moveCard } from './service.ts';

export const sha256Hex = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

/** The live card of an employee (404 NO_CARDS_FOUND without one). */
export async function contractCardOf(db: DbOrTx, companyId: number, employeeId: number): Promise<CardRow> {
  const card = await findCurrentCard(db, companyId, employeeId);
  if (!card || card.status === 'canceled') throw new AppError('NO_CARDS_FOUND', { status: 404 });
  return card;
}

/** The unsigned contract of `card` and its SHA-256 (the same bytes every time for the same card). */
export async function unsignedContract(db: DbOrTx, card: CardRow) {
  const holderRow = await findHolder(db, card.companyId, card.employeeId);
  const order = await findOrderOfCard(db, card.companyId, card.id);
  const [company] = await db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, card.companyId));
  if (!holderRow) throw new AppError('not_found', { status: 404 });
  const holder: ContractHolder = {
    firstName: order?.reading?.firstName ?? holderRow.firstName,
    lastName: order?.reading?.lastName ?? holderRow.lastName,
    cin: order?.reading?.cin ?? holderRow.cin ?? '',
    birthday: order?.reading?.birthday ?? holderRow.birthday ?? null,
    phone: order?.phone ?? holderRow.phone ?? '',
    email: holderRow.email,
    serial: holderRow.serial,
    company: company?.name ?? '',
  };
  const address = order
    ? `${order.address}, ${order.area}, ${order.zip} ${findCity(order.cityId)?.name ?? ''}`.trim()
    : 'non renseignée';
  const bytes = await buildUnsignedContract(
    holder,
    {
      id: card.id,
      last4: card.last4,
      issuerReference: card.issuerReference,
      orderedAt: card.createdAt,
      deliveryAddress: address,
    },
    formatCasablancaDateTime(card.createdAt),
  );
  return { bytes, sha256: sha256Hex(bytes), holder };
}

/** The PNG a data URL carries, or a field error on `signature`. */
export function signaturePngOf(dataUrl: string): Buffer {
  const png = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  if (sniffFileType(png)?.contentType !== 'image/png' || png.length < 67)
    throw fieldError('signature', 'invalid', 'La signature doit être une image PNG.');
  return png;
}

/**
 * POST /card/sign_contract/: the signed PDF is stored, the issuer activates the card, and the card
 * becomes active with the signature's date, IP and the unsigned document's hash. Signing twice is
 * CONTRACT_ALREADY_SIGNED; before the receipt is confirmed, RECEIPT_NOT_CONFIRMED.
 */
export async function signCardContract(
  deps: CardDeps & { storage: FileStorage },
  caller: CardCaller,
  input: { signature: string; ip: string; now?: Date },
) {
  const card = await contractCardOf(deps.db, caller.companyId, caller.employeeId);
  const refusal = signContractRefusal(card.status);
  if (refusal) throw new AppError(refusal, { status: refusal === 'NO_CARDS_FOUND' ? 404 : 400 });
  const png = signaturePngOf(input.signature);
  const signedAt = input.now ?? new Date();
  const unsigned = await unsignedContract(deps.db, card);
  let signed: Uint8Array;
  try {
    signed = await buildSignedContract(unsigned.bytes, unsigned.holder, {
      signaturePng: png,
      signedAt,
      signedAtText: formatCasablancaDateTime(signedAt),
      ip: input.ip,
      unsignedSha256: unsigned.sha256,
    });
  } catch {
    // pdf-lib could not read the PNG (corrupt chunks behind a valid signature).
    throw fieldError('signature', 'invalid', 'La signature doit être une image PNG.');
  }
  const key = await deps.storage.put(Buffer.from(signed), { prefix: 'card-contracts', extension: 'pdf' });
  try {
    try {
      await deps.issuer.activate(card.issuerReference ?? `card:${card.id}`);
    } catch {
      throw new AppError('CARD_ISSUER_UNAVAILABLE', { status: 503 });
    }
    const moved = await moveCard(
      deps.db,
      card.id,
      'active',
      {
        contractSignedAt: signedAt,
        activatedAt: signedAt,
        signedContractKey: key,
        contractSignedIp: input.ip,
        unsignedContractSha256: unsigned.sha256,
        blockedAt: null,
      },
      ['receipt_confirmed'],
    );
    // Two signatures racing: the other one won.
    if (!moved || moved.signedContractKey !== key) throw new AppError('CONTRACT_ALREADY_SIGNED');
    return serializeCard(moved, await findOrderOfCard(deps.db, moved.companyId, moved.id));
  } catch (error) {
    await deps.storage.delete(key);
    throw error;
  }
}

/** The signed contract's bytes, or CONTRACT_NOT_SIGNED. */
export async function signedContractOf(storage: FileStorage, card: CardRow): Promise<Buffer> {
  if (!card.signedContractKey) throw new AppError('CONTRACT_NOT_SIGNED', { status: 404 });
  return storage.get(card.signedContractKey);
}

export const contractFileName = (card: CardRow, signed: boolean) =>
  `contrat-carte-${card.id}${signed ? '-signe' : ''}.pdf`;
