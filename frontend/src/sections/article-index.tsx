import { ArticleIndexView as ArticleIndex } from "../components/articles";
import type { SectionProps } from "./props";

export function ArticleIndexView({ section }: SectionProps<"article-index">) {
  return <ArticleIndex section={section} />;
}
