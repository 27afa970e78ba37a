import {
  IconArrowLeft,
  IconEdit,
  IconFileDescription,
  IconKey,
  IconMail,
  IconPower,
} from '@tabler/icons-react';
import { SALARY_RAISE_CONFIRMATION_PERCENT } from '@tasbiq/contracts/change-requests';
import { ACCOUNT_TYPE_LABELS_FR, type TEmployeeDetail } from '@tasbiq/contracts/employees';
import { type ReactNode, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { LoadErrorState } from '../../components/ui/load-error-state.tsx';
import { MessageBox } from '../../components/ui/message-box.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formatMoney } from '../../lib/format/money.ts';
import { formatDate } from '../../lib/format/relative-time.ts';
import { isApiError } from '../../lib/http/api-error.ts';
import { useReadySession } from '../session/ready-session.tsx';
import { useEmployeeQuery } from './api/get-employee.ts';
import { EmployeeAuditHistory } from './components/employee-audit-history.tsx';
import { EmployeeCardSection } from './components/employee-card-section.tsx';
import { EmployeeEditForm } from './components/employee-edit-form.tsx';
import { PendingChanges } from './components/pending-changes.tsx';
import { type LinkKind, SendLinkDialog } from './components/send-link-dialog.tsx';
import { StatusBadge } from './components/status-badge.tsx';
import { ToggleActiveDialog } from './components/toggle-active-dialog.tsx';
import { advancesPerMonthLabel, balanceMethodLabel } from './options.ts';

type Invitation = { sms: boolean; email: boolean };

/** What the add page hands over: how the activation link went out. */
function invitationOf(state: unknown): Invitation | null {
  const invitation = (state as { invitation?: Invitation } | null)?.invitation;
  return invitation && typeof invitation.sms === 'boolean' ? invitation : null;
}

function InvitationNotice({ invitation }: { invitation: Invitation }) {
  const channels = [invitation.sms ? 'SMS' : null, invitation.email ? 'e-mail' : null].filter(Boolean);
  if (channels.length === 0)
    return (
      <MessageBox severity="warning" title="Salarié ajouté, invitation non envoyée">
        Le lien d'activation n'a pas pu être envoyé. Utilisez « Renvoyer le lien d'activation ».
      </MessageBox>
    );
  return (
    <MessageBox severity="success" title="Invitation envoyée">
      Le lien d'activation a été envoyé par {channels.join(' et par ')}. Il est valable 7 jours.
    </MessageBox>
  );
}

const MONTHS_FR = new Intl.DateTimeFormat('fr-FR', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const decimalFr = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 });

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 py-2.5 sm:flex-row sm:gap-4">
      <dt className="text-sm text-gray-600 sm:w-56 sm:shrink-0">{label}</dt>
      <dd className="min-w-0 break-words font-medium text-gray-900">{children}</dd>
    </div>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-2xl bg-white p-4 ring-1 ring-gray-200 sm:p-6">
      <h2 className="mb-2 text-base font-semibold text-gray-900">{title}</h2>
      {children}
    </section>
  );
}

const none = <span className="font-normal text-gray-500">Non renseigné</span>;

/**
 * Net payable and hourly rate are optional: one left empty is stored as 0 (the column's default),
 * and "0 DH" would read as a real amount. A zero is "Non renseigné" (issue 10).
 */
const optionalMoney = (wire: string) => (Number(wire) === 0 ? none : formatMoney(wire));

/** What the edit did, said plainly: a held raise or a new contact is not applied yet (decision 025). */
function savedNotice(before: TEmployeeDetail, after: TEmployeeDetail): string {
  const waiting = after.pending_changes.filter(
    (change) =>
      !before.pending_changes.some((old) => old.field === change.field && old.created === change.created),
  );
  const parts = ['Les modifications ont été enregistrées.'];
  if (waiting.some((change) => change.field === 'salary'))
    parts.push(
      `Le nouveau salaire dépasse de plus de ${SALARY_RAISE_CONFIRMATION_PERCENT} % l'ancien : il attend la validation d'un DRH.`,
    );
  if (waiting.some((change) => change.field === 'email' || change.field === 'phone'))
    parts.push(
      'Le salarié a été prévenu à ses anciennes coordonnées ; les nouvelles serviront quand il les aura confirmées par un code.',
    );
  return parts.join(' ');
}

type Dialog = { kind: 'toggle' } | { kind: 'link'; link: LinkKind } | null;

/** /rh/employees/:id: who the person is, their pay and advance limits, and HR's actions. */
export function EmployeeDetailsScreen() {
  const { id: rawId = '' } = useParams();
  const id = /^\d{1,10}$/.test(rawId) ? Number(rawId) : null;
  if (id === null) return <EmployeeNotFound />;
  return <EmployeeDetails key={id} id={id} />;
}

function EmployeeNotFound() {
  return (
    <EmptyState
      title="Ce salarié est introuvable."
      description="Il n'existe pas ou n'appartient pas à votre société."
      action={<Button variant="secondary" to="/rh/employees" label="Retour à la liste" />}
    />
  );
}

function EmployeeDetails({ id }: { id: number }) {
  const { account, settings } = useReadySession();
  const location = useLocation();
  const employee = useEmployeeQuery(id);
  const [invitation, setInvitation] = useState(() => invitationOf(location.state));
  const [isEditing, setIsEditing] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notice, setNotice] = useState<string | null>(null);

  if (employee.isPending) return <Spinner isBlock label="Chargement du salarié" />;
  if (employee.isError) {
    if (isApiError(employee.error) && employee.error.status === 404) return <EmployeeNotFound />;
    return (
      <LoadErrorState
        title="Ce salarié n'a pas pu être chargé."
        error={employee.error}
        onRetry={() => employee.refetch()}
      />
    );
  }
  const e = employee.data;
  const name = `${e.first_name} ${e.last_name}`;
  // Phones and e-mails are unique on the platform: the same phone means the same person.
  const isSelf = e.phone !== null && e.phone === account.phone;
  // Only another DRH manages a DRH's record and account (decision 025).
  const isProtected = e.account_type === 'drh' && !account.roles.includes('DRH');
  const closeDialog = (open: boolean) => {
    if (!open) setDialog(null);
  };
  const announce = (message: string) => {
    setInvitation(null);
    setNotice(message);
  };

  return (
    <div className="flex flex-col gap-4">
      <div>
        <Button
          variant="tertiary"
          size="sm"
          to="/rh/employees"
          label="Salariés"
          icon={<IconArrowLeft aria-hidden="true" />}
          iconPosition="left"
        />
      </div>
      <PageTitle
        title={name}
        subtitle={
          <span className="flex flex-wrap items-center gap-2">
            <StatusBadge status={e.status} />
            <span>{ACCOUNT_TYPE_LABELS_FR[e.account_type]}</span>
            <span aria-hidden="true">·</span>
            <span>{e.group?.name ?? 'Sans groupe'}</span>
          </span>
        }
        actions={
          isProtected ? null : (
            <>
              {isEditing ? null : (
                <Button
                  variant="secondary"
                  label="Modifier"
                  icon={<IconEdit aria-hidden="true" />}
                  iconPosition="left"
                  onClick={() => {
                    setNotice(null);
                    setIsEditing(true);
                  }}
                />
              )}
              {e.status === 'invited' ? (
                <Button
                  variant="secondary"
                  label="Renvoyer le lien d'activation"
                  icon={<IconMail aria-hidden="true" />}
                  iconPosition="left"
                  onClick={() => setDialog({ kind: 'link', link: 'activation' })}
                />
              ) : null}
              {e.status === 'activated' ? (
                <Button
                  variant="secondary"
                  label="Envoyer un lien de réinitialisation"
                  icon={<IconKey aria-hidden="true" />}
                  iconPosition="left"
                  onClick={() => setDialog({ kind: 'link', link: 'reset' })}
                />
              ) : null}
              {isSelf && e.is_active ? null : (
                <Button
                  variant={e.is_active ? 'danger' : 'primary'}
                  label={e.is_active ? 'Désactiver' : 'Réactiver'}
                  icon={<IconPower aria-hidden="true" />}
                  iconPosition="left"
                  onClick={() => setDialog({ kind: 'toggle' })}
                />
              )}
            </>
          )
        }
      />
      {isProtected ? (
        <MessageBox severity="info">
          Seul un autre DRH peut modifier le dossier ou le compte d'un DRH, lui envoyer un lien ou le
          désactiver.
        </MessageBox>
      ) : null}
      {invitation ? <InvitationNotice invitation={invitation} /> : null}
      {notice ? <MessageBox severity="success">{notice}</MessageBox> : null}

      {isEditing ? (
        <EmployeeEditForm
          employee={e}
          isSelf={isSelf}
          onCancel={() => setIsEditing(false)}
          onDone={(updated) => {
            setIsEditing(false);
            announce(savedNotice(e, updated));
          }}
        />
      ) : null}

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <Card title="Identité">
          <dl className="divide-y divide-gray-100">
            <Row label="CIN">{e.cin ?? none}</Row>
            <Row label="Date de naissance">{e.birthday ? formatDate(`${e.birthday}T12:00:00Z`) : none}</Row>
            <Row label="Matricule">{e.serial ?? none}</Row>
            <Row label="RIB">{e.rib ?? none}</Row>
            <Row label="Téléphone">
              {e.phone ?? none}
              {e.phone && !e.phone_confirmed ? (
                <span className="ml-2 text-xs font-normal text-gray-500">(non confirmé)</span>
              ) : null}
            </Row>
            <Row label="E-mail">{e.email ?? none}</Row>
          </dl>
          <div className="mt-3">
            <Button
              variant="tertiary"
              size="sm"
              to={`/rh/employees/${e.id}/update`}
              label="Demander une modification"
              icon={<IconFileDescription aria-hidden="true" />}
              iconPosition="left"
            />
          </div>
        </Card>
        <Card title="Paie">
          <dl className="divide-y divide-gray-100">
            <Row label="Salaire mensuel">{formatMoney(e.salary)}</Row>
            <Row label="Net à payer">{optionalMoney(e.net_payable)}</Row>
            <Row label="Taux horaire">{optionalMoney(e.hourly_rate)}</Row>
            <Row label="Groupe">{e.group?.name ?? 'Sans groupe'}</Row>
            <Row label="Ajouté le">{formatDate(e.created)}</Row>
          </dl>
        </Card>
        <Card title="Avances sur salaire">
          <dl className="divide-y divide-gray-100">
            <Row label="Pourcentage d'avance">{e.advance_percentage} %</Row>
            <Row label="Avances par mois">{advancesPerMonthLabel(e.max_advances_per_month)}</Row>
            <Row label="Avances gratuites par mois">{e.max_free_advances_per_month}</Row>
            <Row label="Montant maximal par mois">{formatMoney(e.total_max_advance_per_month)}</Row>
            <Row label="Méthode de calcul du solde">{balanceMethodLabel(e.balance_method)}</Row>
            <Row label="Accès restreint">{e.is_restricted ? 'Oui' : 'Non'}</Row>
          </dl>
        </Card>
        <Card title="Temps travaillé">
          {e.worked_time ? (
            <dl className="divide-y divide-gray-100">
              <Row label="Mois">
                {MONTHS_FR.format(new Date(Date.UTC(e.worked_time.year, e.worked_time.month - 1, 1)))}
              </Row>
              <Row label="Jours travaillés">{decimalFr.format(Number(e.worked_time.worked_days))}</Row>
              <Row label="Heures travaillées">{decimalFr.format(Number(e.worked_time.worked_hours))}</Row>
            </dl>
          ) : (
            <p className="text-sm text-gray-600">Aucun relevé de temps pour ce mois.</p>
          )}
        </Card>
        {settings.cards_enabled ? (
          <Card title="Carte prépayée">
            <EmployeeCardSection employeeId={e.id} />
          </Card>
        ) : null}
        <Card title="Dernières avances">
          {e.recent_advances.length === 0 ? (
            <p className="text-sm text-gray-600">Aucune avance pour le moment.</p>
          ) : null}
        </Card>
        {e.pending_changes.length > 0 ? (
          <Card title="Modifications en attente">
            <PendingChanges changes={e.pending_changes} />
          </Card>
        ) : null}
      </div>
      <Card title="Historique des modifications">
        <EmployeeAuditHistory employeeId={e.id} />
      </Card>

      {dialog?.kind === 'toggle' ? (
        <ToggleActiveDialog
          employee={e}
          onOpenChange={closeDialog}
          onDone={(updated) => {
            setDialog(null);
            announce(updated.is_active ? `${name} a été réactivé.` : `${name} a été désactivé.`);
          }}
        />
      ) : null}
      {dialog?.kind === 'link' ? (
        <SendLinkDialog
          kind={dialog.link}
          employee={e}
          onOpenChange={closeDialog}
          onSent={(result) => {
            setDialog(null);
            announce(result.detail);
          }}
        />
      ) : null}
    </div>
  );
}
