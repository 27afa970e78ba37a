import { describe, expect, it } from 'vitest';
import { exportFiltersText } from './export-filters.ts';

describe('exportFiltersText', () => {
  it('says an export without filters holds every movement', () => {
    expect(exportFiltersText({})).toBe('Tous les mouvements');
  });

  it('names one type, an open date range and a search', () => {
    expect(exportFiltersText({ transaction_type: 'recharge' })).toBe('Type : Recharge téléphonique');
    expect(exportFiltersText({ created_after: '2026-10-01' })).toBe('à partir du 01/10/2026');
    expect(exportFiltersText({ created_before: '2026-10-31', search: '  Salma ' })).toBe(
      'jusqu’au 31/10/2026 · recherche « Salma »',
    );
  });

  it('lists each type once', () => {
    expect(exportFiltersText({ transaction_type: 'fee', transaction_type_in: ['advance', 'fee'] })).toBe(
      'Types : Frais, Avance sur salaire',
    );
  });
});
