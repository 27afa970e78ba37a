import type { TestApp } from './test-app.ts';

/** A bearer header for a user: a new login session's access token, as a login would issue it. */
export async function bearerFor(t: TestApp, userId: number, scope: 'full' | 'otp' = 'full') {
  const { access } = await t.ctx.tokens.pair(userId, scope);
  return { authorization: `Bearer ${access}` };
}
