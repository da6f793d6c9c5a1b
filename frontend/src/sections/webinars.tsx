import { BlockActionLink, BlockCardList, BlockSection } from "../components/block-sections";
import type { SectionProps } from "./props";

export function WebinarsView({ section: webinars, collections, soft }: SectionProps<"webinars">) {
  const sessions = collections.webinars ?? [];
  // Past or upcoming was decided by the build (Webinar.past): a page never
  // invites visitors to register for a date that has gone.
  const upcoming = sessions.filter((w) => !w.past);
  const past = sessions.filter((w) => w.past).reverse();
  const card = (w: (typeof sessions)[number]) => (
    <li key={w.title} className="card blk-card">
      <p className="blk-tag">
        <time dateTime={w.starts || `${w.date}T${w.time}`}>{w.when}</time>
      </p>
      <h3>{w.title}</h3>
      <p>
        {webinars.speakerLabel}: {w.speaker}
      </p>
      <BlockActionLink className="blk-card-action" action={w.action} />
    </li>
  );
  return (
    <BlockSection id="webinars" heading={webinars.heading} intro={webinars.intro} soft={soft}>
      {upcoming.length > 0 ? (
        <>
          <BlockCardList count={upcoming.length}>
            {upcoming.map(card)}
          </BlockCardList>
          <p className="blk-note">{webinars.registerNote}</p>
        </>
      ) : (
        <p className="blk-note">{webinars.noUpcoming}</p>
      )}
      {past.length > 0 && (
        <>
          <h3 className="blk-subheading">{webinars.pastHeading}</h3>
          <BlockCardList count={past.length}>
            {past.map(card)}
          </BlockCardList>
        </>
      )}
    </BlockSection>
  );
}
