import { IconArrowRight } from '@tabler/icons-react';
import { CHANGE_REQUEST_FIELD_LABELS, type TChangeRequest } from '@tasbiq/contracts/change-requests';
import { formatFieldValue } from '../format-value.ts';

/** "RIB : 011 … → 007 …": the field and the change it asks for. */
export function ChangeSummary({ request }: { request: TChangeRequest }) {
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
      <span className="font-medium text-gray-900">{CHANGE_REQUEST_FIELD_LABELS[request.field]}</span>
      <span className="break-all text-gray-500 line-through decoration-gray-400">
        {formatFieldValue(request.field, request.old_value)}
      </span>
      <IconArrowRight aria-label="devient" className="size-4 shrink-0 text-gray-400" />
      <span className="break-all font-medium text-gray-900">
        {formatFieldValue(request.field, request.new_value)}
      </span>
    </p>
  );
}
