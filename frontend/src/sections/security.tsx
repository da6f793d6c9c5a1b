import { useId } from "react";
import { BlockSection } from "../components/block-sections";
import type { SectionProps } from "./props";
import "./security.css";

/**
 * SecurityView is the security page's body: security.yaml as the build
 * read it. Each framework's status is one of three words, never free text,
 * and the three are listed with what each means below the frameworks,
 * whichever of them the frameworks have.
 */
export function SecurityView({ section, soft }: SectionProps<"security">) {
  const { labels: l, record: r } = section;
  const status = { certified: l.certified, "in-progress": l.inProgress, aligned: l.aligned } as Record<string, string>;
  const note = { certified: l.certifiedNote, "in-progress": l.inProgressNote, aligned: l.alignedNote };
  const baa = { available: l.baaAvailable, "on-request": l.baaOnRequest, unavailable: l.baaUnavailable } as Record<string, string>;
  const subprocessors = useId();
  return (
    <BlockSection heading={section.heading} intro={section.intro} soft={soft}>
      <div className="security">
        <h3>{l.frameworks}</h3>
        <ul className="security__frameworks">
          {r.frameworks.map((f) => (
            <li key={f.name} data-framework={f.name} data-status={f.status}>
              {/* The marks a screen reader pauses at, which the grid's
                  columns show: read as a line, the name, status and
                  detail ran together (a trial). */}
              <span className="security__name">
                {f.name}
                <span className="visually-hidden">: </span>
              </span>
              <span className={`security__status security__status--${f.status}`}>{status[f.status]}</span>
              {f.status !== "aligned" && <span className="visually-hidden">. </span>}
              {f.status === "certified" && (
                <span className="security__detail">
                  {l.auditor} {f.auditor}, {f.date}
                </span>
              )}
              {f.status === "in-progress" && (
                <span className="security__detail">
                  {l.target} {f.target}
                </span>
              )}
            </li>
          ))}
        </ul>
        {/* The statuses' key after the frameworks: read first, under the
            heading, its "Certified" was heard as the frameworks' status (a
            trial). */}
        <dl className="security__legend">
          {(["certified", "in-progress", "aligned"] as const).map((k) => [
            <dt key={k + "t"}>
              <span className={`security__status security__status--${k}`}>{status[k]}</span>
            </dt>,
            <dd key={k + "d"}>{note[k]}</dd>,
          ])}
        </dl>
        <dl className="security__facts">
          <dt>{l.baa}</dt>
          <dd data-baa={r.baa}>{baa[r.baa]}</dd>
          <dt>{l.hosting}</dt>
          <dd>{r.hosting}</dd>
          <dt>{l.contact}</dt>
          <dd>
            <a href={`mailto:${section.contact}`}>{section.contact}</a>
          </dd>
        </dl>
        {/* The table is named by its heading, as a table of Markdown is
            (a trial: "table", with no name). */}
        <h3 id={subprocessors}>{l.subprocessors}</h3>
        <table className="security__table" aria-labelledby={subprocessors}>
          <thead>
            <tr>
              <th scope="col">{l.name}</th>
              <th scope="col">{l.purpose}</th>
              <th scope="col">{l.location}</th>
            </tr>
          </thead>
          <tbody>
            {r.subprocessors.map((s) => (
              <tr key={s.name + s.purpose}>
                <th scope="row">{s.name}</th>
                {/* Its column's heading, shown before it on a phone, where
                    the row is a card (security.css). */}
                <td data-label={l.purpose}>{s.purpose}</td>
                <td data-label={l.location}>{s.location}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <h3>{l.retention}</h3>
        <dl className="security__facts">
          {r.retention.map((p) => [<dt key={p.data + "t"}>{p.data}</dt>, <dd key={p.data + "d"}>{p.period}</dd>])}
        </dl>
      </div>
    </BlockSection>
  );
}
