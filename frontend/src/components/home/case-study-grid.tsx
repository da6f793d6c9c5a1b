import { useState } from "react";
import type { CaseStudy, CaseStudyGridSection } from "../../lib/content-types";
import { SectionHeading } from "../section-heading";
import { Button, LinkButton } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { Icon } from "../ui/icon";
import { Picture } from "../ui/picture";

/** CaseStudyGrid (#case-studies): four cards, each opening a modal with the whole story. */
export function CaseStudyGrid({ copy, studies }: { copy: CaseStudyGridSection; studies: CaseStudy[] }) {
  const [open, setOpen] = useState(false);
  const [cs, setCs] = useState<CaseStudy | null>(null);
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
                  <button
                    type="button"
                    className="stretch"
                    aria-haspopup="dialog"
                    onClick={() => {
                      setCs(s);
                      setOpen(true);
                    }}
                  >
                    {s.company}
                  </button>
                </h3>
                <p className="clamp-3">{s.challenge}</p>
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
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={cs?.company}
        className="study-dialog"
        footer={
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {copy.closeLabel}
          </Button>
        }
      >
        {cs && (
          <>
            <p className="eyebrow">
              {cs.sector} · {cs.industry}
            </p>
            <p className="study-dialog__title">{cs.title}</p>
            <Picture image={cs.image} place="dialog" />
            <h3>{copy.challengeTitle}</h3>
            <p>{cs.challenge}</p>
            <h3>{copy.solutionTitle}</h3>
            <p>{cs.solution}</p>
            <h3>{copy.resultsTitle}</h3>
            <ul className="checks">
              {cs.results.map((r) => (
                <li key={r}>
                  <Icon name="check" size={18} />
                  {r}
                </li>
              ))}
            </ul>
          </>
        )}
      </Dialog>
    </section>
  );
}
