import { createContext, useContext, type ReactNode } from "react";

/**
 * When many pages share one layout, the build (generator/prerender)
 * renders the layout once, with PAGE_SLOT where the page goes, and then
 * each page alone, and splices them. Each part renders the whole tree with
 * the other part left out, so every component keeps its place and useId
 * its ids; the build checks the pieces fit and otherwise renders the page
 * whole. In the browser, and in a whole-page render, there is no part and
 * everything renders.
 *
 * A layout is shared only if it reads nothing of the page it is rendered
 * for, neither the location (useLocation, in render) nor the page's data:
 * the server bundle notes such reads (entry-server.tsx), and a layout that
 * made one is rendered again with every page. Read the location in event
 * handlers, as the header does.
 *
 *   "layout": the layout, with PAGE_SLOT as the page;
 *   "page":   the page, without the layout;
 *   "shell":  neither (what surrounds the page in a "page" render).
 */
export type RenderPart = "layout" | "page" | "shell";

export const PAGE_SLOT = "\u0000page-slot\u0000";

const PartContext = createContext<RenderPart | null>(null);

export const RenderPartProvider = PartContext.Provider;

/** LayoutPart wraps a part of the layout (header, footer, banners). */
export function LayoutPart({ children }: { children: ReactNode }) {
  const part = useContext(PartContext);
  return part === "page" || part === "shell" ? null : children;
}

/** PagePart wraps the page. */
export function PagePart({ children }: { children: ReactNode }) {
  const part = useContext(PartContext);
  return part === "layout" || part === "shell" ? PAGE_SLOT : children;
}
