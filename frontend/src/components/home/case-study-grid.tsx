import { Link } from "#link";
import type { CaseStudy, CaseStudyGridSection } from "../../lib/content-types";
import { SectionHeading } from "../section-heading";
import { LinkButton } from "../ui/button";
import { Icon } from "../ui/icon";
import { Picture } from "../ui/picture";

/** CaseStudyGrid (#case-studies): a card for each case study, each a link to the story's own page. */
export function CaseStudyGrid({ copy, studies }: { copy: CaseStudyGridSection; studies: CaseStudy[] }) {
  return (
    <section id="case-studies" className="section reveal" aria-labelledby="case-studies-heading">
      <div className="container">
        <SectionHeading eyebrow={copy.eyebrow} heading={copy.heading} intro={copy.intro} headingId="case-studies-heading" />
        <ul className="studies">
          {studies.map((s) => (
            <li key={s.id} className="card card--click study">
              <Picture image={s.image} place="card" alt="" />
              <div className="study__body">
                <p className="eyebrow">
                  <Icon name={s.icon} size={16} /> {s.sector}
                </p>
                <h3>
                  <Link to={s.url} className="stretch">
                    {s.company}
                  </Link>
                </h3>
                <p className="clamp-3">{firstSentence(s.challenge)}</p>
                <span className="card__more" aria-hidden="true">
                  {copy.readMore} <Icon name="arrow-right" size={16} />
                </span>
              </div>
            </li>
          ))}
        </ul>
        <p className="section__more">
          <LinkButton href={copy.allLink.href} variant="outline">
            {copy.allLink.label}
            <Icon name="arrow-right" size={16} />
          </LinkButton>
        </p>
      </div>
    </section>
  );
}

/**
 * firstSentence is text up to its first full stop, question or exclamation
 * mark that a space and a word not in lower case follow ("e.g. the" goes
 * on), 20 characters in at least (an opening "Dr." does not end it). The
 * card clamps it to the brief's three lines, so the clamp's ellipsis falls
 * inside a sentence: with the whole challenge clamped, a third line that
 * ended a sentence read "visits.…".
 */
function firstSentence(text: string): string {
  return /^([\s\S]{20,}?[.!?])\s+(?=[^a-z\s])/.exec(text)?.[1] ?? text;
}
