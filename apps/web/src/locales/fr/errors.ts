/**
 * Field-specific texts (`attr.code`) the web app prefers over the generic per-code text of the
 * contracts catalogue, e.g. "unique phone" and "invalid email" of spec §8. The contracts catalogue
 * wins when it defines the same key.
 */
export const fieldErrorMessagesFr: Record<string, string> = {
  'phone.unique': 'Ce numéro de téléphone est déjà utilisé.',
  'phone.invalid': "Le numéro de téléphone n'est pas valide.",
  'email.unique': 'Cette adresse e-mail est déjà utilisée.',
  'email.invalid': "L'adresse e-mail n'est pas valide.",
  'cin.unique': 'Ce numéro de CIN est déjà utilisé.',
  'cin.invalid': "Le numéro de CIN n'est pas valide.",
  'username.invalid': "L'identifiant n'est pas valide (e-mail ou téléphone).",
  'zip.invalid': "Le code postal n'est pas valide.",
  'end_date.invalid': 'La date de fin doit être après la date de début.',
};
