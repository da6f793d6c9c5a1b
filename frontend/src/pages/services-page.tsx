import { useState } from "react";
import {
  BlockActionLink,
  BlockCardList,
  BlockCTASection,
  BlockHeroSection,
  BlockSection,
} from "../components/block-sections";
import { ContactSection } from "../components/contact-section";
import { FloatingContact } from "../components/floating-contact";
import { ServiceCard } from "../components/service-card";
import { Dialog } from "../components/ui/dialog";
import { useReveal } from "../hooks/use-reveal";
import type { Service, ServicesCopy } from "../lib/content-types";
import type { PageProps } from ".";

/**
 * ServicesPage draws /services and every /services/* path: the consulting
 * services as cards; a card opens the service's details in a dialog,
 * centred on desktop and a sheet from the right under 768 px.
 */
export function ServicesPage({ data }: PageProps) {
  const copy = data.copy as ServicesCopy;
  const services = data.collections.services ?? [];
  const [open, setOpen] = useState<Service | null>(null);
  useReveal(data.path);
  return (
    <>
      <BlockHeroSection hero={copy.hero} />
      <BlockSection id={copy.services.id} heading={copy.services.heading} intro={copy.services.intro}>
        <BlockCardList count={services.length}>
          {services.map((s) => (
            <ServiceCard key={s.id} id={s.id} service={s} moreLabel={copy.openLabel} heading="h3" onOpen={setOpen} />
          ))}
        </BlockCardList>
      </BlockSection>
      <BlockCTASection cta={copy.cta} />
      <ContactSection />
      <FloatingContact />
      <Dialog
        open={open !== null}
        onClose={() => setOpen(null)}
        title={open?.title}
        variant="right"
        closeLabel={copy.closeLabel}
        footer={<BlockActionLink action={copy.action} onClick={() => setOpen(null)} />}
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
