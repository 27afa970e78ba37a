import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TCardActivity } from '@tasbiq/contracts/cards';
import type { YearMonth } from '../../../lib/dates/casablanca-month.ts';
import { http } from '../../../lib/http/client.ts';
import { cardQueryKey } from './get-card.ts';

/** GET /card/transactions?month=&year=: a month of credits and debits, newest first. */
export function getCardActivity(period: YearMonth): Promise<TCardActivity> {
  return http.get<TCardActivity>('/card/transactions', {
    params: { month: period.month, year: period.year },
  });
}

export function useCardActivityQuery(period: YearMonth) {
  return useQuery({
    queryKey: [...cardQueryKey, 'activity', period.year, period.month],
    queryFn: () => getCardActivity(period),
    placeholderData: keepPreviousData,
  });
}
