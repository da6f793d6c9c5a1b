import { BlockSection } from "../components/block-sections";
import type { SectionProps } from "./props";

export function IntegrationsView({ section: s, soft }: SectionProps<"integrations">) {
  return (
    <BlockSection id="integrations" heading={s.heading} intro={s.intro} soft={soft}>
      <ul className="platform-logos">
        {s.items.map((it) => (
          <li key={it.name}>
            <strong>{it.name}</strong> <span>{it.category}</span>
          </li>
        ))}
      </ul>
    </BlockSection>
  );
}
