import { ERROR_MESSAGES_FR } from '@tasbiq/contracts/error-codes';
import type { TErrorBody } from '@tasbiq/contracts/wire';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../http/api-error.ts';
import {
  errorMessage,
  fieldErrors,
  invalidMessage,
  loadErrorMessage,
  maxMessage,
  minMessage,
  requiredMessage,
} from './error-message.ts';

function apiError(errors: TErrorBody['errors'], type: TErrorBody['type'] = 'client_error', status = 400) {
  return new ApiError(status, { type, errors });
}

describe('errorMessage', () => {
  it('uses the catalogue text of the first error code', () => {
    const error = apiError([
      { code: 'BALANCE_INSUFFICIENT', detail: 'x', attr: null },
      { code: 'REQUEST_LIMIT_EXCEEDED', detail: 'y', attr: null },
    ]);
    expect(errorMessage(error)).toBe('Votre solde est insuffisant pour cette demande.');
    expect(
      errorMessage(apiError([{ code: 'NO_ACTIVE_ACCOUNT', detail: 'x', attr: null }], 'client_error', 401)),
    ).toBe('Vos identifiants sont incorrectes');
  });

  it('prefers the attr.code text over the code text', () => {
    const error = apiError([{ code: 'unique', detail: 'x', attr: 'phone' }], 'validation_error');
    expect(errorMessage(error)).toBe('Ce numéro de téléphone est déjà utilisé.');
    expect(errorMessage(error)).not.toBe(ERROR_MESSAGES_FR.unique);
    // No attr-specific text for this field: the code's text.
    const other = apiError([{ code: 'unique', detail: 'x', attr: 'serial' }], 'validation_error');
    expect(errorMessage(other)).toBe(ERROR_MESSAGES_FR.unique);
  });

  it('shows the unknown-error text with the code when the code is not in the catalogue', () => {
    const error = apiError([{ code: 'SOMETHING_NEW', detail: 'Texte serveur', attr: null }]);
    expect(errorMessage(error)).toBe(
      'Erreur interne, veuillez contacter le support ... code [SOMETHING_NEW]',
    );
  });

  it('does not mistake Object.prototype members for catalogue entries', () => {
    const error = apiError([{ code: 'constructor', detail: 'x', attr: 'toString' }]);
    expect(errorMessage(error)).toBe('Erreur interne, veuillez contacter le support ... code [constructor]');
  });

  it('falls back to the HTTP status when the answer had no error body', () => {
    expect(errorMessage(new ApiError(502, null))).toBe(
      'Erreur interne, veuillez contacter le support ... code [502]',
    );
  });

  it('explains network failures', () => {
    const text = 'Impossible de joindre le serveur. Vérifiez votre connexion internet.';
    expect(errorMessage(new NetworkError(new TypeError('Failed to fetch')))).toBe(text);
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe(text);
    expect(errorMessage(new TypeError('Load failed'))).toBe(text);
  });

  it('shows the unknown-error text for anything else, including our own bugs', () => {
    const unknown = 'Erreur interne, veuillez contacter le support ... code [inconnu]';
    expect(errorMessage(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(unknown);
    expect(errorMessage('boom')).toBe(unknown);
    expect(errorMessage(undefined)).toBe(unknown);
  });
});

describe('loadErrorMessage', () => {
  const unavailable = 'Le service est momentanément indisponible. Réessayez dans un instant.';

  it('says the service is unavailable for a server failure, without an error code', () => {
    expect(
      loadErrorMessage(apiError([{ code: 'error', detail: 'x', attr: null }], 'server_error', 500)),
    ).toBe(unavailable);
    // A proxy's HTML error page: no wire errors at all.
    expect(loadErrorMessage(new ApiError(502, null))).toBe(unavailable);
    expect(loadErrorMessage(new ApiError(502, null))).not.toMatch(/code \[/);
  });

  it('says what is wrong with the network, offline or not', () => {
    const failure = new NetworkError(new TypeError('Failed to fetch'));
    expect(loadErrorMessage(failure)).toBe(
      'Impossible de joindre le serveur. Vérifiez votre connexion internet.',
    );
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(loadErrorMessage(failure)).toMatch(/^Pas de connexion internet/);
    onLine.mockRestore();
  });

  it('keeps the catalogue text of a client error', () => {
    expect(
      loadErrorMessage(apiError([{ code: 'not_found', detail: 'x', attr: null }], 'client_error', 404)),
    ).toBe(errorMessage(apiError([{ code: 'not_found', detail: 'x', attr: null }], 'client_error', 404)));
  });
});

describe('fieldErrors', () => {
  it('maps validation errors by field path, first error per field, in French', () => {
    const error = apiError(
      [
        { code: 'required', detail: 'Required', attr: 'first_name' },
        { code: 'invalid', detail: 'Invalid', attr: 'email' },
        { code: 'blank', detail: 'Blank', attr: 'email' },
        { code: 'min_value', detail: 'Too small', attr: 'items.0.amount' },
        { code: 'PASSWORD_MISMATCH', detail: 'x', attr: 'non_field_errors' },
        { code: 'whatever', detail: 'x', attr: 'cin' },
        { code: 'required', detail: 'x', attr: null },
      ],
      'validation_error',
    );
    expect(fieldErrors(error)).toEqual({
      first_name: 'ce champ est obligatoire',
      email: "L'adresse e-mail n'est pas valide.",
      'items.0.amount': 'La valeur saisie est trop petite.',
      non_field_errors: 'Les deux mots de passe ne correspondent pas.',
      cin: "La valeur saisie n'est pas valide.",
    });
  });

  it('is empty for anything but a validation error', () => {
    expect(fieldErrors(apiError([{ code: 'BALANCE_INSUFFICIENT', detail: 'x', attr: 'amount' }]))).toEqual(
      {},
    );
    expect(fieldErrors(new Error('x'))).toEqual({});
  });

  it('keeps "__proto__" as a plain key', () => {
    const result = fieldErrors(
      apiError([{ code: 'required', detail: 'x', attr: '__proto__' }], 'validation_error'),
    );
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect(Object.keys(result)).toEqual(['__proto__']);
  });
});

describe('form messages (spec §5)', () => {
  it('puts the field label in the template', () => {
    expect(requiredMessage('Montant')).toBe('le champ "Montant" est obligatoire');
    expect(invalidMessage('CIN')).toBe('le champ "CIN" n\'est pas valide');
    expect(minMessage('Avance', 200)).toBe('le champ "Avance" doit être supérieur ou égal à 200');
    expect(maxMessage('Invités', 9)).toBe('le champ "Invités" doit être inférieur ou égal à 9');
  });
});
