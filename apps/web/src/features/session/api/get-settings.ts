import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSettings } from '@tasbiq/contracts/settings';
import { http } from '../../../lib/http/client.ts';

export const settingsQueryKey = ['settings'] as const;

export function getSettings(): Promise<TSettings> {
  return http.get<TSettings>('/settings');
}

/** The company's feature switches (spec §3 Settings). */
export const settingsQuery = queryOptions({
  queryKey: settingsQueryKey,
  queryFn: getSettings,
  staleTime: 5 * 60_000,
});

export function useSettingsQuery({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...settingsQuery, enabled });
}
