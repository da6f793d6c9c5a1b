// A tiny server entry for the prerender tests: each URL misbehaves in one
// way a real app could.
import { explode } from "./explode";

function renderPage(url: string, site: string, page: string, part?: string): string {
  switch (url) {
    case "/throw":
      return explode();
    case "/console-error":
      console.error("Warning: Each child in a list should have a unique key prop.");
      return "<p>rendered anyway</p>";
    case "/console-warn":
      console.warn("deprecated");
      return "<p>rendered anyway</p>";
    case "/empty":
      return "";
  }
  if (url.startsWith("/parts/")) return parts(url, site, page, part);
  return `<h1>${url}</h1><p>${JSON.parse(site).brand}</p><p>${JSON.parse(page).title}</p><p>${new URL("https://x.example" + url).pathname}</p>`;
}

// Pages under /parts/ render in parts, as the site's app does for
// splicing; under /parts/reads-url/ the layout shows its URL, and says so.
const slot = "\u0000page-slot\u0000";
let reads: string[] = [];

function parts(url: string, site: string, page: string, part?: string): string {
  const readsURL = url.startsWith("/parts/reads-url/");
  const header = `<header>${JSON.parse(site).brand}${readsURL ? " " + url : ""}</header>`;
  const body = `<main>${JSON.parse(page).title}</main>`;
  switch (part) {
    case "layout":
      reads = readsURL ? ["location.pathname"] : [];
      return header + slot + "<footer></footer>";
    case "shell":
      return slot;
    case "page":
      return body;
  }
  return header + body + "<footer></footer>";
}

(globalThis as unknown as { renderPage: typeof renderPage }).renderPage = renderPage;
(globalThis as unknown as { layoutReads: () => string[] }).layoutReads = () => reads;
