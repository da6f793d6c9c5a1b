import { useEffect, useState } from "react";
import { useLocation } from "react-router-dom";

/**
 * The header's and footer's links to the page shown carry
 * aria-current="page", so that a screen reader says "current page" and the
 * eye sees which entry it is on; a link to a section the page is in (the
 * insights, on an article) carries aria-current="true".
 *
 * The layout is rendered once for the many pages that share it and
 * spliced around each (generator/prerender/splice.go): it must not read
 * the URL. So on the server every link of the layout to a site path
 * carries CURRENT_MARK and its path as its aria-current, and the build,
 * which knows each page's path, makes the marker "page" on the link to it,
 * "true" on a link to a section it is in, and drops it from the others as
 * it writes the page
 * (generator/document/current.go). In the browser the page shown
 * decides (PageHost says which, setShownPath): the location moves at once
 * when a link is followed, while the page it left stays on screen until
 * the next one's data has come; on the first render, the location, which
 * gives the value the page was written with.
 */
export const CURRENT_MARK = "\u0000current:";

const inBrowser = typeof document !== "undefined";

/** "page", "true", or no attribute: what a link's aria-current is, once written. */
type Current = "page" | "true" | undefined;

// The path of the page on screen, once PageHost has said it.
let shownPath: string | null = null;
const watchers = new Set<() => void>();
const watch = (f: () => void) => {
  watchers.add(f);
  return () => void watchers.delete(f);
};

/** setShownPath says which page is on screen (PageHost, as it shows one). */
export function setShownPath(path: string): void {
  if (path === shownPath) return;
  shownPath = path;
  for (const f of watchers) f();
}

/** useCurrent returns the aria-current of a layout's link to a path. */
export function useCurrent(): (href: string | undefined) => Current {
  // The hooks are called, or not, the same on every render of a runtime.
  if (!inBrowser) return serverMark;
  const { pathname } = useLocation();
  // Null until the app has started (the hydration renders what the
  // page was written with), then the page on screen.
  const [shown, setShown] = useState<string | null>(null);
  useEffect(() => {
    setShown(shownPath);
    return watch(() => setShown(shownPath));
  }, []);
  const path = shown ?? pathname;
  return (href) => currentOf(href, path);
}

/** currentOf is the aria-current of a link to href on the page at path (generator/document/current.go's rule). */
function currentOf(href: string | undefined, path: string): Current {
  if (!href) return undefined;
  if (href === path) return "page";
  if (href !== "/" && path.startsWith(href + "/")) return "true";
  return undefined;
}

function serverMark(href: string | undefined): Current {
  if (!href || !href.startsWith("/") || href.startsWith("//") || /[?#]/.test(href)) return undefined;
  // The build writes "page", "true" or nothing in its place, on every page.
  return (CURRENT_MARK + href + "\u0000") as Current;
}
