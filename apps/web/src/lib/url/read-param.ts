/** A whole number from the address within [min, max], or null (missing, not a number, out of range). */
export function readIntParam(value: string | null, min: number, max: number): number | null {
  const number = Number(value);
  return value && Number.isInteger(number) && number >= min && number <= max ? number : null;
}

/** The value if it is one of `allowed` (an enum from the contracts), else null. */
export function readOneOfParam<T extends string>(value: string | null, allowed: readonly T[]): T | null {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : null;
}
