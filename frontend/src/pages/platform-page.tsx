import {
  BlockCardsSection,
  BlockCTASection,
  BlockHeroSection,
  BlockSection,
} from "../components/block-sections";
import { useReveal } from "../hooks/use-reveal";
import type { PlatformCopy } from "../lib/content-types";
import type { PageProps } from ".";

export function PlatformPage({ data }: PageProps) {
  const { hero, components, compliance, integrations, cta } = data.copy as PlatformCopy;
  useReveal(data.path);
  return (
    <>
      <BlockHeroSection hero={hero} />
      <BlockCardsSection section={components} />
      <BlockCardsSection section={compliance} soft />
      <BlockSection id="integrations" heading={integrations.heading} intro={integrations.intro}>
        <ul className="platform-logos">
          {integrations.items.map((it) => (
            <li key={it.name}>
              <strong>{it.name}</strong> <span>{it.category}</span>
            </li>
          ))}
        </ul>
      </BlockSection>
      <BlockCTASection cta={cta} />
    </>
  );
}
