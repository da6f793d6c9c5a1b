// The browser bundle: hydrates the prerendered page and takes over navigation.
import { hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router-dom";
import { App } from "./app";
import type { PageData, SiteData } from "./lib/content-types";

function readJSON<T>(id: string): T | null {
  const el = document.getElementById(id);
  return el?.textContent ? (JSON.parse(el.textContent) as T) : null;
}

const site = readJSON<SiteData>("site-data");
const page = readJSON<PageData>("page-data");
// A redirect page (/blog) is a meta refresh with nothing to hydrate:
// replace it at once, so the back button skips it.
const refresh = document.querySelector<HTMLMetaElement>('meta[http-equiv="refresh"]');
const target = refresh?.content.match(/url=(\/[^\s]*)/)?.[1];

if (target) {
  location.replace(target + location.hash);
} else if (site && page) {
  hydrateRoot(
    document.getElementById("root")!,
    <BrowserRouter>
      <App site={site} initial={page} />
    </BrowserRouter>,
    {
      // A mismatch between the prerendered HTML and the first client render
      // is a bug of ours: say so loudly (the browser tests fail on it).
      onRecoverableError: (error) => console.error("hydration:", error),
    },
  );
}
