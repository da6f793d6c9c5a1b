import { BlockSection } from "../components/block-sections";
import type { SectionProps } from "./props";
import "./sample-call.css";

/** clock writes seconds as a transcript's margin does: 1:05. */
function clock(s: number) {
  const whole = Math.floor(s);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

/**
 * SampleCallView is a call to read and, with a recording, to hear: the
 * transcript is text in the page, the player the browser's own, whose
 * captions are the same transcript. Nothing here runs: highlighting the
 * line being spoken and seeking to a line clicked is players/sample-call.ts,
 * a script of its own that only the pages with a recording load.
 */
export function SampleCallView({ section, soft }: SectionProps<"sample-call">) {
  return (
    <BlockSection id={section.id} heading={section.heading} intro={section.intro} soft={soft}>
      <figure className="call" data-sample-call="">
        <figcaption className="call__label">{section.label}</figcaption>
        {section.audio && (
          <audio className="call__audio" controls preload="none">
            <source src={section.audio} type={section.audioType} />
            {section.fallback && <source src={section.fallback} type={section.fallbackType} />}
            <track kind="captions" src={section.transcript} srcLang="en" label={section.heading} default />
          </audio>
        )}
        <ol className="call__lines">
          {section.cues.map((c) => (
            <li key={c.start} data-start={c.start} data-end={c.end}>
              <span className="call__time">{clock(c.start)}</span>
              <span className="call__who">{c.speaker}</span>
              <span className="call__text">{c.text}</span>
            </li>
          ))}
        </ol>
      </figure>
    </BlockSection>
  );
}
