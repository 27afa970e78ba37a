import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCard } from '@tasbiq/contracts/cards';
import { http } from '../../../lib/http/client.ts';
import { soldeQueryKey } from '../../shared/api/money-queries.ts';
import { cardQueryKey } from './get-card.ts';

/**
 * The card's own actions (spec §7 Card): confirm receipt, sign, block or unblock, new PIN. Each
 * refreshes the card (and the balance screen's "has an active card").
 */
function useCardMutation<I, O>(call: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: cardQueryKey }),
        queryClient.invalidateQueries({ queryKey: soldeQueryKey }),
      ]);
    },
  });
}

/** POST /card/confirm_delivery/ {card_number}: WRONG_CARD_NUMBER, CARD_NOT_READY. */
export const confirmDelivery = (cardNumber: string) =>
  http.post<TCard>('/card/confirm_delivery/', { card_number: cardNumber });
export const useConfirmDeliveryMutation = () => useCardMutation(confirmDelivery);

/** POST /card/sign_contract/ {signature}: a PNG data URL from the signature pad. */
export const signContract = (signature: string) => http.post<TCard>('/card/sign_contract/', { signature });
export const useSignContractMutation = () => useCardMutation(signContract);

/** PUT /card/toggle/ {is_active}: false blocks, true unblocks. */
export const toggleCard = (isActive: boolean) => http.put<TCard>('/card/toggle/', { is_active: isActive });
export const useToggleCardMutation = () => useCardMutation(toggleCard);

/** POST /card/reset_pin/: the new PIN comes by SMS. */
export const resetPin = () => http.post<{ detail: string; phone: string }>('/card/reset_pin/', {});
export const useResetPinMutation = () => useCardMutation(resetPin);
