import { createElement } from "react";
import type { MemoProps } from "./memo";

/**
 * Memo as the prerender runs it (lib/memo.tsx says what it is for). The
 * first time a runtime meets a key, the element renders in place, its
 * content between two marker elements; renderPage then takes the markup
 * between the markers from the page it rendered (takeMemos), keeps it for
 * the key and removes the markers. Every later page gives the element that
 * markup as its inner HTML: the same bytes, without rendering the
 * children. Nothing else changes: React writes a start tag with inner HTML
 * as it writes one with children, and a marker element neither adds nor
 * removes the <!-- --> that separates two texts.
 *
 * The cache belongs to one runtime and one site: renderPage clears it
 * when the site data changes (a `make dev` edit).
 */
const cache = new Map<string, string>();
/** Keys marked in the render under way, by marker number. */
const marked: string[] = [];
let hits = 0;

const START = "data-memo-start";
const END = "data-memo-end";
/**
 * markers reads React's output back as text: renderToString returns one
 * string, with no hook to take the markup of one element from it. It
 * assumes React writes a marker element exactly as
 * `<template data-memo-start="0"></template>`. If React wrote it otherwise,
 * the markers would stay in the pages and in the kept markup:
 * generator's TestServerShortcutsChangeNoByte, which compares every page
 * with its render without memos, fails first.
 */
const markers = new RegExp(`<template (?:${START}|${END})="\\d+"></template>`, "g");

export function Memo({ tag, memoKey, children, ...rest }: MemoProps) {
  const html = cache.get(memoKey);
  if (html !== undefined) {
    hits++;
    return createElement(tag, { ...rest, dangerouslySetInnerHTML: { __html: html } });
  }
  const n = marked.push(memoKey) - 1;
  return createElement(
    tag,
    rest,
    createElement("template", { [START]: n }),
    children,
    createElement("template", { [END]: n }),
  );
}

/**
 * takeMemos keeps the content of each element marked in html, and returns
 * html without the markers.
 */
export function takeMemos(html: string): string {
  if (marked.length === 0) return html;
  for (let n = 0; n < marked.length; n++) {
    const start = `<template ${START}="${n}"></template>`;
    const from = html.indexOf(start);
    const to = html.indexOf(`<template ${END}="${n}"></template>`, from);
    // A marked element may be missing (a part that was not rendered).
    if (from < 0 || to < 0 || cache.has(marked[n])) continue;
    cache.set(marked[n], html.slice(from + start.length, to).replace(markers, ""));
  }
  marked.length = 0;
  return html.replace(markers, "");
}

/**
 * A bound on the cache of a long `make dev` session, where each edit of an
 * article adds keys: far above a build's (two per article).
 */
const maxEntries = 50_000;

/**
 * startMemos starts a render: with the site data changed (a `make dev`
 * edit), the cache is emptied; the marks of a render that threw are
 * dropped.
 */
export function startMemos(siteChanged: boolean): void {
  if (siteChanged || cache.size > maxEntries) cache.clear();
  marked.length = 0;
}

/** memoHits is how many elements took their markup from the cache. */
export function memoHits(): number {
  return hits;
}
