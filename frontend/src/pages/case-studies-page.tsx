import { BlockCTASection, BlockHeroSection, BlockPoints, BlockSection } from "../components/block-sections";
import { Icon } from "../components/ui/icon";
import { useReveal } from "../hooks/use-reveal";
import type { CaseStudiesCopy } from "../lib/content-types";
import type { PageProps } from ".";

/** CaseStudiesPage tells each story of the caseStudies collection in full. */
export function CaseStudiesPage({ data }: PageProps) {
  const copy = data.copy as CaseStudiesCopy;
  useReveal(data.path);
  return (
    <>
      <BlockHeroSection hero={copy.hero} />
      <BlockSection id={copy.stories.id} heading={copy.stories.heading} intro={copy.stories.intro}>
        {(data.collections.caseStudies ?? []).map((c) => (
          <article key={c.id} id={c.id} className="card story">
            <img src={c.image.src} alt={c.image.alt} width={c.image.width} height={c.image.height} loading="lazy" />
            <div>
              <p className="eyebrow">
                <Icon name={c.icon} size={16} /> {c.industry} · {c.company}
              </p>
              <h3>{c.title}</h3>
              <h4>{copy.challenge}</h4>
              <p>{c.challenge}</p>
              <h4>{copy.solution}</h4>
              <p>{c.solution}</p>
              <h4>{copy.results}</h4>
              <BlockPoints points={c.results} />
            </div>
          </article>
        ))}
      </BlockSection>
      <BlockCTASection cta={copy.cta} />
    </>
  );
}
