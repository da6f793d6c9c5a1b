import { LatestArticlesView as LatestArticles } from "../components/articles";
import type { SectionProps } from "./props";

export function LatestArticlesView({ section, soft }: SectionProps<"latest-articles">) {
  return <LatestArticles section={section} soft={soft} />;
}
