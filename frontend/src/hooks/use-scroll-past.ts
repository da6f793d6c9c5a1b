import { useEffect, useState } from "react";

/**
 * useScrollPast reports whether the page is scrolled more than threshold
 * pixels. It is false during prerender and hydration, so the first client
 * render matches the server HTML; the effect then reads the real position.
 */
export function useScrollPast(threshold: number): boolean {
  return useScrollPastBy(threshold).past;
}

/**
 * useScrollPastBy is useScrollPast, and says whether the last change came
 * by a jump of more than a window's height (a new page shown at its top,
 * Back to a place further down) rather than by the visitor scrolling: what
 * changes with it should change at once, not fade. A header fading from
 * light to dark over a new page's dark top looked like a flash.
 */
export function useScrollPastBy(threshold: number): { past: boolean; jumped: boolean } {
  const [state, setState] = useState({ past: false, jumped: false });
  useEffect(() => {
    let last = window.scrollY;
    const update = () => {
      const y = window.scrollY;
      const jumped = Math.abs(y - last) > window.innerHeight;
      last = y;
      setState((s) => (s.past === y > threshold ? s : { past: y > threshold, jumped }));
    };
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [threshold]);
  return state;
}
