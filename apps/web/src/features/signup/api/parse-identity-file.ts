import { useMutation } from '@tanstack/react-query';
import type { TIdentityParseResponse } from '@tasbiq/contracts/signup';
import { http } from '../../../lib/http/client.ts';

/** POST /company/identities/parse_file/ (multipart `file`): a preview, nothing is written. */
export function parseIdentityFile(file: File): Promise<TIdentityParseResponse> {
  const form = new FormData();
  form.append('file', file);
  return http.post<TIdentityParseResponse>('/company/identities/parse_file/', form);
}

export function useParseIdentityFileMutation() {
  return useMutation({ mutationFn: parseIdentityFile });
}
