import {
  BONUS_RECURRENCES,
  BONUS_STATUSES,
  BONUS_TITLES,
  BONUS_TYPES,
  type TBonusRecurrence,
  type TBonusStatus,
  type TBonusTitle,
  type TBonusType,
} from '@tasbiq/contracts/bonuses';
import { useUrlFilters } from '../../lib/hooks/use-url-filters.ts';
import { readIntParam, readOneOfParam } from '../../lib/url/read-param.ts';
import type { BonusListParams } from './api/list-bonuses.ts';

export type BonusFilterState = {
  status: TBonusStatus | '';
  type: TBonusType | '';
  title: TBonusTitle | '';
  recurrence_type: TBonusRecurrence | '';
  search: string;
  offset: number;
};

export const NO_BONUS_FILTERS = { status: '', type: '', title: '', recurrence_type: '', search: '' } as const;

export function apiParamsOf(filters: BonusFilterState, limit: number): BonusListParams {
  return {
    limit,
    offset: filters.offset,
    status: filters.status || undefined,
    type: filters.type || undefined,
    title: filters.title || undefined,
    recurrence_type: filters.recurrence_type || undefined,
    search: filters.search || undefined,
  };
}

function parseBonusFilters(params: URLSearchParams): BonusFilterState {
  return {
    status: readOneOfParam(params.get('status'), BONUS_STATUSES) ?? '',
    type: readOneOfParam(params.get('type'), BONUS_TYPES) ?? '',
    title: readOneOfParam(params.get('title'), BONUS_TITLES) ?? '',
    recurrence_type: readOneOfParam(params.get('recurrence_type'), BONUS_RECURRENCES) ?? '',
    search: params.get('search') ?? '',
    offset: readIntParam(params.get('offset'), 1, Number.MAX_SAFE_INTEGER) ?? 0,
  };
}

/** Filters kept in the address (`?status=pending&type=collective&search=…`). */
export function useBonusFilters() {
  return useUrlFilters(parseBonusFilters, 'offset');
}
