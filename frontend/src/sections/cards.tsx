import { BlockCardsSection } from "../components/block-sections";
import { CardGrid } from "../components/home/card-grid";
import type { SectionProps } from "./props";

/** CardsView draws the inner pages' cards, or the home page's with `variant: home`. */
export function CardsView({ section, soft }: SectionProps<"cards">) {
  if (section.variant === "home") return <CardGrid id={section.id ?? ""} copy={section} tone={soft ? "soft" : "light"} />;
  return <BlockCardsSection section={section} soft={soft} />;
}
