import type { CardsSection } from "../../lib/content-types";
import { cardsClass } from "../block-sections";
import { SectionHeading } from "../section-heading";
import { Icon } from "../ui/icon";

/** CardGrid is a section of icon cards (Research, Features); `id` names the section. */
export function CardGrid({ copy, id, tone = "light" }: { copy: CardsSection; id: string; tone?: "light" | "soft" }) {
  return (
    <section className={`section section--${tone} reveal`} aria-labelledby={`${id}-heading`}>
      <div className="container">
        <SectionHeading eyebrow={copy.eyebrow} heading={copy.heading} intro={copy.intro} headingId={`${id}-heading`} />
        <ul className={cardsClass(copy.cards.length)}>
          {copy.cards.map((c) => (
            <li key={c.title} className="card">
              <div className="card__top">
                <span className="icon-tile">
                  <Icon name={c.icon} size={22} />
                </span>
                {c.figure && <span className="card__stat">{c.figure}</span>}
              </div>
              <h3>{c.title}</h3>
              <p>{c.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
