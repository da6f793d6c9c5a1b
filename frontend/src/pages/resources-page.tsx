import {
  BlockActionLink,
  BlockCardItem,
  BlockCardList,
  BlockCTASection,
  BlockHeroSection,
  BlockSection,
} from "../components/block-sections";
import { useReveal } from "../hooks/use-reveal";
import type { ResourcesCopy } from "../lib/content-types";
import type { PageProps } from ".";

/**
 * ResourcesPage lists the downloads and webinars. Until a resource has a
 * downloadUrl its button asks for it by e-mail, and a notice says so.
 */
export function ResourcesPage({ data }: PageProps) {
  const { hero, library, webinars, cta } = data.copy as ResourcesCopy;
  const { resources = [], webinars: sessions = [] } = data.collections;
  useReveal(data.path);
  return (
    <>
      <BlockHeroSection hero={hero} />
      <BlockSection id="downloads" heading={library.heading} intro={library.intro}>
        {resources.some((r) => !r.downloadUrl) && <p className="blk-notice">{library.pending}</p>}
        <BlockCardList count={resources.length}>
          {resources.map((r) => (
            <BlockCardItem key={r.title} card={{ icon: r.icon, tag: r.type, title: r.title, text: r.description }}>
              <p className="blk-pill">{r.category}</p>
              <BlockActionLink
                className="blk-card-action"
                action={
                  r.downloadUrl
                    ? { label: library.downloadLabel, href: r.downloadUrl, secondary: true }
                    : { label: library.requestLabel, site: "email", subject: `${library.requestSubject} ${r.title}`, secondary: true }
                }
              />
            </BlockCardItem>
          ))}
        </BlockCardList>
      </BlockSection>
      <BlockSection id="webinars" heading={webinars.heading} intro={webinars.intro} soft>
        <BlockCardList count={sessions.length}>
          {sessions.map((w) => {
            const [y, m, d] = w.date.split("-").map(Number);
            return (
              <li key={w.title} className="card blk-card">
                <p className="blk-tag">
                  <time dateTime={`${w.date}T${w.time}`}>{`${webinars.months[m - 1]} ${d}, ${y} · ${w.time} ${w.timeZone}`}</time>
                </p>
                <h3>{w.title}</h3>
                <p>
                  {webinars.speakerLabel}: {w.speaker}
                </p>
                <BlockActionLink
                  className="blk-card-action"
                  action={{ label: webinars.registerLabel, site: "email", subject: `${webinars.registerSubject} ${w.title}` }}
                />
              </li>
            );
          })}
        </BlockCardList>
        <p className="blk-note">{webinars.registerNote}</p>
      </BlockSection>
      <BlockCTASection cta={cta} />
    </>
  );
}
