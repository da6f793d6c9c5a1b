import type { BusinessLinesSection, Service } from "../../lib/content-types";
import { SectionHeading } from "../section-heading";
import { ServiceCard } from "../service-card";
import { LinkButton } from "../ui/button";
import { Icon } from "../ui/icon";

/**
 * BusinessLines (#solutions): the consulting services, each a link to its
 * own page, and the product cards.
 */
export function BusinessLines({ copy, services }: { copy: BusinessLinesSection; services: Service[] }) {
  return (
    <section id="solutions" className="section section--soft reveal" aria-labelledby="solutions-heading">
      <div className="container">
        <SectionHeading eyebrow={copy.eyebrow} heading={copy.heading} intro={copy.intro} headingId="solutions-heading" />
        <div className="lines">
          <div>
            <h3 className="lines__title">{copy.consultingTitle}</h3>
            <p className="lines__intro">{copy.consultingIntro}</p>
            <ul className="services">
              {services.map((s) => (
                <ServiceCard key={s.id} service={s} moreLabel={copy.moreLabel} heading="h4" className="service" />
              ))}
            </ul>
          </div>
          <div>
            <h3 className="lines__title">{copy.productsTitle}</h3>
            <ul className="products">
              {copy.products.map((p) => (
                <li key={p.title} className="card product">
                  <p className="eyebrow">
                    <Icon name={p.icon} size={18} /> {p.eyebrow}
                  </p>
                  <h4>{p.title}</h4>
                  <p>{p.text}</p>
                  <ul className="checks">
                    {p.bullets.map((b) => (
                      <li key={b}>
                        <Icon name="check" size={18} />
                        {b}
                      </li>
                    ))}
                  </ul>
                  <LinkButton href={p.link.href} variant="secondary">
                    {p.link.label}
                    <Icon name="external" size={16} />
                  </LinkButton>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>
    </section>
  );
}
