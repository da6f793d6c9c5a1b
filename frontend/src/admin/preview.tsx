import type { ComponentType } from "react";
import { MemoryRouter } from "react-router-dom";
import type { PageBody, SectionKind, SectionOf, SiteData } from "../lib/content-types";
import { SiteProvider } from "../lib/site-context";
import type { SectionProps } from "../sections/props";
// The site's stylesheet, in the app's order (components/sections.tsx).
import "../styles/global.css";
import "../components/sections";
import { ownBackground, sectionRenderers } from "../sections/registry.gen";

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
        <main id="main">
          {(body.sections ?? []).map((s, i) => {
            const Render = sectionRenderers[s.kind] as ComponentType<SectionProps<SectionKind>> | undefined;
            if (!Render) return null;
            const soft = ownBackground.has(s.kind) ? false : band++ % 2 === 1;
            return <Render key={i} section={s as SectionOf<SectionKind>} collections={body.collections} soft={soft} />;
          })}
        </main>
      </MemoryRouter>
    </SiteProvider>
  );
}

/** The path of the page a file of content/pages/ is (pages/index is /). */
export function pagePath(slug: string): string {
  const p = slug.replace(/(^|\/)index$/, "");
  return "/" + p;
}
