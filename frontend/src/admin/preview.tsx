import { Component, type ComponentType, type ReactNode } from "react";
import { MemoryRouter } from "react-router-dom";
import type {
  Action,
  ArticleLabels,
  ArticleSection,
  Author,
  Image,
  PageBody,
  PageData,
  Section,
  SectionKind,
  SectionOf,
  SiteData,
  TagLink,
} from "../lib/content-types";
import { loadRoutes } from "../lib/routes";
import { SiteProvider } from "../lib/site-context";
import type { SectionProps } from "../sections/props";
// The site's stylesheet, in the app's order (components/sections.tsx).
import "../styles/global.css";
import "../components/sections";
import { ownBackground, sectionRenderers } from "../sections/registry.gen";
import { withFootnotes } from "./footnotes";
import { unlinkScheduled } from "./presave";
import { defaultCover, previewForms, recordPreviews, sectionReads, wordsPerMinute } from "./previews.gen";
import { rewordRecords } from "./records";
import { withSiteAddresses } from "./site-addresses";

/**
 * SitePreview draws a page as it is being edited: each section with the
 * component of its kind, found through the registry generated from the Go
 * kinds (sections/registry.gen.ts), so a new kind has its preview with no
 * code here. Collections come from the built page: the preview shows the
 * records last saved.
 */
export function SitePreview({ site, body }: { site: SiteData; body: PageBody }) {
  let band = 0;
  return (
    <SiteProvider value={site}>
      <MemoryRouter initialEntries={[body.path]}>
        {/* No header above it here: no room kept for one. */}
        <main id="main" style={{ paddingTop: 0 }}>
          {(body.sections ?? []).map((s, i) => {
            const Render = sectionRenderers[s.kind] as ComponentType<SectionProps<SectionKind>> | undefined;
            if (!Render) return null;
            const soft = ownBackground.has(s.kind) ? false : band++ % 2 === 1;
            return (
              <SectionBoundary key={i} kind={s.kind}>
                <Render section={s as SectionOf<SectionKind>} collections={body.collections} soft={soft} />
              </SectionBoundary>
            );
          })}
        </main>
      </MemoryRouter>
    </SiteProvider>
  );
}

/**
 * SectionBoundary keeps one section that cannot be drawn from the values
 * being edited from blanking the whole preview: it says so in its place
 * (data-preview-error, which the editor's browser test looks for).
 */
class SectionBoundary extends Component<{ kind: string; children: ReactNode }, { error?: string }> {
  state: { error?: string } = {};
  static getDerivedStateFromError(e: unknown) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
  componentDidUpdate(prev: { children: ReactNode }) {
    // The next edit may make it drawable again.
    if (this.state.error && prev.children !== this.props.children) this.setState({ error: undefined });
  }
  render() {
    if (!this.state.error) return this.props.children;
    return (
      <section className="section" data-preview-error={this.props.kind}>
        <div className="container">
          <p>
            The {this.props.kind} section cannot be previewed as it is ({this.state.error}); the saved page shows it.
          </p>
        </div>
      </section>
    );
  }
}

/** What a preview reads of the entry being edited. */
export interface Entry {
  /** The entry's fields as the editor holds them. */
  data: Record<string, unknown>;
  /** Its path in its collection's folder, without the extension. */
  slug: string;
  /** Its Markdown body as the editor renders it ("" for a page file, or until the editor has). */
  html: string;
  /** The address the editor shows a file by, named as the entry names it (an uploaded cover, a file beside the article). */
  asset(path: string): Promise<string | undefined>;
  /** An entry of another collection, as the editor's getCollection returns it. */
  entryOf(collection: string, slug: string): Promise<unknown>;
  /** The slugs of a collection's entries. */
  slugsOf(collection: string): Promise<string[]>;
  /** The entries of a collection, as the editor holds them. */
  entriesOf(collection: string): Promise<{ slug: string; data: Record<string, unknown> }[]>;
}

/** A preview form makes the page an entry is, as the build would make it. */
export type Form = (site: SiteData, entry: Entry) => Promise<PageBody>;

/**
 * previewForm is each form of previews.gen.ts (generated from the Go
 * collections): the compiler refuses a form with no function here.
 */
export const previewForm: { [F in (typeof previewForms)[keyof typeof previewForms]]: Form } = {
  // A page file: its sections, and the collections the built page shows.
  page: async (site, e) => {
    const path = pagePath(e.slug);
    const built = await pageData(path);
    const claims = await claimsOf(e);
    const edited = citeAll((e.data.sections as Section[] | undefined) ?? [], claims);
    return { path, sections: sectionsAsEdited(edited, built?.sections ?? [], site), collections: built?.collections ?? {} };
  },
  // A text page: its text as the page's one markdown section.
  text: async (site, e) => ({
    path: pagePath(e.slug),
    sections: [
      {
        kind: "markdown",
        html: await unlinkScheduled(withFootnotes(cite(e.html, await claimsOf(e), true))),
        back: withSiteAddresses(e.data.back as Action | undefined, site.config),
      },
    ],
    collections: {},
  }),
  // An article: its article section, with what only the build computes
  // (the index's address, the labels, the author's record) taken from the
  // built article, or from another article for a new one.
  article: async (site, e) => {
    const slug = e.slug.replace(/\/index$/, "");
    const claims = await claimsOf(e);
    const d = citeAll(e.data, claims) as ArticleEntry;
    const base = await articleBase(site, slug, e);
    const own = base?.own ? base.section : undefined;
    const labels = base?.section.labels ?? noLabels;
    const indexUrl = base?.section.indexUrl ?? "/";
    const date = String(d.date ?? "");
    const minutes = Math.max(1, Math.ceil(words(e.html) / wordsPerMinute));
    const shownDate = own && own.date === date ? own.dateLabel : dateLabel(date);
    const section: ArticleSection = {
      title: d.title ?? "",
      description: d.description ?? "",
      date,
      updated: d.updated || undefined,
      dateLabel: shownDate,
      readingTime: labels.readingTime.replace("{minutes}", String(minutes)),
      author: await author(d.author ?? "", base?.section, e),
      cover: await cover(d.cover, e, own?.cover),
      tags: await tagLinks(d.tags ?? [], own?.tags ?? [], indexUrl, e),
      html: await unlinkScheduled(await withAssets(withFootnotes(cite(e.html, claims, true)), e)),
      related: own?.related ?? [],
      ...articleStatus(!!d.draft, date, shownDate, labels),
      labels,
      indexUrl,
    };
    return { path: `${indexUrl.replace(/\/$/, "")}/${slug}`, sections: [{ kind: "article", ...section }], collections: {} };
  },
};

// tagsCollection is the Tags collection of the editor's configuration
// (codegen: an article's tags are a relation to it).
const tagsCollection = "tags";

/**
 * tagLinks are an article's tags as its page shows them: as the built
 * page has them, or, for a tag it did not have yet, by the name its file
 * in the Tags collection gives it (the site's words), its slug only while
 * that file is not there.
 */
export async function tagLinks(tags: string[], built: TagLink[], indexUrl: string, e: Pick<Entry, "entriesOf">): Promise<TagLink[]> {
  const fresh = tags.filter((tag) => !built.some((t) => t.tag === tag));
  const names = new Map<string, string>();
  if (fresh.length > 0) {
    for (const t of await e.entriesOf(tagsCollection).catch(() => [])) {
      if (typeof t.data.name === "string" && t.data.name) names.set(t.slug, t.data.name);
    }
  }
  return tags.map((tag) => built.find((t) => t.tag === tag) ?? { tag, name: names.get(tag) ?? tag.replace(/-/g, " "), url: indexUrl });
}

/**
 * articleStatus is what an unpublished article's page says of it, as the
 * build words it (generator/load, banner): a draft's banner, or, for an
 * article dated after today (the build's day is UTC's), that it is
 * scheduled for its date (shown: the date as the page shows it).
 */
export function articleStatus(draft: boolean, date: string, shown: string, labels: ArticleLabels, now = new Date()): Pick<ArticleSection, "status" | "banner"> {
  if (draft) return { status: "draft", banner: labels.draft };
  if (/^\d{4}-\d{2}-\d{2}$/.test(date) && date > now.toISOString().slice(0, 10)) {
    return { status: "scheduled", banner: labels.scheduled.replace("{date}", shown) };
  }
  return {};
}

/** How a file of records is previewed (previews.gen.ts's recordPreviews). */
export type RecordPreview = (typeof recordPreviews)[keyof typeof recordPreviews];

/**
 * recordForm is the preview of a file of records (the FAQ, the case
 * studies, security.yaml): the sections of the first page that shows
 * them, as the built page has them, drawn by their own components with
 * the records being edited. What the build adds to a record (a webinar's
 * time as a visitor reads it, an image's sizes) is the built record's at
 * the same place while it still holds, and worded here for a record the
 * build has not seen (records.ts); claims are written out as the build
 * writes them.
 */
export function recordForm(spec: RecordPreview): Form {
  const shows = (s: Record<string, unknown>) => {
    if ("kind" in spec) return s.kind === spec.kind;
    const reads = sectionReads[String(s.kind)];
    if (!reads) return false;
    return Array.isArray(reads) ? reads.includes(spec.collection) : s[(reads as { field: string }).field] === spec.collection;
  };
  return async (site, e) => {
    const pages = await e.entriesOf(pagesCollection).catch(() => []);
    const page = pages.find((p) => ((p.data.sections as Record<string, unknown>[] | undefined) ?? []).some(shows));
    const path = page ? pagePath(page.slug) : "/";
    const built = page ? await pageData(path) : null;
    const claims = await claimsOf(e);
    const sections = (built?.sections ?? []).filter((s) => shows(s as unknown as Record<string, unknown>));
    if ("kind" in spec) {
      const record = citeAll(e.data, claims);
      return {
        path,
        sections: await Promise.all(
          sections.map(async (s) => ({ ...s, [spec.field]: await over(record, (s as unknown as Record<string, unknown>)[spec.field], e) }) as Section),
        ),
        collections: built?.collections ?? {},
      };
    }
    const items = citeAll(recordsOf(e.data), claims);
    const collections = built?.collections ?? {};
    const was = (collections as Record<string, unknown>)[spec.collection];
    return { path, sections, collections: { ...collections, [spec.collection]: await recordsAsEdited(spec.collection, items, was, sections, site, e) } };
  };
}

/**
 * recordsAsEdited are the records of a collection as the preview shows
 * them: the records being edited over the built ones (over), with what
 * the build adds worded afresh where the built words no longer hold
 * (records.ts). sections are the built page's sections that show them.
 */
export async function recordsAsEdited(
  collection: string,
  edited: unknown[],
  built: unknown,
  sections: Section[],
  site: SiteData,
  e: Pick<Entry, "asset">,
): Promise<unknown> {
  return rewordRecords(collection, await over(edited, built, e), built, sections, site);
}

/** The editor's collection of the pages. */
const pagesCollection = Object.entries(previewForms).find(([, form]) => form === "page")?.[0] ?? "";

/** The records of a file that is a list (the editor holds its root list under one key). */
function recordsOf(data: Record<string, unknown> | unknown[]): unknown[] {
  if (Array.isArray(data)) return data;
  return (Object.values(data).find(Array.isArray) as unknown[] | undefined) ?? [];
}

/**
 * over is the value being edited over the same value as last built: a
 * record keeps what the build adds to it (a webinar's time as shown, a
 * review's rating label), a text the build made an object of (an
 * action, an image's sizes) stays the built one, and an image's file is
 * shown as the editor has it.
 */
async function over(edited: unknown, built: unknown, e: Pick<Entry, "asset">): Promise<unknown> {
  if (Array.isArray(edited)) {
    const list = Array.isArray(built) ? built : [];
    // A record added since the build has no built record: it stands on
    // the shape of the last one, emptied (blank), so that what the build
    // adds to every record (a case study's address, a webinar's
    // registration action) is there for its component to read, and says
    // nothing of another record.
    return Promise.all(edited.map((x, i) => over(x, i < list.length ? list[i] : isObj(x) && list.length ? blank(list.at(-1)) : undefined, e)));
  }
  if (isObj(edited)) {
    const out: Record<string, unknown> = isObj(built) ? { ...built } : {};
    for (const [k, v] of Object.entries(edited)) out[k] = await over(v, out[k], e);
    if (typeof edited.src === "string" && (!isObj(built) || built.src !== edited.src)) {
      // Another file than the built one: none of the built one's sizes
      // (the browser would pick them over the new file) or shape.
      out.src = (await e.asset(edited.src)) || (besideEntry(edited.src) ? emptyFrame : edited.src);
      for (const k of ["srcset", "sources", "width", "height", "color"]) delete out[k];
    }
    return out;
  }
  if (typeof edited === "string" && isObj(built)) return built;
  return edited ?? built;
}

function isObj(v: unknown): v is Record<string, unknown> {
  return !!v && typeof v === "object" && !Array.isArray(v);
}

/** blank is v's shape with nothing in it: empty texts and lists, false, no number. */
function blank(v: unknown): unknown {
  if (Array.isArray(v)) return [];
  if (isObj(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, blank(x)]));
  if (typeof v === "string") return "";
  if (typeof v === "number") return undefined;
  if (typeof v === "boolean") return false;
  return v;
}

/**
 * sectionsAsEdited are a page file's sections as the editor holds them
 * (edited), as the build hands them to the app: each action that names a
 * site address given its href (withSiteAddresses), over the same section
 * of the page as last built (withBuilt).
 */
export function sectionsAsEdited(edited: Section[], built: Section[], site: SiteData): Section[] {
  const resolved = withSiteAddresses(edited, site.config);
  return resolved.map((s, i) => withBuilt(s, i, resolved, built));
}

/**
 * withBuilt is the section s (the i-th of the page being edited) over the
 * same section of the page as last built: what the build adds to a
 * section (an index's articles and tags, the security page's records)
 * is not in the file, and the section's component reads it. The same
 * section is the built one at the same place, or the one of its kind at
 * the same rank among the sections of that kind.
 */
function withBuilt(s: Section, i: number, edited: Section[], built: Section[]): Section {
  let b: Section | undefined = built[i]?.kind === s.kind ? built[i] : undefined;
  if (!b) {
    const rank = edited.slice(0, i).filter((x) => x.kind === s.kind).length;
    b = built.filter((x) => x.kind === s.kind)[rank];
  }
  return b ? ({ ...b, ...s } as Section) : s;
}

/** An article's front matter as the editor holds it. */
interface ArticleEntry {
  title?: string;
  description?: string;
  date?: string;
  updated?: string;
  author?: string;
  tags?: string[];
  cover?: { src?: string; alt?: string; focus?: { x?: number; y?: number }; position?: string };
  draft?: boolean;
}

const noLabels: ArticleLabels = {
  readingTime: "{minutes} min",
  contents: "",
  related: "",
  taggedHeading: "",
  tagsLabel: "",
  newer: "",
  older: "",
  pageLabel: "",
  allArticles: "",
  feed: "",
  draft: "",
  scheduled: "",
};

/** The path of the page a file of content/pages/ is (pages/index is /). */
export function pagePath(slug: string): string {
  return "/" + slug.replace(/(^|\/)index$/, "");
}

const built = new Map<string, Promise<PageData | null>>();

/** The data of the page at path as last built, or null. */
function pageData(path: string): Promise<PageData | null> {
  let p = built.get(path);
  if (!p) {
    p = embedded<PageData>(path, "page-data");
    built.set(path, p);
  }
  return p;
}

/** The JSON a built page embeds (site-data, page-data), or null. */
export async function embedded<T>(path: string, id: string): Promise<T | null> {
  try {
    const res = await fetch(path, { credentials: "same-origin" });
    if (!res.ok) return null;
    const doc = new DOMParser().parseFromString(await res.text(), "text/html");
    const text = doc.getElementById(id)?.textContent;
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

/** The collection of the articles. */
const articlesCollection = Object.entries(previewForms).find(([, form]) => form === "article")?.[0] ?? "";

const bases = new Map<string, Promise<{ section: ArticleSection; own: boolean } | null>>();

/** The built article section of the article slug, or of another article. */
function articleBase(site: SiteData, slug: string, e: Entry) {
  let p = bases.get(slug);
  if (!p) {
    p = (async () => {
      const routes = (await loadRoutes(site).catch(() => [])).filter((r) => !r.redirect && !r.notFound);
      const others = (await e.slugsOf(articlesCollection).catch(() => [])).map((s) => s.replace(/\/index$/, "")).filter((s) => s !== slug);
      // An article's address is the index's followed by its slug.
      for (const [i, s] of [slug, ...others].slice(0, 6).entries()) {
        const r = routes.find((r) => r.path.endsWith("/" + s));
        const section = r && (await pageData(r.path))?.sections.find((x) => x.kind === "article");
        if (section) return { section, own: i === 0 };
      }
      return null;
    })();
    bases.set(slug, p);
  }
  return p;
}

/** A marketing figure of collections/claims.yaml. */
interface Claim {
  key: string;
  value?: string;
  label?: string;
  text?: string;
}

/** The claims as the editor holds them now (collections/claims.yaml), by key. */
async function claimsOf(e: Entry): Promise<Map<string, Claim>> {
  try {
    const entry = (await e.entryOf("collections", "claims")) as { toJS?: () => { data?: { items?: Claim[] } } } | undefined;
    return new Map((entry?.toJS?.().data?.items ?? []).map((c) => [c.key, c]));
  } catch {
    return new Map();
  }
}

/** A citation, as the build reads it (content.ClaimRef). */
const claimRef = /\{claim:([a-z0-9-]+)(?:\.(value|label))?\}/g;

/**
 * cite replaces the citations of text as the build does where it decodes
 * the content (decode.Citations): the claim's phrase, capitalised when it
 * opens the text, or its value or label. An unknown key stays as written
 * (the build refuses it). With html, the text is escaped for HTML.
 */
function cite(text: string, claims: Map<string, Claim>, html = false): string {
  if (!text.includes("{claim:")) return text;
  return text.replace(claimRef, (m: string, key: string, part: string | undefined, at: number) => {
    const c = claims.get(key);
    let s = part === "value" ? c?.value : part === "label" ? c?.label : c?.text;
    if (s === undefined) return m;
    if (at === 0 && !part) s = s.charAt(0).toUpperCase() + s.slice(1);
    return html ? s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;") : s;
  });
}

/** citeAll is v with the citations of every text in it replaced. */
function citeAll<T>(v: T, claims: Map<string, Claim>): T {
  if (typeof v === "string") return cite(v, claims) as T;
  if (Array.isArray(v)) return v.map((x) => citeAll(x, claims)) as T;
  if (v && typeof v === "object") {
    return Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, citeAll(x, claims)])) as T;
  }
  return v;
}

/** The author's record: the built article's, or the one authors.yaml has. */
async function author(key: string, base: ArticleSection | undefined, e: Entry): Promise<Author> {
  if (base?.author.key === key) return base.author;
  try {
    const entry = (await e.entryOf("collections", "authors")) as { toJS?: () => { data?: { items?: Author[] } } } | undefined;
    const found = entry?.toJS?.().data?.items?.find((a) => a.key === key);
    if (found) return { ...found, photo: undefined };
  } catch {
    // the record is a nicety: the key stands in for it
  }
  return { key, name: key, role: "" };
}

/**
 * The cover as the page shows it: the editor's copy of the file, framed
 * where the entry says; the built cover while the editor has no copy of
 * a file the built article already shows. A file beside the article
 * (cover.jpg) is never shown by its name: read against the editor's own
 * address (/admin) it asks the site for /cover.jpg, a 404. Until the
 * editor has its copy (it reads the file after it has loaded the entry,
 * and a reopened entry can ask first), an article the site has not built
 * shows an empty frame, and the preview is drawn again (admin.tsx). An
 * article without a cover shows the site's plain one, as on the site.
 */
async function cover(c: ArticleEntry["cover"], e: Entry, built: Image | undefined): Promise<Image> {
  const named = c?.src ?? "";
  // No cover: the site's plain one, a decoration (alt="").
  if (!named) return { ...defaultCover, alt: "" };
  const src = (named && (await e.asset(named))) || (besideEntry(named) ? (built?.src ?? emptyFrame) : named);
  const focus = c?.focus
    ? `${Math.round((c.focus.x ?? 0.5) * 100)}% ${Math.round((c.focus.y ?? 0.5) * 100)}%`
    : c?.position
      ? `50% ${{ top: "0%", center: "50%", bottom: "100%" }[c.position] ?? "50%"}`
      : undefined;
  return { src, alt: c?.alt ?? "", width: defaultCover.width, height: defaultCover.height, focus };
}

/** An empty frame of a cover's shape, which asks the site for nothing. */
export const emptyFrame = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='1200' height='630'/%3E";

/**
 * besideEntry says whether src names a file beside the entry (cover.jpg,
 * chart.svg): no scheme, not a path of the site.
 */
function besideEntry(src: string): boolean {
  return src !== "" && !/^(?:[a-z][a-z0-9+.-]*:|\/)/i.test(src);
}

/**
 * withAssets is the editor's HTML of a text with each image named by a
 * path beside the entry (chart.svg) shown as the editor has the file: the
 * path alone would be read against the site's root and 404.
 */
async function withAssets(html: string, e: Entry): Promise<string> {
  if (!html.includes("<img")) return html;
  const doc = new DOMParser().parseFromString(html, "text/html");
  const relative = [...doc.querySelectorAll("img")].filter((img) => besideEntry(img.getAttribute("src") ?? ""));
  if (relative.length === 0) return html;
  for (const img of relative) {
    // Until the editor has read the file, an empty frame (the preview is
    // drawn again): its name alone would ask the site for /chart.svg.
    img.setAttribute("src", (await e.asset(img.getAttribute("src") ?? "")) || emptyFrame);
  }
  return doc.body.innerHTML;
}

function words(html: string): number {
  const text = new DOMParser().parseFromString(html, "text/html").body.textContent ?? "";
  return text.split(/\s+/).filter(Boolean).length;
}

function dateLabel(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return date;
  return new Intl.DateTimeFormat(document.documentElement.lang || undefined, { dateStyle: "long", timeZone: "UTC" }).format(d);
}
