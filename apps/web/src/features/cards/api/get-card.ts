import { useQuery } from '@tanstack/react-query';
import type { TCardState } from '@tasbiq/contracts/cards';
import { http } from '../../../lib/http/client.ts';

export const cardQueryKey = ['card'] as const;
/** While the CIN is read: the order's progress bar moves every poll. */
export const CARD_CHECK_POLL_MS = 1_500;
/** While the issuer prepares and delivers the card (seconds in the demo, days for real). */
export const CARD_DELIVERY_POLL_MS = 5_000;

/** GET /card/: the card and the order under check. */
export function getCard(): Promise<TCardState> {
  return http.get<TCardState>('/card/');
}

/** How often to ask again: only while something moves without the person doing anything. */
export function cardPollInterval(state: TCardState | undefined): number | false {
  if (state?.order?.status === 'checking') return CARD_CHECK_POLL_MS;
  if (state?.card?.status === 'ordered' || state?.card?.status === 'assigned') return CARD_DELIVERY_POLL_MS;
  return false;
}

export function useCardQuery() {
  return useQuery({
    queryKey: cardQueryKey,
    queryFn: getCard,
    refetchInterval: (query) => cardPollInterval(query.state.data),
  });
}
