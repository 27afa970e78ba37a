/**
 * Money is integer centimes (bigint) inside the API; on the wire a decimal string with two
 * decimals, as Django REST Framework sends it ("1500.00").
 */
export function centimesToWire(centimes: bigint | number): string {
  const value = BigInt(centimes);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const units = abs / 100n;
  const cents = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${units}.${cents}`;
}

/** Parses "1500", "1500.5" or "1500.50" (or a number of DH) to centimes; null when not a valid amount. */
export function wireToCentimes(value: string | number): bigint | null {
  const text = typeof value === 'number' ? value.toFixed(2) : value.trim();
  const match = /^(-)?(\d{1,12})(?:[.,](\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const [, sign, units, cents = ''] = match;
  const total = BigInt(units!) * 100n + BigInt(cents.padEnd(2, '0') || '0');
  return sign ? -total : total;
}
