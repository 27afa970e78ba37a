import { useCallback, useEffect, useState } from 'react';

/**
 * Seconds left before an action may be repeated (resend a code or a link).
 * `restart()` starts a new countdown of `seconds`.
 */
export function useCountdown(seconds: number, { startNow = false }: { startNow?: boolean } = {}) {
  const [deadline, setDeadline] = useState<number | null>(() =>
    startNow ? Date.now() + seconds * 1000 : null,
  );
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (deadline === null) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= deadline) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [deadline]);

  const restart = useCallback(() => {
    const current = Date.now();
    setNow(current);
    setDeadline(current + seconds * 1000);
  }, [seconds]);

  const remaining = deadline === null ? 0 : Math.max(0, Math.ceil((deadline - now) / 1000));
  return { remaining, isRunning: remaining > 0, restart };
}

/** 75 → "1:15" */
export function formatCountdown(totalSeconds: number): string {
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}
