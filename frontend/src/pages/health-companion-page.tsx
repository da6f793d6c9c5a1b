import { BlockCardsSection, BlockCTASection, BlockHeroSection } from "../components/block-sections";
import { useReveal } from "../hooks/use-reveal";
import type { HealthCompanionCopy } from "../lib/content-types";
import type { PageProps } from ".";

export function HealthCompanionPage({ data }: PageProps) {
  const copy = data.copy as HealthCompanionCopy;
  useReveal(data.path);
  return (
    <>
      <BlockHeroSection hero={copy.hero} />
      <BlockCardsSection section={copy.features} />
      <BlockCardsSection section={copy.benefits} soft />
      <BlockCTASection cta={copy.cta} />
    </>
  );
}
