import { ContactSection } from "../components/contact-section";
import { FloatingContact } from "../components/floating-contact";
import { AboutUs, FAQ } from "../components/home/about-faq";
import { BusinessLines } from "../components/home/business-lines";
import { CardGrid } from "../components/home/card-grid";
import { CaseStudyGrid } from "../components/home/case-study-grid";
import { Hero } from "../components/home/hero";
import { useReveal } from "../hooks/use-reveal";
import type { HomeCopy } from "../lib/content-types";
import type { PageProps } from ".";
import "../components/home/home.css";

/** HomePage is the front door: every section of SPEC "Home page", in order. */
export function HomePage({ data }: PageProps) {
  const copy = data.copy as HomeCopy;
  const c = data.collections;
  useReveal(data.path);
  return (
    <>
      <Hero copy={copy.hero} />
      <CardGrid id="research" copy={copy.research} />
      <BusinessLines copy={copy.businessLines} services={c.services ?? []} />
      <CaseStudyGrid copy={copy.caseStudies} studies={c.caseStudies ?? []} />
      <AboutUs copy={copy.about} founders={c.founders ?? []} />
      <FAQ copy={copy.faq} items={c.faq ?? []} />
      <CardGrid id="features" copy={copy.features} tone="soft" />
      <ContactSection />
      <FloatingContact />
    </>
  );
}
