import {
  IconArrowsExchange,
  IconCash,
  IconCreditCard,
  IconDeviceMobile,
  IconFileInvoice,
  IconFileText,
  IconGift,
  IconReceipt,
} from '@tabler/icons-react';
import { FEATURE_FLAGS } from '@tasbiq/contracts/feature-flags';
import type { Feature, TSettings } from '@tasbiq/contracts/settings';
import type { ComponentType } from 'react';
import { Link } from 'react-router';

type Service = {
  to: string;
  label: string;
  description: string;
  feature: Feature;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
};

export const SERVICES: readonly Service[] = [
  {
    to: '/advance',
    label: 'Avance sur salaire',
    description: 'Recevez une partie de votre salaire dès maintenant',
    feature: 'advances',
    icon: IconCash,
  },
  {
    to: '/recharge',
    label: 'Recharge téléphonique',
    description: 'Rechargez votre téléphone ou celui d’un proche',
    feature: 'recharges',
    icon: IconDeviceMobile,
  },
  {
    to: '/transfer',
    label: 'Transfert d’argent',
    description: 'Envoyez de l’argent à un proche, à retirer en agence',
    feature: 'transfers',
    icon: IconArrowsExchange,
  },
  {
    to: '/factures',
    label: 'Factures',
    description: 'Payez l’eau, l’électricité, internet et le fixe',
    feature: 'bills',
    icon: IconFileInvoice,
  },
  {
    to: '/fiches',
    label: 'Fiches de paie',
    description: 'Consultez et téléchargez vos bulletins',
    feature: 'fiches',
    icon: IconFileText,
  },
  {
    to: '/bonuses',
    label: 'Primes et paniers',
    description: 'Vos primes et paniers reçus',
    feature: 'bonuses',
    icon: IconGift,
  },
  {
    to: '/missionorders',
    label: 'Notes de frais',
    description: 'Ordres de mission et dépenses',
    feature: 'expenses',
    icon: IconReceipt,
  },
  {
    to: '/card',
    label: 'Carte',
    description: 'Votre carte prépayée',
    feature: 'cards',
    icon: IconCreditCard,
  },
];

export function enabledServices(settings: TSettings): Service[] {
  return SERVICES.filter((service) => settings[FEATURE_FLAGS[service.feature]] === true);
}

export function ServiceTiles({ settings }: { settings: TSettings }) {
  const services = enabledServices(settings);
  if (services.length === 0) {
    return (
      <p className="rounded-2xl bg-white p-4 text-sm text-gray-600 ring-1 ring-gray-200">
        Aucun service n'est activé pour votre société pour le moment.
      </p>
    );
  }
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {services.map(({ to, label, description, icon: Icon }) => (
        <li key={to}>
          <Link
            to={to}
            className="flex h-full flex-col gap-3 rounded-2xl bg-white p-4 ring-1 ring-gray-200 transition-shadow hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            <span className="inline-flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
              <Icon aria-hidden="true" className="size-6" />
            </span>
            <span className="font-semibold text-gray-900">{label}</span>
            <span className="-mt-2 text-xs text-gray-600">{description}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
