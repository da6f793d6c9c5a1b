import { matchRoutes, type RouteObject } from "react-router-dom";
import type { ClientRoute, SiteData } from "./content-types";

let routeTable: Promise<ClientRoute[]> | undefined;

/**
 * loadRoutes fetches the route table once per tab. It is a file of its own
 * (site.routesURL) rather than part of every page, so that pages do not
 * grow with the size of the site; PageHost starts the fetch as soon as the
 * first page has hydrated, well before the visitor's first click.
 */
export function loadRoutes(site: SiteData): Promise<ClientRoute[]> {
  routeTable ??= fetch(site.routesURL).then((res) => {
    if (!res.ok) throw new Error(`${site.routesURL}: ${res.status}`);
    return res.json() as Promise<ClientRoute[]>;
  });
  routeTable.catch(() => {
    routeTable = undefined; // try again on the next navigation
  });
  return routeTable;
}

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
