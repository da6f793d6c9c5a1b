import { Picture } from "../ui/picture";
import type { FAQItem, Founder, FoundersSection, FAQSection } from "../../lib/content-types";
import { SectionHeading } from "../section-heading";
import { LinkButton, SmartLink } from "../ui/button";
import { Icon } from "../ui/icon";

/** AboutUs (#about-us): the statement, the founder cards and the Mission block. */
export function AboutUs({ copy, founders }: { copy: FoundersSection; founders: Founder[] }) {
  return (
    <section id="about-us" className="section section--soft reveal" aria-labelledby="about-heading">
      <div className="container">
        <SectionHeading eyebrow={copy.eyebrow} heading={copy.heading} intro={copy.statement} headingId="about-heading" />
        <div className="about">
          <div>
            <h3 className="lines__title">{copy.foundersTitle}</h3>
            <ul className="founders">
              {founders.map((f) => (
                <li key={f.name} className="card founder">
                  <div className="founder__head">
                    {f.photo ? (
                      <Picture image={f.photo} place="avatar" alt="" className="avatar avatar--photo" />
                    ) : (
                      <span className="avatar" aria-hidden="true">
                        {f.initials}
                      </span>
                    )}
                    <div>
                      <h4>{f.name}</h4>
                      <p className="founder__title">{f.title}</p>
                    </div>
                  </div>
                  <p>{f.bio}</p>
                  <SmartLink href={f.linkedin} className="founder__link">
                    <Icon name="linkedin" size={18} />
                    {f.profileLabel}
                  </SmartLink>
                </li>
              ))}
            </ul>
          </div>
          <div className="mission">
            <Icon name="target" size={32} />
            <h3>{copy.missionTitle}</h3>
            <p>{copy.missionText}</p>
            <LinkButton href={copy.moreLink.href} variant="ghost-light">
              {copy.moreLink.label}
              <Icon name="arrow-right" size={16} />
            </LinkButton>
          </div>
        </div>
      </div>
    </section>
  );
}

/** FAQ: a single-open accordion on <details name="faq">, fully collapsible, and the mailto contact. */
export function FAQ({ copy, items }: { copy: FAQSection; items: FAQItem[] }) {
  return (
    <section id="faq" className="section reveal" aria-labelledby="faq-heading">
      <div className="container faq">
        <SectionHeading eyebrow={copy.eyebrow} heading={copy.heading} intro={copy.intro} headingId="faq-heading" />
        <div className="faq__list">
          {items.map((q) => (
            <details key={q.question} name="faq" className="faq__item">
              <summary>
                {q.question}
                <Icon name="chevron-down" />
              </summary>
              <p>{q.answer}</p>
            </details>
          ))}
        </div>
        <p className="faq__contact">
          {copy.contactText} <SmartLink href={copy.contact.href}>{copy.contact.label}</SmartLink>
        </p>
      </div>
    </section>
  );
}
