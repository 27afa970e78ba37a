import type { TBonus, TBonusBeneficiary } from '@tasbiq/contracts/bonuses';
import { MAX_PAGE_SIZE } from '@tasbiq/contracts/constants';
import type { TPaginated } from '@tasbiq/contracts/wire';
import { http } from '../../../lib/http/client.ts';

/**
 * A saved model's beneficiaries and amounts, every page of GET /bonuses/{id}/beneficiaries/
 * (at most 5 000 lines, 100 a page), to start a new bonus from it.
 */
export async function loadModelBeneficiaries(model: TBonus): Promise<TBonusBeneficiary[]> {
  const all: TBonusBeneficiary[] = [];
  for (let offset = 0; offset < model.beneficiaries_count; offset += MAX_PAGE_SIZE) {
    const page = await http.get<TPaginated<TBonusBeneficiary>>(`/bonuses/${model.id}/beneficiaries/`, {
      params: { limit: MAX_PAGE_SIZE, offset: offset || undefined },
    });
    all.push(...page.results);
    if (!page.next) break;
  }
  return all;
}
