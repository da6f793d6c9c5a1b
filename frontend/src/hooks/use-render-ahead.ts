import { useEffect } from "react";
import { whenHydrated } from "../lib/hydration";

/**
 * deferredParts are the page's blocks (the layout's and the page's own)
 * whose rendering the browser may put off until they near the viewport:
 * those with `content-visibility: auto`, which the stylesheet alone
 * decides (styles/global.css).
 */
function deferredParts(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>("#root > *, main > *")].filter(
    (el) => getComputedStyle(el).getPropertyValue("content-visibility") === "auto",
  );
}

/**
 * useRenderAhead renders, once the page has hydrated, the parts the first
 * frame skipped (deferredParts), one per frame, when the browser is idle:
 * the page's first frame laid out only what is on screen, and the rest
 * now costs a few short tasks instead of one long one. Afterwards every
 * part has its real size, so that a smooth scroll to a section lands where
 * it was aimed (a skipped part counts as an estimate until rendered).
 * <html data-rendered> is set when the first page is rendered in full
 * (tests and measurements wait for it). Without JavaScript the browser
 * renders each part as it scrolls into view. Call it from a page
 * component; `key` starts again when the page changes.
 */
export function useRenderAhead(key?: unknown): void {
  useEffect(() => {
    let parts: HTMLElement[] | undefined;
    let cancelled = false;
    const idle = (cb: () => void) =>
      "requestIdleCallback" in window ? requestIdleCallback(cb, { timeout: 1000 }) : setTimeout(cb, 50);
    const next = () => {
      if (cancelled) return;
      // Found once the page is idle: reading computed styles brings the
      // page's style up to date, which is work of its own.
      parts ??= deferredParts();
      const part = parts.shift();
      if (!part) {
        document.documentElement.setAttribute("data-rendered", "");
        return;
      }
      part.style.contentVisibility = "visible";
      // The part is laid out in the coming frame: the next one waits until
      // that frame is done (a task queued from the frame's callback runs
      // after it) and the browser is idle again.
      requestAnimationFrame(() => setTimeout(() => idle(next)));
    };
    void whenHydrated().then(() => idle(next));
    return () => {
      cancelled = true;
    };
  }, [key]);
}
