// A tiny server entry for the prerender tests: each URL misbehaves in one
// way a real app could.
import { explode } from "./explode";

function renderPage(url: string, site: string, page: string): string {
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
  return `<h1>${url}</h1><p>${JSON.parse(site).brand}</p><p>${JSON.parse(page).title}</p><p>${new URL("https://x.example" + url).pathname}</p>`;
}

(globalThis as unknown as { renderPage: typeof renderPage }).renderPage = renderPage;
