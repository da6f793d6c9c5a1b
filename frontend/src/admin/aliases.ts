// A renamed article or page keeps its old address: the editor's save of
// an entry whose file moved adds the address it had to its aliases:, the
// list the build answers with a permanent redirect to the new one
// (content.PageMeta.Aliases, ArticleFront.Aliases).
//
// The editor's own aliases_field cannot do it here: it needs the form to
// have no aliases field of its own (ours lists them, for an editor to
// add one by hand), and a preview_path. Its preSave event sees only the
// entry as it will be saved (its new path); the entry as it was opened
// is the one the editor's address names (#/collections/<c>/entries/<slug>)
// until the save is done.
import type { ClientRoute, SiteData } from "../lib/content-types";
import { embedded, pagePath } from "./preview";
import { previewForms } from "./previews.gen";

/** The parts of the editor's entry (an Immutable Map) the hook reads. */
interface EntryMap {
  get(key: string): unknown;
  getIn(path: string[]): unknown;
  setIn(path: string[], value: unknown): EntryMap;
}

/**
 * aliasOnRename is the entry's data with its old address added to its
 * aliases when the save moves it to a new one, or undefined (the save
 * goes on unchanged): a new entry, an entry not renamed, an address the
 * built site never answered.
 */
export async function aliasOnRename(entry: EntryMap): Promise<unknown> {
  const collection = String(entry.get("collection") ?? "");
  const form = (previewForms as Record<string, string>)[collection];
  if (!form || entry.get("newRecord")) return undefined;
  const opened = openedSlug(collection);
  const path = String(entry.get("path") ?? "");
  if (!opened || !path) return undefined;
  const routes = await currentRoutes();
  let from: string | undefined;
  let to: string | undefined;
  if (form === "article") {
    // content/articles/<folder>/index.md: the address is the articles'
    // index's followed by the folder's name.
    const was = opened.replace(/\/index$/, "");
    const now = path.split("/").at(-2) ?? "";
    if (!now || now === was) return undefined;
    from = routes.find((r) => !r.redirect && r.path.endsWith("/" + was))?.path;
    to = from?.replace(/[^/]+$/, now);
  } else {
    const now = path.replace(/^content\/pages\//, "").replace(/\.[a-z]+$/, "");
    if (now === opened) return undefined;
    from = routes.some((r) => !r.redirect && r.path === pagePath(opened)) ? pagePath(opened) : undefined;
    to = pagePath(now);
  }
  if (!from || from === to) return undefined;
  const list = entry.getIn(["data", "aliases"]) as { toJS?: () => unknown } | undefined;
  const aliases = ((list?.toJS?.() ?? []) as string[]).filter((a) => a !== to);
  if (aliases.includes(from)) return undefined;
  return (entry.get("data") as EntryMap).setIn(["aliases"], [...aliases, from]);
}

/** The slug of the entry the editor has open, as its address names it. */
function openedSlug(collection: string): string | undefined {
  const m = /^#\/collections\/([^/]+)\/entries\/([^?]+)/.exec(location.hash);
  return m && m[1] === collection ? decodeURIComponent(m[2]) : undefined;
}

/** The route table of the site as last built (not as the editor loaded). */
async function currentRoutes(): Promise<ClientRoute[]> {
  const site = await embedded<SiteData>("/", "site-data");
  if (!site) return [];
  try {
    const res = await fetch(site.routesURL, { credentials: "same-origin", cache: "no-store" });
    return res.ok ? ((await res.json()) as ClientRoute[]) : [];
  } catch {
    return [];
  }
}
