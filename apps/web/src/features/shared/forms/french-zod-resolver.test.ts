import { ZChangePhoneRequest, ZTokenRequest } from '@tasbiq/contracts/auth';
import type { FieldValues, ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { frenchZodResolver, REQUIRED } from './french-zod-resolver.ts';

const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<FieldValues>;

/** Any form's resolver; `never` parameters accept every one of them. */
type AnyResolver = (
  values: never,
  context: never,
  options: never,
) => { errors: object; values: object } | Promise<{ errors: object; values: object }>;

async function messages(resolver: AnyResolver, values: FieldValues) {
  const result = await resolver(values as never, undefined as never, options as never);
  return Object.fromEntries(
    Object.entries(result.errors as Record<string, unknown>).map(([field, error]) => [
      field,
      (error as { message?: string }).message,
    ]),
  );
}

describe('frenchZodResolver', () => {
  const login = frenchZodResolver(ZTokenRequest, {
    username: 'E-mail ou téléphone',
    password: 'Mot de passe',
  });

  it('says a missing, empty or blank field is required, with its label', async () => {
    expect(await messages(login, { username: '  ', password: '' })).toEqual({
      username: 'le champ "E-mail ou téléphone" est obligatoire',
      password: 'le champ "Mot de passe" est obligatoire',
    });
    expect(await messages(login, {})).toEqual({
      username: 'le champ "E-mail ou téléphone" est obligatoire',
      password: 'le champ "Mot de passe" est obligatoire',
    });
  });

  it('passes the parsed values on success', async () => {
    const result = await login({ username: ' salma@acme.ma ', password: 'x' }, undefined, options as never);
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({ username: 'salma@acme.ma', password: 'x' });
  });

  it('uses the catalogue text when a contract names an error code', async () => {
    const phone = frenchZodResolver(ZChangePhoneRequest, { phone: 'Téléphone' });
    expect(await messages(phone, { phone: '0812' })).toEqual({
      phone: "Le numéro de téléphone n'est pas valide.",
    });
    const normalised = await phone({ phone: '06 12 34 56 78' }, undefined, options as never);
    expect(normalised.values).toEqual({ phone: '+212612345678' });
  });

  it('falls back to "n\'est pas valide" with the label', async () => {
    const code = frenchZodResolver(z.object({ otp: z.string().regex(/^\d{6}$/) }), { otp: 'Code' });
    expect(await messages(code, { otp: '12' })).toEqual({ otp: 'le champ "Code" n\'est pas valide' });
  });

  it('lets a form-level rule say "required" or name a code', async () => {
    const schema = z
      .object({ old: z.string().optional(), a: z.string(), b: z.string() })
      .superRefine((values, ctx) => {
        if (!values.old) ctx.addIssue({ code: 'custom', path: ['old'], message: REQUIRED });
        if (values.a !== values.b)
          ctx.addIssue({ code: 'custom', path: ['b'], message: 'PASSWORD_MISMATCH' });
      });
    const resolver = frenchZodResolver(schema, { old: 'Ancien', a: 'A', b: 'B' });
    expect(await messages(resolver, { old: '', a: 'x', b: 'y' })).toEqual({
      old: 'le champ "Ancien" est obligatoire',
      b: 'Les deux mots de passe ne correspondent pas.',
    });
  });

  it('keeps the first problem of a field', async () => {
    const schema = z.object({ name: z.string().min(3).max(1) });
    const resolver = frenchZodResolver(schema, { name: 'Nom' });
    expect(await messages(resolver, { name: 'ab' })).toEqual({ name: 'le champ "Nom" n\'est pas valide' });
  });
});
