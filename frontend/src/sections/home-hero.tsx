import { Hero } from "../components/home/hero";
import type { SectionProps } from "./props";

export function HomeHeroView({ section }: SectionProps<"home-hero">) {
  return <Hero copy={section} />;
}
