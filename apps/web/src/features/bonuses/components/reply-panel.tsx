import type { TBonus, TBonusReply } from '@tasbiq/contracts/bonuses';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormField, inputClassName } from '../../../components/ui/form-field.tsx';
import { MessageBox } from '../../../components/ui/message-box.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { errorMessage, fieldErrors } from '../../../lib/errors/error-message.ts';
import { formatCount } from '../../../lib/format/count.ts';
import { formatMoney } from '../../../lib/format/money.ts';
import { useReplyBonusMutation } from '../api/reply-bonus.ts';

const REPLY_LABELS: Record<TBonusReply, string> = {
  confirm: 'Tout confirmer',
  partial: 'Confirmer la sélection',
  refuse: 'Tout refuser',
};

/**
 * The DRH's reply (four eyes): confirm all, refuse all, or confirm the beneficiaries ticked in the
 * list below and refuse the others. A confirmation pays from the company wallet, so it is asked
 * again in a dialog with the amount.
 */
export function ReplyPanel({ bonus, selected }: { bonus: TBonus; selected: ReadonlySet<number> }) {
  const reply = useReplyBonusMutation(bonus.id);
  const [comment, setComment] = useState('');
  const [asking, setAsking] = useState<TBonusReply | null>(null);
  const errors = fieldErrors(reply.error);
  const general = reply.isError && Object.keys(errors).length === 0 ? errorMessage(reply.error) : null;

  const send = (event?: FormEvent) => {
    event?.preventDefault();
    if (!asking) return;
    reply.mutate(
      {
        reply: asking,
        comment: comment.trim() || null,
        confirmed_employees: asking === 'partial' ? [...selected] : null,
      },
      { onSettled: () => setAsking(null) },
    );
  };

  const question =
    asking === 'confirm'
      ? `Confirmer la prime pour ses ${formatCount(bonus.beneficiaries_count, 'bénéficiaire', 'bénéficiaires')} ? ${formatMoney(bonus.total_amount)} seront prélevés sur le portefeuille et versés aussitôt.`
      : asking === 'partial'
        ? `Confirmer la prime pour ${formatCount(selected.size, 'salarié choisi', 'salariés choisis')} et la refuser pour les autres ?`
        : 'Refuser la prime pour tous ses bénéficiaires ?';

  return (
    <section
      aria-labelledby="reply-title"
      className="flex flex-col gap-3 rounded-2xl bg-white p-4 ring-1 ring-gray-200"
    >
      <h2 id="reply-title" className="text-base font-semibold text-gray-900">
        Votre réponse
      </h2>
      <p className="text-sm text-gray-700">
        Cochez des bénéficiaires dans la liste pour n’en confirmer qu’une partie. Un commentaire est
        obligatoire pour refuser.
      </p>
      <FormField label="Commentaire" error={errors.comment}>
        {(control) => (
          <textarea
            {...control}
            rows={2}
            maxLength={500}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            className={inputClassName}
          />
        )}
      </FormField>
      {errors.confirmed_employees ? (
        <p className="text-sm text-red-700">{errors.confirmed_employees}</p>
      ) : null}
      {general ? <MessageBox severity="danger">{general}</MessageBox> : null}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button
          label={REPLY_LABELS.confirm}
          onClick={() => setAsking('confirm')}
          disabled={reply.isPending}
        />
        <Button
          variant="secondary"
          label={`${REPLY_LABELS.partial} (${selected.size})`}
          onClick={() => setAsking('partial')}
          disabled={reply.isPending || selected.size === 0}
        />
        <Button
          variant="danger"
          label={REPLY_LABELS.refuse}
          onClick={() => setAsking('refuse')}
          disabled={reply.isPending}
        />
      </div>
      <Modal
        title={asking ? REPLY_LABELS[asking] : ''}
        open={asking !== null}
        onOpenChange={(open) => {
          if (!open) setAsking(null);
        }}
      >
        <form onSubmit={send} className="flex flex-col gap-4">
          <p className="text-gray-800">{question}</p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" label="Annuler" onClick={() => setAsking(null)} />
            <Button
              type="submit"
              variant={asking === 'refuse' ? 'danger' : 'primary'}
              label={asking ? REPLY_LABELS[asking] : 'Envoyer'}
              loading={reply.isPending}
            />
          </div>
        </form>
      </Modal>
    </section>
  );
}
