import { FAQ } from "../components/home/about-faq";
import type { SectionProps } from "./props";

export function FaqView({ section, collections }: SectionProps<"faq">) {
  return <FAQ copy={section} items={collections.faq ?? []} />;
}
