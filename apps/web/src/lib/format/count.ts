const numberFr = new Intl.NumberFormat('fr-FR');

/**
 * "1 salarié", "1 250 salariés", and `none` ("Aucun salarié") for zero when given: the counts
 * shown above lists and in reports.
 */
export function formatCount(count: number, singular: string, plural: string, none?: string): string {
  if (count === 0 && none !== undefined) return none;
  return `${numberFr.format(count)} ${count === 1 ? singular : plural}`;
}
