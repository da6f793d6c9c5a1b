import type { SectionProps } from "./props";
import "./logos.css";

/** LogosView is a row of named logos under a title. */
export function LogosView({ section, soft }: SectionProps<"logos">) {
  return (
    <section className={`section reveal${soft ? " section--soft" : ""}`}>
      <div className="container">
        <h2 className="logos__title">{section.title}</h2>
        <ul className="logos">
          {section.logos.map((l) => (
            <li key={l.name}>
              <img src={l.image.src} alt={l.image.alt} width={l.image.width} height={l.image.height} loading="lazy" />
              <span>{l.name}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
