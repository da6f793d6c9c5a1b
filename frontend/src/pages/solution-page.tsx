import {
  BlockCardsSection,
  BlockCTASection,
  BlockHeroSection,
  BlockStatList,
} from "../components/block-sections";
import { ContactSection } from "../components/contact-section";
import { FloatingContact } from "../components/floating-contact";
import { useReveal } from "../hooks/use-reveal";
import type { SolutionCopy } from "../lib/content-types";
import type { PageProps } from ".";

/** SolutionPage draws /solutions/voice-ai and /solutions/text-ai. */
export function SolutionPage({ data }: PageProps) {
  const copy = data.copy as SolutionCopy;
  useReveal(data.path);
  return (
    <>
      <BlockHeroSection hero={copy.hero}>
        <BlockStatList stats={copy.highlights} dark />
      </BlockHeroSection>
      <BlockCardsSection section={copy.features} />
      <BlockCardsSection section={copy.stories} soft />
      <BlockCTASection cta={copy.cta} />
      <ContactSection />
      <FloatingContact />
    </>
  );
}
