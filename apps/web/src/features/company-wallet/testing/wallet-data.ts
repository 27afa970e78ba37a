import type { TWalletExport, TWalletTransaction } from '@tasbiq/contracts/company-wallet';
import type { TPaginated } from '@tasbiq/contracts/wire';

export function makeWalletTransaction(overrides: Partial<TWalletTransaction> = {}): TWalletTransaction {
  return {
    id: 1,
    type: 'advance',
    title: 'Avance sur salaire',
    amount: '-1515.00',
    description: 'Karim Benali (M-001)',
    created: '2026-11-12T14:05:00+00:00',
    ...overrides,
  };
}

export function makeWalletExport(overrides: Partial<TWalletExport> = {}): TWalletExport {
  return {
    id: 1,
    status: 'finished',
    created: '2026-11-12T15:00:00+00:00',
    rows: 12,
    download_url: '/api/company/wallet/export/1/download',
    filters: {},
    ...overrides,
  };
}

export function page<T>(results: T[], count = results.length): TPaginated<T> {
  return { count, next: null, previous: null, results };
}
