import { BlockCardList, BlockSection } from "../components/block-sections";
import { ServiceCard } from "../components/service-card";
import type { SectionProps } from "./props";

/**
 * ServicesView shows the consulting services as cards, each a link to the
 * service's own page (sections/service.tsx).
 */
export function ServicesView({ section: s, collections, soft }: SectionProps<"services">) {
  const services = collections.services ?? [];
  return (
    <BlockSection id={s.id} heading={s.heading} intro={s.intro} soft={soft}>
      <BlockCardList count={services.length}>
        {services.map((svc) => (
          <ServiceCard key={svc.id} id={svc.id} service={svc} moreLabel={s.openLabel} heading="h3" />
        ))}
      </BlockCardList>
    </BlockSection>
  );
}
