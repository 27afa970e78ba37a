import { ZSettings } from '@tasbiq/contracts/settings';
import type { AppModule } from '../../context.ts';
import { requireSession } from '../../lib/auth/access-control.ts';
import { permissionDenied } from '../../lib/errors.ts';
import { settingsOf } from './serialize-settings.ts';

/** GET /settings: the caller's company switches. Only employees have a company (403 otherwise). */
export const settingsRoutes: AppModule = async (app, { config }) => {
  app.get(
    '/settings',
    {
      config: { employee: true },
      schema: { tags: ['general'], response: { 200: ZSettings } },
    },
    async (request) => {
      const { company } = requireSession(request);
      if (!company) throw permissionDenied();
      return settingsOf(company, config.PUBLIC_URL);
    },
  );
};
