import type { Review, SectionOf } from "../lib/content-types";
import { Icon } from "./ui/icon";
import { SectionHeading } from "./section-heading";
import "./reviews-section.css";

/**
 * ReviewsSection shows the reviews collection: each a quote, the kind of
 * company, the rating and the date. The same records are the reviews and
 * the aggregate rating of the Organization's structured data, which must
 * describe what visitors see (generator/visible_test.go checks that they
 * match). Props: copy (the section), reviews, soft (grey band).
 */
export function ReviewsSection({ copy, reviews, soft }: { copy: SectionOf<"reviews">; reviews: Review[]; soft: boolean }) {
  const best = 5;
  return (
    <section id={copy.id} className={`section reveal${soft ? " section--soft" : ""}`}>
      <div className="container">
        <SectionHeading eyebrow={copy.eyebrow} heading={copy.heading} intro={copy.intro} />
        <ul className="reviews">
          {reviews.map((r) => {
            return (
              <li key={r.company + r.datePublished} className="card review">
                <figure>
                  <p className="review__stars" role="img" aria-label={r.ratingLabel}>
                    {Array.from({ length: best }, (_, i) => (
                      <Icon key={i} name="star" size={18} className={i < Math.round(r.ratingValue) ? "is-on" : undefined} />
                    ))}
                  </p>
                  <blockquote>
                    <p>{r.reviewBody}</p>
                  </blockquote>
                  <figcaption>
                    <span className="review__company">{r.company}</span>
                    <time dateTime={r.datePublished}>{r.dateText}</time>
                  </figcaption>
                </figure>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
