import type { TPayslip } from '@tasbiq/contracts/payslips';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employeeAuditEntries } from '../src/db/schema/audit.ts';
import { companies } from '../src/db/schema/companies.ts';
import { employees } from '../src/db/schema/employees.ts';
import { notifications } from '../src/db/schema/notifications.ts';
import { payslipDownloads, payslips } from '../src/db/schema/payslips.ts';
import { bearerFor } from './auth-helpers.ts';
import { payrollCompany, upload } from './payslips/payslip-test-kit.ts';
import {
  type PageSpec,
  payrollPdfWithPdfKit,
  payrollPdfWithPdfLib,
  slipFigures,
} from './payslips/slip-pdf.ts';
import { drawPage } from './support/text-image.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const get = (url: string, headers: Headers) => t.app.inject({ url, headers });
const post = (url: string, headers: Headers, payload: object) =>
  t.app.inject({ method: 'POST', url, headers, payload });

async function extracted(headers: Headers, pdf: Buffer) {
  const res = await upload(t, headers, pdf);
  expect(res.statusCode, res.body).toBe(201);
  await t.ctx.jobs.drain();
  const jobId = res.json().id as number;
  const slips = (await get(`/api/fiches/jobs/${jobId}/fiches/?limit=100`, headers)).json()
    .results as TPayslip[];
  return { jobId, slips };
}

/** A company whose payroll file has a slip for two employees, the RH, the DRH, and an unknown CIN. */
async function november() {
  const c = await payrollCompany(t, 3);
  const rhPerson = {
    firstName: 'Nadia',
    lastName: 'Chraibi',
    cin: c.rh.user.cin,
    serial: c.rh.employee.serial,
  };
  const drhPerson = {
    firstName: 'Hicham',
    lastName: 'Tazi',
    cin: c.drh.user.cin,
    serial: c.drh.employee.serial,
  };
  const pages: PageSpec[] = [
    { person: c.people[0]!.person, month: 11, year: 2026, gross: 9_000 },
    { person: c.people[1]!.person, month: 11, year: 2026 },
    { person: rhPerson, month: 11, year: 2026 },
    { person: drhPerson, month: 11, year: 2026 },
    { person: { firstName: 'X', lastName: 'Y', cin: 'ZZ000001', serial: null }, month: 11, year: 2026 },
  ];
  const { jobId, slips } = await extracted(c.hr, await payrollPdfWithPdfLib(pages));
  return { ...c, jobId, slips, employee: (i: number) => bearerFor(t, c.people[i]!.user.id) };
}

describe('bulk confirmation of a job', () => {
  it('publishes what the caller may publish and says why the others were skipped (four eyes)', async () => {
    const c = await november();
    const byRh = await post(`/api/fiches/jobs/${c.jobId}/confirm/`, c.hr, { approve: true });
    expect(byRh.statusCode, byRh.body).toBe(200);
    expect(byRh.json().approved).toBe(2);
    expect(byRh.json().skipped.map((s: { code: string }) => s.code)).toEqual([
      'FICHE_ABOUT_SELF',
      'FICHE_DRH_PROTECTED',
      'FICHE_UNMATCHED',
    ]);
    const byDrh = await post(`/api/fiches/jobs/${c.jobId}/confirm/`, c.drhHeaders, { approve: true });
    expect(byDrh.json()).toMatchObject({
      approved: 1,
      skipped: [{ code: 'FICHE_ABOUT_SELF' }, { code: 'FICHE_UNMATCHED' }],
    });
    const job = (await get(`/api/fiches/jobs/${c.jobId}/`, c.hr)).json();
    expect(job).toMatchObject({ approved: 3, confirmed: false });

    // The employee is told, with the period in words.
    const [note] = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, c.people[0]!.user.id));
    expect(note).toMatchObject({
      event: 'fiche_published',
      parameters: { period: 'novembre 2026', fiche_id: c.slips[0]!.id },
    });
  });

  it('a slip cannot be approved twice, nor by its own employee, and discarding closes the job', async () => {
    const c = await november();
    const own = c.slips.find((s) => s.employee?.id === c.rh.employee.id)!;
    const self = await post(`/api/fiches/${own.id}/approve/`, c.hr, { approve: true });
    expect(self.statusCode).toBe(403);
    expect(self.json().errors[0].code).toBe('FICHE_ABOUT_SELF');
    expect(
      (await post(`/api/fiches/${c.slips[0]!.id}/approve/`, c.hr, { approve: true })).json(),
    ).toMatchObject({
      status: 'approved',
      approved: true,
    });
    const again = await post(`/api/fiches/${c.slips[0]!.id}/approve/`, c.drhHeaders, { approve: true });
    expect(again.json().errors[0].code).toBe('FICHE_NOT_PENDING');
    const rest = await post(`/api/fiches/jobs/${c.jobId}/confirm/`, c.drhHeaders, { approve: false });
    expect(rest.json()).toMatchObject({ approved: 0, skipped: [] });
    expect((await get(`/api/fiches/jobs/${c.jobId}/`, c.hr)).json()).toMatchObject({
      confirmed: true,
      approved: 1,
    });
  });
});

describe('an unmatched slip', () => {
  it('is matched by hand to an employee of the company, then published', async () => {
    const c = await november();
    const unknown = c.slips.find((s) => s.status === 'unmatched')!;
    const other = await payrollCompany(t, 1);
    const foreign = await post(`/api/fiches/${unknown.id}/match/`, c.hr, {
      employee: other.people[0]!.employee.id,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors[0]).toMatchObject({ attr: 'employee', code: 'does_not_exist' });
    const matched = await post(`/api/fiches/${unknown.id}/match/`, c.hr, {
      employee: c.people[2]!.employee.id,
    });
    expect(matched.json()).toMatchObject({
      status: 'pending',
      match: 'manual',
      confidence: 100,
      employee: { id: c.people[2]!.employee.id },
    });
    expect((await post(`/api/fiches/${unknown.id}/approve/`, c.hr, { approve: true })).json().approved).toBe(
      true,
    );
  });
});

describe('the employee', () => {
  it('sees, downloads (logged, with a clear name) and confirms only their own approved slips', async () => {
    const c = await november();
    await post(`/api/fiches/jobs/${c.jobId}/confirm/`, c.hr, { approve: true, fiches: [c.slips[0]!.id] });
    const salma = await c.employee(0);
    const youssef = await c.employee(1);

    const mine = (await get('/api/fiches/?year=2026', salma)).json();
    expect(mine.count).toBe(1);
    expect(mine.results[0]).toMatchObject({ id: c.slips[0]!.id, month: 11, year: 2026, approved: true });
    expect(mine.results[0].file_name).toBe(
      `Fiche-de-paie-2026-11-${c.people[0]!.person.lastName.replace(/ /g, '-')}-Salma.pdf`,
    );
    // Youssef's slip is not approved yet: not listed, 404 on download.
    expect((await get('/api/fiches/', youssef)).json().count).toBe(0);
    expect((await get(`/api/fiches/${c.slips[1]!.id}/download/`, youssef)).statusCode).toBe(404);
    // Another employee's approved slip: 404, same as a missing one.
    expect((await get(`/api/fiches/${c.slips[0]!.id}/download/`, youssef)).statusCode).toBe(404);
    expect((await get(`/api/fiches/${c.slips[0]!.id}/confirm`, youssef)).statusCode).toBe(404);

    const file = await get(`/api/fiches/${c.slips[0]!.id}/download/`, salma);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain('Fiche-de-paie-2026-11-');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const logged = await t.db
      .select()
      .from(payslipDownloads)
      .where(eq(payslipDownloads.payslipId, c.slips[0]!.id));
    expect(logged).toMatchObject([{ userId: c.people[0]!.user.id, audience: 'employee' }]);

    const confirmed = await get(`/api/fiches/${c.slips[0]!.id}/confirm`, salma);
    expect(confirmed.json().received_at).not.toBeNull();
    const hrView = (await get(`/api/fiches/?month=11&year=2026&approved=true`, c.hr)).json();
    expect(hrView.results).toMatchObject([{ id: c.slips[0]!.id, received_at: expect.any(String) }]);
    expect((await get('/api/stats/rh/fiches?month=11&year=2026', c.hr)).json()).toEqual({
      month: 11,
      year: 2026,
      total: 5,
      approved: 1,
      pending: 3,
      unmatched: 1,
      received: 1,
      not_received: 0,
      downloads: 1,
      jobs_in_progress: 0,
    });
  });

  it("stats/rh/fiches is refused when the company's fiches feature is off, like the other features' figures", async () => {
    const c = await payrollCompany(t, 1);
    const url = '/api/stats/rh/fiches?month=11&year=2026';
    expect((await get(url, c.hr)).statusCode).toBe(200);
    await t.db.update(companies).set({ fichesEnabled: false }).where(eq(companies.id, c.company.id));
    const off = await get(url, c.hr);
    expect(off.statusCode).toBe(403);
    expect(off.json()).toMatchObject({ type: 'client_error', errors: [{ code: 'permission_denied' }] });
    await t.db.update(companies).set({ fichesEnabled: true }).where(eq(companies.id, c.company.id));
    expect((await get(url, c.hr)).statusCode).toBe(200);
  });

  it('an HR person of another company sees none of it', async () => {
    const c = await november();
    const other = await payrollCompany(t, 1);
    const id = c.slips[0]!.id;
    for (const res of [
      await get(`/api/fiches/jobs/${c.jobId}/`, other.hr),
      await get(`/api/fiches/jobs/${c.jobId}/fiches/`, other.hr),
      await get(`/api/fiches/${id}/download/`, other.hr),
      await post(`/api/fiches/${id}/approve/`, other.hr, { approve: true }),
      await post(`/api/fiches/${id}/match/`, other.hr, { employee: other.people[0]!.employee.id }),
      await post(`/api/fiches/jobs/${c.jobId}/confirm/`, other.hr, { approve: true }),
    ])
      expect(res.statusCode).toBe(404);
    expect((await get('/api/fiches/', other.hr)).json().count).toBe(0);
  });
});

describe('the approved net pay', () => {
  it('never publishes to nor feeds the net of another company’s employee (a slip pointing outside its company)', async () => {
    const c = await payrollCompany(t, 1);
    const other = await payrollCompany(t, 1);
    const stranger = other.people[0]!;
    const job = await extracted(
      c.hr,
      await payrollPdfWithPdfLib([{ person: c.people[0]!.person, month: 11, year: 2026, gross: 9_000 }]),
    );
    // Whatever wrote it (a bug, a hand edit), the slip names an employee of another company.
    await t.db
      .update(payslips)
      .set({ employeeId: stranger.employee.id })
      .where(eq(payslips.id, job.slips[0]!.id));
    const single = await post(`/api/fiches/${job.slips[0]!.id}/approve/`, c.hr, { approve: true });
    expect(single.statusCode).toBe(400);
    expect(single.json().errors[0].code).toBe('FICHE_UNMATCHED');
    const bulk = await post(`/api/fiches/jobs/${job.jobId}/confirm/`, c.hr, { approve: true });
    expect(bulk.json()).toMatchObject({ approved: 0, skipped: [{ code: 'FICHE_UNMATCHED' }] });
    const [row] = await t.db.select().from(employees).where(eq(employees.id, stranger.employee.id));
    expect(row!.netPayableCentimes).toBe(0n);
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, stranger.user.id))).toEqual(
      [],
    );
  });

  it('feeds balance method 3 (the employee’s earned amount), audited, and an older month does not move it back', async () => {
    const c = await payrollCompany(t, 1);
    const person = c.people[0]!;
    const salma = await bearerFor(t, person.user.id);
    expect((await get('/api/employees/solde', salma)).json().earned).toBe('0.00');

    const october = await extracted(
      c.hr,
      await payrollPdfWithPdfKit([{ person: person.person, month: 10, year: 2026, gross: 7_000 }]),
    );
    const november = await extracted(
      c.hr,
      await payrollPdfWithPdfLib([{ person: person.person, month: 11, year: 2026, gross: 9_000 }]),
    );
    await post(`/api/fiches/jobs/${november.jobId}/confirm/`, c.hr, { approve: true });
    const net = slipFigures(9_000).net;
    expect((await get('/api/employees/solde', salma)).json().earned).toBe((net / 100).toFixed(2));

    await post(`/api/fiches/jobs/${october.jobId}/confirm/`, c.hr, { approve: true });
    const [row] = await t.db.select().from(employees).where(eq(employees.id, person.employee.id));
    expect(row!.netPayableCentimes).toBe(BigInt(net));
    const audit = await t.db
      .select()
      .from(employeeAuditEntries)
      .where(
        and(
          eq(employeeAuditEntries.employeeId, person.employee.id),
          eq(employeeAuditEntries.field, 'net_payable'),
        ),
      );
    expect(audit).toMatchObject([
      { oldValue: '0.00', newValue: (net / 100).toFixed(2), changedBy: c.rh.user.id },
    ]);
  });
});

describe('a scanned slip', () => {
  it('is read by the offline OCR and matched, with a confidence below a text page', async () => {
    const c = await payrollCompany(t, 1);
    const p = c.people[0]!.person;
    const image = await drawPage(
      [
        'ATLAS DISTRIBUTION SARL',
        'BULLETIN DE PAIE',
        'Période : Novembre 2026',
        `Matricule : ${p.serial}`,
        `CIN : ${p.cin}`,
        'Salaire brut 8 000,00',
        'Net à payer 7 205,36',
      ],
      { size: 30 },
    );
    const { slips } = await extracted(
      c.hr,
      await payrollPdfWithPdfLib([{ scanned: true, image }, { scanned: true }]),
    );
    expect(slips[0]).toMatchObject({
      scanned: true,
      status: 'pending',
      month: 11,
      year: 2026,
      employee: { id: c.people[0]!.employee.id },
      figures: { net: '7205.36' },
    });
    // 85 at most for a page read by OCR; 80 when the OCR misread a character of the random CIN and
    // the matricule made the match (the full run drew such a CIN once).
    expect(slips[0]!.confidence).toBeLessThanOrEqual(85);
    expect(slips[0]!.confidence).toBeGreaterThanOrEqual(80);
    expect(slips[1]).toMatchObject({ scanned: true, status: 'unmatched', unmatched_reason: 'scanned' });
  }, 60_000);
});
