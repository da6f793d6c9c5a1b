/**
 * cameFrom is the site page the visitor came from: the page of the last
 * link they followed in this document (a client-side navigation), or the
 * referrer's on this site. The contact form presets its product from it
 * (a demo link on /solutions/pulse presets Pulse on the demo page). The
 * app records the links from its start, on every page: the form's own
 * module loads only with the page that shows it (lib/lazy-kind), after
 * the click that led there.
 */
export function cameFrom(): string {
  if (linkFrom) return linkFrom;
  try {
    const r = new URL(document.referrer);
    return r.origin === location.origin ? r.pathname : "";
  } catch {
    return "";
  }
}

/** The page whose link the visitor followed last (for the page it led to). */
let linkFrom = "";
if (typeof document !== "undefined") {
  addEventListener("click", (e) => (e.target as Element).closest?.("a[href]") && (linkFrom = location.pathname), { capture: true });
}
