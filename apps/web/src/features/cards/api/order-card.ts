import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCardOrder } from '@tasbiq/contracts/cards';
import { http } from '../../../lib/http/client.ts';
import { cardQueryKey } from './get-card.ts';

export type CardOrderInput = {
  front: File;
  back: File;
  city: string;
  address: string;
  area: string;
  zip: string;
};

/** The form as multipart: the CIN photos under cin_front and cin_back. */
export function cardOrderForm(input: CardOrderInput, extra: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries({
    city: input.city,
    address: input.address,
    area: input.area,
    zip: input.zip,
    ...extra,
  }))
    form.append(key, value);
  form.append('cin_front', input.front, input.front.name);
  form.append('cin_back', input.back, input.back.name);
  return form;
}

/** POST /card/order/: answers the order under check at once (the check runs on the server). */
export function orderCard(input: CardOrderInput): Promise<TCardOrder> {
  return http.post<TCardOrder>('/card/order/', cardOrderForm(input));
}

export function useOrderCardMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: orderCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cardQueryKey }),
  });
}
