import { BlockCTASection } from "../components/block-sections";
import type { SectionProps } from "./props";

export function CtaView({ section }: SectionProps<"cta">) {
  return <BlockCTASection cta={section} />;
}
