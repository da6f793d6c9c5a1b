import { BlockStatsSection } from "../components/block-sections";
import type { SectionProps } from "./props";

export function StatsView({ section, soft }: SectionProps<"stats">) {
  return <BlockStatsSection section={section} soft={soft} />;
}
