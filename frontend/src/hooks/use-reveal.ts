import { useEffect } from "react";

/**
 * useReveal fades in, once, every `.reveal` element of the page as it
 * scrolls into view (0.6 s, CSS in styles/global.css). The hidden start
 * state only exists under `@media (scripting: enabled)` and
 * prefers-reduced-motion: no-preference, so without JavaScript or with
 * reduced motion everything is simply visible. Call it from a page
 * component; `key` re-scans when the page changes.
 */
export function useReveal(key?: unknown): void {
  useEffect(() => {
    const els = document.querySelectorAll<HTMLElement>(".reveal:not(.is-visible)");
    if (!("IntersectionObserver" in window)) {
      els.forEach((el) => el.classList.add("is-visible"));
      return;
    }
    const io = new IntersectionObserver(
      (entries) => {
        for (const e of entries) {
          if (!e.isIntersecting) continue;
          e.target.classList.add("is-visible");
          io.unobserve(e.target);
        }
      },
      { rootMargin: "0px 0px -8% 0px" },
    );
    els.forEach((el) => io.observe(el));
    return () => io.disconnect();
  }, [key]);
}
