import { Link } from "#link";
import { BlockPoints, BlockSection } from "../components/block-sections";
import { Icon } from "../components/ui/icon";
import { Picture } from "../components/ui/picture";
import type { SectionProps } from "./props";

/**
 * CaseStudiesView tells each story of the caseStudies collection in full;
 * each story's title links to its own page (sections/case-study.tsx), and
 * the link covers the whole card (.stretch), as on the home page: one link
 * a card for a screen reader, the whole card for a pointer.
 */
export function CaseStudiesView({ section: s, collections, soft }: SectionProps<"case-studies">) {
  return (
    <BlockSection id={s.id} heading={s.heading} intro={s.intro} soft={soft}>
      {(collections.caseStudies ?? []).map((c) => (
        <article key={c.id} id={c.id} className="card card--click story">
          <Picture image={c.image} place="story" />
          <div>
            <p className="eyebrow">
              <Icon name={c.icon} size={16} /> {c.industry} · {c.company}
            </p>
            <h3>
              <Link to={c.url} className="stretch">
                {c.title}
              </Link>
            </h3>
            <h4>{s.challenge}</h4>
            <p>{c.challenge}</p>
            <h4>{s.solution}</h4>
            <p>{c.solution}</p>
            <h4>{s.results}</h4>
            <BlockPoints points={c.results} />
          </div>
        </article>
      ))}
    </BlockSection>
  );
}
