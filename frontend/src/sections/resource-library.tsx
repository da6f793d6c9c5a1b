import { BlockActionLink, BlockCardItem, BlockCardList, BlockSection } from "../components/block-sections";
import type { SectionProps } from "./props";

/** Until a resource has a downloadUrl its button asks for it by e-mail, and a notice says so. */
export function ResourceLibraryView({ section: library, collections, soft }: SectionProps<"resource-library">) {
  const resources = collections.resources ?? [];
  return (
    <BlockSection id="downloads" heading={library.heading} intro={library.intro} soft={soft}>
      {resources.some((r) => !r.downloadUrl) && <p className="blk-notice">{library.pending}</p>}
      <BlockCardList count={resources.length}>
        {resources.map((r) => (
          <BlockCardItem key={r.title} card={{ icon: r.icon, tag: r.type, title: r.title, text: r.description }}>
            <p className="blk-pill">{r.category}</p>
            <BlockActionLink className="blk-card-action" action={r.action} />
          </BlockCardItem>
        ))}
      </BlockCardList>
    </BlockSection>
  );
}
