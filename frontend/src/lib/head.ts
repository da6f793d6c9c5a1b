import type { ClientRoute, SiteData } from "./content-types";

/**
 * updateHead mirrors, after a client-side navigation, the parts of the
 * document head that the build wrote for the first page.
 */
export function updateHead(site: SiteData, route: ClientRoute, pathname: string): void {
  document.title = route.title || site.config.seo.title;
  setAttr('meta[name="description"]', "content", route.description || site.config.seo.description);
  setAttr('link[rel="canonical"]', "href", site.config.baseURL + pathname);
  setAttr('meta[property="og:url"]', "content", site.config.baseURL + pathname);
  setAttr('meta[property="og:title"]', "content", document.title);
}

function setAttr(selector: string, attr: string, value: string): void {
  document.head.querySelector(selector)?.setAttribute(attr, value);
}
