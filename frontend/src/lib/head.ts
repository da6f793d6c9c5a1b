import type { Head } from "./content-types";

/**
 * updateHead applies, after a client-side navigation, the head fields the
 * build computed for the page (generator/head), so that the document says
 * what the server's HTML for that page says: title, description,
 * keywords, URL, canonical link (none for a page outside the index, such
 * as the not-found page), robots, and the structured-data blocks, which
 * describe the page shown (WebPage, breadcrumbs) and so must follow it.
 */
export function updateHead(head: Head): void {
  document.title = head.title;
  setMeta('meta[name="description"]', head.description);
  setMeta('meta[name="keywords"]', head.keywords);
  setMeta('meta[property="og:url"]', head.url);
  setMeta('meta[property="og:title"]', head.title);
  setMeta('meta[property="og:description"]', head.description);
  setMeta('meta[name="twitter:title"]', head.title);
  setMeta('meta[name="twitter:description"]', head.description);
  for (const name of ["robots", "googlebot", "bingbot"]) setMeta(`meta[name="${name}"]`, head.robots);
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (head.canonical) {
    if (!link) {
      link = document.createElement("link");
      link.rel = "canonical";
      document.head.querySelector("title")?.after(link);
    }
    link.href = head.canonical;
  } else {
    link?.remove();
  }
  // JSON-LD is data, never executed: textContent needs no CSP allowance.
  for (const old of document.head.querySelectorAll('script[type="application/ld+json"]')) old.remove();
  for (const block of head.jsonLD) {
    const s = document.createElement("script");
    s.type = "application/ld+json";
    s.textContent = block;
    document.head.append(s);
  }
}

function setMeta(selector: string, value: string): void {
  document.head.querySelector(selector)?.setAttribute("content", value);
}

/**
 * readHead is updateHead's inverse: the head fields of the page the
 * document was loaded with, as the server's HTML wrote them, so that the
 * first page can be shown again (Back to it) without fetching its data.
 */
export function readHead(): Head {
  const meta = (selector: string) => document.head.querySelector(selector)?.getAttribute("content") ?? "";
  const canonical = document.head.querySelector('link[rel="canonical"]')?.getAttribute("href");
  return {
    title: document.title,
    description: meta('meta[name="description"]'),
    keywords: meta('meta[name="keywords"]'),
    url: meta('meta[property="og:url"]'),
    ...(canonical ? { canonical } : {}),
    robots: meta('meta[name="robots"]'),
    jsonLD: [...document.head.querySelectorAll('script[type="application/ld+json"]')].map((s) => s.textContent ?? ""),
  };
}
