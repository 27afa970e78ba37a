import { useMutation } from '@tanstack/react-query';
import { saveFile } from '../../../lib/files/save-file.ts';
import { http } from '../../../lib/http/client.ts';

/** GET /bills/{id}/receipt (a PDF once the biller confirmed; the API logs each download). */
export function fetchBillReceipt(id: number): Promise<Blob> {
  return http.getBlob(`/bills/${id}/receipt`);
}

export function useDownloadBillReceiptMutation() {
  return useMutation({
    mutationFn: async (id: number) => {
      saveFile(await fetchBillReceipt(id), `recu-facture-${id}.pdf`);
    },
  });
}
