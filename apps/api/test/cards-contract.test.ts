import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardDocumentDownloads } from '../src/db/schema/cards.ts';
import { createTenant, get, type Person, post, type Tenant } from './advances-helpers.ts';
import {
  activeCardFor,
  cardReadyToSign,
  cardRow,
  drawnSignaturePng,
  issuerSandbox,
  orderCardFor,
  put,
  signatureDataUrl,
} from './cards-helpers.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
let a: Tenant;
let b: Tenant;

beforeAll(async () => {
  t = await createTestApp({
    CARD_ISSUER_SANDBOX_ASSIGN_SECONDS: 3600,
    CARD_ISSUER_SANDBOX_DELIVER_SECONDS: 3600,
  });
  a = await createTenant(t);
  b = await createTenant(t);
});
afterAll(() => t.close());

const codeOf = (res: { json(): unknown }) =>
  (res.json() as { errors: Array<{ code: string }> }).errors[0]?.code;
const sign = (who: Person, signature = signatureDataUrl()) =>
  post(t, '/api/card/sign_contract/', who.auth, { signature });
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe('the cardholder contract', () => {
  it('is a generated PDF with the holder’s details, the same bytes each time, sent as a private download', async () => {
    const emp = await a.employee({ firstName: 'Salma', lastName: 'Benjelloun' });
    await cardReadyToSign(t, emp);
    const first = await get(t, '/api/card/unsigned_contract', emp.auth);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(first.headers['content-disposition']).toMatch(/^attachment; filename="contrat-carte-\d+\.pdf"/);
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    expect(first.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(first.headers['x-document-sha256']).toBe(sha256(first.rawPayload));
    const second = await get(t, '/api/card/unsigned_contract', emp.auth);
    expect(sha256(second.rawPayload)).toBe(sha256(first.rawPayload));
    const pdf = await PDFDocument.load(first.rawPayload);
    // The names as the CIN check read them (capitals, like the card).
    expect(pdf.getTitle()).toBe('Contrat porteur carte prépayée - SALMA BENJELLOUN');
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1);
  });

  it('signing embeds the signature, adds an audit page (date, IP, hash of the unsigned PDF) and activates the card', async () => {
    const emp = await a.employee();
    const { card } = await cardReadyToSign(t, emp);
    const unsigned = await get(t, '/api/card/unsigned_contract', emp.auth);
    const unsignedPages = (await PDFDocument.load(unsigned.rawPayload)).getPageCount();

    const res = await sign(emp);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'active', is_active: true, has_signed_contract: true });
    expect(res.json().contract_signed).not.toBeNull();

    const row = await cardRow(t, card.id);
    expect(row.unsignedContractSha256).toBe(sha256(unsigned.rawPayload));
    expect(row.contractSignedIp).toBe('127.0.0.1');
    expect(row.activatedAt).not.toBeNull();

    const signed = await get(t, '/api/card/signed_contract', emp.auth);
    expect(signed.statusCode).toBe(200);
    expect(signed.headers['x-unsigned-document-sha256']).toBe(row.unsignedContractSha256);
    const signedPdf = await PDFDocument.load(signed.rawPayload);
    expect(signedPdf.getPageCount()).toBe(unsignedPages + 1);
    // The signature image is in the document (an image XObject beside the fonts).
    expect(signed.rawPayload.toString('latin1')).toMatch(/\/Subtype \/Image/);
    expect(unsigned.rawPayload.toString('latin1')).not.toMatch(/\/Subtype \/Image/);
  });

  it('refuses to sign twice, before the receipt is confirmed, or with something that is not a PNG', async () => {
    const early = await a.employee();
    await orderCardFor(t, early);
    expect(codeOf(await sign(early))).toBe('RECEIPT_NOT_CONFIRMED');
    expect(codeOf(await get(t, '/api/card/signed_contract', early.auth))).toBe('CONTRACT_NOT_SIGNED');

    const emp = await a.employee();
    await cardReadyToSign(t, emp);
    let res = await sign(emp, 'data:image/png;base64,JVBERi0xLjQK');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ attr: 'signature', code: 'invalid' });
    res = await sign(emp, 'data:text/html;base64,PGgxPg==');
    expect(res.json().errors[0]).toMatchObject({ attr: 'signature', code: 'invalid' });

    expect((await sign(emp)).statusCode).toBe(200);
    res = await sign(emp);
    expect(res.statusCode).toBe(400);
    expect(codeOf(res)).toBe('CONTRACT_ALREADY_SIGNED');

    const none = await a.employee();
    expect(codeOf(await sign(none))).toBe('NO_CARDS_FOUND');
  });

  it('an issuer outage while signing is a 503 to retry, and nothing is half-written', async () => {
    const emp = await a.employee();
    const { card } = await cardReadyToSign(t, emp);
    const original = t.ctx.payouts.card.activate;
    t.ctx.payouts.card.activate = async () => {
      throw new Error('issuer timeout');
    };
    try {
      const res = await sign(emp);
      expect(res.statusCode).toBe(503);
      expect(codeOf(res)).toBe('CARD_ISSUER_UNAVAILABLE');
    } finally {
      t.ctx.payouts.card.activate = original;
    }
    const row = await cardRow(t, card.id);
    expect(row).toMatchObject({
      status: 'receipt_confirmed',
      signedContractKey: null,
      contractSignedAt: null,
    });
    expect((await sign(emp)).statusCode).toBe(200);
  });

  it('the whole life through the issuer: blocked at the issuer too (a purchase is refused), then unblocked', async () => {
    const emp = await a.employee();
    const { card } = await activeCardFor(t, emp);
    expect((await put(t, '/api/card/toggle/', emp.auth, { is_active: false })).json().status).toBe('blocked');
    expect(await issuerSandbox(t).spend(card.id, 100n, 'Café')).toBe('refused');
    expect((await put(t, '/api/card/toggle/', emp.auth, { is_active: true })).json().status).toBe('active');
    const created = await post(t, '/api/advances/', emp.auth, { amount: 300, payout_method: 'card' });
    expect(created.statusCode, created.body).toBe(201);
    await t.ctx.jobs.drain();
    expect(await issuerSandbox(t).spend(card.id, 5_000n, 'Café')).toBe('ok');
    const activity = (await get(t, '/api/card/transactions', emp.auth)).json();
    expect(activity).toMatchObject({ total_credit: '300.00', total_debit: '50.00', balance: '250.00' });
  });
});

describe('who may download the contracts', () => {
  it('HR of the company gets both; another company’s HR and another employee do not; each download is logged', async () => {
    const emp = await a.employee();
    const { card } = await activeCardFor(t, emp);
    for (const kind of ['unsigned', 'signed']) {
      const res = await get(t, `/api/employees/${emp.employee.id}/card/${kind}_contract`, a.rh.auth);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      const foreign = await get(t, `/api/employees/${emp.employee.id}/card/${kind}_contract`, b.rh.auth);
      expect(foreign.statusCode).toBe(404);
      const colleague = await a.employee();
      const plain = await get(t, `/api/employees/${emp.employee.id}/card/${kind}_contract`, colleague.auth);
      expect(plain.statusCode).toBe(403);
    }
    const log = await t.db
      .select()
      .from(cardDocumentDownloads)
      .where(eq(cardDocumentDownloads.cardId, card.id));
    expect(log.filter((l) => l.downloadedBy === a.rh.user.id).map((l) => [l.document, l.outcome])).toEqual([
      ['unsigned_contract', 'allowed'],
      ['signed_contract', 'allowed'],
    ]);
    expect(log.every((l) => l.companyId === a.company.id && l.employeeId === emp.employee.id)).toBe(true);
  });

  it('a drawn signature bigger than the box is scaled into it', async () => {
    const emp = await a.employee();
    await cardReadyToSign(t, emp);
    const res = await sign(emp, signatureDataUrl(drawnSignaturePng(1200, 400)));
    expect(res.statusCode, res.body).toBe(200);
  });
});
