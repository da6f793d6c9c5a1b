import { Suspense, use, useEffect, useId, type ReactNode } from "react";

/**
 * How a prerendered page becomes the app without a long task on a slow
 * phone. Hydrating the whole page at once is one task of the page's size
 * (hundreds of ms at Lighthouse's 4× CPU slowdown), so the page hydrates
 * in pieces instead:
 *
 *   - <Piece> is a part with state or handlers (header, footer, consent,
 *     an interactive section). Each is a Suspense boundary, which React
 *     hydrates as its own unit of work after the page's shell, yielding to
 *     the browser between pieces.
 *   - <ServerHTML> is a part with nothing to hydrate (text, cards, legal
 *     Markdown): also a boundary, but its content suspends while the page
 *     first hydrates, so React keeps the server's DOM as it is and never
 *     renders it. It is hydrated only when it must be: when the visitor
 *     clicks inside it (React hydrates the clicked boundary at once, so
 *     its links navigate client-side as any other), or when the app
 *     re-renders around it (a navigation changes the router's context),
 *     so that React hydrates it rather than replace its DOM. Mounted later
 *     (after a navigation, which releases it), it renders as any
 *     component does. Until the first click, React stops a key, a press
 *     or a focus event inside such a part at its root, where it cannot
 *     hydrate it: the app's listeners of the document and the window
 *     listen in the capture phase, before it (a test of generator/bundle,
 *     TestAppListensBeforeReact, holds them to it).
 *
 * The server renders both as their content (renderToString marks each
 * boundary with <!--$--> and <!--/$--> comments; the elements are the same).
 * <html data-hydrated> is set once the shell and every Piece have hydrated:
 * the page is then fully interactive (tests and measurements wait for it).
 * Pieces must not nest: a Piece is counted when the shell hydrates.
 *
 * The shell itself hydrates as a transition (entry-client.tsx), in slices
 * of a few ms: at React's default priority it was one task, which a press
 * waited for. A press on a part not yet hydrated makes React hydrate it at
 * once, and then handles the press.
 */

// Browser-only state of the first hydration, never touched on the server.
const inBrowser = typeof document !== "undefined";
/** Pieces counted in the shell and not yet hydrated, by useId. */
const pending = new Set<string>();
let shellHydrated = false;
/** Set by the first interaction or navigation: ServerHTML may hydrate. */
let released = false;
const never = new Promise<never>(() => {});

let hydrated: () => void = () => {};
const hydratedPromise = inBrowser ? new Promise<void>((resolve) => (hydrated = resolve)) : never;

function markWhenHydrated() {
  if (shellHydrated && pending.size === 0) {
    document.documentElement.setAttribute("data-hydrated", "");
    hydrated();
  }
}

/** whenHydrated resolves once the first page has hydrated (data-hydrated). */
export function whenHydrated(): Promise<void> {
  return hydratedPromise;
}

/**
 * hydratingFirstPage says whether the prerendered page the browser loaded
 * is still being hydrated: a component whose effect asks it during that
 * first hydration was on the screen before the app ran (since the page's
 * first paint); after it, a component is new when it mounts.
 */
export function hydratingFirstPage(): boolean {
  // Pieces are counted only before the shell has hydrated, so once both
  // hold they hold for good.
  return inBrowser && !(shellHydrated && pending.size === 0);
}

/**
 * releaseServerHTML lets every ServerHTML part hydrate when React next
 * renders it. It must run before the update that re-renders them (released
 * during that render is too late: the navigation, a transition, then waits
 * for them forever). The visitor's first click and the first history
 * navigation release them before React or the router see the event; code
 * that navigates on its own, without either, calls this first.
 */
export function releaseServerHTML(): void {
  released = true;
}

if (inBrowser) {
  // Capture, on window: runs before React's listeners on the root and the
  // router's popstate listener.
  window.addEventListener("click", releaseServerHTML, { capture: true, once: true });
  window.addEventListener("popstate", releaseServerHTML, { capture: true, once: true });
}

/** Piece hydrates its children as a unit of their own. */
export function Piece({ children }: { children: ReactNode }) {
  const id = useId();
  // Rendered before the shell has hydrated: this is the first hydration.
  if (inBrowser && !shellHydrated) pending.add(id);
  return (
    <Suspense fallback={null}>
      {children}
      <PieceHydrated id={id} />
    </Suspense>
  );
}

function PieceHydrated({ id }: { id: string }) {
  useEffect(() => {
    if (pending.delete(id)) markWhenHydrated();
  }, [id]);
  return null;
}

/**
 * ServerHTML keeps its children's prerendered DOM without hydrating them.
 * (Not useSyncExternalStore to tell hydration apart: a server snapshot that
 * differs from the client's makes React re-render synchronously right after
 * hydrating, which hydrates every boundary in that one task.)
 */
export function ServerHTML({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <KeepServerDOM>{children}</KeepServerDOM>
    </Suspense>
  );
}

function KeepServerDOM({ children }: { children: ReactNode }) {
  if (inBrowser && !released) use(never);
  return children;
}

/**
 * ShellHydrated goes last in the app: its effect runs when the shell (all
 * but the pieces) has hydrated.
 */
export function ShellHydrated() {
  useEffect(() => {
    shellHydrated = true;
    markWhenHydrated();
  }, []);
  return null;
}
