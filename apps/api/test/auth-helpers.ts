import type { TestApp } from './test-app.ts';

/** A bearer header for a user, signed by the app's own token service (full scope). */
export async function bearerFor(t: TestApp, userId: number, scope: 'full' | 'otp' = 'full') {
  const access = await t.ctx.tokens.sign(userId, 'access', scope);
  return { authorization: `Bearer ${access}` };
}
