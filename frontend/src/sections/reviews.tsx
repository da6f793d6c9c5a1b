import { ReviewsSection } from "../components/reviews-section";
import type { SectionProps } from "./props";

export function ReviewsView({ section, collections, soft }: SectionProps<"reviews">) {
  return <ReviewsSection copy={section} reviews={collections.reviews ?? []} soft={soft} />;
}
