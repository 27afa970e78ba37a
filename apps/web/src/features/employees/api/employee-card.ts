import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TEmployeeCardSummary } from '@tasbiq/contracts/cards';
import { saveFile } from '../../../lib/files/save-file.ts';
import { http } from '../../../lib/http/client.ts';

const employeeCardKey = (employeeId: number) => ['employees', employeeId, 'card'] as const;

/** GET /employees/{id}/card: HR's view of the employee's prepaid card (null without one). */
export function useEmployeeCardQuery(employeeId: number, enabled: boolean) {
  return useQuery({
    queryKey: employeeCardKey(employeeId),
    enabled,
    queryFn: () => http.get<{ card: TEmployeeCardSummary | null }>(`/employees/${employeeId}/card`),
  });
}

/** POST /employees/{id}/card/onboarding_link/: the card-order link by SMS (and e-mail). */
export function useSendCardLinkMutation(employeeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      http.post<{ sent: boolean; channels: string[]; expires: string | null }>(
        `/employees/${employeeId}/card/onboarding_link/`,
        { channels: ['sms', 'email'] },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employeeCardKey(employeeId) }),
  });
}

/** The signed contract, or one side of the CIN: authorised, logged downloads. */
export async function downloadEmployeeCardDocument(
  employeeId: number,
  document: { kind: 'contract' } | { kind: 'cin'; orderId: number; side: 'front' | 'back' },
): Promise<void> {
  if (document.kind === 'contract') {
    saveFile(
      await http.getBlob(`/employees/${employeeId}/card/signed_contract`),
      `contrat-carte-${employeeId}.pdf`,
    );
    return;
  }
  const blob = await http.getBlob(`/card/orders/${document.orderId}/cin/${document.side}`);
  saveFile(
    blob,
    `cin-${document.side === 'front' ? 'recto' : 'verso'}-${employeeId}.${blob.type === 'image/jpeg' ? 'jpg' : 'png'}`,
  );
}
