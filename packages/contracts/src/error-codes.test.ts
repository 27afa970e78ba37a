import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES_FR, VALIDATION_MESSAGES_FR } from './error-codes.ts';

/** Spec §5: 'le champ "{0}" est obligatoire' — lower case, no full stop. */
const SPEC_STYLE = /^(le champ "[^"]+"|ce champ) est obligatoire$/;

describe('required-field texts', () => {
  it('keep the spec text exactly', () => {
    expect(VALIDATION_MESSAGES_FR.required).toBe('le champ "{0}" est obligatoire');
  });

  it('follow its style when the catalogue says a field is required (no capital, no full stop)', () => {
    expect(ERROR_MESSAGES_FR.required).toMatch(SPEC_STYLE);
    expect(ERROR_MESSAGES_FR.PASSWORD_REQUIRED).toMatch(SPEC_STYLE);
  });
});
