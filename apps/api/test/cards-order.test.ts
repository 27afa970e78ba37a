import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardDocumentDownloads, cardOrders } from '../src/db/schema/cards.ts';
import { deleteExpiredCinImages } from '../src/modules/cards/retention.ts';
import { createTenant, get, type Person, type Tenant } from './advances-helpers.ts';
import { lastOtpSentTo, messagesTo } from './auth-test-utils.ts';
import { activeCardFor, cardRow, multipartBody, ORDER_FIELDS, TINY_PNG } from './cards-helpers.ts';
import { createActiveCard, uniquePhone } from './factories.ts';
import { CIN_PERSON, cinPerson, drawCinBack, drawCinFront, OTHER_CIN_PERSON } from './support/cin-images.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
let a: Tenant;
let b: Tenant;
let front: Buffer;
let back: Buffer;

// The OCR of both sides runs for real: seconds per order on a busy machine.
const OCR_TIMEOUT = 180_000;

beforeAll(async () => {
  t = await createTestApp({
    CARD_ISSUER_SANDBOX_ASSIGN_SECONDS: 3600,
    CARD_ISSUER_SANDBOX_DELIVER_SECONDS: 3600,
  });
  a = await createTenant(t);
  b = await createTenant(t);
  front = await drawCinFront(CIN_PERSON);
  back = await drawCinBack(CIN_PERSON);
}, OCR_TIMEOUT);
afterAll(() => t.close());

const codeOf = (res: { json(): unknown }) =>
  (res.json() as { errors: Array<{ code: string }> }).errors[0]?.code;

async function order(
  who: Person,
  fields: Record<string, string> = ORDER_FIELDS,
  files: Record<string, Buffer> = { cin_front: front, cin_back: back },
) {
  const body = await multipartBody(fields, files);
  return t.app.inject({
    method: 'POST',
    url: '/api/card/order/',
    headers: { ...who.auth, ...body.headers },
    payload: body.payload,
  });
}

async function orderRow(id: number) {
  const [row] = await t.db.select().from(cardOrders).where(eq(cardOrders.id, id));
  return row!;
}

describe('POST /card/order/: the form', () => {
  it('names each missing or wrong part with the spec’s codes, before anything is stored', async () => {
    const emp = await a.employee();
    let res = await order(emp, ORDER_FIELDS, { cin_back: back });
    expect(res.json().errors[0]).toMatchObject({ attr: 'cin_front', code: 'MISSING_FRONT' });
    res = await order(emp, ORDER_FIELDS, { cin_front: front });
    expect(res.json().errors[0]).toMatchObject({ attr: 'cin_back', code: 'MISSING_BACK' });
    // A PDF renamed .png is refused by its content.
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF');
    res = await order(emp, ORDER_FIELDS, { cin_front: pdf, cin_back: back });
    expect(res.json().errors[0]).toMatchObject({ attr: 'cin_front', code: 'INVALID_FILES' });
    res = await order(emp, { ...ORDER_FIELDS, zip: '00123' });
    expect(res.json().errors[0]).toMatchObject({ attr: 'zip', code: 'INVALID_ZIP' });
    res = await order(emp, { ...ORDER_FIELDS, zip: '2033' });
    expect(res.json().errors[0]).toMatchObject({ attr: 'zip', code: 'INVALID_ZIP' });
    res = await order(emp, { ...ORDER_FIELDS, city: '9999' });
    expect(res.json().errors[0]).toMatchObject({ attr: 'city', code: 'does_not_exist' });
    const { address: _address, ...noAddress } = ORDER_FIELDS;
    res = await order(emp, noAddress);
    expect(res.json().errors[0]).toMatchObject({ attr: 'address', code: 'required' });
    expect(await t.db.select().from(cardOrders).where(eq(cardOrders.employeeId, emp.employee.id))).toEqual(
      [],
    );
  });

  it('PHONE_MISSING without a confirmed phone; EMPLOYEE_HAS_CARD with a card', async () => {
    const noPhone = await a.employee({ phone: null });
    expect(codeOf(await order(noPhone))).toBe('PHONE_MISSING');
    const holder = await a.employee();
    await createActiveCard(t.db, a.company.id, holder.employee.id);
    expect(codeOf(await order(holder))).toBe('EMPLOYEE_HAS_CARD');
  });
});

describe('POST /card/order/: the CIN check, off the request thread', () => {
  it(
    'answers at once with the order under check; the check accepts it and the card is ordered from the issuer',
    async () => {
      const emp = await a.employee({ cin: CIN_PERSON.cin });
      const res = await order(emp);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({
        status: 'checking',
        zip: '20330',
        city_name: 'Casablanca',
        phone: emp.user.phone,
      });
      const id = res.json().id as number;

      // While it is checked, a second order is EMPLOYEE_HAS_CARD_ORDER and the screen can poll.
      expect(codeOf(await order(emp))).toBe('EMPLOYEE_HAS_CARD_ORDER');
      const polled = (await get(t, `/api/card/order/${id}`, emp.auth)).json();
      expect(polled.progress).toBeGreaterThanOrEqual(0);
      expect(['checking', 'accepted']).toContain(polled.status);

      await t.ctx.jobs.drain();
      const done = (await get(t, `/api/card/order/${id}`, emp.auth)).json();
      expect(done).toMatchObject({ status: 'accepted', step: 'done', progress: 1, error_code: null });
      const row = await orderRow(id);
      expect(row.reading).toMatchObject({
        cin: CIN_PERSON.cin,
        lastName: CIN_PERSON.lastName,
        expiry: CIN_PERSON.expiry,
      });
      const state = (await get(t, '/api/card/', emp.auth)).json();
      expect(state.card).toMatchObject({ status: 'ordered' });
      expect((await cardRow(t, row.cardId!)).issuerReference).toMatch(/^ISS-/);
      expect(codeOf(await order(emp))).toBe('EMPLOYEE_HAS_CARD_ORDER');

      // Another employee cannot poll it.
      const other = await a.employee();
      expect((await get(t, `/api/card/order/${id}`, other.auth)).statusCode).toBe(404);
    },
    OCR_TIMEOUT,
  );

  it(
    'someone else’s CIN is CIN_MISMATCH: the order is refused with its code and its images deleted at once',
    async () => {
      const emp = await a.employee({ cin: 'QA778899' });
      const res = await order(emp, ORDER_FIELDS, {
        cin_front: await drawCinFront(OTHER_CIN_PERSON),
        cin_back: await drawCinBack(OTHER_CIN_PERSON),
      });
      expect(res.statusCode, res.body).toBe(201);
      await t.ctx.jobs.drain();
      const done = (await get(t, `/api/card/order/${res.json().id}`, emp.auth)).json();
      expect(done).toMatchObject({ status: 'refused', error_code: 'CIN_MISMATCH' });
      expect(done.error_detail).toBe('La CIN ne correspond pas à celle de votre compte.');
      const row = await orderRow(res.json().id);
      expect(row).toMatchObject({ cinFrontKey: null, cinBackKey: null, cardId: null });
      expect(row.cinImagesDeletedAt).not.toBeNull();
      // The refused order is shown on GET /card/ (its outcome), and a new order may follow.
      expect((await get(t, '/api/card/', emp.auth)).json().order).toMatchObject({ status: 'refused' });
    },
    OCR_TIMEOUT,
  );
});

describe('CIN images: private, authorised, logged, deleted after activation', () => {
  it('go to their owner and HR of the company only; refused attempts are logged', async () => {
    const emp = await a.employee();
    const { order: o } = await activeCardFor(t, emp);
    const url = `/api/card/orders/${o.id}/cin/front`;
    const res = await get(t, url, emp.auth);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="cin-recto-commande-\d+\.png"/);
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(res.rawPayload.equals(TINY_PNG)).toBe(true);
    expect((await get(t, `/api/card/orders/${o.id}/cin/back`, a.rh.auth)).statusCode).toBe(200);

    const colleague = await a.employee();
    expect((await get(t, url, colleague.auth)).statusCode).toBe(404);
    expect((await get(t, url, b.rh.auth)).statusCode).toBe(404);
    expect((await get(t, `/api/card/orders/${o.id}/cin/side`, emp.auth)).statusCode).toBe(400);

    const log = await t.db
      .select()
      .from(cardDocumentDownloads)
      .where(eq(cardDocumentDownloads.orderId, o.id));
    expect(log.map((l) => [l.downloadedBy, l.document, l.outcome])).toEqual([
      [emp.user.id, 'cin_front', 'allowed'],
      [a.rh.user.id, 'cin_back', 'allowed'],
      [colleague.user.id, 'cin_front', 'refused'],
      [b.rh.user.id, 'cin_front', 'refused'],
    ]);
  });

  it('are deleted CIN_IMAGE_RETENTION_DAYS after the card became active, not before', async () => {
    const emp = await a.employee();
    const { card, order: o } = await activeCardFor(t, emp);
    const activated = (await cardRow(t, card.id)).activatedAt!;
    const days = t.ctx.config.CIN_IMAGE_RETENTION_DAYS;
    await deleteExpiredCinImages(
      t.db,
      t.ctx.storage,
      new Date(activated.getTime() + (days - 1) * 86_400_000),
      days,
    );
    expect((await orderRow(o.id)).cinFrontKey).not.toBeNull();
    await deleteExpiredCinImages(
      t.db,
      t.ctx.storage,
      new Date(activated.getTime() + (days + 1) * 86_400_000),
      days,
    );
    const row = await orderRow(o.id);
    expect(row).toMatchObject({ cinFrontKey: null, cinBackKey: null });
    await expect(t.ctx.storage.get(o.cinFrontKey!)).rejects.toThrow();
    const res = await get(t, `/api/card/orders/${o.id}/cin/front`, emp.auth);
    expect(res.statusCode).toBe(404);
    expect(codeOf(res)).toBe('CIN_IMAGES_DELETED');
    // The reading stays: the identity the card was issued to.
    expect(row.reading).not.toBeNull();
  });
});

describe('POST /onboarding/: the order from the link', () => {
  it(
    'takes the same form with the confirmed phone, spends the link, and can be polled with it',
    async () => {
      const person = cinPerson({
        cin: 'BK246813',
        documentNumber: 'ZT5500123',
        lastName: 'TAZI',
        firstName: 'AMINE',
      });
      const emp = await a.employee({ cin: person.cin, phone: null });
      let res = await t.app.inject({
        method: 'POST',
        url: `/api/employees/${emp.employee.id}/card/onboarding_link/`,
        headers: a.rh.auth,
        payload: { channels: ['email'] },
      });
      expect(res.statusCode, res.body).toBe(200);
      const [mail] = await messagesTo(t, emp.user.email!, 'email');
      const token = decodeURIComponent(/token=([^\s)]+)/.exec(mail!.body)![1]!);
      const phone = uniquePhone();
      const flow = (
        await t.app.inject({
          method: 'POST',
          url: '/api/onboarding/request_otp/',
          payload: { onboarding_token: token, phone },
        })
      ).json().token;
      const otp = await lastOtpSentTo(t, phone);
      const phoneToken = (
        await t.app.inject({
          method: 'POST',
          url: '/api/onboarding/verify_otp/',
          payload: { token: flow, otp },
        })
      ).json().phone_token as string;

      const post = async (fields: Record<string, string>) => {
        const body = await multipartBody(fields, {
          cin_front: await drawCinFront(person),
          cin_back: await drawCinBack(person),
        });
        return t.app.inject({
          method: 'POST',
          url: '/api/onboarding/',
          headers: body.headers,
          payload: body.payload,
        });
      };
      res = await post({ ...ORDER_FIELDS, token, phone_token: 'not-the-one' });
      expect(codeOf(res)).toBe('PHONE_MISSING');
      res = await post({ ...ORDER_FIELDS, token, phone_token: phoneToken });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ status: 'checking', phone });
      const id = res.json().id as number;

      // Single use: the same link cannot order again.
      res = await post({ ...ORDER_FIELDS, token, phone_token: phoneToken });
      expect(codeOf(res)).toBe('INVALID_TOKEN');

      await t.ctx.jobs.drain();
      const polled = await get(
        t,
        `/api/onboarding/orders/${id}?token=${encodeURIComponent(token)}&phone_token=${phoneToken}`,
        {},
      );
      expect(polled.statusCode, polled.body).toBe(200);
      expect(polled.json()).toMatchObject({ status: 'accepted', progress: 1 });
      const wrong = await get(
        t,
        `/api/onboarding/orders/${id}?token=${encodeURIComponent(token)}&phone_token=nope`,
        {},
      );
      expect(codeOf(wrong)).toBe('INVALID_TOKEN');
    },
    OCR_TIMEOUT,
  );
});
