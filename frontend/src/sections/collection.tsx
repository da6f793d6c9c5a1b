import { BlockCardItem, BlockCardList, BlockSection } from "../components/block-sections";
import type { BlockCard, CardCollection, Collections } from "../lib/content-types";
import type { SectionProps } from "./props";

/** How each collection a collection section can show becomes cards. */
const collectionCards: { [C in CardCollection]: (c: Collections) => BlockCard[] } = {
  values: (c) => (c.values ?? []).map((v) => ({ icon: v.icon, title: v.title, text: v.description })),
  partnerGroups: (c) =>
    (c.partnerGroups ?? []).map((g) => ({ icon: g.icon, title: g.title, text: g.description, points: g.partners })),
  reviews: (c) => (c.reviews ?? []).map((r) => ({ icon: "star", title: r.company, text: r.reviewBody })),
};

export function CollectionView({ section: s, collections, soft }: SectionProps<"collection">) {
  const cards = collectionCards[s.collection as CardCollection](collections);
  return (
    <BlockSection id={s.id} heading={s.heading} intro={s.intro} soft={soft}>
      <BlockCardList count={cards.length}>
        {cards.map((c) => (
          <BlockCardItem key={c.title} card={c} />
        ))}
      </BlockCardList>
    </BlockSection>
  );
}
