import { ContactSection as ContactForm } from "../components/contact-section";
import { FloatingContact } from "../components/floating-contact";
import type { SectionProps } from "./props";

export function ContactView({ section }: SectionProps<"contact">) {
  return (
    <>
      <ContactForm heading={section.heading} intro={section.intro} submit={section.submit} />
      <FloatingContact />
    </>
  );
}
