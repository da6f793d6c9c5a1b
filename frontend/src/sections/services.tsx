import { useState } from "react";
import { BlockActionLink, BlockCardList, BlockSection } from "../components/block-sections";
import { ServiceCard } from "../components/service-card";
import { Dialog } from "../components/ui/dialog";
import type { Service } from "../lib/content-types";
import type { SectionProps } from "./props";

/**
 * ServicesView shows the consulting services as cards; a card opens the
 * service's details in a dialog, centred on desktop and a sheet from the
 * right under 768 px.
 */
export function ServicesView({ section: s, collections, soft }: SectionProps<"services">) {
  const services = collections.services ?? [];
  const [open, setOpen] = useState<Service | null>(null);
  return (
    <>
      <BlockSection id={s.id} heading={s.heading} intro={s.intro} soft={soft}>
        <BlockCardList count={services.length}>
          {services.map((svc) => (
            <ServiceCard key={svc.id} id={svc.id} service={svc} moreLabel={s.openLabel} heading="h3" onOpen={setOpen} />
          ))}
        </BlockCardList>
      </BlockSection>
      <Dialog
        open={open !== null}
        onClose={() => setOpen(null)}
        title={open?.title}
        variant="right"
        closeLabel={s.closeLabel}
        footer={<BlockActionLink action={s.action} onClick={() => setOpen(null)} />}
      >
        {open && (
          <>
            <p className="svc-lead">{open.description}</p>
            {open.details.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </>
        )}
      </Dialog>
    </>
  );
}
