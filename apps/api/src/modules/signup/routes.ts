import type { AppModule } from '../../context.ts';
import { identityRoutes } from './identities-routes.ts';
import { invitationRoutes } from './invitations-routes.ts';
import { publicSignupRoutes } from './public-routes.ts';

/** Self-signup: HR's identities and invitations, and the public signup page's calls. */
export const signupRoutes: AppModule = async (app, ctx) => {
  await identityRoutes(app, ctx);
  await invitationRoutes(app, ctx);
  await publicSignupRoutes(app, ctx);
};
