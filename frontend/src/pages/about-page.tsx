import {
  BlockCardItem,
  BlockCardList,
  BlockCTASection,
  BlockHeroSection,
  BlockSection,
  BlockStatList,
} from "../components/block-sections";
import { useReveal } from "../hooks/use-reveal";
import type { AboutCopy } from "../lib/content-types";
import type { PageProps } from ".";

export function AboutPage({ data }: PageProps) {
  const { hero, mission, base, values, cta } = data.copy as AboutCopy;
  const records = data.collections.values ?? [];
  useReveal(data.path);
  return (
    <>
      <BlockHeroSection hero={hero} />
      {[mission, base].map((b, i) => (
        <BlockSection key={b.heading} heading={b.heading} soft={i === 1}>
          <div className="about-text">
            {b.paragraphs.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </div>
          {b.facts && <BlockStatList stats={b.facts} />}
        </BlockSection>
      ))}
      <BlockSection id={values.id} heading={values.heading} intro={values.intro}>
        <BlockCardList count={records.length}>
          {records.map((v) => (
            <BlockCardItem key={v.title} card={{ icon: v.icon, title: v.title, text: v.description }} />
          ))}
        </BlockCardList>
      </BlockSection>
      <BlockCTASection cta={cta} />
    </>
  );
}
