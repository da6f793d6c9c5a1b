// The web editor's page script (/admin/, generator/admin): starts Sveltia
// CMS from the site's own origin with the configuration generated from the
// content schema, and gives its preview pane the site's own components and
// CSS. No page of the site imports this module.
import type { ComponentType } from "react";
import { createRoot, type Root } from "react-dom/client";
import type CMSType from "@sveltia/cms";
import type { Collections, PageBody, SiteData } from "../lib/content-types";
import { pagePath, SitePreview } from "./preview";

type CMS = typeof CMSType;

/** The collections of config.yml whose entries are pages, previewed as the site draws them. */
const previewTemplates = [
  { collection: "pages", path: pagePath },
];

/** The editor's own React, which renders the preview templates. */
interface EditorReact {
  h: (type: unknown, props?: Record<string, unknown> | null) => unknown;
  createClass: (spec: Record<string, unknown>) => ComponentType<Record<string, unknown>>;
}

function meta(name: string): string {
  return document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? "";
}

/** The JSON a built page embeds (site-data, page-data), or null. */
async function embedded<T>(path: string, id: string): Promise<T | null> {
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

async function start() {
  // The editor starts when told: after the previews are registered.
  (window as unknown as { CMS_MANUAL_INIT: boolean }).CMS_MANUAL_INIT = true;
  const { default: cms } = (await import(/* @vite-ignore */ meta("editor-module"))) as { default: CMS };
  const site = await embedded<SiteData>("/", "site-data");
  const style = meta("preview-style");
  if (style) cms.registerPreviewStyle(style);
  if (site) {
    const react = window as unknown as EditorReact;
    for (const t of previewTemplates) {
      cms.registerPreviewTemplate(t.collection, bridge(react, site, t.path) as never);
    }
  }
  // The OAuth relay answers on this origin (/oauth/*).
  cms.init({ config: { backend: { name: "github", base_url: location.origin } } as never });
}

/**
 * bridge is a preview template in the editor's React whose element the
 * site's React renders into: the two Reacts never share a component.
 */
function bridge(react: EditorReact, site: SiteData, pathOf: (slug: string) => string) {
  return react.createClass({
    componentDidMount(this: Bridge) {
      this.update();
    },
    componentDidUpdate(this: Bridge) {
      this.update();
    },
    componentWillUnmount(this: Bridge) {
      const root = this.root;
      this.root = undefined;
      if (root) queueMicrotask(() => root.unmount());
    },
    update(this: Bridge) {
      if (!this.el) return;
      const entry = this.props.entry;
      const data = (entry.getIn(["data"]) as { toJS(): PageBody } | undefined)?.toJS();
      const slug = String(entry.getIn(["slug"]) ?? "");
      if (!data) return;
      const path = pathOf(slug);
      if (this.path !== path) {
        this.path = path;
        this.collections = undefined;
        void embedded<{ collections: Collections }>(path, "page-data").then((page) => {
          this.collections = page?.collections ?? {};
          this.update();
        });
      }
      this.root ??= createRoot(this.el);
      this.root.render(<SitePreview site={site} body={{ ...data, path, collections: this.collections ?? {} }} />);
    },
    render(this: Bridge) {
      return react.h("div", { ref: (el: HTMLElement | null) => (this.el = el ?? undefined) });
    },
  });
}

interface Bridge {
  props: { entry: { getIn(path: string[]): unknown } };
  el?: HTMLElement;
  root?: Root;
  path?: string;
  collections?: Collections;
  update(): void;
}

void start();
