import type { ReactElement } from "react";
import { createPath, Link as RouterLink, parsePath, resolvePath, type LinkProps } from "react-router-dom";

/**
 * staticLink renders, in the prerender, a link to a site path ("/platform",
 * "/#contact") as the very <a> react-router's <Link> renders there: the
 * link's own attributes, then href, target and data-discover="true", the
 * href resolved by react-router's resolvePath and createPath. <Link> runs
 * a dozen hooks for its click and prefetch handling, which a static page
 * has no use for: they were a quarter of the render time of a page in the
 * build (some 40 links in the header and footer of every page). The
 * browser hydrates the same markup with <Link> itself.
 *
 * Anything else (a relative path, prefetch, reloadDocument, a mask) is
 * left to <Link>. The server bundle imports this module for "#link" (an
 * esbuild alias, generator/bundle); the build's tests render every route
 * with it and with <Link> and compare the bytes (generator/shortcuts_test.go).
 */
export function Link(props: LinkProps): ReactElement {
  return staticLink(props) ?? <RouterLink {...props} />;
}

function staticLink(props: LinkProps): ReactElement | null {
  const {
    onClick,
    discover,
    prefetch,
    relative: _relative,
    reloadDocument,
    replace: _replace,
    mask,
    state: _state,
    target,
    to,
    preventScrollReset: _preventScrollReset,
    viewTransition: _viewTransition,
    defaultShouldRevalidate: _defaultShouldRevalidate,
    ...rest
  } = props;
  const plain =
    (prefetch === undefined || prefetch === "none") &&
    (discover === undefined || discover === "render") &&
    !reloadDocument &&
    !mask;
  if (!plain || typeof to !== "string" || !to.startsWith("/") || to.startsWith("//")) return null;
  // The rest go on the <a> first, in their order, as <Link> spreads them.
  return <a {...rest} href={href(to)} onClick={onClick} target={target} data-discover="true" />;
}

/**
 * hrefs are the hrefs made so far, by path: a site path's href depends on
 * nothing else, and the same few hundred paths (the header's, the
 * footer's, each card's) come back on page after page of a build, where
 * resolving them again was a tenth of an index page's render.
 */
const hrefs = new Map<string, string>();

/** href is useHref(to) for a site path under the StaticRouter (basename "/"). */
function href(to: string): string {
  let h = hrefs.get(to);
  if (h === undefined) {
    h = resolveHref(to);
    hrefs.set(to, h);
  }
  return h;
}

function resolveHref(to: string): string {
  const path = resolvePath(to);
  const pathname = parsePath(to).pathname ?? "";
  if (pathname !== "/" && pathname.endsWith("/") && !path.pathname.endsWith("/")) path.pathname += "/";
  return createPath(path);
}
