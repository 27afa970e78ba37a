import type { TCard, TCardState } from '@tasbiq/contracts/cards';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { LoadErrorState } from '../../components/ui/load-error-state.tsx';
import { MessageBox } from '../../components/ui/message-box.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useReadySession } from '../session/ready-session.tsx';
import { useCardQuery } from './api/get-card.ts';
import { useOrderCardMutation } from './api/order-card.ts';
import { ActiveCard } from './components/active-card.tsx';
import { CardOrderForm } from './components/card-order-form.tsx';
import { CardSteps } from './components/card-steps.tsx';
import { ConfirmReceiptForm } from './components/confirm-receipt-form.tsx';
import { ContractSignature } from './components/contract-signature.tsx';
import { OrderProgress } from './components/order-progress.tsx';

function panel(children: ReactNode) {
  return <div className="rounded-2xl bg-white p-4 ring-1 ring-gray-200 sm:p-6">{children}</div>;
}

/** What the card's status asks of the person next (one action at a time). */
function NextAction({ card }: { card: TCard }) {
  switch (card.status) {
    case 'ordered':
    case 'assigned':
      return (
        <MessageBox severity="info" title="Votre carte est en préparation">
          Nous vous prévenons dès qu’elle part en livraison. Livraison à : {card.delivery.address},{' '}
          {card.delivery.area}, {card.delivery.zip} {card.delivery.city_name}.
        </MessageBox>
      );
    case 'delivered':
      return panel(<ConfirmReceiptForm last4={card.last4} />);
    case 'receipt_confirmed':
      return panel(<ContractSignature />);
    default:
      return <ActiveCard card={card} />;
  }
}

function OrderSection({ state }: { state: TCardState }) {
  const { account } = useReadySession();
  const order = useOrderCardMutation();
  const checking = state.order?.status === 'checking' ? state.order : null;
  if (checking) return <OrderProgress order={checking} />;
  return (
    <>
      {state.card?.status === 'canceled' ? (
        <MessageBox severity="warning" title="Votre précédente commande a été annulée">
          {state.card.cancel_reason ?? 'La livraison n’a pas pu avoir lieu.'} Vous pouvez commander une
          nouvelle carte.
        </MessageBox>
      ) : null}
      {state.order?.status === 'refused' ? <OrderProgress order={state.order} /> : null}
      {panel(
        <CardOrderForm
          phone={account.phone || null}
          isSubmitting={order.isPending}
          error={order.error}
          onSubmit={(input) => order.mutate(input)}
        />,
      )}
    </>
  );
}

/**
 * Coming from an advance that needed a card (`?retour=avance&montant=…`): the way back to it, with
 * the card chosen once the card is active.
 */
function BackToAdvance({ card }: { card: TCard | null }) {
  const [params] = useSearchParams();
  if (params.get('retour') !== 'avance') return null;
  const amount = params.get('montant');
  const back = new URLSearchParams();
  if (amount && /^\d{1,6}$/.test(amount)) back.set('montant', amount);
  if (card?.status === 'active') {
    back.set('paiement', 'card');
    return (
      <MessageBox severity="success" title="Votre carte est active">
        <p>Vous pouvez reprendre votre demande d’avance et la recevoir sur votre carte.</p>
        <div className="mt-3">
          <Button size="sm" to={`/advance?${back.toString()}`} label="Reprendre mon avance" />
        </div>
      </MessageBox>
    );
  }
  const query = back.toString();
  return (
    <div>
      <Button
        size="sm"
        variant="tertiary"
        to={query ? `/advance?${query}` : '/advance'}
        label="Revenir à mon avance"
      />
    </div>
  );
}

/**
 * /card (spec §2 Card): where the card stands and the one next action — order it, follow the CIN
 * check and the delivery, confirm receipt with the number, sign the contract, then use it (block,
 * unblock, new PIN, activity by month).
 */
export function CardScreen() {
  const card = useCardQuery();
  let body: ReactNode;
  if (card.isPending) body = <Spinner isBlock label="Chargement de votre carte" />;
  else if (card.isError)
    body = panel(
      <LoadErrorState
        title="Votre carte n’a pas pu être chargée."
        error={card.error}
        onRetry={() => card.refetch()}
      />,
    );
  else {
    const live = card.data.card && card.data.card.status !== 'canceled' ? card.data.card : null;
    body = (
      <>
        <BackToAdvance card={live} />
        {live ? <CardSteps status={live.status} /> : null}
        {live ? <NextAction card={live} /> : <OrderSection state={card.data} />}
      </>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <PageTitle
        title="Ma carte"
        subtitle="Votre carte prépayée : avances et primes reçues en quelques secondes."
      />
      {body}
    </div>
  );
}
