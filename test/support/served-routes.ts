import { Routes } from '../../adapters/http/shared/routes';
import { TestApp } from './test-app';

/** The routes the running application dispatches to (its dispatch middleware is marked with them). */
export function servedRoutes(app: TestApp): Routes {
  const dispatch = (app.application.app.middleware as { routes?: Routes }[]).find((middleware) => middleware.routes);
  if (!dispatch?.routes) throw new Error('no routes among the middleware');
  return dispatch.routes;
}
