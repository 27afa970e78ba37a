import { TIME_ZONE } from './constants.ts';

// Built once: constructing an Intl.DateTimeFormat with a time zone costs ~0.5 ms, formatting µs.
const casablancaParts = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/**
 * Africa/Casablanca's offset (minutes east of UTC) at an instant, by the running platform's own
 * time zone rules: Node's ICU on the API (checked at start, decision 023), the device's in the web
 * app (which prefers what the API says, see casablanca-clock.ts). Callers cache it.
 */
export function intlCasablancaOffsetMinutes(at: Date): number {
  const parts = casablancaParts.formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}
