import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http/client.ts';

export const soldeQueryKey = ['employees', 'solde'] as const;

export function getSolde(): Promise<unknown> {
  return http.get<unknown>('/employees/solde');
}

// The call belongs to a later issue and its answer's shape is not settled yet: read the first
// amount-looking field rather than fail the home page.
const AMOUNT_KEYS = ['earned', 'earned_amount', 'amount_earned', 'solde', 'balance', 'amount'] as const;

function isAmount(value: unknown): value is string | number {
  if (typeof value === 'number') return Number.isFinite(value);
  return typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value));
}

/** The amount earned this month out of GET /employees/solde, or null when there is none to show. */
export function pickEarnedAmount(data: unknown): string | number | null {
  if (isAmount(data)) return data;
  if (typeof data !== 'object' || data === null) return null;
  const record = data as Record<string, unknown>;
  for (const key of AMOUNT_KEYS) {
    const value = record[key];
    if (isAmount(value)) return value;
  }
  return null;
}

/** Optional on the home page: no retry, and a failure only hides the card. */
export function useSoldeQuery() {
  return useQuery({
    queryKey: soldeQueryKey,
    queryFn: getSolde,
    select: pickEarnedAmount,
    retry: false,
    // A refusal will not change by coming back to the page.
    retryOnMount: false,
    staleTime: 60_000,
  });
}
