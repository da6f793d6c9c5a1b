import { BlockActionLink } from "../components/block-sections";
import { DetailHero } from "../components/detail-page";
import { Icon } from "../components/ui/icon";
import type { SectionProps } from "./props";

/**
 * ServiceView is a service's own page: its title and card text on the
 * black band, then its details and the call to action of the list it
 * belongs to.
 */
export function ServiceView({ section: s }: SectionProps<"service">) {
  const svc = s.service;
  const list = s.trail.find((b) => b.url === s.indexUrl);
  return (
    <>
      <DetailHero
        trail={s.trail}
        eyebrow={
          <>
            <Icon name={svc.icon} size={16} /> {list?.name}
          </>
        }
        title={svc.title}
        lead={svc.description}
      />
      <section className="section">
        <div className="container detail-body">
          {svc.details.map((p) => (
            <p key={p}>{p}</p>
          ))}
          <BlockActionLink action={s.action} />
        </div>
      </section>
    </>
  );
}
