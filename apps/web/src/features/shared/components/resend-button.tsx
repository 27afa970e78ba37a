import { useId } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { formatCountdown } from '../use-countdown.ts';

type ResendButtonProps = {
  label: string;
  remaining: number;
  loading?: boolean;
  onClick: () => void;
};

/** "Renvoyer le code", disabled with the time left while the countdown runs. */
export function ResendButton({ label, remaining, loading, onClick }: ResendButtonProps) {
  const countdownId = useId();
  const isWaiting = remaining > 0;
  return (
    <div className="flex flex-col items-center gap-1 text-sm text-gray-600">
      <Button
        variant="tertiary"
        label={label}
        disabled={isWaiting}
        loading={loading}
        onClick={onClick}
        aria-describedby={isWaiting ? countdownId : undefined}
      />
      {isWaiting ? (
        <p id={countdownId}>
          Vous pourrez renvoyer dans <span className="tabular-nums">{formatCountdown(remaining)}</span>
        </p>
      ) : null}
    </div>
  );
}
