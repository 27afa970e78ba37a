import { useMutation } from '@tanstack/react-query';
import type { TChangeRequestAttachment } from '@tasbiq/contracts/change-requests';
import { saveFile } from '../../../lib/files/save-file.ts';
import { http } from '../../../lib/http/client.ts';

/**
 * Fetches an attachment with the session's token (a plain link would carry none) and hands it to
 * the browser as a download under its original name.
 */
export async function downloadAttachment(changeRequestId: number, attachment: TChangeRequestAttachment) {
  const blob = await http.getBlob(`/change_requests/${changeRequestId}/attachments/${attachment.id}`);
  saveFile(blob, attachment.file_name);
}

export function useDownloadAttachmentMutation() {
  return useMutation({
    mutationFn: ({
      changeRequestId,
      attachment,
    }: {
      changeRequestId: number;
      attachment: TChangeRequestAttachment;
    }) => downloadAttachment(changeRequestId, attachment),
  });
}
