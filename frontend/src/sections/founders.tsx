import { AboutUs } from "../components/home/about-faq";
import type { SectionProps } from "./props";

export function FoundersView({ section, collections }: SectionProps<"founders">) {
  return <AboutUs copy={section} founders={collections.founders ?? []} />;
}
