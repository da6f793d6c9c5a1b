import { matchRoutes, type RouteObject } from "react-router-dom";
import type { ClientRoute } from "./content-types";

/**
 * resolveRoute finds the content route for a pathname with react-router's
 * matcher: exact paths, `prefix` routes also below their path
 * (/services/*), and the notFound route for anything else.
 */
export function resolveRoute(routes: ClientRoute[], pathname: string): ClientRoute {
  const objects: (RouteObject & { route: ClientRoute })[] = routes
    .filter((r) => !r.notFound)
    .map((r) => ({ path: r.prefix ? `${r.path}/*` : r.path, route: r }));
  const match = matchRoutes(objects, pathname);
  const found = match?.[0]?.route as (RouteObject & { route: ClientRoute }) | undefined;
  return found?.route ?? routes.find((r) => r.notFound)!;
}

/** canonicalPath applies the site's one URL form: no trailing slash but "/". */
export function canonicalPath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, "") || "/" : pathname;
}
