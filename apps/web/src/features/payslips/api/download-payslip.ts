import { useMutation } from '@tanstack/react-query';
import { saveFile } from '../../../lib/files/save-file.ts';
import { http } from '../../../lib/http/client.ts';

/** GET /fiches/{id}/download/ (the API logs each download). */
export function fetchPayslipPdf(id: number): Promise<Blob> {
  return http.getBlob(`/fiches/${id}/download/`);
}

export function useDownloadPayslipMutation() {
  return useMutation({
    mutationFn: async ({ id, fileName }: { id: number; fileName: string }) => {
      saveFile(await fetchPayslipPdf(id), fileName);
    },
  });
}
