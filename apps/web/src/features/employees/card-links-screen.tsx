import type { TOnboardingChannel } from '@tasbiq/contracts/cards';
import type { TEmployeeListItem } from '@tasbiq/contracts/employees';
import { type ReactNode, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { LoadErrorState } from '../../components/ui/load-error-state.tsx';
import { MessageBox } from '../../components/ui/message-box.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { SearchField } from '../../components/ui/search-field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/errors/error-message.ts';
import { formatCount } from '../../lib/format/count.ts';
import { useReadySession } from '../session/ready-session.tsx';
import { useEmployeesQuery } from './api/list-employees.ts';
import { type CardLinksAnswer, useSendCardLinksMutation } from './api/send-card-links.ts';
import { CheckboxField } from './components/checkbox-field.tsx';

type Person = Pick<TEmployeeListItem, 'id' | 'first_name' | 'last_name' | 'serial'>;
const nameOf = (person: Person) => `${person.first_name} ${person.last_name}`.trim();
const peopleText = (count: number) => formatCount(count, 'salarié', 'salariés');

function Outcome({ answer, people }: { answer: CardLinksAnswer; people: Map<number, Person> }) {
  const skipped = answer.results.filter((result) => !result.sent);
  return (
    <MessageBox
      severity={skipped.length ? 'warning' : 'success'}
      title={`${formatCount(answer.sent, 'lien envoyé', 'liens envoyés')}${
        skipped.length ? `, ${formatCount(skipped.length, 'salarié écarté', 'salariés écartés')}` : ''
      }.`}
    >
      {skipped.length ? (
        <ul aria-label="Salariés écartés" className="list-disc pl-5">
          {skipped.map((result) => {
            const person = people.get(result.employee);
            return (
              <li key={result.employee}>
                {person ? nameOf(person) : `Salarié n° ${result.employee}`} : {result.reason}
              </li>
            );
          })}
        </ul>
      ) : (
        'Chacun reçoit un lien pour commander sa carte, valable 72 heures.'
      )}
    </MessageBox>
  );
}

/**
 * /rh/employees/card-links (issue 11): HR picks active employees who have no prepaid card and
 * sends each a card-order link (SMS and/or e-mail) in one go, after a confirmation; the answer
 * says who got one and why the others did not.
 */
export function CardLinksScreen() {
  const { settings } = useReadySession();
  const limit = settings.items_per_page;
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const [selected, setSelected] = useState<Map<number, Person>>(() => new Map());
  const [channels, setChannels] = useState<Set<TOnboardingChannel>>(() => new Set(['sms']));
  const [confirming, setConfirming] = useState(false);
  const [answer, setAnswer] = useState<{ result: CardLinksAnswer; people: Map<number, Person> } | null>(null);
  const employees = useEmployeesQuery({
    has_card: false,
    is_active: true,
    status: 'activated',
    search: search || undefined,
    ordering: 'last_name',
    limit,
    offset,
  });
  const send = useSendCardLinksMutation();

  const toggle = (person: Person, on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      if (on) next.set(person.id, person);
      else next.delete(person.id);
      return next;
    });
  const toggleChannel = (channel: TOnboardingChannel, on: boolean) =>
    setChannels((current) => {
      const next = new Set(current);
      if (on) next.add(channel);
      else next.delete(channel);
      return next;
    });

  const page = employees.data?.results ?? [];
  const allOnPage = page.length > 0 && page.every((person) => selected.has(person.id));

  let body: ReactNode;
  if (employees.isPending) body = <Spinner isBlock label="Chargement des salariés" />;
  else if (employees.isError)
    body = (
      <LoadErrorState
        title="Les salariés n'ont pas pu être chargés."
        error={employees.error}
        onRetry={() => employees.refetch()}
      />
    );
  else if (employees.data.count === 0)
    body = (
      <EmptyState
        title={
          search
            ? 'Aucun salarié sans carte ne correspond à cette recherche.'
            : 'Tous vos salariés actifs ont une carte.'
        }
      />
    );
  else
    body = (
      <div className="flex flex-col gap-1 p-4">
        <CheckboxField
          label="Tout sélectionner sur cette page"
          checked={allOnPage}
          onChange={(event) => {
            for (const person of page) toggle(person, event.target.checked);
          }}
        />
        <ul aria-label="Salariés sans carte" className="flex flex-col gap-1 border-t border-gray-100 pt-2">
          {page.map((person) => (
            <li key={person.id}>
              <CheckboxField
                label={nameOf(person)}
                hint={person.serial ?? undefined}
                checked={selected.has(person.id)}
                onChange={(event) => toggle(person, event.target.checked)}
              />
            </li>
          ))}
        </ul>
      </div>
    );

  const count = selected.size;
  return (
    <div className="flex flex-col gap-4">
      <PageTitle
        title="Liens de commande de carte"
        subtitle="Choisissez les salariés sans carte prépayée : chacun reçoit un lien pour la commander."
      />
      {answer ? <Outcome answer={answer.result} people={answer.people} /> : null}
      <div className="flex flex-col gap-3 rounded-2xl bg-white p-4 ring-1 ring-gray-200 md:flex-row md:items-end">
        {/* biome-ignore lint/a11y/useSemanticElements: <search> is too recent for the phones we support (and jsdom). */}
        <div role="search" className="flex-1">
          <SearchField
            label="Rechercher un salarié"
            placeholder="Nom, matricule, CIN ou téléphone"
            value={search}
            onSearch={(next) => {
              setSearch(next);
              setOffset(0);
            }}
          />
        </div>
        <fieldset className="flex gap-4">
          <legend className="mb-1 text-sm font-medium text-gray-900">Envoyer par</legend>
          <CheckboxField
            label="SMS"
            checked={channels.has('sms')}
            onChange={(event) => toggleChannel('sms', event.target.checked)}
          />
          <CheckboxField
            label="E-mail"
            checked={channels.has('email')}
            onChange={(event) => toggleChannel('email', event.target.checked)}
          />
        </fieldset>
      </div>
      <section
        aria-label="Salariés sans carte prépayée"
        aria-busy={employees.isFetching}
        className="rounded-2xl bg-white ring-1 ring-gray-200"
      >
        {body}
      </section>
      {employees.data ? (
        <Pagination
          label="Pagination des salariés"
          count={employees.data.count}
          limit={limit}
          offset={offset}
          onOffsetChange={setOffset}
          isFetching={employees.isFetching}
        />
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-gray-700" aria-live="polite">
          {count ? `${peopleText(count)} sélectionné${count > 1 ? 's' : ''}` : 'Aucun salarié sélectionné'}
        </p>
        <Button
          label={`Envoyer le lien de commande (${count})`}
          disabled={count === 0 || channels.size === 0}
          onClick={() => {
            send.reset();
            setConfirming(true);
          }}
        />
      </div>
      <Modal
        open={confirming}
        onOpenChange={setConfirming}
        title={`Envoyer le lien à ${peopleText(count)} ?`}
      >
        <div className="flex flex-col gap-4">
          <p className="text-sm text-gray-700">
            Chacun recevra par {[...channels].map((c) => (c === 'sms' ? 'SMS' : 'e-mail')).join(' et ')} un
            lien pour commander sa carte prépayée, valable 72 heures. Un lien envoyé plus tôt ne fonctionnera
            plus.
          </p>
          {send.isPending ? <Spinner isBlock label={`Envoi des liens à ${peopleText(count)}…`} /> : null}
          {send.isError ? <MessageBox severity="danger">{errorMessage(send.error)}</MessageBox> : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" label="Annuler" onClick={() => setConfirming(false)} />
            <Button
              label="Envoyer"
              loading={send.isPending}
              onClick={() => {
                const people = new Map(selected);
                send.mutate(
                  { employees: [...people.keys()], channels: [...channels] },
                  {
                    onSuccess: (result) => {
                      setAnswer({ result, people });
                      setSelected(new Map());
                      setConfirming(false);
                    },
                  },
                );
              }}
            />
          </div>
        </div>
      </Modal>
    </div>
  );
}
