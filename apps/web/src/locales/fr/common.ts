/**
 * French texts of the shared widgets and helpers. A plain object rather than i18next lookups so the
 * widgets render the same in tests and before i18next is initialised; i18n.ts registers it too.
 */
export const commonFr = {
  appName: 'Tasbiq',
  close: 'Fermer',
  loading: 'Chargement…',
  loadingInProgress: 'Chargement en cours',
  dialog: 'Boîte de dialogue',
  empty: 'Aucun élément à afficher.',
  requiredMark: 'obligatoire',
  networkError: 'Impossible de joindre le serveur. Vérifiez votre connexion internet.',
  requestCanceled: 'La requête a été annulée.',
  unknownCode: 'inconnu',
  justNow: "à l'instant",
  notAvailable: '—',
  retry: 'Réessayer',
  back: 'Retour',
} as const;
