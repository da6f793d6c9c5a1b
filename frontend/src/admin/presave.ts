// The checks the web editor makes before it saves: the rules of the build
// that a save can break and that are known at save time. A link to an
// address no page has, or to a draft article, is refused by every build;
// saved unawares, it stops make dev from updating the site and the daily
// build from publishing anything. So before the save the
// editor is asked, in a dialog that names each field as the editor shows
// it and says what to do; Cancel (what an editor chooses who did not mean
// it) keeps the entry open, unsaved, to fix, and reads as what it is: not
// saved, on purpose (notSaved). Saving anyway is left to the
// editor because the link may be right and the page not there yet: an
// editor who links a new article to a page they are about to create, or
// (in the deployed editor, whose routes are as of the last deploy) to an
// article saved since. Then make dev's panel goes on saying it, with every
// other problem, until the page exists.
//
// A link to a scheduled article is not asked about: the site shows its
// words until the article's day, and a link from then on.
//
// The build writes what it knows for this (generator/admin/routes.go):
// admin/routes.json, the addresses the site answers, the articles not yet
// published (make dev) and the scheduled ones (each as the SHA-256 of its
// path, so that the public file names no article before its day); make
// dev rebuilds it on every save.

import type CMSType from "@sveltia/cms";

type CMS = typeof CMSType;

interface AdminRoutes {
  routes: string[];
  prefixes?: string[];
  unpublished?: Record<string, { draft?: boolean; date?: string }>;
  scheduled?: string[];
}

/** A link found in an entry: where (the editor's key path) and to what. */
interface Found {
  keyPath: string;
  href: string;
}

/** Fields whose whole value is a link (field.Link in Go). */
const linkKeys = new Set(["href", "page"]);
/** A Markdown link or image to a site path: [text](/path "title"). */
const markdownLink = /\]\(\s*<?(\/[^)\s>]*)/g;

export function registerPreSave(cms: CMS) {
  cms.registerEventListener({
    name: "preSave",
    handler: async ({ entry }: { entry: { get(key: string): unknown } }) => {
      const routes = await fetchRoutes();
      if (!routes) return;
      const data = (entry.get("data") as { toJS(): Record<string, unknown> } | undefined)?.toJS() ?? {};
      const problems = check(data, routes, await scheduledPaths(data, routes));
      if (!problems.length) return;
      const text = problems.join("\n");
      const ask = `${text}\n\nSaved like this, the site stops updating until it is fixed. Save anyway? (Cancel keeps the entry open, unsaved, to fix.)`;
      if (!confirm(ask)) {
        // The editor has no way for a preSave handler to call a save off
        // but to throw, and says of anything thrown "There was an error
        // while saving the entry. Please try again later.", with the
        // cause's message below; it keeps the entry open as it was.
        notSaved(text);
        throw new Error("saving_failed", { cause: new Error(text) });
      }
    },
  } as never);
}

/** What the editor's save dialog says of a save the editor cancelled. */
export const cancelled = {
  title: "Not saved",
  text: "You cancelled the save: the entry is still open, as you left it. Fix what is below, then save.",
};

/**
 * notSaved has the editor's error dialog that is about to show the
 * problems in text (its message) say that the save was cancelled, not
 * that it failed: its title and its line of apology, for as long as it is
 * open. The dialog (Sveltia UI's alert dialog: a <dialog> with .title,
 * and .body holding that line and the message's .error) is the editor's
 * one error dialog, kept for its next error: its words are put back when
 * it closes.
 */
function notSaved(text: string) {
  let restore: (() => void) | undefined;
  let seen = false;
  const observer = new MutationObserver(() => {
    const dialog = [...document.querySelectorAll<HTMLDialogElement>("dialog[role=alertdialog]")].find(
      (d) => d.querySelector(".body .error")?.textContent?.trim() === text.trim(),
    );
    if (dialog?.open && !restore) {
      seen = true;
      const title = textOf(dialog.querySelector(".title"));
      const line = textOf(dialog.querySelector(".body"));
      const was = [title?.nodeValue, line?.nodeValue];
      if (title) title.nodeValue = cancelled.title;
      if (line) line.nodeValue = cancelled.text;
      restore = () => {
        if (title) title.nodeValue = was[0] ?? "";
        if (line) line.nodeValue = was[1] ?? "";
      };
      return;
    }
    if (seen && (!dialog || !dialog.open)) {
      restore?.();
      observer.disconnect();
    }
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ["open"] });
  // Never shown (another version of the editor): nothing to put back.
  setTimeout(() => !seen && observer.disconnect(), 10_000);
}

/** textOf is the first text of el's own (not its children's) with words. */
function textOf(el: Element | null): Node | undefined {
  return [...(el?.childNodes ?? [])].find((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
}

async function fetchRoutes(): Promise<AdminRoutes | null> {
  try {
    const r = await fetch("/admin/routes.json", { cache: "no-store" });
    return r.ok ? ((await r.json()) as AdminRoutes) : null;
  } catch {
    return null; // no check rather than no save
  }
}

// The preview asks for the schedule as it draws, on every keystroke: it
// reads routes.json at most once a few seconds (a build in make dev
// rewrites it, and a save is seconds apart from an edit).
let schedule: { at: number; keys: Promise<Set<string>> } | undefined;
const scheduleFresh = 3000;

function scheduledKeys(): Promise<Set<string>> {
  const now = Date.now();
  if (!schedule || now - schedule.at > scheduleFresh) {
    schedule = { at: now, keys: fetchRoutes().then((r) => new Set(r?.scheduled ?? [])) };
  }
  return schedule.keys;
}

/**
 * unlinkScheduled is html with each link to a scheduled article replaced
 * by its words, as the build writes it until the article's day
 * (content.Text.Unlink): the preview shows the page a visitor will read.
 */
export async function unlinkScheduled(html: string): Promise<string> {
  if (!html.includes("<a") || !globalThis.crypto?.subtle) return html;
  const keys = await scheduledKeys();
  if (keys.size === 0) return html;
  const doc = new DOMParser().parseFromString(html, "text/html");
  let changed = false;
  for (const a of doc.querySelectorAll("a[href]")) {
    const href = a.getAttribute("href") ?? "";
    if (!href.startsWith("/") || href.startsWith("//")) continue;
    if (keys.has(await sha256(pathOf(href)))) {
      a.replaceWith(...a.childNodes);
      changed = true;
    }
  }
  return changed ? doc.body.innerHTML : html;
}

/** sha256 is the hex SHA-256 of a path, as routes.json names a scheduled one. */
async function sha256(path: string): Promise<string> {
  const sum = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(path));
  return [...new Uint8Array(sum)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * scheduledPaths are the paths of the entry's links that routes.json
 * names as scheduled articles (by their SHA-256).
 */
export async function scheduledPaths(data: Record<string, unknown>, routes: AdminRoutes): Promise<Set<string>> {
  const out = new Set<string>();
  if (!routes.scheduled?.length || !globalThis.crypto?.subtle) return out;
  const keys = new Set(routes.scheduled);
  const found: Found[] = [];
  walk(data, "", found);
  for (const path of new Set(found.map((f) => pathOf(f.href)))) {
    if (keys.has(await sha256(path))) out.add(path);
  }
  return out;
}

/** pathOf is a link's path, without its query, fragment or last slash. */
function pathOf(href: string): string {
  const path = href.split(/[?#]/)[0];
  return path.length > 1 ? path.replace(/\/+$/, "") : path;
}

/**
 * check returns what is wrong with the entry's links, one line each;
 * scheduled are the paths of scheduled articles among them
 * (scheduledPaths).
 */
export function check(data: Record<string, unknown>, routes: AdminRoutes, scheduled = new Set<string>()): string[] {
  const found: Found[] = [];
  walk(data, "", found);
  const known = new Set(routes.routes);
  const selfDraft = data.draft === true;
  const out: string[] = [];
  for (const { keyPath, href } of found) {
    const path = pathOf(href);
    if (/\.[A-Za-z0-9]+$/.test(path) || path === "/admin" || path.startsWith("/admin/")) continue;
    const target = routes.unpublished?.[path];
    // A scheduled article: its words until its day, a link from then on.
    if (scheduled.has(path) || (target && !target.draft)) continue;
    const field = label(keyPath);
    if (target) {
      // As the build: a draft may link to another.
      if (selfDraft) continue;
      out.push(`${field}: the link to ${href} leads to a draft article, which the site does not show. Publish that article first, or remove the link.`);
      continue;
    }
    if (known.has(path) || (routes.prefixes ?? []).some((p) => path.startsWith(p.replace(/\/$/, "") + "/"))) continue;
    const near = closest(path, routes.routes);
    out.push(`${field}: no page has the address ${href}${near ? ` (did you mean ${near}?)` : ""}. Link to an existing page, or remove the link.`);
  }
  return out;
}

function walk(v: unknown, keyPath: string, out: Found[]) {
  if (typeof v === "string") {
    const key = keyPath.split(".").at(-1) ?? "";
    if (linkKeys.has(key) && v.startsWith("/") && !v.startsWith("//")) out.push({ keyPath, href: v.trim() });
    for (const m of v.matchAll(markdownLink)) {
      if (!m[1].startsWith("//")) out.push({ keyPath, href: m[1] });
    }
  } else if (Array.isArray(v)) {
    v.forEach((x, i) => walk(x, keyPath ? `${keyPath}.${i}` : String(i), out));
  } else if (v && typeof v === "object") {
    for (const [k, x] of Object.entries(v)) walk(x, keyPath ? `${keyPath}.${k}` : k, out);
  }
}

/**
 * label is the field at keyPath as the editor shows it: the labels on its
 * way down ("Sections › Heading"), read from the editor's own form.
 */
function label(keyPath: string): string {
  const parts = keyPath.split(".");
  const names: string[] = [];
  for (let i = 1; i <= parts.length; i++) {
    if (/^\d+$/.test(parts[i - 1])) continue;
    const sec = document.querySelector(`section[data-key-path="${CSS.escape(parts.slice(0, i).join("."))}"]`);
    const name = (sec?.querySelector("header") as HTMLElement | null)?.innerText.trim().split("\n")[0];
    if (name) names.push(name);
  }
  return names.length ? `“${names.join(" › ")}”` : `The field ${keyPath}`;
}

/** closest is the route nearest to path by edit distance, if near. */
function closest(path: string, routes: string[]): string {
  let best = "";
  let bestD = Math.max(3, Math.floor(path.length / 3)) + 1;
  for (const r of routes) {
    const d = distance(path, r);
    if (d < bestD) [best, bestD] = [r, d];
  }
  return best;
}

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cur = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = cur;
    }
  }
  return row[b.length];
}
