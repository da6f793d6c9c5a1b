import { ArticleView as Article } from "../components/articles";
import type { SectionProps } from "./props";

export function ArticleView({ section }: SectionProps<"article">) {
  return <Article section={section} />;
}
