import { useMutation } from '@tanstack/react-query';
import type { TWalletExport } from '@tasbiq/contracts/company-wallet';
import { TIME_ZONE } from '@tasbiq/contracts/constants';
import { saveFile } from '../../../lib/files/save-file.ts';
import { http } from '../../../lib/http/client.ts';

/** The name the API gives the file: portefeuille-YYYY-MM-DD-ID.csv (Casablanca day of the export). */
export function walletExportFileName(walletExport: Pick<TWalletExport, 'id' | 'created'>): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(
    new Date(walletExport.created),
  );
  return `portefeuille-${day}-${walletExport.id}.csv`;
}

/**
 * GET /company/wallet/export/{id}/download through the HTTP client (a plain link would carry no
 * bearer token), then handed to the browser as a download.
 */
export async function downloadWalletExport(walletExport: Pick<TWalletExport, 'id' | 'created'>) {
  const blob = await http.getBlob(`/company/wallet/export/${walletExport.id}/download`);
  saveFile(blob, walletExportFileName(walletExport));
}

export function useDownloadWalletExportMutation() {
  return useMutation({ mutationFn: downloadWalletExport });
}
