import { memo, type ComponentType } from "react";
import type { PageBody, SectionKind, SectionOf } from "../lib/content-types";
import { Piece, ServerHTML } from "../lib/hydration";
import type { SectionProps } from "../sections/props";
// The order of the stylesheet, which the cascade depends on: the shared
// components' styles first, in this order, then those of the kinds
// (sections/<kind>.css, imported by the registry below), which may refine
// them. A stylesheet imported again later keeps its place here.
import "./ui/button.css";
import "./ui/toast.css";
import "./contact-section.css";
import "./ui/tooltip.css";
import "./floating-contact.css";
import "./ui/dialog.css";
import "./home/home.css";
import "./block-sections.css";
import "./reviews-section.css";
import "./text-pages.css";
import { interactive, ownBackground, sectionRenderers } from "../sections/registry.gen";

/**
 * Sections renders a page's sections in order, each with the component of
 * its kind (sections/<kind>.tsx, found through the registry generated from
 * the Go kinds). The light sections alternate white and soft grey.
 */
export function Sections({ data }: { data: PageBody }) {
  let band = 0;
  return (
    <>
      {data.sections.map((s, i) => {
        const soft = ownBackground.has(s.kind) ? false : band++ % 2 === 1;
        return <Section key={i} section={s as SectionOf<SectionKind>} collections={data.collections} soft={soft} />;
      })}
    </>
  );
}

/**
 * Section is one section, hydrated as a piece of its own when its kind is
 * interactive (declared on the Go kind), else kept as server HTML
 * (lib/hydration). Memoized: a section still waiting to hydrate must not
 * receive new props, or React would render it anew instead of hydrating it.
 */
const Section = memo(function Section(props: SectionProps<SectionKind>) {
  const Render = sectionRenderers[props.section.kind] as ComponentType<SectionProps<SectionKind>>;
  const Hydrate = interactive.has(props.section.kind) ? Piece : ServerHTML;
  return (
    <Hydrate>
      <Render {...props} />
    </Hydrate>
  );
});
