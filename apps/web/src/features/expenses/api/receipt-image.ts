import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { http } from '../../../lib/http/client.ts';
import { expensesQueryKey } from './list-expenses.ts';

/** GET /expenses/{id}/receipt/ (?size=thumbnail): the photo, with the same auth as every call. */
export function fetchReceipt(id: number, size: 'thumbnail' | 'full') {
  return http.getBlob(`/expenses/${id}/receipt/`, {
    params: { size: size === 'thumbnail' ? 'thumbnail' : undefined },
  });
}

/** An object URL of the receipt for an <img>, revoked when no longer shown. */
export function useReceiptUrl(id: number, size: 'thumbnail' | 'full', enabled = true): string | null {
  const blob = useQuery({
    queryKey: [...expensesQueryKey, 'receipt', id, size],
    queryFn: () => fetchReceipt(id, size),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob.data) return;
    const next = URL.createObjectURL(blob.data);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob.data]);
  return url;
}
