// The browser bundle: hydrates the prerendered page and takes over navigation.
import { hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router-dom";
import { App } from "./app";
import type { PageData, SiteData } from "./lib/content-types";
import { resolveRoute } from "./lib/routes";

function readJSON<T>(id: string): T | null {
  const el = document.getElementById(id);
  return el?.textContent ? (JSON.parse(el.textContent) as T) : null;
}

const site = readJSON<SiteData>("site-data")!;
const page = readJSON<PageData>("page-data");
const route = resolveRoute(site.routes, location.pathname);

if (route.redirect) {
  // A redirect page (/blog) has no body to hydrate: replace it at once.
  location.replace(route.redirect + location.search + location.hash);
} else if (page) {
  hydrateRoot(
    document.getElementById("root")!,
    <BrowserRouter>
      <App site={site} initial={page} />
    </BrowserRouter>,
  );
}
