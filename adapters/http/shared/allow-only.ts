import Router from '@koa/router';
import { Middleware } from 'koa';
import { refuseMethod } from '../http-errors';

/**
 * Answers 405 to the methods that `path` does not take, as DRF does for
 * `…/create/`: without it the detail route `…/{id}/` would take "create" for an
 * id. Register it after the path's own routes and before the detail routes;
 * `middleware` (the credentials check) runs first, as DRF authenticates first.
 */
export function allowOnly(router: Router, path: string, methods: string[], ...middleware: Middleware[]): void {
  router.all(path, ...middleware, refuseMethod(methods));
}
