import { useEffect } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { MessageBox } from '../../components/ui/message-box.tsx';

/**
 * /onboarding?token=…: card order through an invitation link (spec §2). The route and its guard
 * exist; the flow itself (token check, phone OTP, CIN photos, address) comes with the card issue.
 */
export function OnboardingScreen() {
  useEffect(() => {
    document.title = 'Commande de carte · Tasbiq';
  }, []);
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold text-gray-900">Commande de carte</h1>
      <MessageBox severity="info" title="Bientôt disponible">
        La commande de carte depuis un lien d'invitation sera bientôt disponible ici. Vous pouvez en attendant
        vous connecter à votre espace.
      </MessageBox>
      <Button variant="secondary" to="/login" label="Se connecter" />
    </div>
  );
}
