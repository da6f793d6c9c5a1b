import { BlockSection, BlockStatList } from "../components/block-sections";
import type { SectionProps } from "./props";

export function PulseDashboardView({ section: d, soft }: SectionProps<"pulse-dashboard">) {
  return (
    <BlockSection heading={d.heading} intro={d.intro} soft={soft}>
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
  );
}
