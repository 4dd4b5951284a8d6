import type { RouteDefinition } from './route-definition';
import { eventRecordRoute } from './events/event-record.route';
import { eventGetRoute } from './events/event-get.route';
import { eventListRoute } from './events/event-list.route';
import { lineageListRoute } from './events/lineage-list.route';
import { reconcileReportRoute } from './events/reconcile-report.route';

/**
 * Every `/accounting` route. The stack, the local server, the docs and the
 * route x caller test matrix all read this list; a Lambda entry file imports
 * only its own route module so its bundle holds nothing else.
 */
export const httpRoutes: readonly RouteDefinition[] = [
  eventRecordRoute,
  eventGetRoute,
  eventListRoute,
  lineageListRoute,
  reconcileReportRoute,
];

export function routeByPath(path: string): RouteDefinition | undefined {
  return httpRoutes.find((route) => route.path === path);
}
