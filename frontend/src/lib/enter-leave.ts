import { useEffect } from "react";

/**
 * useEnterLeave calls on(i, event) as the pointer enters or leaves the
 * i-th of the elements els returns, from the browser's own pointerenter
 * and pointerleave rather than React's: React makes those from the
 * pointer's over and out, and hears no enter from a part of the page
 * still in its server HTML (lib/hydration), so a pointer that came
 * straight from the page's content entered nothing (a trial, at the
 * header's menus). The listeners are added again at every render, after
 * it (the elements may change), so an event can reach the listener of a
 * render before the last, or come before a change has rendered at all:
 * on reads state that its own events change from refs, not from the
 * render (site-header's openNow).
 */
export function useEnterLeave(els: () => (HTMLElement | null)[], on: (i: number, e: PointerEvent) => void) {
  useEffect(() => {
    const off = new AbortController();
    const { signal } = off;
    els().forEach((el, i) => {
      el?.addEventListener("pointerenter", (e) => on(i, e), { signal });
      el?.addEventListener("pointerleave", (e) => on(i, e), { signal });
    });
    return () => off.abort();
  });
}
