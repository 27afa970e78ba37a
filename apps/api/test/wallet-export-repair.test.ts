import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walletExports } from '../src/db/schema/ledger.ts';
import {
  repairWalletExportTimes,
  shiftOldRuleWallTimes,
} from '../src/modules/company-wallet/repair-export-times.ts';
import { createTestCompany } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HEADER = '\uFEFFDate;Type;Titre;Description;Montant (DH)';
/** What Node 20 (tz 2025c) wrote: UTC+01 all along, also after 20 September 2026. */
const OLD_RUNTIME_CSV = [
  HEADER,
  '01/11/2026 00:30;Avance sur salaire;Avance Salma;Avance Salma;-100,00', // 31 Oct 23:30 UTC
  '20/09/2026 02:10;Frais;Frais avance;Frais;-15,00', // 20 Sep 01:10 UTC, after the change
  '20/09/2026 01:50;Alimentation;Virement;Virement;500000,00', // 20 Sep 00:50 UTC, before it
  '01/09/2026 00:30;Alimentation;Virement;Virement;100,00', // 31 Aug 23:30 UTC: right then
  'Total;;;;499985,00',
  '',
].join('\r\n');

const silentLog = { info: () => {}, error: () => {} };

describe('wallet exports written with the old Moroccan rules', () => {
  it('move each time after the change back one hour, and leave earlier ones and other lines alone', () => {
    const { csv, shifted } = shiftOldRuleWallTimes(OLD_RUNTIME_CSV);
    expect(shifted).toBe(2);
    expect(csv.split('\r\n')).toEqual([
      HEADER,
      '31/10/2026 23:30;Avance sur salaire;Avance Salma;Avance Salma;-100,00',
      '20/09/2026 01:10;Frais;Frais avance;Frais;-15,00',
      '20/09/2026 01:50;Alimentation;Virement;Virement;500000,00',
      '01/09/2026 00:30;Alimentation;Virement;Virement;100,00',
      'Total;;;;499985,00',
      '',
    ]);
  });

  it('are rewritten once at start; files of the new runtime and from before the change are untouched', async () => {
    const company = await createTestCompany(t.db);
    const put = (text: string) =>
      t.ctx.storage.put(Buffer.from(text, 'utf8'), { prefix: 'wallet-exports', extension: 'csv' });
    const [old] = await t.db
      .insert(walletExports)
      .values({
        companyId: company.id,
        fileKey: await put(OLD_RUNTIME_CSV),
        createdAt: new Date('2026-11-02T10:00:00Z'),
      })
      .returning();
    const [fresh] = await t.db
      .insert(walletExports)
      .values({
        companyId: company.id,
        fileKey: await put(OLD_RUNTIME_CSV),
        tzRules: '2026c',
        createdAt: new Date('2026-11-20T10:00:00Z'),
      })
      .returning();

    expect(await repairWalletExportTimes({ db: t.db, storage: t.ctx.storage, log: silentLog })).toEqual({
      repaired: 1,
    });
    const [after] = await t.db.select().from(walletExports).where(eq(walletExports.id, old!.id));
    expect(after?.tzRules).toBe('repaired-2026c');
    expect(after?.fileKey).not.toBe(old?.fileKey);
    const text = (await t.ctx.storage.get(after!.fileKey!)).toString('utf8');
    expect(text).toContain('31/10/2026 23:30;Avance sur salaire');
    await expect(t.ctx.storage.get(old!.fileKey!)).rejects.toThrow();
    expect((await t.ctx.storage.get(fresh!.fileKey!)).toString('utf8')).toBe(OLD_RUNTIME_CSV);

    // A second start finds nothing left to do.
    expect(await repairWalletExportTimes({ db: t.db, storage: t.ctx.storage, log: silentLog })).toEqual({
      repaired: 0,
    });
  });
});
