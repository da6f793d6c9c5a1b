import { CaseStudyGrid } from "../components/home/case-study-grid";
import type { SectionProps } from "./props";

export function CaseStudyGridView({ section, collections }: SectionProps<"case-study-grid">) {
  return <CaseStudyGrid copy={section} studies={collections.caseStudies ?? []} />;
}
