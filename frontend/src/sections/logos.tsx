import { Picture } from "../components/ui/picture";
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
              <Picture image={l.image} place="logo" />
              <span>{l.name}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
