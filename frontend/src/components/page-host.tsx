import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import type { PageBody, PageData } from "../lib/content-types";
import { useRenderAhead } from "../hooks/use-render-ahead";
import { useReveal } from "../hooks/use-reveal";
import { updateHead } from "../lib/head";
import { releaseServerHTML } from "../lib/hydration";
import { canonicalPath, loadRoutes, resolveRoute } from "../lib/routes";
import { useSite } from "../lib/site-context";
import { Sections } from "./sections";

// Page data already fetched, by data URL, for the life of the tab.
const cache = new Map<string, PageData>();

/**
 * PageHost renders the page of the current location. The first page comes
 * from the data embedded in the HTML; on a client-side navigation it keeps
 * the previous page on screen while the next page's JSON loads, then swaps,
 * updates the head and scrolls to the top (or to the #fragment).
 *
 * It does by hand what react-router's data router would do (a loader for
 * the page JSON, its cache, <ScrollRestoration>), on purpose: the data
 * router (createBrowserRouter, RouterProvider, useLoaderData) measured
 * 18 KB gzip more than <BrowserRouter> for the same app (101.3 KB against
 * 83.1 KB, react-router-dom 7.18.5), all of it evaluated at load, which a
 * slow phone's hydration cannot afford (docs/decisions.md).
 */
export function PageHost({ initial }: { initial: PageBody }) {
  const site = useSite();
  const location = useLocation();
  const navigate = useNavigate();
  const [shown, setShown] = useState({ key: location.pathname, data: initial });
  const firstLoad = useRef(true);

  // Once hydrated: fetch the route table for the visitor's first navigation.
  useEffect(() => {
    loadRoutes(site).catch(() => {});
  }, [site]);

  useEffect(() => {
    const pathname = location.pathname;
    const canonical = canonicalPath(pathname);
    if (canonical !== pathname) {
      // A navigation re-renders the sections still in server HTML: let
      // React hydrate them first (clicks and history do this themselves).
      releaseServerHTML();
      navigate({ pathname: canonical, hash: location.hash }, { replace: true });
      return;
    }
    if (pathname === shown.key) return;
    let cancelled = false;
    loadRoutes(site)
      .then((routes) => {
        const route = resolveRoute(routes, pathname);
        if (route.redirect) {
          if (!cancelled) navigate(route.redirect + location.hash, { replace: true });
          return;
        }
        return loadPage(route.data!).then((data) => {
          if (cancelled) return;
          setShown({ key: pathname, data });
          updateHead(data.head);
        });
      })
      // A page that cannot be fetched is loaded the old way, so the visitor
      // still gets there (or sees the server's answer).
      .catch(() => window.location.assign(pathname + location.hash));
    return () => {
      cancelled = true;
    };
  }, [location.pathname, location.hash, shown.key, site, navigate]);

  // After a page swap: to the #fragment if any, otherwise to the top.
  useLayoutEffect(() => {
    if (firstLoad.current) {
      firstLoad.current = false;
      return;
    }
    if (!scrollToHash(location.hash)) window.scrollTo(0, 0);
    // Only a page swap scrolls; hash changes on the same page are below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shown.key]);

  // A #fragment link to the page already shown scrolls smoothly to it.
  useEffect(() => {
    if (location.pathname === shown.key && location.hash) scrollToHash(location.hash, "smooth");
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);

  // Keyed by path: each page swap mounts a fresh page (dialogs closed,
  // effects run for the new path, even between two unknown paths).
  return <Page key={shown.key} data={shown.data} />;
}

/**
 * Page is one page: its sections, fading in as they scroll into view, and
 * rendered ahead of the scroll once the page is idle.
 */
function Page({ data }: { data: PageBody }) {
  useReveal(data.path);
  useRenderAhead(data.path);
  return <Sections data={data} />;
}

function loadPage(url: string): Promise<PageData> {
  const hit = cache.get(url);
  if (hit) return Promise.resolve(hit);
  return fetch(url).then((res) => {
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    return res.json().then((data: PageData) => {
      cache.set(url, data);
      return data;
    });
  });
}

function scrollToHash(hash: string, behavior: ScrollBehavior = "auto"): boolean {
  if (!hash) return false;
  const el = document.getElementById(decodeURIComponent(hash.slice(1)));
  if (!el) return false;
  const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  el.scrollIntoView({ behavior: reduce ? "auto" : behavior, block: "start" });
  return true;
}
