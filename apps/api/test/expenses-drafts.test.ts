import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expenses } from '../src/db/schema/expenses.ts';
import { shutdownOcr } from '../src/lib/ocr/recognize.ts';
import { createTenant, type Person, type Tenant } from './advances-helpers.ts';
import { addGroup } from './employees-helpers.ts';
import { pdfNamedPng } from './support/cin-images.ts';
import { DEFAULT_RECEIPT, drawReceipt, receiptTotal } from './support/receipt-images.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** Expenses as drafts (issue 15, part 4): receipt upload and OCR, create, list, edit, delete, bulk delete. */
let t: TestApp;
let a: Tenant;
let other: Tenant;
let me: Person;
let colleague: Person;
let receipt: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t);
  other = await createTenant(t);
  const sales = await addGroup(t, a.company.id, 'Commerciaux');
  me = await a.employee({ employee: { groupId: sales.id } });
  colleague = await a.employee();
  receipt = await drawReceipt();
  await t.app.inject({
    method: 'POST',
    url: '/api/expenses/policy_items/bulk_save/',
    headers: a.drh.auth,
    payload: { items: [{ group: sales.id, category: 'food', ceiling: '100' }] },
  });
});
afterAll(async () => {
  await shutdownOcr();
  await t?.close();
});

type Fields = Record<string, string>;
const FIELDS: Fields = {
  title: 'Déjeuner client',
  category: 'food',
  expense_date: '2026-11-24',
  amount: '115,40',
  guests: '0',
};

async function multipart(fields: Fields, file?: { name: string; data: Buffer; type?: string }) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file)
    form.append(
      'receipt',
      new Blob([new Uint8Array(file.data)], { type: file.type ?? 'image/png' }),
      file.name,
    );
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

async function send(
  method: 'POST' | 'PATCH',
  url: string,
  who: Person,
  fields: Fields,
  file?: { name: string; data: Buffer },
) {
  const body = await multipart(fields, file);
  return t.app.inject({ method, url, headers: { ...who.auth, ...body.headers }, payload: body.payload });
}
const create = (
  who: Person,
  fields: Fields = FIELDS,
  data = receipt,
  name = 'ticket-du-cafe-de-la-gare-24-novembre.png',
) => send('POST', '/api/expenses/', who, fields, { name, data });
const call = (
  method: 'GET' | 'DELETE' | 'PATCH',
  url: string,
  who: { auth: Record<string, string> },
  payload?: object,
) => t.app.inject({ method, url, headers: who.auth, payload });
const errors = (body: string) =>
  (JSON.parse(body) as { errors: { code: string; attr: string | null }[] }).errors.map(
    (e) => `${e.attr}:${e.code}`,
  );

describe('receipt reading', () => {
  it('reads the total, date and merchant of a photographed ticket and stores nothing', async () => {
    const body = await multipart({}, { name: 'ticket.png', data: receipt });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/expenses/receipts/scan/',
      headers: { ...me.auth, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      read: true,
      amount: (receiptTotal(DEFAULT_RECEIPT) / 100).toFixed(2),
      date: DEFAULT_RECEIPT.date,
      merchant: DEFAULT_RECEIPT.merchant,
    });
  }, 60_000);

  it('refuses a disguised file by its content, in French', async () => {
    const body = await multipart({}, { name: 'ticket.png', data: pdfNamedPng().bytes });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/expenses/receipts/scan/',
      headers: { ...me.auth, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({ attr: 'receipt', code: 'INVALID_RECEIPT' });
    expect(response.json().errors[0].detail).toContain('PNG, JPG ou JPEG');
  });
});

describe('draft expenses', () => {
  it('creates a draft with its receipt (thumbnail and full size, private), the ceiling and the refund shown', async () => {
    const response = await create(me, {
      ...FIELDS,
      ocr_amount: '115.40',
      ocr_date: '2026-11-24',
      ocr_merchant: 'CAFE',
    });
    expect(response.statusCode, response.body).toBe(201);
    const expense = response.json();
    expect(expense).toMatchObject({
      title: 'Déjeuner client',
      category: 'food',
      category_label: 'Restauration',
      expense_date: '2026-11-24',
      amount: '115.40',
      guests: 0,
      status: 'draft',
      report: null,
      receipt: {
        name: 'ticket-du-cafe-de-la-gare-24-novembre.png',
        display_name: 'ticket-du-cafe-….png',
        type: 'image/png',
      },
      ceiling: '100.00',
      refundable_amount: '100.00',
      refund_reason: 'ceiling',
      refund_reason_label: 'Plafond journalier de la catégorie atteint',
    });
    expect(expense.receipt.display_name).toHaveLength(20);
    const [row] = await t.db.select().from(expenses).where(eq(expenses.id, expense.id));
    expect(row).toMatchObject({
      ocrAmountCentimes: 11_540n,
      ocrDate: '2026-11-24',
      ocrMerchant: 'CAFE',
      amountCentimes: 11_540n,
    });

    const full = await call('GET', `/api/expenses/${expense.id}/receipt/`, me);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/png');
    expect(full.headers['content-disposition']).toContain('attachment');
    expect(full.headers['x-content-type-options']).toBe('nosniff');
    const thumb = await call('GET', `/api/expenses/${expense.id}/receipt/?size=thumbnail`, me);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(320);
    // HR of the company may open it; a colleague or another company may not.
    expect((await call('GET', `/api/expenses/${expense.id}/receipt/`, a.rh)).statusCode).toBe(200);
    expect((await call('GET', `/api/expenses/${expense.id}/receipt/`, colleague)).statusCode).toBe(404);
    expect((await call('GET', `/api/expenses/${expense.id}/`, colleague)).statusCode).toBe(404);
    expect((await call('GET', `/api/expenses/${expense.id}/`, other.rh)).statusCode).toBe(404);
  });

  it('two meals on one day share the ceiling; guests multiply it', async () => {
    const day = { ...FIELDS, expense_date: '2026-11-20' };
    const first = (await create(me, { ...day, amount: '60' })).json();
    const second = (await create(me, { ...day, amount: '70' })).json();
    const dinner = (
      await create(me, { ...day, expense_date: '2026-11-21', amount: '250', guests: '2' })
    ).json();
    expect([first.refundable_amount, first.refund_reason]).toEqual(['60.00', null]);
    expect([second.refundable_amount, second.refund_reason]).toEqual(['40.00', 'ceiling_shared']);
    expect([dinner.ceiling, dinner.refundable_amount]).toEqual(['300.00', '250.00']);
    const list = await call('GET', '/api/expenses/?limit=2', me);
    expect(list.json().count).toBeGreaterThanOrEqual(4);
    expect(list.json().results.map((e: { id: number }) => e.id)).toEqual([dinner.id, second.id]);
  });

  it('refuses a missing or bad receipt and bad fields with 400 in French', async () => {
    const noFile = await send('POST', '/api/expenses/', me, FIELDS);
    expect(errors(noFile.body)).toEqual(['receipt:RECEIPT_REQUIRED']);
    const pdf = await create(me, FIELDS, pdfNamedPng().bytes, 'recu.png');
    expect(errors(pdf.body)).toEqual(['receipt:INVALID_RECEIPT']);
    const jpeg = await sharp(receipt).jpeg().toBuffer();
    const cut = await create(me, FIELDS, jpeg.subarray(0, jpeg.length / 2), 'recu.jpg');
    expect(errors(cut.body)).toEqual(['receipt:INVALID_RECEIPT']);
    const huge = await create(me, FIELDS, Buffer.concat([jpeg, Buffer.alloc(10 * 1024 * 1024)]), 'big.jpg');
    expect(huge.statusCode).toBe(400);
    expect(errors(huge.body)).toEqual(['receipt:INVALID_RECEIPT']);
    const bad = await create(me, {
      title: ' ',
      category: 'taxi',
      expense_date: '2026-02-30',
      amount: '-3',
      guests: '10',
    });
    expect(bad.statusCode).toBe(400);
    expect(errors(bad.body).sort()).toEqual(
      [
        'amount:invalid',
        'category:invalid_choice',
        'expense_date:invalid',
        'guests:max_value',
        'title:blank',
      ].sort(),
    );
    const tooMuch = await create(me, { ...FIELDS, amount: '1000000.01' });
    expect(tooMuch.statusCode).toBe(400);
  });

  it('edits and deletes an own draft; never another employee’s; never a sent one', async () => {
    const draft = (await create(me)).json();
    const patched = await call('PATCH', `/api/expenses/${draft.id}/`, me, {
      amount: '80',
      title: 'Déjeuner',
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ amount: '80.00', title: 'Déjeuner', category: 'food' });
    const newPhoto = await send(
      'PATCH',
      `/api/expenses/${draft.id}/`,
      me,
      { guests: '1' },
      { name: 'autre.jpg', data: await sharp(receipt).jpeg().toBuffer() },
    );
    expect(newPhoto.json()).toMatchObject({ guests: 1, receipt: { name: 'autre.jpg', type: 'image/jpeg' } });

    expect((await call('PATCH', `/api/expenses/${draft.id}/`, colleague, { amount: '1' })).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', `/api/expenses/${draft.id}/`, colleague)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/expenses/${draft.id}/`, other.rh)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/expenses/${draft.id}/`, a.rh, { amount: '1' })).statusCode).toBe(404);

    await t.db.update(expenses).set({ status: 'sent' }).where(eq(expenses.id, draft.id));
    const locked = await call('PATCH', `/api/expenses/${draft.id}/`, me, { amount: '1' });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().errors[0].code).toBe('EXPENSE_NOT_EDITABLE');
    expect((await call('DELETE', `/api/expenses/${draft.id}/`, me)).statusCode).toBe(409);
    await t.db.update(expenses).set({ status: 'returned' }).where(eq(expenses.id, draft.id));
    expect((await call('PATCH', `/api/expenses/${draft.id}/`, me, { amount: '75' })).json().status).toBe(
      'returned',
    );
    expect((await call('DELETE', `/api/expenses/${draft.id}/`, me)).statusCode).toBe(204);
    expect((await call('GET', `/api/expenses/${draft.id}/`, me)).statusCode).toBe(404);
  });

  it('bulk deletes own drafts only, all or none, at least one id', async () => {
    const [d1, d2, d3] = await Promise.all([create(me), create(me), create(me)]).then((rs) =>
      rs.map((r) => r.json().id as number),
    );
    const theirs = (await create(colleague)).json().id as number;
    const url = (ids: (number | string | undefined)[]) => `/api/expenses/bulk_delete/?ids=${ids.join(',')}`;

    expect(errors((await call('DELETE', '/api/expenses/bulk_delete/', me)).body)).toEqual(['ids:min_length']);
    expect(errors((await call('DELETE', url([d1, theirs]), me)).body)).toEqual(['ids:does_not_exist']);
    expect((await call('DELETE', url([d1, 99_999_999_999]), me)).statusCode).toBe(400);
    await t.db.update(expenses).set({ status: 'returned' }).where(eq(expenses.id, d3!));
    expect(errors((await call('DELETE', url([d1, d3!]), me)).body)).toEqual(['ids:EXPENSE_NOT_DRAFT']);
    expect((await call('GET', `/api/expenses/${d1}/`, me)).statusCode).toBe(200); // none deleted

    const done = await call('DELETE', url([d1!, d2!, d1!]), me);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ deleted: 2 });
    expect((await call('GET', `/api/expenses/${theirs}/`, colleague)).statusCode).toBe(200);
  });

  it('lists only the caller’s own, filtered by status', async () => {
    const mine = await call('GET', '/api/expenses/?status=draft', me);
    expect(
      mine
        .json()
        .results.every(
          (e: { employee: { id: number }; status: string }) =>
            e.employee.id === me.employee.id && e.status === 'draft',
        ),
    ).toBe(true);
    const theirs = await call('GET', '/api/expenses/', other.rh);
    expect(theirs.json().count).toBe(0);
    expect((await call('GET', '/api/expenses/?status=paid', me)).statusCode).toBe(400);
  });
});
