import type { TMissionOrderDetails, TMissionOrderReply } from '@tasbiq/contracts/mission-orders';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormField, inputClassName } from '../../../components/ui/form-field.tsx';
import { MessageBox } from '../../../components/ui/message-box.tsx';
import { cx } from '../../../lib/cx.ts';
import { errorMessage, fieldErrors, requiredMessage } from '../../../lib/errors/error-message.ts';
import { formatMoney } from '../../../lib/format/money.ts';
import { useChangeAdvanceMutation, useReplyMissionOrderMutation } from '../api/reply-mission-order.ts';

/**
 * The reviewer's side of a pending order: change the advance (within the same ceiling), then
 * approve, return it with a comment or refuse it with a reason (spec §4).
 */
export function ReplyPanel({ order }: { order: TMissionOrderDetails }) {
  const replyMutation = useReplyMissionOrderMutation(order.id);
  const advanceMutation = useChangeAdvanceMutation(order.id);
  const [comment, setComment] = useState('');
  const [commentError, setCommentError] = useState<string | null>(null);
  const [amount, setAmount] = useState(String(Number(order.advance_amount)));
  const ceiling = order.advance_ceiling.ceiling;
  const typed = Number(amount.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.'));
  const overCeiling = ceiling !== null && Number.isFinite(typed) && typed > Number(ceiling);

  const send = (reply: TMissionOrderReply) => {
    if (reply !== 'approve' && !comment.trim()) {
      setCommentError(requiredMessage('Commentaire'));
      return;
    }
    setCommentError(null);
    replyMutation.mutate({ reply, comment: comment.trim() || null });
  };
  const serverComment = fieldErrors(replyMutation.error).comment;
  const advanceError = overCeiling
    ? `L’avance demandée dépasse le plafond autorisé de ${formatMoney(ceiling!)}.`
    : (fieldErrors(advanceMutation.error).amount ??
      (advanceMutation.error ? errorMessage(advanceMutation.error) : undefined));

  return (
    <section
      aria-labelledby="reply-title"
      className="flex flex-col gap-4 rounded-2xl bg-white p-4 ring-1 ring-gray-200 sm:p-6"
    >
      <h2 id="reply-title" className="text-lg font-semibold text-gray-900">
        Votre réponse
      </h2>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <FormField
          className="flex-1"
          label="Avance accordée (DH)"
          inputMode="numeric"
          value={amount}
          hint={
            ceiling ? `Plafond autorisé : ${formatMoney(ceiling)}.` : 'Aucun plafond fixé pour ce trajet.'
          }
          error={advanceError}
          onChange={(e) => setAmount(e.target.value)}
        />
        <Button
          variant="secondary"
          label="Modifier l’avance"
          loading={advanceMutation.isPending}
          disabled={overCeiling || String(typed) === String(Number(order.advance_amount))}
          onClick={() => advanceMutation.mutate(amount.trim() || '0')}
        />
      </div>
      <FormField
        label="Commentaire"
        hint="Obligatoire pour retourner ou refuser l’ordre de mission."
        error={commentError ?? serverComment}
      >
        {(control) => (
          <textarea
            {...control}
            rows={3}
            maxLength={500}
            value={comment}
            className={cx(inputClassName, 'resize-y')}
            onChange={(e) => setComment(e.target.value)}
          />
        )}
      </FormField>
      {replyMutation.error && !serverComment ? (
        <MessageBox severity="danger">{errorMessage(replyMutation.error)}</MessageBox>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button label="Approuver" loading={replyMutation.isPending} onClick={() => send('approve')} />
        <Button variant="secondary" label="Retourner pour modification" onClick={() => send('return')} />
        <Button variant="danger" label="Refuser" onClick={() => send('refuse')} />
      </div>
    </section>
  );
}
