import { BlockSection, BlockStatList } from "../components/block-sections";
import type { SectionProps } from "./props";

export function TextView({ section: b, soft }: SectionProps<"text">) {
  return (
    <BlockSection heading={b.heading} soft={soft}>
      <div className="about-text">
        {b.paragraphs.map((p) => (
          <p key={p}>{p}</p>
        ))}
      </div>
      {b.facts && <BlockStatList stats={b.facts} />}
    </BlockSection>
  );
}
