// The server bundle: the build (generator/prerender) runs it in goja and
// calls renderPage once per route, or, for pages that share a layout, once
// per part (lib/render-part), after checking sectionKinds.
import { useContext, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouter, UNSAFE_LocationContext } from "react-router-dom";
import { App } from "./app";
import { Picture } from "./components/ui/picture";
import type { Image, ImagePlace, PageBody, SiteData } from "./lib/content-types";
import { RenderPartProvider, type RenderPart } from "./lib/render-part";
import { memoHits, startMemos, takeMemos } from "./lib/server-memo";
import { sectionRenderers } from "./sections/registry.gen";

// The build renders every page with the same site JSON: parse it once.
let siteCache: { json: string; site: SiteData } | undefined;

/**
 * renderPage renders the page at url. pageJSON is the page's body
 * (wire.PageBody: the document's head is the build's); part is set when
 * the build renders the layout and the page apart.
 */
function renderPage(url: string, siteJSON: string, pageJSON: string, part?: RenderPart): string {
  let site = siteCache?.json === siteJSON ? siteCache.site : undefined;
  startMemos(site === undefined);
  if (site === undefined) {
    site = JSON.parse(siteJSON) as SiteData;
    siteCache = { json: siteJSON, site };
  }
  const page = JSON.parse(pageJSON) as PageBody;
  const reads: string[] = [];
  const layout = part === "layout";
  let app = <App site={site} initial={layout ? noting(page, "page", reads) : page} />;
  if (layout) app = <NoteLocationReads reads={reads}>{app}</NoteLocationReads>;
  const html = takeMemos(
    renderToString(
      <RenderPartProvider value={part ?? null}>
        <StaticRouter location={url}>{app}</StaticRouter>
      </RenderPartProvider>,
    ),
  );
  if (layout) lastLayoutReads = reads;
  return html;
}

/**
 * What the last "layout" render read of its page: fields of the URL's
 * location or of the page's body. The build renders a layout once for
 * many pages, and only if it read nothing of either (its other input, the
 * site data, is the same for the group): generator/prerender/splice.go.
 */
let lastLayoutReads: string[] = [];

/** noting is value, noting in reads each field read of it. */
function noting<T extends object>(value: T, name: string, reads: string[]): T {
  return new Proxy(value, {
    get(target, key, receiver) {
      const field = `${name}.${String(key)}`;
      if (!reads.includes(field)) reads.push(field);
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
}

/** NoteLocationReads gives its children the router's location through noting. */
function NoteLocationReads({ reads, children }: { reads: string[]; children: ReactNode }) {
  const context = useContext(UNSAFE_LocationContext);
  const location = noting(context.location, "location", reads);
  return <UNSAFE_LocationContext.Provider value={{ ...context, location }}>{children}</UNSAFE_LocationContext.Provider>;
}

(globalThis as unknown as { renderPage: typeof renderPage }).renderPage = renderPage;
// For the build's tests: how many memoized elements (lib/server-memo) took
// their markup from the cache.
(globalThis as unknown as { memoHits: typeof memoHits }).memoHits = memoHits;
(globalThis as unknown as { layoutReads: () => string[] }).layoutReads = () => lastLayoutReads;
// For the build's tests: one image as <Picture> writes it, which
// generator/pictures' pictureHTML writes too, for the images of Markdown.
(globalThis as unknown as { renderPicture: (imageJSON: string, place: ImagePlace) => string }).renderPicture = (imageJSON, place) =>
  renderToString(<Picture image={JSON.parse(imageJSON) as Image} place={place} />);
// The build checks these against the kinds of the content (generator/content)
// before it renders a page, so that a kind without a renderer is named.
(globalThis as unknown as { sectionKinds: string[] }).sectionKinds = Object.keys(sectionRenderers);
