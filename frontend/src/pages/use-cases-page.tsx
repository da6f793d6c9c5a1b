import {
  BlockCardsSection,
  BlockCTASection,
  BlockHeroSection,
  BlockStatsSection,
} from "../components/block-sections";
import { useReveal } from "../hooks/use-reveal";
import type { UseCasesCopy } from "../lib/content-types";
import type { PageProps } from ".";

export function UseCasesPage({ data }: PageProps) {
  const copy = data.copy as UseCasesCopy;
  useReveal(data.path);
  return (
    <>
      <BlockHeroSection hero={copy.hero} />
      {copy.groups.map((g, i) => (
        <BlockCardsSection key={g.heading} section={g} soft={i % 2 === 1} />
      ))}
      <BlockStatsSection section={copy.results} soft={copy.groups.length % 2 === 1} />
      <BlockCTASection cta={copy.cta} />
    </>
  );
}
