// The server bundle: the build (generator/prerender) runs it in goja and
// calls renderPage once per route, or, for pages that share a layout, once
// per part (lib/render-part), after checking sectionKinds.
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router-dom";
import { App } from "./app";
import type { PageBody, SiteData } from "./lib/content-types";
import { RenderPartProvider, type RenderPart } from "./lib/render-part";
import { memoHits, startMemos, takeMemos } from "./lib/server-memo";
import { sectionRenderers } from "./sections/registry.gen";

// The build renders every page with the same site JSON: parse it once.
let siteCache: { json: string; site: SiteData } | undefined;

/**
 * renderPage renders the page at url. pageJSON is the page's body
 * (content.PageBody: the document's head is the build's); part is set when
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
  return takeMemos(
    renderToString(
      <RenderPartProvider value={part ?? null}>
        <StaticRouter location={url}>
          <App site={site} initial={page} />
        </StaticRouter>
      </RenderPartProvider>,
    ),
  );
}

(globalThis as unknown as { renderPage: typeof renderPage }).renderPage = renderPage;
// For the build's tests: how many memoized elements (lib/server-memo) took
// their markup from the cache.
(globalThis as unknown as { memoHits: typeof memoHits }).memoHits = memoHits;
// The build checks these against the kinds of the content (generator/content)
// before it renders a page, so that a kind without a renderer is named.
(globalThis as unknown as { sectionKinds: string[] }).sectionKinds = Object.keys(sectionRenderers);
