import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { MessageBox } from '../../components/ui/message-box.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { useReveal } from '../../lib/hooks/use-reveal.ts';
import { useReadySession } from '../session/ready-session.tsx';
import { AdvanceLimitsSection } from './components/advance-limits-section.tsx';
import { CategoryCeilingsSection } from './components/category-ceilings-section.tsx';
import { PolicyHistorySection } from './components/policy-history-section.tsx';
import { TravelPoliciesSection } from './components/travel-policies-section.tsx';

/** The notice a form screen hands back when it returns here ("Le plafond … a été enregistré."). */
function noticeOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const notice = (state as { notice?: unknown }).notice;
  return typeof notice === 'string' ? notice : null;
}

/**
 * /rh/policy (DRH only, expenses feature): the advance limits per group, the category ceilings per
 * group (`policy_items`, issue 15), the travel policies per route and the history of changes.
 */
export function PolicyScreen() {
  const { settings } = useReadySession();
  const location = useLocation();
  const [notice, setNotice] = useState<{ text: string; takesFocus: boolean } | null>(() => {
    const text = noticeOf(location.state);
    return text ? { text, takesFocus: false } : null;
  });
  // After a deletion the row and its button (which had the focus) are gone: the notice takes it.
  const noticeRef = useReveal<HTMLDivElement>(notice?.takesFocus ? notice : null);
  const limit = settings.items_per_page;
  return (
    <div className="flex flex-col gap-4">
      <PageTitle
        title="Politique budgétaire"
        subtitle="Les plafonds que les ordres de mission respectent, pour tous les salariés de l'entreprise."
        actions={
          <Button
            label="Définir un plafond d'avance"
            icon={<IconPlus aria-hidden="true" />}
            iconPosition="left"
            to="/rh/policy/add"
          />
        }
      />
      {notice ? (
        <MessageBox ref={noticeRef} focusable={notice.takesFocus} severity="success">
          {notice.text}
        </MessageBox>
      ) : null}
      <AdvanceLimitsSection />
      <CategoryCeilingsSection />
      <TravelPoliciesSection
        limit={limit}
        onNotice={(text, takesFocus = false) => setNotice({ text, takesFocus })}
      />
      <PolicyHistorySection limit={limit} />
    </div>
  );
}
