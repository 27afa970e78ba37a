import { useMutation } from '@tanstack/react-query';
import { EMPLOYEE_IMPORT_TEMPLATE_NAME, WORKED_DAYS_TEMPLATE_NAME } from '@tasbiq/contracts/employee-imports';
import { saveFile } from '../../../lib/files/save-file.ts';
import { http } from '../../../lib/http/client.ts';

export type TemplateKind = 'employees' | 'worked-days';

const TEMPLATES: Record<TemplateKind, { path: string; fileName: string }> = {
  employees: { path: '/employees/import/template', fileName: EMPLOYEE_IMPORT_TEMPLATE_NAME },
  'worked-days': { path: '/employees/wd/template', fileName: WORKED_DAYS_TEMPLATE_NAME },
};

/** Fetches a CSV template with the session's token and hands it to the browser as a download. */
export async function downloadTemplate(kind: TemplateKind): Promise<void> {
  const { path, fileName } = TEMPLATES[kind];
  saveFile(await http.getBlob(path), fileName);
}

export function useDownloadTemplateMutation() {
  return useMutation({ mutationFn: downloadTemplate });
}
