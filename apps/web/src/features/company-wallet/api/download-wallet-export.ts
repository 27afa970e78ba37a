import { useMutation } from '@tanstack/react-query';
import type { TWalletExport } from '@tasbiq/contracts/company-wallet';
import { casablancaDay } from '../../../lib/dates/casablanca-day.ts';
import { saveFile } from '../../../lib/files/save-file.ts';
import { http } from '../../../lib/http/client.ts';

/** The name the API gives the file: portefeuille-YYYY-MM-DD-ID.csv (Casablanca day of the export). */
export function walletExportFileName(walletExport: Pick<TWalletExport, 'id' | 'created'>): string {
  return `portefeuille-${casablancaDay(walletExport.created)}-${walletExport.id}.csv`;
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
