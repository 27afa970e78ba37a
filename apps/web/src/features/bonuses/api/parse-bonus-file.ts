import { useMutation } from '@tanstack/react-query';
import type { TBonusFileParse } from '@tasbiq/contracts/bonuses';
import { http } from '../../../lib/http/client.ts';

/** POST /bonuses/parse/: reads the file, saves nothing; the form then shows the report. */
export function useParseBonusFileMutation() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return http.post<TBonusFileParse>('/bonuses/parse/', form);
    },
  });
}
