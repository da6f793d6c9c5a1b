import {
  BlockCardsSection,
  BlockCTASection,
  BlockHeroSection,
  BlockSection,
  BlockStatList,
} from "../components/block-sections";
import { useReveal } from "../hooks/use-reveal";
import type { PulseCopy } from "../lib/content-types";
import type { PageProps } from ".";

export function PulsePage({ data }: PageProps) {
  const { hero, dashboard: d, collection, applications, cta } = data.copy as PulseCopy;
  useReveal(data.path);
  return (
    <>
      <BlockHeroSection hero={hero} />
      <BlockSection heading={d.heading} intro={d.intro}>
        <figure className="pulse-dash">
          <figcaption>
            <span>{d.title}</span> <span className="pulse-badge">{d.badge}</span>
          </figcaption>
          <BlockStatList stats={d.metrics} dark />
          <div className="pulse-panels">
            <div>
              <p className="pulse-label">
                {d.sentimentLabel} <strong>{d.sentiment}%</strong>
              </p>
              <div className="pulse-bar" aria-hidden="true">
                <span style={{ width: `${d.sentiment}%` }} />
              </div>
            </div>
            <div>
              <p className="pulse-label">{d.themesTitle}</p>
              <ol className="pulse-themes">
                {d.themes.map((t) => (
                  <li key={t}>{t}</li>
                ))}
              </ol>
            </div>
          </div>
          <p className="blk-note">{d.note}</p>
        </figure>
      </BlockSection>
      <BlockCardsSection section={collection} soft />
      <BlockCardsSection section={applications} />
      <BlockCTASection cta={cta} />
    </>
  );
}
