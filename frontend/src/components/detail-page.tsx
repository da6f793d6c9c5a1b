import type { ReactNode } from "react";
import { Link } from "#link";
import type { Breadcrumb } from "../lib/content-types";
import { useSite } from "../lib/site-context";
import "./detail-page.css";

/**
 * DetailHero opens a service's or a case study's own page: the trail of
 * breadcrumbs back to the list (the same trail as the page's structured
 * data), an eyebrow, the page's one h1 and a lead paragraph if any, on the black
 * band every page opens with.
 */
export function DetailHero({ trail, eyebrow, title, lead }: { trail: Breadcrumb[]; eyebrow: ReactNode; title: string; lead?: string }) {
  const { layout } = useSite();
  return (
    <section className="hero blk-hero detail-hero">
      <div className="container">
        {trail.length > 1 && (
          <nav aria-label={layout.ui.breadcrumbs} className="crumbs">
            <ol>
              {trail.map((b, i) =>
                i < trail.length - 1 ? (
                  <li key={b.url}>
                    <Link to={b.url}>{b.name}</Link>
                  </li>
                ) : (
                  <li key={b.url} aria-current="page">
                    {b.name}
                  </li>
                ),
              )}
            </ol>
          </nav>
        )}
        <p className="eyebrow">{eyebrow}</p>
        <h1>{title}</h1>
        {lead && <p className="hero-subtitle">{lead}</p>}
      </div>
    </section>
  );
}
