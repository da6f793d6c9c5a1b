import { BlockPoints } from "../components/block-sections";
import { DetailHero } from "../components/detail-page";
import { Icon } from "../components/ui/icon";
import { Picture } from "../components/ui/picture";
import type { SectionProps } from "./props";

/**
 * CaseStudyView is a case study's own page: the story's title on the black
 * band, then its picture beside the challenge, the solution and the
 * results, under the headings of the list it belongs to.
 */
export function CaseStudyView({ section: s }: SectionProps<"case-study">) {
  const c = s.study;
  return (
    <>
      <DetailHero
        trail={s.trail}
        eyebrow={
          <>
            <Icon name={c.icon} size={16} /> {c.industry} · {c.company}
          </>
        }
        title={c.title}
      />
      <section className="section">
        <div className="container detail-story">
          <Picture image={c.image} place="story" />
          <div>
            <h2>{s.challenge}</h2>
            <p>{c.challenge}</p>
            <h2>{s.solution}</h2>
            <p>{c.solution}</p>
            <h2>{s.results}</h2>
            <BlockPoints points={c.results} />
          </div>
        </div>
      </section>
    </>
  );
}
