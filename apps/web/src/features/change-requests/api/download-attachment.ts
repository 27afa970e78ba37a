import { useMutation } from '@tanstack/react-query';
import type { TChangeRequestAttachment } from '@tasbiq/contracts/change-requests';
import { http } from '../../../lib/http/client.ts';

/**
 * Fetches an attachment with the session's token (a plain link would carry none) and hands it to
 * the browser as a download under its original name.
 */
export async function downloadAttachment(changeRequestId: number, attachment: TChangeRequestAttachment) {
  const blob = await http.getBlob(`/change_requests/${changeRequestId}/attachments/${attachment.id}`);
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = attachment.file_name;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Give the browser a moment to start the download before the URL goes away.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
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
