import * as Tabs from '@radix-ui/react-tabs';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { useReadySession } from '../session/ready-session.tsx';
import { InvitationSender } from './components/invitation-sender.tsx';
import { SignupLinkCard } from './components/signup-link-card.tsx';

const tabClass =
  'flex-1 rounded-lg px-4 py-2 text-sm font-medium text-gray-700 hover:text-gray-900 ' +
  'focus-visible:outline-2 focus-visible:outline-brand-600 data-[state=active]:bg-white ' +
  'data-[state=active]:text-brand-700 data-[state=active]:shadow-sm sm:flex-none';

/** /rh/invitations: send the company's signup link to a list of e-mails or phones. */
export function InvitationsScreen() {
  const { settings } = useReadySession();
  const link = settings.signup_link;
  return (
    <div className="flex flex-col gap-6">
      <PageTitle
        title="Invitations"
        subtitle="Envoyez le lien d'inscription de votre société par e-mail ou par SMS."
      />
      <SignupLinkCard link={link} />
      <section className="rounded-2xl bg-white p-4 ring-1 ring-gray-200 sm:p-6">
        <Tabs.Root defaultValue="email">
          <Tabs.List aria-label="Canal d'envoi" className="mb-4 flex gap-1 rounded-xl bg-gray-100 p-1">
            <Tabs.Trigger value="email" className={tabClass}>
              E-mails
            </Tabs.Trigger>
            <Tabs.Trigger value="sms" className={tabClass}>
              Téléphones
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="email" className="focus-visible:outline-none">
            <InvitationSender channel="email" isDisabled={!link} />
          </Tabs.Content>
          <Tabs.Content value="sms" className="focus-visible:outline-none">
            <InvitationSender channel="sms" isDisabled={!link} />
          </Tabs.Content>
        </Tabs.Root>
      </section>
    </div>
  );
}
