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
 * resolveRoute finds the content route for a pathname by the build's own
 * rule (cdn.Resolver, which the link checker and the routing
 * manifest use): the first route whose path is the pathname exactly, or a
 * `prefix` route (/services/*) whose path the pathname lies below; the
 * notFound route for anything else. Matching is exact and case-sensitive,
 * as the CDN serves files. generator's TestClientResolvesAsTheBuild runs
 * this very file against the Go rule.
 */
export function resolveRoute(routes: ClientRoute[], pathname: string): ClientRoute {
  const found = routes.find(
    (r) => !r.notFound && (r.path === pathname || (r.prefix === true && pathname.startsWith(r.path + "/"))),
  );
  return found ?? routes.find((r) => r.notFound)!;
}

/** canonicalPath applies the site's one URL form: no trailing slash but "/". */
export function canonicalPath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, "") || "/" : pathname;
}
