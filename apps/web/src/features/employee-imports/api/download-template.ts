import { useMutation } from '@tanstack/react-query';
import { EMPLOYEE_IMPORT_TEMPLATE_NAME, WORKED_DAYS_TEMPLATE_NAME } from '@tasbiq/contracts/employee-imports';
import { http } from '../../../lib/http/client.ts';

export type TemplateKind = 'employees' | 'worked-days';

const TEMPLATES: Record<TemplateKind, { path: string; fileName: string }> = {
  employees: { path: '/employees/import/template', fileName: EMPLOYEE_IMPORT_TEMPLATE_NAME },
  'worked-days': { path: '/employees/wd/template', fileName: WORKED_DAYS_TEMPLATE_NAME },
};

/** Fetches a CSV template with the session's token and hands it to the browser as a download. */
export async function downloadTemplate(kind: TemplateKind): Promise<void> {
  const { path, fileName } = TEMPLATES[kind];
  const blob = await http.getBlob(path);
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Give the browser a moment to start the download before the URL goes away.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

export function useDownloadTemplateMutation() {
  return useMutation({ mutationFn: downloadTemplate });
}
