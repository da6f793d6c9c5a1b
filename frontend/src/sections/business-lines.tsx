import { BusinessLines } from "../components/home/business-lines";
import type { SectionProps } from "./props";

export function BusinessLinesView({ section, collections }: SectionProps<"business-lines">) {
  return <BusinessLines copy={section} services={collections.services ?? []} />;
}
