import { useEffect } from "react";

/**
 * useReveal fades in, once, every `.reveal` element of the page that is
 * below the fold when the page starts, as it scrolls into view (0.6 s, CSS
 * in styles/global.css). Nothing starts hidden: the server's HTML paints
 * every section at once, and only the sections the first intersection
 * report finds out of view are set aside (`is-pending`, invisible, off
 * screen) to fade in later. A section in view is never hidden, so the
 * page's largest paint does not wait for the app. Without JavaScript, or
 * with reduced motion, nothing fades. Call it from a page component; `key`
 * re-scans when the page changes.
 *
 * A section still set aside that takes focus shows at once, with no fade:
 * Tab reaches a section before its intersection report does (at once on a
 * busy phone, whose browser handles keys before it draws), and the focused
 * link was invisible, its ring too, for the 0.6 s of the fade. Any focus
 * counts, so the section a link leads to, which the app focuses at the
 * press, shows at once too: the visitor asked for it.
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
          const el = e.target as HTMLElement;
          // The first report of a section: anything not wholly below the
          // fold is shown as it is (the -8% margin is for the fade only).
          const first = !el.classList.contains("is-pending");
          if (e.isIntersecting || (first && e.boundingClientRect.top < window.innerHeight)) {
            el.classList.add("is-visible");
            el.classList.remove("is-pending");
            io.unobserve(el);
          } else {
            el.classList.add("is-pending");
          }
        }
      },
      { rootMargin: "0px 0px -8% 0px" },
    );
    els.forEach((el) => io.observe(el));
    const focused = (e: FocusEvent) => {
      const el = (e.target as Element).closest?.(".reveal.is-pending");
      if (!el) return;
      el.classList.add("is-visible", "at-once");
      el.classList.remove("is-pending");
      io.unobserve(el);
    };
    // In the capture phase: the sections set aside are mostly server HTML
    // still (lib/hydration), where, until the visitor's first click, React
    // stops a focus event at its root.
    document.addEventListener("focusin", focused, true);
    return () => {
      io.disconnect();
      document.removeEventListener("focusin", focused, true);
    };
  }, [key]);
}
