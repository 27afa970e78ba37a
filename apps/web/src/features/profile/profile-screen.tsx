import * as Tabs from '@radix-ui/react-tabs';
import { IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { MessageBox } from '../../components/ui/message-box.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { useLogoutMutation } from '../session/api/logout.ts';
import { useReadySession } from '../session/ready-session.tsx';
import type { ContactKind } from './api/request-contact-change.ts';
import { AccountDetails } from './components/account-details.tsx';
import { ChangeContactDialog } from './components/change-contact-dialog.tsx';
import { ChangePasswordForm } from './components/change-password-form.tsx';
import { LogoutEverywhereSection } from './components/logout-everywhere-section.tsx';

const tabClass =
  'flex-1 border-b-2 border-transparent px-4 py-3 text-sm font-medium text-gray-600 hover:text-gray-900 ' +
  'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 ' +
  'data-[state=active]:border-brand-600 data-[state=active]:text-brand-700 sm:flex-none';

/**
 * /profile: "Général" (identity, change e-mail or phone) and "Sécurité" (password, "Se déconnecter
 * partout"), and logout.
 */
export function ProfileScreen() {
  const { account } = useReadySession();
  const logout = useLogoutMutation();
  const [editing, setEditing] = useState<ContactKind | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  return (
    <div className="flex flex-col gap-4">
      <PageTitle
        title="Mon profil"
        actions={
          <Button
            variant="secondary"
            label="Se déconnecter"
            icon={<IconLogout aria-hidden="true" />}
            iconPosition="left"
            loading={logout.isPending}
            onClick={() => logout.mutate()}
          />
        }
      />
      {notice ? <MessageBox severity="success">{notice}</MessageBox> : null}
      <Tabs.Root defaultValue="general" className="rounded-2xl bg-white ring-1 ring-gray-200">
        <Tabs.List aria-label="Sections du profil" className="flex border-b border-gray-200 px-2">
          <Tabs.Trigger value="general" className={tabClass}>
            Général
          </Tabs.Trigger>
          <Tabs.Trigger value="security" className={tabClass}>
            Sécurité
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="general" className="px-4 py-2 focus-visible:outline-none sm:px-6">
          <AccountDetails
            account={account}
            onEdit={(kind) => {
              setNotice(null);
              setEditing(kind);
            }}
          />
        </Tabs.Content>
        <Tabs.Content
          value="security"
          className="flex flex-col gap-6 divide-y divide-gray-200 p-4 focus-visible:outline-none sm:p-6 [&>*+*]:pt-6"
        >
          <ChangePasswordForm hasChangedPassword={account.has_changed_password} />
          <LogoutEverywhereSection />
        </Tabs.Content>
      </Tabs.Root>
      {editing ? (
        <ChangeContactDialog
          kind={editing}
          current={editing === 'phone' ? account.phone : account.email}
          open
          onOpenChange={(open) => {
            if (!open) setEditing(null);
          }}
          onChanged={(message) => {
            setEditing(null);
            setNotice(message);
          }}
        />
      ) : null}
    </div>
  );
}
