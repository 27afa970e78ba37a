import type { AppModule } from '../context.ts';
import { authRoutes } from './auth/routes.ts';
import { devOutboxRoutes } from './dev/outbox-routes.ts';
import { healthRoutes } from './health/routes.ts';

/** Every feature module mounted under /api. A new feature adds its routes here. */
export const API_MODULES: AppModule[] = [healthRoutes, authRoutes];

/** Mounted only outside production. */
export const DEV_MODULES: AppModule[] = [devOutboxRoutes];
