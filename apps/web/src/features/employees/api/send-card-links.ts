import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TOnboardingChannel } from '@tasbiq/contracts/cards';
import { http } from '../../../lib/http/client.ts';
import { employeesQueryKey } from './list-employees.ts';

export type CardLinkOutcome = {
  employee: number;
  sent: boolean;
  channels: TOnboardingChannel[];
  reason: string | null;
  expires: string | null;
};
export type CardLinksAnswer = { sent: number; skipped: number; results: CardLinkOutcome[] };

/** POST /card/onboarding_links/: the card-order link to a selection; who could not get one, and why. */
export function useSendCardLinksMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { employees: number[]; channels: TOnboardingChannel[] }) =>
      http.post<CardLinksAnswer>('/card/onboarding_links/', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employeesQueryKey }),
  });
}
