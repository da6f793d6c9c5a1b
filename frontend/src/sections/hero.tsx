import { BlockHeroSection } from "../components/block-sections";
import type { SectionProps } from "./props";

export function HeroView({ section }: SectionProps<"hero">) {
  return <BlockHeroSection hero={section} />;
}
