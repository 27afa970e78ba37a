import type { TGroup } from '@tasbiq/contracts/groups';
import { GROUP_FIELD_MESSAGES_FR, ZUpdateGroupRequest } from '@tasbiq/contracts/groups';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { MessageBox } from '../../../components/ui/message-box.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { applyServerErrors } from '../../shared/forms/apply-server-errors.ts';
import { frenchZodResolver } from '../../shared/forms/french-zod-resolver.ts';
import { useRenameGroupMutation } from '../api/rename-group.ts';

const LABELS = { name: 'Nouveau nom' } as const;

type RenameGroupDialogProps = {
  group: TGroup;
  onOpenChange: (open: boolean) => void;
  onRenamed: (group: TGroup) => void;
};

export function RenameGroupDialog({ group, onOpenChange, onRenamed }: RenameGroupDialogProps) {
  const rename = useRenameGroupMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<{ name: string }>({
    resolver: frenchZodResolver(ZUpdateGroupRequest, LABELS),
    defaultValues: { name: group.name },
  });

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    rename.mutate(
      { id: group.id, name: values.name },
      {
        onSuccess: onRenamed,
        onError: (error) =>
          setFormError(applyServerErrors(error, setError, ['name'], {}, GROUP_FIELD_MESSAGES_FR)),
      },
    );
  });

  return (
    <Modal open onOpenChange={onOpenChange} title={`Renommer « ${group.name} »`}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        {formError ? <MessageBox severity="danger">{formError}</MessageBox> : null}
        <FormField
          label={LABELS.name}
          required
          autoComplete="off"
          maxLength={100}
          error={errors.name?.message}
          {...register('name')}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" label="Annuler" onClick={() => onOpenChange(false)} />
          <Button type="submit" label="Renommer" loading={rename.isPending} />
        </div>
      </form>
    </Modal>
  );
}
