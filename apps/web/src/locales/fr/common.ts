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
  serverUnavailable: 'Le service est momentanément indisponible. Réessayez dans un instant.',
  offlineError: 'Pas de connexion internet : rien n’a été envoyé. Réessayez quand la connexion est revenue.',
  offlineBanner:
    'Vous êtes hors connexion. Aucune opération n’est envoyée tant que la connexion n’est pas revenue.',
  requestCanceled: 'La requête a été annulée.',
  unknownCode: 'inconnu',
  justNow: "à l'instant",
  notAvailable: '—',
  retry: 'Réessayer',
  back: 'Retour',
} as const;
