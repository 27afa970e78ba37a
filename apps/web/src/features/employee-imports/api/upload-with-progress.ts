import { WIRE_ERROR_CODES } from '@tasbiq/contracts/error-codes';
import { ApiError, NetworkError } from '../../../lib/http/api-error.ts';
import { buildUrl, http } from '../../../lib/http/client.ts';
import { getAccessToken } from '../../../lib/http/token-store.ts';

export type UploadCallbacks = {
  /** Share of the file sent, from 0 to 1 (the browser's upload progress events). */
  onProgress?: (fraction: number) => void;
  /** Every byte is sent: the server is now reading and checking the file. */
  onUploaded?: () => void;
  signal?: AbortSignal;
};

type Answer = { status: number; data: unknown };

function parse(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function sendOnce(path: string, form: FormData, callbacks: UploadCallbacks): Promise<Answer> {
  return new Promise((resolve, reject) => {
    if (callbacks.signal?.aborted) {
      reject(new DOMException('Upload aborted', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(path));
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getAccessToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) callbacks.onProgress?.(event.loaded / event.total);
    };
    xhr.upload.onload = () => {
      callbacks.onProgress?.(1);
      callbacks.onUploaded?.();
    };
    xhr.onload = () => resolve({ status: xhr.status, data: parse(xhr.responseText) });
    xhr.onerror = () => reject(new NetworkError(new TypeError('Network request failed')));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    callbacks.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    // The browser writes the multipart boundary itself.
    xhr.send(form);
  });
}

/**
 * POST of a multipart form with upload progress, which `fetch` cannot report: XMLHttpRequest
 * with the session's bearer token and the same error shape as the shared client (ApiError, with
 * the raw answer in `data`, so a refused CSV's `report` reaches the screen). An expired access
 * token is renewed through the shared client (one cheap call that refreshes the pair) and the
 * upload replayed once.
 */
export async function uploadWithProgress<T>(
  path: string,
  form: FormData,
  callbacks: UploadCallbacks = {},
): Promise<T> {
  let answer = await sendOnce(path, form, callbacks);
  if (
    answer.status === 401 &&
    (await ApiError.fromBody(401, answer.data)).code === WIRE_ERROR_CODES.tokenNotValid
  ) {
    // Refreshes the tokens (or ends the session, which throws) through the shared client.
    await http.get('/auth/account');
    answer = await sendOnce(path, form, callbacks);
  }
  if (answer.status >= 200 && answer.status < 300) return answer.data as T;
  throw await ApiError.fromBody(answer.status, answer.data);
}
