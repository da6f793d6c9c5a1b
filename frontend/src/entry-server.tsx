// The server bundle: the build (generator/prerender) runs it in goja and
// calls renderPage once per route, or, for pages that share a layout, once
// per part (lib/render-part), after checking sectionKinds.
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router-dom";
import { App } from "./app";
import type { PageData, SiteData } from "./lib/content-types";
import { RenderPartProvider, type RenderPart } from "./lib/render-part";
import { sectionRenderers } from "./sections/registry.gen";

// The build renders every page with the same site JSON: parse it once.
let siteCache: { json: string; site: SiteData } | undefined;

function renderPage(url: string, siteJSON: string, pageJSON: string, part?: RenderPart): string {
  if (siteCache?.json !== siteJSON) siteCache = { json: siteJSON, site: JSON.parse(siteJSON) as SiteData };
  const page = JSON.parse(pageJSON) as PageData;
  return renderToString(
    <RenderPartProvider value={part ?? null}>
      <StaticRouter location={url}>
        <App site={siteCache.site} initial={page} />
      </StaticRouter>
    </RenderPartProvider>,
  );
}

(globalThis as unknown as { renderPage: typeof renderPage }).renderPage = renderPage;
// The build checks these against the kinds of the content (generator/content)
// before it renders a page, so that a kind without a renderer is named.
(globalThis as unknown as { sectionKinds: string[] }).sectionKinds = Object.keys(sectionRenderers);
