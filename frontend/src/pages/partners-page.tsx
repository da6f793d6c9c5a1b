import {
  BlockCardItem,
  BlockCardList,
  BlockCardsSection,
  BlockCTASection,
  BlockHeroSection,
  BlockSection,
} from "../components/block-sections";
import { useReveal } from "../hooks/use-reveal";
import type { PartnersCopy } from "../lib/content-types";
import type { PageProps } from ".";

export function PartnersPage({ data }: PageProps) {
  const { hero, groups, become, cta } = data.copy as PartnersCopy;
  const records = data.collections.partnerGroups ?? [];
  useReveal(data.path);
  return (
    <>
      <BlockHeroSection hero={hero} />
      <BlockSection id={groups.id} heading={groups.heading} intro={groups.intro}>
        <BlockCardList count={records.length}>
          {records.map((g) => (
            <BlockCardItem key={g.title} card={{ icon: g.icon, title: g.title, text: g.description, points: g.partners }} />
          ))}
        </BlockCardList>
      </BlockSection>
      <BlockCardsSection section={become} soft />
      <BlockCTASection cta={cta} />
    </>
  );
}
