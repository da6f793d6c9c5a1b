import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useLocation, useNavigate, useNavigationType } from "react-router-dom";
import type { PageBody, PageData, SiteData } from "../lib/content-types";
import { useRenderAhead } from "../hooks/use-render-ahead";
import { useScrollStops } from "../hooks/use-scroll-stops";
import { useReveal } from "../hooks/use-reveal";
import { setShownPath } from "../lib/current";
import { readHead, updateHead } from "../lib/head";
import { releaseServerHTML } from "../lib/hydration";
import { loadKinds } from "../lib/lazy-kind";
import { placing } from "../lib/placing";
import { canonicalPath, loadRoutes, resolveRoute } from "../lib/routes";
import { useSite } from "../lib/site-context";
import { Sections } from "./sections";
import { setPartNavigator } from "./ui/button";
import "./page-host.css";

// Page data already fetched, by data URL, for the life of the tab; and the
// page the document was loaded with, by its path (its data is embedded in
// the HTML, its head read from the document's).
const cache = new Map<string, PageData>();
let firstPage: { path: string; data: PageData } | undefined;

/**
 * PageHost renders the page of the current location. The first page comes
 * from the data embedded in the HTML; on a client-side navigation it keeps
 * the previous page on screen while the next page's JSON loads, then swaps,
 * updates the head and scrolls to the top (or to the #fragment). Back and
 * Forward instead return to where the visitor was on that entry of the
 * history (scroll restoration), as the browser does between documents.
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
  const navigationType = useNavigationType();
  const [shown, setShown] = useState(() => {
    // The first page, kept as a fetched one is: Back to it shows it at once.
    // (In the browser only: the server renders every page in one runtime.)
    if (typeof document !== "undefined") firstPage = { path: canonicalPath(location.pathname), data: { ...initial, head: readHead() } };
    return { key: location.pathname, data: initial as PageBody | PageData };
  });
  const shownKey = useRef(shown.key);
  shownKey.current = shown.key;
  // The next page is loading; the one on screen stays until it is in.
  const pending = location.pathname !== shown.key;
  // Whether the location has moved on from the page on screen, read in
  // event handlers: the router moves it at the press, before React
  // renders anything of it.
  const leaving = () => window.location.pathname !== shownKey.current;
  const firstLoad = useRef(true);
  // The link pressed to leave the page on screen (the scroll positions).
  const leftBy = useRef<Element | undefined>(undefined);
  // Parts of the page gone to (toPart, below) since React last rendered a
  // location: the place of each entry left, at its press (two presses can
  // come before one render), and the part scrolled to last. rendered is
  // the key of the location React last rendered.
  const pressed = useRef(noPresses());
  const rendered = useRef(location.key);
  // The entry Back returned the visitor to before React rendered it
  // (backEarly): its render finds the visitor there, or gone on since.
  const early = useRef<string | undefined>(undefined);
  // The header's and footer's current page is the one on screen, not the
  // one loading (lib/current.ts).
  useLayoutEffect(() => setShownPath(shown.key), [shown.key]);

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
    pageAt(site, pathname)
      .then(async (next) => {
        if ("redirect" in next) {
          if (!cancelled) navigate(next.redirect + location.hash, { replace: true });
          return;
        }
        // The page's lazy kinds load before it shows (lib/lazy-kind).
        await loadKinds(next.data.sections.map((s) => s.kind));
        if (cancelled) return;
        setShown({ key: pathname, data: next.data });
      })
      // A page that cannot be fetched is loaded the old way, so the visitor
      // still gets there (or sees the server's answer).
      .catch(() => window.location.assign(pathname + location.hash));
    return () => {
      cancelled = true;
    };
  }, [location.pathname, location.hash, shown.key, site, navigate]);

  // A link followed while the last one's page is still loading takes that
  // page's place in the history: the visitor never saw it, and Back goes
  // to the page they did see. (Capture, on window: before react-router's
  // handler, which leaves a click whose default is prevented alone; the
  // link's own handlers, a menu closing, still run.)
  useEffect(() => {
    const replace = (e: MouseEvent) => {
      if (!leaving() || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const a = e.target instanceof Element ? e.target.closest("a[href]") : null;
      if (!(a instanceof HTMLAnchorElement) || a.target || a.hasAttribute("download") || a.origin !== window.location.origin) return;
      e.preventDefault();
      navigate(a.pathname + a.search + a.hash, { replace: true });
    };
    window.addEventListener("click", replace, { capture: true });
    return () => window.removeEventListener("click", replace, { capture: true });
  }, [navigate]);

  // A link to a part of the page shown ("#faq", an article's contents,
  // its headings and footnotes, written as plain HTML) goes through the
  // router, as every other link does: its history entry then has a place
  // of its own, which Back and Forward return to (below). Followed by the
  // browser alone, the entry had none, and Back left the visitor where
  // they were. (Bubble, on window: after any handler of the link itself.)
  // The same for a part gone to by script (scrollToId: the menu's
  // "Contact", the floating contact button, a section kind's own). A link
  // to the part the address already points at makes no second entry, as
  // in the browser; it scrolls there again.
  // The scroll starts at the press, not when React renders the navigation:
  // on a slow phone that render came up to a second later, and "Contact
  // Us" seemed to do nothing. The place left is the one at the press.
  useEffect(() => {
    const toPart = (hash: string) => {
      const search = leaving() ? "" : window.location.search;
      if (!leaving()) {
        const a = document.activeElement?.closest("a[href]") ?? undefined;
        const place = { path: shownKey.current, y: window.scrollY, ...linkOf(a) };
        pressed.current.left.set(entryKey(), place);
        savePlace(entryKey(), place);
      }
      pressed.current.hash = hash;
      scrollToHash(hash, "smooth");
      navigate(shownKey.current + search + hash, { replace: !leaving() && window.location.hash === hash });
    };
    // Back before React rendered the part's entry: the router goes back to
    // the location it still shows, and renders nothing; the visitor is
    // returned to the place at the press here.
    const backEarly = () => {
      const place = pressed.current.left.get(entryKey());
      if (!place) return;
      backTo(place);
      // Back to the location React shows: no render follows to forget
      // the presses.
      if (entryKey() === rendered.current) pressed.current = noPresses();
      else early.current = entryKey();
    };
    const fragment = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const a = e.target instanceof Element ? e.target.closest("a[href]") : null;
      if (!(a instanceof HTMLAnchorElement) || a.target || a.hasAttribute("download") || !a.hash) return;
      if (a.origin !== window.location.origin || a.pathname !== window.location.pathname || a.search !== window.location.search) return;
      e.preventDefault();
      toPart(a.hash);
    };
    // bubble: after the page's own handlers, which may take the press
    // (defaultPrevented). A click is never stopped at React's root: it
    // releases the parts in server HTML, and React hydrates the one
    // pressed at once (lib/hydration).
    window.addEventListener("click", fragment);
    window.addEventListener("popstate", backEarly);
    setPartNavigator((id) => toPart("#" + encodeURIComponent(id)));
    return () => {
      window.removeEventListener("click", fragment);
      window.removeEventListener("popstate", backEarly);
      setPartNavigator(undefined);
    };
  }, [navigate]);

  // Where the visitor is on each history entry, saved as they leave it
  // (before the next page replaces this one). An entry whose page never
  // showed (a second link followed before the first page came) has no
  // place of its own: the position on screen is the page before it, and
  // Back to it opens it at the top. With the place, the link the visitor
  // left by, to give focus back to.
  useEffect(() => {
    startScrollRestoration();
    const key = location.key;
    const path = location.pathname;
    leftBy.current = undefined;
    const save = () => {
      // Left for a part of the page: saved at the press, before its
      // scroll began and focus moved to it.
      if (pressed.current.left.has(key)) return;
      // The link pressed on this entry's page, else the one with focus:
      // a second link pressed before the router moved on has focus by then.
      const a = leftBy.current ?? document.activeElement?.closest("a[href]") ?? undefined;
      if (shownKey.current === path) savePlace(key, { path, y: window.scrollY, ...linkOf(a) });
    };
    // Leaving the document too (Back out of the site, a reload): Forward
    // into it returns to this place, not to one saved on an earlier visit.
    window.addEventListener("pagehide", save);
    return () => {
      window.removeEventListener("pagehide", save);
      save();
    };
  }, [location.key, location.pathname]);

  // After a page swap: Back or Forward to where the visitor was on that
  // entry; otherwise to the #fragment if any, or to the top.
  useLayoutEffect(() => {
    if (firstLoad.current) {
      firstLoad.current = false;
      // A document opened by Back or Forward (the tab reloaded, or dropped
      // by a phone, since the visitor left the entry), or reloaded: the
      // place saved for the entry as the visitor left it. The browser does
      // not restore it after Back (the app took restoration over on the
      // entry), and after a reload it restores the y alone, early, while
      // the parts above are still counted by their estimated heights
      // (hooks/use-render-ahead): the window showed another part of the
      // page, which the browser then kept in view as the parts took their
      // sizes (on the home page at 768 px, y 6,535 reloaded to 9,455).
      const nav = performance.getEntriesByType?.("navigation")[0] as PerformanceNavigationTiming | undefined;
      const saved = scrollPositions.get(location.key);
      if ((nav?.type === "back_forward" || nav?.type === "reload") && saved?.path === location.pathname) backTo(saved, true);
      return;
    }
    // The title and the rest of the head change with the page, in the
    // commit that shows it: set with the state, they changed while the
    // page left was still on screen (a slow phone's render after it).
    if ("head" in shown.data) updateHead(shown.data.head);
    // A saved place counts only for the page it was saved on: entries the
    // router did not make (another script's pushState) all share the key
    // "default".
    const saved = navigationType === "POP" ? scrollPositions.get(location.key) : undefined;
    if (saved !== undefined && saved.path === location.pathname) {
      backTo(saved);
    } else {
      if (!scrollToHash(location.hash)) window.scrollTo(0, 0);
      // Focus goes to the new page's heading, as a new document's would
      // go to its start: a screen reader reads where the visitor has
      // arrived, and Tab goes on from there, not from the link left
      // behind (in a footer, a closed menu). With a #fragment, to its
      // target (scrollToHash).
      if (!location.hash) focusHeading();
    }
    // What follows the scroll position (the header's colour) follows it in
    // this frame, not the next one, when the browser's scroll event comes:
    // a header still light over the new page's dark top showed for a frame.
    window.dispatchEvent(new Event("scroll"));
    // Only a page swap scrolls; hash changes on the same page are below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shown.key]);

  // A #fragment link to the page already shown scrolls smoothly to it; a
  // link to the page itself, to its top, as a link to another page would
  // open it. Back or Forward between entries of the page shown (a
  // footnote, a contents link, and Back) go to where the visitor was on
  // that entry, focus on the link they left by, as the browser does.
  const firstRender = useRef(true);
  useEffect(() => {
    const scrolled = pressed.current.hash !== "" && pressed.current.hash === location.hash;
    // The document's first render is no Back, though the router says
    // "POP": the page host's first swap (above) has placed the visitor
    // (at a place saved only for a document opened by Back or Forward).
    // Taken for one, a page opened anew opened at an earlier visit's
    // place in the tab.
    const first = firstRender.current;
    firstRender.current = false;
    const restored = early.current === location.key;
    pressed.current = noPresses();
    rendered.current = location.key;
    early.current = undefined;
    if (location.pathname !== shown.key) return;
    // A render behind the history (a slow phone: Back, and Back again, or
    // a press, before React came to it) scrolls nowhere: the visitor is
    // on a later entry, and its own render follows. Nor a render of the
    // entry the visitor was already returned to: they may have scrolled
    // on since, and were put back.
    if (first || location.key !== entryKey() || restored) return;
    if (navigationType === "POP") {
      const saved = scrollPositions.get(location.key);
      if (saved !== undefined && saved.path === location.pathname) {
        // Focus on the link left by, or else where the address points, as
        // a fragment's target takes it, if in view; never left on an
        // element now out of view (Tab would scroll away to it).
        restoreScroll(saved.y);
        setTimeout(() => focusLink(saved.link, saved.nth) || focusTarget(location.hash, true) || focusInViewIfOutOfView());
      } else if (scrollToHash(location.hash)) {
        // Focus again once the Back's other listeners have run: a menu open
        // over the page (its modal sheet making the page inert, focus()
        // a no-op) closes in one of them, and gave focus to its button.
        setTimeout(() => focusTarget(location.hash));
      }
      return;
    }
    if (scrolled) return;
    if (location.hash) scrollToHash(location.hash, "smooth");
    else {
      window.scrollTo({ top: 0, behavior: smoothly("smooth") });
      focusHeading();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);

  // While the next page loads, the one on screen stays, and says so: a
  // bar across the top of the window (after a moment: a quick swap shows
  // nothing), and the main region busy for assistive technology. Without
  // it, a link on a slow connection seemed to do nothing for a second.
  // (Again at each location: one the router moved to and back from,
  // or to the page on screen, before React rendered it loading.)
  // The bar runs to its end only for a page that came (the page shown
  // changed), not for a load called off (Back to the page shown).
  const barFor = useRef(shown.key);
  useLayoutEffect(() => {
    if (pending) return showPending();
    hidePending(barFor.current !== shown.key);
    barFor.current = shown.key;
  }, [pending, location.key, shown.key]);

  // The bar shows from the press or the Back itself, not from React's
  // render of the pending state: the first navigation's transition
  // hydrates every part of the page still in server HTML first
  // (lib/hydration), and the bar waited 0.7-1.4 s for it on a slow
  // phone. A press that leads to no page of the app's (its default
  // prevented by the page, a file, a page the browser opens itself)
  // takes the bar back once the press is handled. (Capture, on window:
  // before any handler of the link's.)
  useEffect(() => {
    const press = (e: MouseEvent) => {
      if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const a = e.target instanceof Element ? e.target.closest("a[href]") : null;
      if (!(a instanceof HTMLAnchorElement) || a.target || a.hasAttribute("download")) return;
      if (a.origin !== window.location.origin || a.pathname === shownKey.current) return;
      if (!leaving()) leftBy.current = a;
      showPending();
      // The next page's data is asked for now, beside that hydration: its
      // request waited for it too (0.5-2.5 s on a slow phone). The page
      // host's own load below then finds it on its way.
      pageAt(site, canonicalPath(a.pathname)).catch(() => {});
      setTimeout(() => {
        if (window.location.pathname === shownKey.current) hidePending();
      });
    };
    // Back or Forward to the page on screen, before the page pressed
    // for came (or React rendered it loading), takes the bar back: no
    // render of the page host's may follow to do it.
    const pop = () => (leaving() ? showPending() : hidePending(false));
    window.addEventListener("click", press, { capture: true });
    window.addEventListener("popstate", pop);
    return () => {
      window.removeEventListener("click", press, { capture: true });
      window.removeEventListener("popstate", pop);
    };
  }, [site]);

  // Keyed by path: each page swap mounts a fresh page (dialogs closed,
  // effects run for the new path, even between two unknown paths).
  return <Page key={shown.key} data={shown.data} />;
}

/**
 * Page is one page: its sections, fading in as they scroll into view, and
 * rendered ahead of the scroll once the page is idle; its tables and code
 * Tab stops while they scroll sideways.
 */
function Page({ data }: { data: PageBody }) {
  useReveal(data.path);
  useRenderAhead(data.path);
  useScrollStops(data.path);
  return <Sections data={data} />;
}

/**
 * showPending puts the bar across the top of the window (outside the app's
 * tree, so that it shows without waiting for React) and marks the main
 * region busy; hidePending takes both back.
 */
function showPending() {
  document.querySelector(".page-done")?.remove();
  if (!document.querySelector(".page-pending")) {
    const bar = document.createElement("div");
    bar.className = "page-pending";
    bar.setAttribute("aria-hidden", "true");
    document.body.append(bar);
  }
  document.getElementById("main")?.setAttribute("aria-busy", "true");
}

function hidePending(arrived = true) {
  document.getElementById("main")?.removeAttribute("aria-busy");
  const bar = document.querySelector(".page-pending");
  if (!bar) return;
  // A bar already drawn runs to the end and fades, rather than vanish a
  // few frames after it came (a page that took just over the 150 ms);
  // not for a load called off (Back before it came), which no page ends.
  const grow = bar.getAnimations()[0];
  if (!arrived || !grow || Number(grow.currentTime ?? 0) <= PENDING_DELAY || matchMedia("(prefers-reduced-motion: reduce)").matches) {
    bar.remove();
    return;
  }
  const at = new DOMMatrixReadOnly(getComputedStyle(bar).transform).a;
  (bar as HTMLElement).style.setProperty("--at", String(at));
  bar.className = "page-done";
  bar.addEventListener("animationend", () => bar.remove());
  setTimeout(() => bar.remove(), 1000);
}

// The bar's delay, page-host.css's.
const PENDING_DELAY = 150;

/**
 * pageAt loads the page at canonical pathname: its data, or where its
 * route redirects.
 */
function pageAt(site: SiteData, pathname: string): Promise<{ redirect: string } | { data: PageData }> {
  if (pathname === firstPage?.path) return Promise.resolve({ data: firstPage.data });
  return loadRoutes(site).then((routes) => {
    const route = resolveRoute(routes, pathname);
    return route.redirect ? { redirect: route.redirect } : loadPage(route.data!).then((data) => ({ data }));
  });
}

// Page data on its way, by data URL: asked for once, at the press, and
// awaited by the page host's load too.
const loading = new Map<string, Promise<PageData>>();

function loadPage(url: string): Promise<PageData> {
  const hit = cache.get(url);
  if (hit) return Promise.resolve(hit);
  let next = loading.get(url);
  if (!next) {
    next = fetch(url)
      .then((res) => {
        if (!res.ok) throw new Error(`${url}: ${res.status}`);
        return res.json().then((data: PageData) => {
          cache.set(url, data);
          return data;
        });
      })
      .finally(() => loading.delete(url));
    loading.set(url, next);
  }
  return next;
}

// The scroll position of each history entry the visitor left, by the
// router's key of the entry, for the life of the tab: kept in the tab's
// session storage too, so that Back after a reload (or after a phone
// dropped the tab) still returns to the place. The router's keys live in
// the history entries, which a reload keeps.
// link is the href of the link left by, nth which of the page's links to
// it (the logo and "Home" both link to /).
type Place = { path: string; y: number; link?: string; nth?: number };

function noPresses() {
  return { left: new Map<string, Place>(), hash: "" };
}

/**
 * keyFirstEntry gives the document's first history entry a key of its own,
 * as the router gives the entries it makes; called before the router reads
 * it. The key names the entry's place among those kept for the tab, which
 * every document of the tab shares. Without one the router names the entry
 * "default", as every document's first: a page opened anew opened at an
 * earlier visit's place, and a later visit's place took the place of the
 * first's. The key lives in the entry's state, which a reload and a Back
 * to the entry keep.
 */
export function keyFirstEntry() {
  const state: unknown = window.history.state;
  const kept = state !== null && typeof state === "object" ? state : {};
  if (typeof (kept as { key?: unknown }).key === "string") return;
  window.history.replaceState({ ...kept, key: Math.random().toString(36).slice(2, 10) }, "");
}

// entryKey is the router's key of the history entry the browser is on
// ("default" for an entry it did not make, as the router says).
function entryKey(): string {
  const key: unknown = window.history.state?.key;
  return typeof key === "string" ? key : "default";
}
const PLACES = "vozia:places";
const scrollPositions = new Map<string, Place>(readPlaces());

function readPlaces(): [string, Place][] {
  try {
    const saved: unknown = typeof sessionStorage === "undefined" ? [] : JSON.parse(sessionStorage.getItem(PLACES) ?? "[]");
    // Another script may have written the key: what is not a place is left.
    return Array.isArray(saved)
      ? saved.filter((e): e is [string, Place] => Array.isArray(e) && typeof e[0] === "string" && typeof e[1]?.path === "string" && typeof e[1]?.y === "number")
      : [];
  } catch {
    return [];
  }
}

function savePlace(key: string, place: Place) {
  scrollPositions.delete(key);
  scrollPositions.set(key, place);
  try {
    // The last 100 entries: a session's history, not a growing store.
    sessionStorage.setItem(PLACES, JSON.stringify([...scrollPositions].slice(-100)));
  } catch {
    // Storage full or refused: the places of this document still hold.
  }
}

/**
 * startScrollRestoration takes scroll restoration between the app's pages
 * over from the browser: the browser restores the position on Back at once,
 * while the previous page is still on screen (so it lands short), and the
 * page it returns to renders only when its data is in.
 */
function startScrollRestoration() {
  if (!("scrollRestoration" in history)) return;
  history.scrollRestoration = "manual";
  if (handingBack) return;
  handingBack = true;
  // Leaving the document (a reload, another site): the mode belongs to the
  // history entry, so hand this entry back to the browser, which restores
  // its position when the visitor returns to it from another document.
  window.addEventListener("pagehide", () => {
    history.scrollRestoration = "auto";
  });
  window.addEventListener("pageshow", (e) => {
    if (e.persisted) history.scrollRestoration = "manual";
  });
}
let handingBack = false;

/**
 * restoreScroll scrolls to y. The page's sections are first rendered in
 * full: those the browser may skip (content-visibility: auto, see
 * hooks/use-render-ahead) count by an estimate of their height until then,
 * which would put the visitor's place elsewhere at the same y. The
 * position is set again for a few frames, until it holds (images taking
 * their sizes).
 *
 * Only while nothing else has scrolled the page: a position further from
 * y than where it was last set was set by someone else, and is theirs.
 * The visitor's own input is seen as it comes (a wheel, a touch, a key);
 * not so a script's scroll, assistive technology's or the scroll bar's,
 * which a frame late under load found as "not held yet" and put back to
 * y: a link pressed just after Back, scrolled into view first, was pressed
 * on the page's foot, where y had taken it again. But for a document
 * opened by Back or Forward (firstDocument): there the browser's own
 * restoring, still on for the entry until the app takes it over, may
 * move the page after the app did, and y is set again whatever moved it.
 * Nor while the app's own smooth scroll may still move the page (a press
 * on a link to a part of the page, then Back before the browser's next
 * frame: the scroll began in that frame, from y), nor when the page's
 * height changed (its sections or images taking their size, the browser
 * keeping what is in view in place).
 */
function restoreScroll(y: number, firstDocument = false) {
  for (const el of document.querySelectorAll<HTMLElement>("main > *")) el.style.contentVisibility = "visible";
  window.scrollTo(0, y);
  let frames = 10;
  // Where the position was last set, and the page's height then.
  let last = window.scrollY;
  let height = document.documentElement.scrollHeight;
  // The visitor scrolling on meanwhile (a wheel, a touch, a key) takes
  // the position over: it is not set back under their finger.
  const input = ["wheel", "touchstart", "keydown", "pointerdown"];
  const yours = () => {
    frames = -1;
  };
  for (const type of input) window.addEventListener(type, yours, { capture: true, passive: true });
  const again = () => {
    const off = Math.abs(window.scrollY - y);
    const theirs =
      off > Math.abs(last - y) + 1 && document.documentElement.scrollHeight === height && performance.now() - smoothAt > SMOOTH_MS;
    if (off < 1 || (!firstDocument && theirs) || --frames < 0) {
      for (const type of input) window.removeEventListener(type, yours, { capture: true });
      return;
    }
    window.scrollTo(0, y);
    last = window.scrollY;
    height = document.documentElement.scrollHeight;
    requestAnimationFrame(again);
  };
  requestAnimationFrame(again);
}

// When the app last began a smooth scroll (smoothly), and a bound with
// margin on how long one lasts (Chromium's take up to ~700 ms).
let smoothAt = -Infinity;
const SMOOTH_MS = 1500;

// smoothly says how the page scrolls to a part of it, or to its top, at a
// press: smoothly, unless the visitor asked for less motion.
function smoothly(behavior: ScrollBehavior): ScrollBehavior {
  if (behavior !== "smooth" || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return "auto";
  smoothAt = performance.now();
  return "smooth";
}

/**
 * backTo returns the visitor to place on the page just shown: its scroll
 * position, and focus on the link they left by, if it is in view there,
 * as the browser's back-forward cache gives it back; never on the
 * heading, out of view above. Else on what is in view: left on the page
 * gone, Tab went on from the footer. Focus is placed after the Back's
 * other listeners: a menu open over the page, its modal sheet making the
 * page inert, closes in one of them.
 */
function backTo(place: Place, firstDocument = false) {
  restoreScroll(place.y, firstDocument);
  setTimeout(() => focusLink(place.link, place.nth) || focusInView());
}

// focusHeading moves focus to the page's heading (made focusable by
// script only, so that it is no stop for Tab), without scrolling.
function focusHeading() {
  const h1 = document.querySelector<HTMLElement>("main h1");
  if (!h1) return;
  h1.tabIndex = -1;
  h1.focus({ preventScroll: true });
}

// linkOf is link a as a place keeps it: its href, and which of the
// page's links to it it is. Not a link in a dialog (the phone's menu):
// the dialog closes as the visitor leaves, and Back to the place found the
// page's own link to the same address instead (the header's logo for the
// menu's).
function linkOf(a: Element | undefined): { link?: string; nth?: number } {
  const href = a?.getAttribute("href");
  if (!a || href == null || a.closest("dialog")) return {};
  return { link: href, nth: linksTo(href).indexOf(a as HTMLElement) };
}

function linksTo(href: string): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>("a[href]")].filter((a) => a.getAttribute("href") === href);
}

// focusLink moves focus, without scrolling, to the page's link to href
// that is in view, the nth of them if it is, and says whether it took it.
// Another link to href only if it is in the page's own parts: the sticky
// header's is always in view, and took focus for a link of the page
// scrolled out of view ("Request a Demo" in a section, the header's
// beside it), so that Tab went on through the header and on to the
// page's top. A link that cannot take focus yet takes it once it can
// (focusWhenFree); until then focus is the caller's to place.
function focusLink(href: string | undefined, nth?: number): boolean {
  if (href === undefined) return false;
  const links = linksTo(href);
  const a =
    (nth !== undefined && links[nth] && inView(links[nth]) ? links[nth] : undefined) ??
    links.find((l) => inView(l) && !l.closest("header.site-header"));
  if (!a) return false;
  const inert = a.closest<HTMLElement>("[inert]");
  if (inert) {
    focusWhenFree(a, inert);
    return false;
  }
  a.focus({ preventScroll: true });
  return document.activeElement === a;
}

/**
 * focusWhenFree gives focus to link a once the inert part it is in (inert)
 * is no longer: the floating contact button steps aside while the section
 * it leads to is on screen, and comes back a frame or two after Back left
 * the section, once it has seen it go. Unless the visitor has moved on
 * meanwhile (a key, a press), or a second has passed.
 */
function focusWhenFree(a: HTMLElement, inert: HTMLElement) {
  const input = ["keydown", "pointerdown"];
  const stop = () => {
    watch.disconnect();
    clearTimeout(timer);
    for (const type of input) window.removeEventListener(type, stop, { capture: true });
  };
  const watch = new MutationObserver(() => {
    if (a.closest("[inert]")) return;
    stop();
    if (inView(a)) a.focus({ preventScroll: true });
  });
  watch.observe(inert, { attributes: true, attributeFilter: ["inert"] });
  const timer = setTimeout(stop, 1000);
  for (const type of input) window.addEventListener(type, stop, { capture: true, passive: true });
}

function inView(el: Element): boolean {
  const r = el.getBoundingClientRect();
  return r.bottom > 0 && r.top < window.innerHeight && el.checkVisibility();
}

// focusInView moves focus, without scrolling, to the first heading or
// block of text of the page's main part or footer wholly seen, else to
// the first part in view, so that Tab goes on from where the visitor is.
// Wholly seen: below the sticky header and above the window's foot (a
// heading under the header was focused out of sight; one cut by the foot
// was scrolled into view, and moved the place just restored).
// A block, not the part it is in: Tab goes on from a focused part to its
// first link, which in a long part (an article's body, a section 3,400 px
// tall on a phone, or the part under the header when the footer fills
// the window) was thousands of pixels above. Not a link: one focused
// shows its ring as if the visitor had Tabbed to it.
function focusInView() {
  const top = headerFoot();
  const seen = (el: Element) => {
    const r = el.getBoundingClientRect();
    // (More than a pixel: not a part kept for screen readers alone.)
    // Read first, cheaply: an element already above the header's foot
    // only rises further.
    if (r.height <= 1 || r.top < top) return false;
    // Where it comes to rest: a part fading in (hooks/use-reveal) rises
    // by up to 24 px, and a heading seen below the header as it began
    // ended under it.
    const rise = revealShift(el);
    return r.top - rise >= top && r.bottom - rise <= window.innerHeight && el.checkVisibility();
  };
  const blocks = ":is(main, footer.site-footer) :is(h1, h2, h3, h4, p, li, blockquote, pre, figure, dt, dd)";
  let el =
    [...document.querySelectorAll<HTMLElement>(blocks)].find(seen) ??
    [...document.querySelectorAll<HTMLElement>("main > *, footer.site-footer")].find(inView);
  if (!el) return;
  // A label over a heading (a section's eyebrow, "About us"): the heading
  // it labels, which a screen reader reads with its level, not a line of
  // capitals with no role (a screen reader's trial, Back to a page's top).
  const next = el.nextElementSibling;
  if (!isHeading(el) && next instanceof HTMLElement && isHeading(next) && seen(next)) el = next;
  if (!el.hasAttribute("tabindex")) el.tabIndex = -1;
  el.focus({ preventScroll: true });
}

// headerFoot is where the sticky header ends in the window: what is above
// it is hidden under it.
function headerFoot(): number {
  return document.querySelector("header.site-header")?.getBoundingClientRect().bottom ?? 0;
}

// revealShift is how far the part el is in still has to rise as it fades
// in (hooks/use-reveal, a transition of its transform), 0 once at rest.
function revealShift(el: Element): number {
  const part = el.closest(".reveal");
  const transform = part ? getComputedStyle(part).transform : "none";
  return transform === "none" ? 0 : new DOMMatrixReadOnly(transform).m42;
}

// fragmentId is the id a #fragment names: percent-decoded, as the browser
// finds its target, or as written where it does not decode ("#%E0%A4%A"
// in a link or an address typed threw, and stopped the navigation).
function fragmentId(hash: string): string {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1);
  }
}

// focusTarget moves focus, without scrolling, to the #fragment's target,
// and says whether it did. With seen, only a target whose top is in view
// below the sticky header: Back to a place far below the part the address
// names (the visitor scrolled on from "#faq", then left) gave focus to the
// part, 1,400 px above, and Tab went up to its first link.
function focusTarget(hash: string, seen = false): boolean {
  const el = hash ? document.getElementById(fragmentId(hash)) : null;
  if (!el) return false;
  if (seen) {
    const top = el.getBoundingClientRect().top - revealShift(el);
    if (top < headerFoot() - 1 || top >= window.innerHeight) return false;
  }
  focusPlace(el);
  return true;
}

// focusPlace moves focus to a fragment's target el, or to what says what
// the place is where el cannot:
//   - where el only wraps a link (a footnote's reference,
//     <sup id><a>…</a></sup>), to that link: focused on the wrapper, the
//     next Tab stopped on the link inside it, the same place and name
//     again (a keyboard trial);
//   - where el is a plain box (a <div>, which a screen reader names as
//     nothing: the contact section's information, "Contact Us"), to its
//     first heading, read with its level.
// A heading, or an element with a role of its own (a section, a form
// named by its heading), keeps the focus.
function focusPlace(el: HTMLElement) {
  const only = el.children.length === 1 ? el.firstElementChild : null;
  if (!isHeading(el) && only instanceof HTMLAnchorElement && only.hasAttribute("href") && only.tabIndex >= 0 && only.textContent === el.textContent) {
    placing(() => only.focus({ preventScroll: true }));
    return;
  }
  const heading = el.tagName === "DIV" && !el.hasAttribute("role") ? el.querySelector<HTMLElement>("h1, h2, h3, h4, h5, h6") : null;
  const target = heading ?? el;
  if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  placing(() => target.focus({ preventScroll: true }));
}

function isHeading(el: Element): boolean {
  return /^H[1-6]$/.test(el.tagName);
}

// focusInViewIfOutOfView takes focus off an element scrolled out of view
// (to what is in view: the page's heading may be out of view above), so
// that Tab goes on from the page on screen.
function focusInViewIfOutOfView() {
  const active = document.activeElement;
  if (active && active !== document.body && !inView(active)) focusInView();
}

// scrollToHash scrolls to the #fragment's target and moves focus there, as
// the browser does for a fragment (it focuses the target, or starts Tab
// from it): Tab goes on from the form a footer's "Contact" scrolled to,
// not from the footer, off screen.
function scrollToHash(hash: string, behavior: ScrollBehavior = "auto"): boolean {
  if (!hash) return false;
  const el = document.getElementById(fragmentId(hash));
  if (!el) return false;
  el.scrollIntoView({ behavior: smoothly(behavior), block: "start" });
  focusPlace(el);
  return true;
}
