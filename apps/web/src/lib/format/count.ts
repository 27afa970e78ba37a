const numberFr = new Intl.NumberFormat('fr-FR');
/** Two significant digits: an estimate of 12 347 rows is « environ 12 000 », not a false 12 347. */
const roughFr = new Intl.NumberFormat('fr-FR', { maximumSignificantDigits: 2 });

/**
 * A list total as people read it: exact, or « environ 12 000 » when the API says its `count` is
 * the database's estimate (`count_is_estimate`: past 10 000 rows, decision 027; a broad employee
 * search, decision 050).
 */
export function formatTotal(count: number, isEstimate = false): string {
  return isEstimate ? `environ ${roughFr.format(count)}` : numberFr.format(count);
}

/**
 * "1 salarié", "1 250 salariés", `none` ("Aucun salarié") for zero when given, and « environ
 * 12 000 salariés » for an estimated count: the counts shown above lists, in reports and on the
 * dashboard. French puts 0 and 1 in the singular (« 0 avance »).
 */
export function formatCount(
  count: number,
  singular: string,
  plural: string,
  none?: string,
  isEstimate = false,
): string {
  if (count === 0 && none !== undefined && !isEstimate) return none;
  return `${formatTotal(count, isEstimate)} ${count < 2 && !isEstimate ? singular : plural}`;
}
