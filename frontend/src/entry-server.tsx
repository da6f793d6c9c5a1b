// The server bundle: the build (generator/prerender) runs it in goja and
// calls renderPage once per route.
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router-dom";
import { App } from "./app";
import type { PageData, SiteData } from "./lib/content-types";

function renderPage(url: string, siteJSON: string, pageJSON: string): string {
  const site = JSON.parse(siteJSON) as SiteData;
  const page = JSON.parse(pageJSON) as PageData;
  return renderToString(
    <StaticRouter location={url}>
      <App site={site} initial={page} />
    </StaticRouter>,
  );
}

(globalThis as unknown as { renderPage: typeof renderPage }).renderPage = renderPage;
