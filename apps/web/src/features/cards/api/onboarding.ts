import { useQuery } from '@tanstack/react-query';
import type { TCardOrder } from '@tasbiq/contracts/cards';
import { http } from '../../../lib/http/client.ts';
import { CARD_CHECK_POLL_MS } from './get-card.ts';
import { type CardOrderInput, cardOrderForm } from './order-card.ts';

/** The public steps of /onboarding (spec §7 Onboarding): no session, the link's token instead. */
export type OnboardingVerified = {
  first_name: string;
  company: string;
  phone_hint: string | null;
  expires: string;
};

export const verifyOnboarding = (token: string) =>
  http.post<OnboardingVerified>('/onboarding/verify/', { token }, { auth: false });

export const requestOnboardingOtp = (onboardingToken: string, phone: string) =>
  http.post<{ token: string; phone: string }>(
    '/onboarding/request_otp/',
    { onboarding_token: onboardingToken, phone },
    { auth: false },
  );

export const verifyOnboardingOtp = (token: string, otp: string) =>
  http.post<{ phone_token: string }>('/onboarding/verify_otp/', { token, otp }, { auth: false });

export const orderFromOnboarding = (input: CardOrderInput, token: string, phoneToken: string) =>
  http.post<TCardOrder>('/onboarding/', cardOrderForm(input, { token, phone_token: phoneToken }), {
    auth: false,
  });

/** GET /onboarding/orders/{id}: polled while the CIN is checked. */
export function useOnboardingOrderQuery(order: TCardOrder | null, token: string, phoneToken: string) {
  return useQuery({
    queryKey: ['onboarding', 'order', order?.id],
    enabled: order !== null,
    initialData: order ?? undefined,
    queryFn: () =>
      http.get<TCardOrder>(`/onboarding/orders/${order?.id}`, {
        auth: false,
        params: { token, phone_token: phoneToken },
      }),
    refetchInterval: (query) => (query.state.data?.status === 'checking' ? CARD_CHECK_POLL_MS : false),
  });
}
