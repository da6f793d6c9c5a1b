import { useEffect } from "react";

/**
 * useScrollStops keeps each table and block of code of the page (HTML the
 * build rendered from Markdown, which makes them Tab stops, tabindex="0",
 * so that a keyboard can scroll one wider than the screen: generator/load)
 * a Tab stop only while it has something to scroll. The build cannot know
 * the screen: on a wide one, or for a small table, the box fits, and a
 * stop there holds a keyboard's visitor up for nothing. A box that fits
 * leaves the Tab order (tabindex="-1"), and comes back whenever its width
 * makes it scroll (a phone turned). Without JavaScript every box stays a
 * stop. Called by the page, not by the parts with the HTML: those keep
 * the server's DOM until clicked (lib/hydration), so a part's own effect
 * would not run on the first page. key starts again when the page
 * changes.
 */
export function useScrollStops(key?: unknown): void {
  // Every browser the bundle is built for has ResizeObserver (Chrome and
  // Firefox 111, Safari 16.4: generator/bundle).
  useEffect(() => {
    const boxes = document.querySelectorAll<HTMLElement>("main pre[tabindex], main table[tabindex]");
    if (boxes.length === 0) return;
    // The observer reports a box once it is laid out and whenever its size
    // changes, just after layout: reading its widths then costs no layout
    // of its own.
    const observer = new ResizeObserver((entries) => {
      for (const { target } of entries) {
        const box = target as HTMLElement;
        // A box not laid out (in a part of the page not yet rendered)
        // reports no width: it is measured when it shows.
        if (box.clientWidth === 0) continue;
        box.tabIndex = box.scrollWidth > box.clientWidth ? 0 : -1;
      }
    });
    for (const box of boxes) observer.observe(box);
    return () => observer.disconnect();
  }, [key]);
}
