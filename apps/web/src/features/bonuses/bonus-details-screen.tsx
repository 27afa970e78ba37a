import {
  BONUS_RECURRENCE_LABELS_FR,
  BONUS_TARGET_LABELS_FR,
  BONUS_TYPE_LABELS_FR,
  type TBonus,
} from '@tasbiq/contracts/bonuses';
import { isDrh } from '@tasbiq/contracts/roles';
import { useState } from 'react';
import { useParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { LoadErrorState } from '../../components/ui/load-error-state.tsx';
import { MessageBox } from '../../components/ui/message-box.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { SearchField } from '../../components/ui/search-field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { SummaryList } from '../../components/ui/summary-list.tsx';
import { errorMessage } from '../../lib/errors/error-message.ts';
import { formatDateTime } from '../../lib/format/date-time.ts';
import { formatMoney } from '../../lib/format/money.ts';
import { isApiError } from '../../lib/http/api-error.ts';
import { useReadySession } from '../session/ready-session.tsx';
import { BonusStatusBadge } from '../shared/components/bonus-status-badge.tsx';
import { useBeneficiariesQuery, useBonusQuery } from './api/get-bonus.ts';
import { useUnsaveBonusMutation } from './api/unsave-bonus.ts';
import { BeneficiaryTable } from './components/beneficiary-table.tsx';
import { ReplyPanel } from './components/reply-panel.tsx';

const PAGE = 50;

/** /rh/bonuses/:id: what the bonus is, its beneficiaries and their payment, and the DRH's reply. */
export function BonusDetailsScreen() {
  const { id: rawId = '' } = useParams();
  const id = /^\d{1,10}$/.test(rawId) ? Number(rawId) : null;
  if (id === null) return <BonusNotFound />;
  return <BonusDetails key={id} id={id} />;
}

function BonusNotFound() {
  return (
    <EmptyState
      title="Cette prime est introuvable."
      description="Elle n'existe pas ou n'appartient pas à votre société."
      action={<Button variant="secondary" to="/rh/bonuses" label="Retour à la liste" />}
    />
  );
}

function person(ref: TBonus['created_by']) {
  return ref ? `${ref.first_name} ${ref.last_name}`.trim() : '—';
}

function summaryRows(bonus: TBonus): Array<readonly [string, string]> {
  const rows: Array<readonly [string, string]> = [
    ['Type', BONUS_TYPE_LABELS_FR[bonus.type]],
    [
      'Pour',
      bonus.target
        ? BONUS_TARGET_LABELS_FR[bonus.target] + (bonus.group ? ` : ${bonus.group.name}` : '')
        : 'Montants par salarié',
    ],
    ['Récurrence', BONUS_RECURRENCE_LABELS_FR[bonus.recurrence_type]],
    ['Total', formatMoney(bonus.total_amount)],
    ['Bénéficiaires', bonus.beneficiaries_count.toLocaleString('fr-MA')],
    ['Créée par', `${person(bonus.created_by)}, le ${formatDateTime(bonus.created)}`],
  ];
  if (bonus.amount) rows.splice(2, 0, ['Montant par salarié', formatMoney(bonus.amount)]);
  if (bonus.next_occurrence)
    rows.push(['Prochaine occurrence', bonus.next_occurrence.split('-').reverse().join('/')]);
  if (bonus.replied)
    rows.push(['Réponse', `${person(bonus.replied_by)}, le ${formatDateTime(bonus.replied)}`]);
  if (bonus.reply_comment) rows.push(['Commentaire de la réponse', bonus.reply_comment]);
  if (bonus.comment) rows.push(['Commentaire', bonus.comment]);
  return rows;
}

function BonusDetails({ id }: { id: number }) {
  const { account } = useReadySession();
  const bonus = useBonusQuery(id);
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const [selected, setSelected] = useState<Set<number>>(() => new Set());
  const paying = (bonus.data?.payment.to_pay ?? 0) > 0;
  const beneficiaries = useBeneficiariesQuery(id, { limit: PAGE, offset, search }, paying);
  const unsave = useUnsaveBonusMutation(id);

  if (bonus.isPending) return <Spinner isBlock label="Chargement de la prime" />;
  if (bonus.isError) {
    if (isApiError(bonus.error) && bonus.error.status === 404) return <BonusNotFound />;
    return (
      <LoadErrorState
        title="La prime n'a pas pu être chargée."
        error={bonus.error}
        onRetry={() => bonus.refetch()}
      />
    );
  }
  const data = bonus.data;
  const canReply = data.status === 'pending' && isDrh(account.roles) && data.created_by?.id !== account.id;
  const toggle = (employeeId: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(employeeId)) next.delete(employeeId);
      else next.add(employeeId);
      return next;
    });
  const { payment } = data;

  return (
    <div className="flex flex-col gap-4">
      <PageTitle
        title={data.display_title}
        subtitle={<BonusStatusBadge status={data.status} />}
        actions={
          data.is_saved || data.next_occurrence ? (
            <Button
              variant="secondary"
              label={data.next_occurrence ? 'Arrêter la récurrence' : 'Retirer des modèles'}
              loading={unsave.isPending}
              onClick={() => unsave.mutate()}
            />
          ) : null
        }
      />
      {unsave.isError ? <MessageBox severity="danger">{errorMessage(unsave.error)}</MessageBox> : null}
      <section className="rounded-2xl bg-white p-4 ring-1 ring-gray-200">
        <SummaryList rows={summaryRows(data)} />
      </section>
      {data.status === 'pending' && !canReply ? (
        <MessageBox>En attente de la réponse d’un DRH autre que la personne qui a saisi la prime.</MessageBox>
      ) : null}
      {data.status === 'confirmed' || data.status === 'partially_confirmed' ? (
        <section aria-label="Versement" className="rounded-2xl bg-white p-4 ring-1 ring-gray-200">
          <p className="text-gray-900" aria-live="polite">
            Versé : <strong className="tabular-nums">{formatMoney(payment.paid_amount)}</strong> sur{' '}
            {formatMoney(data.confirmed_amount)} · {payment.executed} versée{payment.executed > 1 ? 's' : ''}
            {payment.to_pay > 0 ? ` · ${payment.to_pay} en cours` : ''}
            {payment.failed > 0 ? ` · ${payment.failed} échouée${payment.failed > 1 ? 's' : ''}` : ''}
          </p>
          <progress
            className="mt-2 h-2 w-full"
            aria-label="Avancement du versement"
            max={Math.max(1, payment.executed + payment.failed + payment.to_pay)}
            value={payment.executed + payment.failed}
          />
        </section>
      ) : null}
      {canReply ? <ReplyPanel bonus={data} selected={selected} /> : null}
      <section aria-labelledby="beneficiaries-title" className="rounded-2xl bg-white ring-1 ring-gray-200">
        <div className="flex flex-col gap-3 px-4 pt-4 sm:px-6">
          <h2 id="beneficiaries-title" className="text-base font-semibold text-gray-900">
            Bénéficiaires
          </h2>
          <SearchField
            label="Rechercher un bénéficiaire"
            placeholder="Nom, CIN ou matricule"
            value={search}
            onSearch={(text) => {
              setSearch(text);
              setOffset(0);
            }}
          />
        </div>
        {beneficiaries.isPending ? (
          <Spinner isBlock label="Chargement des bénéficiaires" />
        ) : beneficiaries.isError ? (
          <LoadErrorState
            title="Les bénéficiaires n'ont pas pu être chargés."
            error={beneficiaries.error}
            onRetry={() => beneficiaries.refetch()}
          />
        ) : beneficiaries.data.count === 0 ? (
          <EmptyState title="Aucun bénéficiaire ne correspond à cette recherche." />
        ) : (
          <BeneficiaryTable
            beneficiaries={beneficiaries.data.results}
            selectable={canReply}
            selected={selected}
            onToggle={toggle}
          />
        )}
      </section>
      {beneficiaries.data ? (
        <Pagination
          label="Pagination des bénéficiaires"
          count={beneficiaries.data.count}
          limit={PAGE}
          offset={offset}
          onOffsetChange={setOffset}
          isFetching={beneficiaries.isFetching}
        />
      ) : null}
    </div>
  );
}
