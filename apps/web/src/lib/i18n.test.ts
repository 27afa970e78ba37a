import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { initI18n, registerTranslations } from './i18n.ts';

describe('i18n', () => {
  it('starts in French with the common texts, once', () => {
    const instance = initI18n();
    expect(initI18n()).toBe(instance);
    expect(instance).toBe(i18next);
    expect(instance.language).toBe('fr');
    expect(instance.t('close')).toBe('Fermer');
  });

  it('registers feature namespaces', () => {
    registerTranslations('advances', { title: 'Avance sur salaire', fees: 'Frais : {{amount}}' });
    expect(i18next.t('advances:title')).toBe('Avance sur salaire');
    expect(i18next.t('advances:fees', { amount: '10 DH' })).toBe('Frais : 10 DH');
  });
});
