// The web editor's page script (/admin/, generator/admin): starts Sveltia
// CMS from the site's own origin with the configuration generated from the
// content schema, and gives its preview pane the site's own components and
// CSS. No page of the site imports this module.
import type { ComponentType } from "react";
import { createRoot, type Root } from "react-dom/client";
import type CMSType from "@sveltia/cms";
import type { SiteData } from "../lib/content-types";
import { embedded, emptyFrame, previewForm, recordForm, SitePreview, type Entry, type Form } from "./preview";
import { bodyField, previewForms, recordPreviews } from "./previews.gen";
import { keptFormats } from "./keep-file";
import { registerPreSave } from "./presave";
import { aliasOnRename } from "./aliases";
import { showRefusedField } from "./invalid";

type CMS = typeof CMSType;

/** The editor's own React, which renders the preview templates. */
interface EditorReact {
  h: (type: unknown, props?: Record<string, unknown> | null, ...children: unknown[]) => unknown;
  createClass: (spec: Record<string, unknown>) => ComponentType<Record<string, unknown>>;
}

function meta(name: string): string {
  return document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? "";
}

async function start() {
  // The editor starts when told: after the previews are registered.
  (window as unknown as { CMS_MANUAL_INIT: boolean }).CMS_MANUAL_INIT = true;
  const { default: cms } = (await import(/* @vite-ignore */ meta("editor-module"))) as { default: CMS };
  // Every file is read and written through these (config.yml's
  // formats): a save changes only what the editor changed.
  const formats = keptFormats();
  cms.registerCustomFormat("content-yaml", "yaml", formats.yaml);
  cms.registerCustomFormat("content-frontmatter", "md", formats.markdown);
  const site = await embedded<SiteData>("/", "site-data");
  const style = meta("preview-style");
  if (style) cms.registerPreviewStyle(style);
  if (site) {
    const react = window as unknown as EditorReact;
    // One preview per collection that is a page, as previews.gen.ts
    // (generated from the Go collections) lists them.
    for (const [collection, form] of Object.entries(previewForms)) {
      cms.registerPreviewTemplate(collection, bridge(react, site, previewForm[form], form !== "page") as never);
    }
    // One per file of records the site's sections show, by the file's
    // name (the editor finds a file's template by it).
    for (const [file, spec] of Object.entries(recordPreviews)) {
      cms.registerPreviewTemplate(file, bridge(react, site, recordForm(spec), false) as never);
    }
  }
  // Links the build would refuse are refused before the save; then a
  // renamed article keeps its old address (aliases.ts). The editor runs
  // its preSave handlers in this order, each on the entry as opened, and
  // keeps the data a handler returns: the check returns none.
  registerPreSave(cms);
  cms.registerEventListener({ name: "preSave", handler: ({ entry }) => aliasOnRename(entry as never) as never });
  // A refused save shows the field it refuses.
  showRefusedField();
  // The OAuth relay answers on this origin (/oauth/*).
  cms.init({ config: { backend: { name: "github", base_url: location.origin } } as never });
}

/**
 * bridge is a preview template in the editor's React whose element the
 * site's React renders into: the two Reacts never share a component. A
 * Markdown entry's body is rendered by the editor's own preview of the
 * field, whose HTML the site's component shows. That copy is drawn in a
 * document of its own that shows nothing and loads nothing (bodyCopy):
 * drawn in the preview's page, even hidden, each of its images beside
 * the entry (![](chart.svg)) would be asked of the site by its bare name,
 * /chart.svg, a 404, before the editor puts its copy of the file in.
 */
function bridge(react: EditorReact, site: SiteData, form: Form, markdown: boolean) {
  return react.createClass({
    componentDidMount(this: Bridge) {
      if (markdown) {
        this.src = bodyCopy();
        this.mountBody();
        this.observer = new MutationObserver(() => this.update());
        this.observer.observe(this.src, { childList: true, subtree: true, characterData: true, attributes: true });
      }
      this.update();
    },
    componentDidUpdate(this: Bridge) {
      this.mountBody();
      this.update();
    },
    /**
     * mountBody draws the editor's preview of the body into src, as the
     * editor's React would have through the element widgetFor returns (a
     * div whose ref mounts the field's preview), again when the editor
     * gives another (the entry's props changed).
     */
    mountBody(this: Bridge) {
      if (!this.src || this.props.widgetFor === this.widgetFor) return;
      this.bodyRef?.(null);
      this.widgetFor = this.props.widgetFor;
      this.bodyRef = (this.props.widgetFor(bodyField) as { props?: { ref?: BodyRef } } | null)?.props?.ref;
      this.bodyRef?.(this.src);
    },
    componentWillUnmount(this: Bridge) {
      this.observer?.disconnect();
      this.bodyRef?.(null);
      this.bodyRef = undefined;
      const root = this.root;
      this.root = undefined;
      this.el = undefined;
      if (root) queueMicrotask(() => root.unmount());
    },
    update(this: Bridge) {
      const props = this.props;
      const data = (props.entry.getIn(["data"]) as { toJS(): Record<string, unknown> } | undefined)?.toJS();
      if (!this.el || !data) return;
      const entry: Entry = {
        data,
        slug: String(props.entry.getIn(["slug"]) ?? ""),
        html: this.src?.innerHTML ?? "",
        asset: (path) => assetURL(props.getAsset(path)),
        entryOf: (collection, slug) => props.getCollection(collection, slug),
        slugsOf: async (collection) => {
          const list = await props.getCollection(collection);
          return Array.isArray(list) ? list.map((e) => String((e as { get(k: string): unknown }).get("slug") ?? "")) : [];
        },
        entriesOf: async (collection) => {
          const list = await props.getCollection(collection);
          if (!Array.isArray(list)) return [];
          return list.map((e) => {
            const js = (e as { toJS(): { slug?: string; data?: Record<string, unknown> } }).toJS();
            return { slug: String(js.slug ?? ""), data: js.data ?? {} };
          });
        },
      };
      const seq = (this.seq = (this.seq ?? 0) + 1);
      void form(site, entry).then((body) => {
        if (seq !== this.seq || !this.el) return;
        this.root ??= createRoot(this.el);
        this.root.render(<SitePreview site={site} body={body} />);
        // A file beside the entry that the editor had not read yet shows
        // an empty frame: drawn again until the editor has its copy (a
        // reopened entry asks before the editor has read its files).
        if (!JSON.stringify(body).includes(emptyFrame)) this.waits = 0;
        else if ((this.waits = (this.waits ?? 0) + 1) <= 40) setTimeout(() => seq === this.seq && this.update(), 500);
      });
    },
    render(this: Bridge) {
      return react.h("div", null, react.h("div", { ref: (el: HTMLElement | null) => (this.el = el ?? undefined) }));
    },
  });
}

/**
 * assetURL is the address the preview shows a file of the repository by:
 * the editor's own copy of it (a blob: URL). Until the editor has read
 * the file, its proxy's url is the file's public path, which for a file
 * beside an article (cover.svg) is relative and names nothing on this
 * site: a broken image. The editor fills the url in once it has read the
 * file; undefined if it never does.
 */
async function assetURL(a: { url: string } | undefined): Promise<string | undefined> {
  if (!a) return undefined;
  for (let waited = 0; !a.url.startsWith("blob:") && waited < 10_000; waited += 50) {
    await new Promise((r) => setTimeout(r, 50));
  }
  return a.url.startsWith("blob:") ? a.url : undefined;
}

/** The ref of the element widgetFor returns: it mounts the field's preview in the element it is given. */
type BodyRef = (el: HTMLElement | null) => void;

/**
 * bodyCopy is an element of a document with no window: what is drawn in
 * it is never shown, and its images are never fetched.
 */
function bodyCopy(): HTMLElement {
  const doc = document.implementation.createHTMLDocument("");
  return doc.body.appendChild(doc.createElement("div"));
}

interface Bridge {
  props: {
    entry: { getIn(path: string[]): unknown };
    widgetFor(field: string): unknown;
    getAsset(path: string): { url: string } | undefined;
    getCollection(collection: string, slug?: string): Promise<unknown>;
  };
  el?: HTMLElement;
  src?: HTMLElement;
  root?: Root;
  observer?: MutationObserver;
  widgetFor?: Bridge["props"]["widgetFor"];
  bodyRef?: BodyRef;
  seq?: number;
  waits?: number;
  update(): void;
  mountBody(): void;
}

// The page's note (generator/admin) goes once the editor has started, or
// says why it did not, rather than leave a blank page.
start().then(
  () => document.getElementById("editor-loading")?.remove(),
  (e: unknown) => {
    const note = document.getElementById("editor-loading");
    if (note) note.textContent = `The editor did not start: ${e instanceof Error ? e.message : String(e)}. Reload the page to try again.`;
    throw e;
  },
);
