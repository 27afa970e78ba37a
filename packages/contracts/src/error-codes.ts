/**
 * Every error code the API may answer with, and its French text for the user.
 * The web app looks a message up by `attr.code` first, then by `code` (spec §8);
 * the API sends the same text as `detail` so a raw body is readable too.
 */

/** Codes of the wire contract itself (Django REST Framework's names). */
export const WIRE_ERROR_CODES = {
  notAuthenticated: 'not_authenticated',
  tokenNotValid: 'token_not_valid',
  permissionDenied: 'permission_denied',
  notFound: 'not_found',
  methodNotAllowed: 'method_not_allowed',
  throttled: 'throttled',
  error: 'error',
  parseError: 'parse_error',
  unsupportedMediaType: 'unsupported_media_type',
  payloadTooLarge: 'payload_too_large',
} as const;

/** DRF field-validation codes; zod issues are mapped onto these once, in the API error handler. */
export const VALIDATION_CODES = [
  'required',
  'null',
  'blank',
  'invalid',
  'max_length',
  'min_length',
  'max_value',
  'min_value',
  'invalid_choice',
  'does_not_exist',
  'unique',
] as const;
export type ValidationCode = (typeof VALIDATION_CODES)[number];

export const ERROR_MESSAGES_FR: Record<string, string> = {
  // Wire contract
  not_authenticated: 'Vous devez être connecté pour accéder à cette page.',
  token_not_valid: 'Votre session a expiré, veuillez vous reconnecter.',
  permission_denied: "Vous n'avez pas la permission d'effectuer cette action.",
  not_found: "L'élément demandé est introuvable.",
  method_not_allowed: 'Action non autorisée.',
  throttled: 'Trop de tentatives, veuillez réessayer plus tard.',
  error: 'Erreur interne, veuillez réessayer plus tard.',
  parse_error: 'La requête est mal formée.',
  unsupported_media_type: "Ce type de contenu n'est pas accepté.",
  payload_too_large: 'Le fichier envoyé est trop volumineux.',
  // Field validation (the field name is added by the form when it knows it)
  // Spec §5's style for every required field (lower case, no full stop); the form adds the label.
  required: 'ce champ est obligatoire',
  null: 'Ce champ ne peut pas être vide.',
  blank: 'Ce champ ne peut pas être vide.',
  invalid: "La valeur saisie n'est pas valide.",
  max_length: 'La valeur saisie est trop longue.',
  min_length: 'La valeur saisie est trop courte.',
  max_value: 'La valeur saisie est trop grande.',
  min_value: 'La valeur saisie est trop petite.',
  invalid_choice: "Ce choix n'est pas valide.",
  does_not_exist: "L'élément sélectionné n'existe pas.",
  unique: 'Cette valeur est déjà utilisée.',
  // Login and account
  NO_ACTIVE_ACCOUNT: 'Vos identifiants sont incorrectes',
  INVALID_PHONE: "Le numéro de téléphone n'est pas valide.",
  INVALID_USERNAME: "L'identifiant n'est pas valide (e-mail ou téléphone).",
  INVALID_EMAIL: "L'adresse e-mail n'est pas valide.",
  INVALID_CIN: "Le numéro de CIN n'est pas valide.",
  USERNAME_EXIST: 'Cet identifiant est déjà utilisé.',
  UNKNOWN_ERROR: 'Une erreur technique est survenue, veuillez réessayer.',
  ACCOUNT_INACTIVE_COMPANY:
    "Le compte de votre société n'est pas actif. Veuillez contacter votre service RH.",
  inactive_account: "Votre compte n'est pas actif. Veuillez contacter votre service RH.",
  terms_not_accepted: "Veuillez accepter les conditions générales d'utilisation pour continuer.",
  phone_not_confirmed: 'Veuillez confirmer votre numéro de téléphone avec le code reçu par SMS.',
  PHONE_EXISTS: 'Ce numéro de téléphone est déjà utilisé.',
  EMAIL_EXISTS: 'Cette adresse e-mail est déjà utilisée.',
  PHONE_NOT_MOBILE: 'Saisissez un numéro de mobile (06…, 07… ou +212 6…/7…) : le code est envoyé par SMS.',
  SAME_PHONE: 'Ce numéro est déjà celui de votre compte. Saisissez le nouveau numéro.',
  SAME_EMAIL: 'Cette adresse est déjà celle de votre compte. Saisissez la nouvelle adresse.',
  // OTP
  OTP_RETRIES_REACHED: "Vous avez atteint la limite d'envoi de codes. Veuillez réessayer plus tard.",
  incorrect_otp: 'Le code saisi est incorrect ou a expiré.',
  INVALID_OTP: 'Le code de vérification est composé de 6 chiffres.',
  OTP_EXPIRED: 'Le code a expiré, veuillez en demander un nouveau.',
  OTP_ATTEMPTS_EXCEEDED: 'Trop de codes erronés. Veuillez demander un nouveau code.',
  // Balance and limits
  BALANCE_INSUFFICIENT: 'Votre solde est insuffisant pour cette demande.',
  solde_insuffisant: 'Votre solde est insuffisant pour cette demande.',
  REQUEST_LIMIT_EXCEEDED: 'Vous avez atteint le nombre maximum de demandes pour ce mois.',
  ACCESS_RESTRICTED:
    "L'accès à ce service est restreint pour le moment. Veuillez contacter votre service RH.",
  INSUFFICIENT_FUNDS: 'Le service est momentanément indisponible. Veuillez contacter votre service RH.',
  AMOUNT_LIMIT_EXCEEDED: 'Le montant dépasse le maximum autorisé pour ce mois.',
  // Files and employees
  INVALID_FILE: "Le fichier n'est pas valide. Seuls les fichiers CSV sont acceptés.",
  FICHES_EXTRACTION_ERROR: "Une erreur est survenue lors de l'extraction des fiches de paie.",
  FICHES_INVALID_FILE_TYPE: 'Seuls les fichiers PDF sont acceptés.',
  EMPLOYEE_UPDATE_DEFAULT_ERROR: "La mise à jour du salarié n'a pas pu être effectuée.",
  UPLOAD_WD_FAILED: "L'import des jours travaillés a échoué. Veuillez corriger les lignes en erreur.",
  BULK_UPLOAD_FAILED:
    "L'import des salariés a échoué. Aucune ligne n'a été importée, veuillez corriger les erreurs.",
  CIN_EXISTS: 'Ce numéro de CIN est déjà utilisé.',
  AUCUN_EMPLOYE_ACTIF: 'Aucun salarié actif.',
  // Card order
  EMPLOYEE_HAS_CARD: 'Vous avez déjà une carte.',
  EMPLOYEE_HAS_CARD_ORDER: 'Vous avez déjà une commande de carte en cours.',
  INVALID_FILES: 'Les fichiers envoyés ne sont pas valides.',
  FAILED_OCR: "Nous n'avons pas pu lire votre CIN. Veuillez envoyer des photos plus nettes.",
  CIN_MISMATCH: 'La CIN ne correspond pas à celle de votre compte.',
  CIN_SIDES_MISMATCH: 'Le recto et le verso ne correspondent pas à la même CIN.',
  PHONE_MISSING: 'Le numéro de téléphone est obligatoire.',
  MISSING_NAME: 'Le nom est illisible sur la CIN.',
  MISSING_BIRTHDAY: 'La date de naissance est illisible sur la CIN.',
  MISSING_EXPIRY: "La date d'expiration est illisible sur la CIN.",
  MISSING_FRONT: 'Le recto de la CIN est manquant.',
  MISSING_BACK: 'Le verso de la CIN est manquant.',
  CIN_EXPIRED_SOON: 'Votre CIN expire bientôt. Veuillez la renouveler avant de commander une carte.',
  CARD_REQUIRED: 'Une carte prépayée active est nécessaire pour ce virement.',
  WRONG_CARD_NUMBER: 'Le numéro de carte est incorrect.',
  CARD_NOT_READY: "Votre carte n'est pas encore prête.",
  NO_CARDS_FOUND: 'Aucune carte trouvée.',
  // Card life (issue 11, decision 032)
  INVALID_ZIP: "Le code postal n'est pas valide (5 chiffres, par exemple 20250).",
  CARD_NOT_ACTIVE: "Votre carte n'est pas active.",
  CARD_ALREADY_BLOCKED: 'Votre carte est déjà bloquée.',
  CARD_NOT_BLOCKED: "Votre carte n'est pas bloquée.",
  RECEIPT_ALREADY_CONFIRMED: 'Vous avez déjà confirmé la réception de votre carte.',
  RECEIPT_NOT_CONFIRMED: "Confirmez d'abord la réception de votre carte avec le numéro imprimé dessus.",
  CONTRACT_ALREADY_SIGNED: 'Le contrat de votre carte est déjà signé.',
  CONTRACT_NOT_SIGNED: "Le contrat de cette carte n'est pas encore signé.",
  CARD_TRANSITION_NOT_ALLOWED: "Cette étape n'est pas possible pour la carte dans son état actuel.",
  CARD_ORDER_NOT_CHECKED: "La vérification de la CIN n'est pas terminée.",
  CARD_ISSUER_UNAVAILABLE: "L'émetteur de la carte ne répond pas. Veuillez réessayer dans quelques minutes.",
  CIN_IMAGES_DELETED: 'Les images de la CIN ont été supprimées (durée de conservation écoulée).',
  EMPLOYEE_NO_PHONE: "Ce salarié n'a pas de numéro de téléphone : le lien ne peut pas être envoyé par SMS.",
  // Onboarding
  INVALID_TOKEN: 'Le lien est invalide ou a expiré.',
  // Expenses
  EXPENSE_VALIDATOR_DEFINED: 'Ce salarié est déjà valideur.',
  // Password
  PASSWORD_REQUIRED: 'le champ "Mot de passe actuel" est obligatoire',
  PASSWORD_INCORECT: "L'ancien mot de passe est incorrect.",
  PASSWORD_NOT_REQUIRED: "L'ancien mot de passe n'est pas requis.",
  PASSWORD_MISMATCH: 'Les deux mots de passe ne correspondent pas.',
  SAME_PASSWORD: 'Le nouveau mot de passe doit être différent du mot de passe actuel.',
  PASSWORD_TOO_COMMON: 'Ce mot de passe est trop courant.',
  PASSWORD_ENTIRELY_NUMERIC: 'Ce mot de passe est entièrement numérique.',
  PASSWORD_TOO_SHORT: 'Ce mot de passe est trop court. Il doit contenir au moins 8 caractères.',
  PASSWORD_TOO_SIMILAR: 'Le mot de passe est trop semblable à vos informations personnelles.',
  RESET_PASSWORD_FAILED: 'La réinitialisation du mot de passe a échoué. Le lien est peut-être expiré.',
  // Bonuses
  TOO_MANY_BONUSES: 'Vous ne pouvez pas créer plus de 5000 primes à la fois.',
  BONUS_NOT_PENDING: "Cette prime n'est plus en attente et ne peut plus être modifiée.",
  // Expenses and expense reports (issue 15)
  INVALID_RECEIPT: 'Le justificatif doit être une image PNG, JPG ou JPEG de 10 Mo au plus.',
  RECEIPT_REQUIRED: 'Ajoutez la photo du justificatif.',
  EXPENSE_NOT_EDITABLE:
    'Cette dépense a été envoyée : elle ne peut être modifiée ou supprimée que si elle vous est retournée.',
  EXPENSE_NOT_DRAFT: 'Seuls vos brouillons peuvent être supprimés ensemble.',
  EXPENSE_ORDER_NOT_APPROVED: "Les dépenses ne peuvent être rattachées qu'à un ordre de mission approuvé.",
  EXPENSE_DATE_OUTSIDE_MISSION:
    'La date de la dépense doit être comprise entre le début et la fin de la mission.',
  REPORT_NOT_EDITABLE:
    'La note de frais est en cours de validation ou déjà traitée : elle ne peut plus être modifiée.',
  REPORT_EMPTY: "Ajoutez au moins une dépense avant d'envoyer la note de frais.",
  REPORT_NOT_PENDING: "Cette note de frais n'est pas en attente de validation.",
  EXPENSE_NOT_SENT: 'Seules les dépenses envoyées et en attente peuvent être validées.',
  REPORT_OWN: 'Vous ne pouvez pas valider votre propre note de frais : un autre valideur doit le faire.',
  REPORT_ADVANCE_IN_FLIGHT:
    "L'avance de cette mission est en cours de versement : la note de frais pourra être acceptée une fois l'avance versée.",
  // Groups and change requests (issue 4)
  GROUP_UPLOAD_FAILED:
    "Le groupe n'a pas été créé : certaines lignes du fichier sont en erreur. Veuillez les corriger.",
  INVALID_RIB: "Le RIB n'est pas valide (24 chiffres avec une clé correcte).",
  SERIAL_EXISTS: 'Ce matricule est déjà utilisé.',
  CHANGE_REQUEST_PENDING: 'Une demande de modification de ce champ est déjà en attente pour ce salarié.',
  // Money (issue 3)
  IDEMPOTENCY_KEY_REUSED: 'Cette demande a déjà été envoyée avec un autre contenu. Veuillez recommencer.',
  IDEMPOTENCY_KEY_INVALID: "L'en-tête Idempotency-Key n'est pas valide (1 à 255 caractères imprimables).",
  ADVANCE_NOT_PENDING: "Cette avance n'est plus en attente : elle ne peut plus être annulée.",
  RIB_REQUIRED: 'Aucun RIB n’est enregistré sur votre compte. Demandez à votre service RH de l’ajouter.',
  INVALID_PRODUCT: "Ce produit de recharge n'existe pas.",
  PRODUCT_AMOUNT_MISMATCH: 'Le montant ne correspond pas au produit choisi.',
  // Transfers (issue 16)
  TRANSFER_NOT_CANCELABLE: 'Ce transfert ne peut plus être annulé : il a déjà été retiré ou remboursé.',
  TRANSFER_RECIPIENTS_LIMIT: 'Vous avez atteint le nombre maximum de bénéficiaires enregistrés (20).',
  TRANSFER_RECIPIENT_EXISTS: 'Ce bénéficiaire est déjà enregistré avec ce numéro.',
  TRANSFER_NETWORK_UNAVAILABLE:
    'Le réseau de transfert ne répond pas. Veuillez réessayer dans quelques minutes.',
  TRANSFER_CODE_UNKNOWN: 'Aucun transfert disponible avec ce code.',
  // Bills (issue 16)
  INVALID_BILL_REFERENCE: 'La référence ne correspond pas au format de ce facturier.',
  BILL_NOT_FOUND: 'Aucune facture ne correspond à cette référence.',
  BILL_ALREADY_PAID: 'Cette facture est déjà payée.',
  BILLER_UNAVAILABLE: 'Le facturier est momentanément indisponible. Veuillez réessayer plus tard.',
  BILL_AMOUNT_MISMATCH: 'Ce facturier n’accepte que le paiement du montant dû.',
  BILL_AMOUNT_TOO_HIGH: 'Le montant dépasse le montant dû de la facture.',
  BILL_RECEIPT_NOT_READY: 'Le reçu sera disponible une fois le paiement confirmé par le facturier.',
  CHANGE_REQUEST_NOT_PENDING: "Cette demande n'est plus en attente : elle a déjà été traitée.",
  CHANGE_REQUEST_OWN: 'Une autre personne doit valider cette demande.',
  ATTACHMENT_INVALID_TYPE: 'Seuls les fichiers PDF, PNG et JPG sont acceptés.',
  ATTACHMENT_TOO_LARGE: 'Chaque pièce jointe doit faire au plus 10 Mo.',
  TOO_MANY_ATTACHMENTS: 'Vous pouvez joindre au plus 5 fichiers.',
  CHANGE_REQUEST_SAME_VALUE: 'La nouvelle valeur est identique à la valeur actuelle.',
  // Employees (issue 4, employees core)
  AMOUNT_MUST_BE_POSITIVE: 'Le montant doit être supérieur à 0.',
  CHANGE_REQUEST_REQUIRED:
    'Ce champ ne peut pas être modifié directement : faites une demande de modification, validée par le DRH.',
  PROFILE_FIELD_READ_ONLY: 'Ce champ ne peut pas être modifié ici. Adressez-vous à votre service RH.',
  CANNOT_DEACTIVATE_SELF: 'Vous ne pouvez pas désactiver votre propre compte.',
  EMPLOYEE_NOT_INVITED:
    "Ce salarié a déjà activé son compte ou a été désactivé : aucun lien d'activation à envoyer.",
  EMPLOYEE_NOT_ACTIVATED:
    "Ce salarié n'a pas encore activé son compte (envoyez-lui le lien d'activation) ou a été désactivé.",
  EMPLOYEE_HAS_NO_EMAIL: "Ce salarié n'a pas d'adresse e-mail : envoyez le lien par SMS.",
  // Separation of duties (issue 8 §2, decision 025)
  SELF_EDIT_FORBIDDEN:
    "Vous ne pouvez pas modifier votre propre rémunération, vos plafonds d'avance ni votre temps travaillé : un autre membre RH doit le faire.",
  DRH_RECORD_PROTECTED: "Seul un autre DRH peut modifier le dossier ou le compte d'un DRH.",
  EMPLOYEE_NO_CONFIRMED_CONTACT:
    "Ce salarié n'a ni adresse e-mail ni téléphone confirmé : le lien ne peut pas lui être envoyé. Il confirmera son numéro par SMS à sa prochaine connexion.",
  CHANGE_REQUEST_ABOUT_SELF:
    'Vous ne pouvez pas valider une demande qui concerne votre propre dossier : un autre DRH doit la traiter.',
  // Self-signup: identities, invitations, public signup (issue 4)
  INVALID_DATE_FORMAT: "La date n'est pas valide (format attendu : jj/mm/aaaa).",
  DUPLICATE_IN_FILE: 'Cette valeur figure plusieurs fois dans le fichier.',
  IDENTITY_EXISTS: 'Cette identité existe déjà (même matricule).',
  CSV_MISSING_COLUMNS: 'Le fichier ne contient pas les colonnes attendues. Utilisez le modèle.',
  CSV_EMPTY: 'Le fichier ne contient aucune ligne.',
  TOO_MANY_IDENTITIES: 'Vous ne pouvez pas créer plus de 5000 identités à la fois.',
  IDENTITY_USED: 'Cette identité a déjà servi à créer un compte.',
  IDENTITY_NOT_FOUND: 'Matricule ou date de naissance incorrects.',
  SIGNUP_DISABLED:
    "L'inscription en ligne n'est pas ouverte pour votre société. Contactez le support Tasbiq pour l'activer.",
  // CSV imports: employees and worked days (issue 4)
  GROUP_NOT_FOUND: "Groupe inconnu : créez-le d'abord dans Groupes, ou laissez la case vide.",
  CSV_DUPLICATE_COLUMN: "Une colonne figure plusieurs fois dans l'en-tête du fichier.",
  TOO_MANY_ROWS: 'Le fichier contient trop de lignes (20 000 au plus). Découpez-le en plusieurs fichiers.',
  EMPLOYEE_NOT_FOUND: 'Aucun salarié de votre société avec ce matricule ou cette CIN.',
  EMPLOYEE_MISMATCH: 'Le matricule et la CIN de cette ligne ne désignent pas le même salarié.',
  // Pay slips (issue 12, decision 034)
  FICHES_FILE_TOO_LARGE: 'Le fichier PDF dépasse 40 Mo. Découpez-le en plusieurs fichiers.',
  FICHES_TOO_MANY_FILES: 'Envoyez un seul fichier PDF à la fois.',
  FICHE_NOT_PENDING: "Cette fiche n'est plus en attente : elle a déjà été publiée, écartée ou remplacée.",
  FICHE_UNMATCHED: "Cette fiche n'est rattachée à aucun salarié : rattachez-la avant de la publier.",
  FICHE_ABOUT_SELF:
    'Vous ne pouvez pas publier votre propre fiche de paie : un autre membre RH doit le faire.',
  FICHE_DRH_PROTECTED: "Seul un DRH peut publier la fiche de paie d'un DRH.",
  FICHE_JOB_IN_PROGRESS: "L'extraction est encore en cours : attendez qu'elle soit terminée.",
  // Mission orders (issue 14)
  END_BEFORE_START: 'La date de fin doit être après la date de début.',
  ADVANCE_ABOVE_CEILING: 'L’avance demandée dépasse le plafond autorisé.',
  MISSION_ORDER_NOT_PENDING: "Cet ordre de mission n'est plus en attente : il a déjà reçu une réponse.",
  MISSION_ORDER_NOT_EDITABLE: 'Seul un ordre de mission retourné pour modification peut être modifié.',
  MISSION_ORDER_OWN:
    'Vous ne pouvez pas valider votre propre ordre de mission : un autre valideur doit le faire.',
  COMMENT_REQUIRED: 'le champ "Commentaire" est obligatoire',
  UNKNOWN_CITY: "Cette ville n'existe pas.",
  FICHE_PERIOD_UNKNOWN: "La période de cette fiche n'a pas été reconnue : elle ne peut pas être publiée.",
};

/**
 * Details more precise than their code's text, sent with a DRF code (the code stays DRF's, so a
 * client that only knows `invalid` still understands the answer).
 */
export const VALIDATION_DETAILS_FR = {
  /** Code `invalid`: a NUL character or a lone UTF-16 surrogate, which no text may contain. */
  unsafeText: 'Ce champ contient un caractère non autorisé (caractère nul ou encodage invalide).',
  /** Code `invalid`: PostgreSQL refused a value that got past the boundary (the last safety net). */
  databaseRefused: "Une des valeurs envoyées n'est pas valide.",
  /** Code `invalid_choice` on `ordering`; `{0}` is the unknown name. */
  unknownOrdering: 'Tri inconnu : « {0} ».',
} as const;

export const UNKNOWN_ERROR_TEMPLATE_FR = 'Erreur interne, veuillez contacter le support ... code [{0}]';

/** Spec §5 form texts; `{0}` is the field label. */
export const VALIDATION_MESSAGES_FR = {
  required: 'le champ "{0}" est obligatoire',
  invalid: 'le champ "{0}" n\'est pas valide',
  endAfterStart: 'La date de fin doit être après la date de début.',
  min: 'le champ "{0}" doit être supérieur ou égal à {1}',
  max: 'le champ "{0}" doit être inférieur ou égal à {1}',
  passwordMismatch: 'Les deux mots de passe ne correspondent pas.',
} as const;

export function formatTemplate(template: string, ...args: Array<string | number>): string {
  return template.replace(/\{(\d+)\}/g, (match, index: string) => {
    const value = args[Number(index)];
    return value === undefined ? match : String(value);
  });
}
