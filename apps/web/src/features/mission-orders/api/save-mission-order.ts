import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TMissionOrderDetails } from '@tasbiq/contracts/mission-orders';
import { http } from '../../../lib/http/client.ts';
import { missionOrdersQueryKey } from './list-mission-orders.ts';

export type MissionOrderFormValues = {
  title: string;
  start_date: string;
  end_date: string;
  guests: string;
  departure_city: string;
  arrival_city: string;
  description: string;
  advance_amount: string;
  files: File[];
  /** Editing: files already attached that the employee removed. */
  remove_files: number[];
};

function formDataOf(values: MissionOrderFormValues): FormData {
  const form = new FormData();
  for (const key of [
    'title',
    'start_date',
    'end_date',
    'guests',
    'departure_city',
    'arrival_city',
    'description',
  ] as const)
    form.append(key, values[key]);
  form.append('advance_amount', values.advance_amount.trim() || '0');
  if (values.remove_files.length > 0) form.append('remove_files', values.remove_files.join(','));
  for (const file of values.files) form.append('files', file, file.name);
  return form;
}

/** POST /expenses/odm/ (new order, sent at once) or PUT /expenses/odm/{id}/ (a returned one, sent again). */
export function useSaveMissionOrderMutation(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: MissionOrderFormValues) =>
      id === null
        ? http.post<TMissionOrderDetails>('/expenses/odm/', formDataOf(values))
        : http.put<TMissionOrderDetails>(`/expenses/odm/${id}/`, formDataOf(values)),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: missionOrdersQueryKey });
    },
  });
}
