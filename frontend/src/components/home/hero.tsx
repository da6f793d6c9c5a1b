import type { HomeHeroSection } from "../../lib/content-types";
import { LinkButton } from "../ui/button";
import { Icon } from "../ui/icon";

/**
 * Hero: heading, subheading, the two calls to action, topic tags and the
 * mock dashboard. The calls to action come before the tags in the page
 * itself, not moved there by the stylesheet: a browser that paints the
 * hero before the rest has arrived would show the tags where the calls to
 * action then push them from.
 */
export function Hero({ copy }: { copy: HomeHeroSection }) {
  const d = copy.dashboard;
  return (
    <section className="hero" aria-labelledby="hero-heading">
      <div className="container hero__grid">
        <div className="hero__text">
          <h1 id="hero-heading">{copy.heading}</h1>
          <p className="hero-subtitle">{copy.subheading}</p>
          <div className="hero__ctas">
            <LinkButton href={copy.primary.href} size="lg">
              {copy.primary.label}
              <Icon name="external" size={18} />
            </LinkButton>
            <LinkButton href={copy.secondary.href} variant="ghost-light" size="lg">
              {copy.secondary.label}
              <Icon name="arrow-right" size={18} />
            </LinkButton>
          </div>
          {/* Screen readers announce a list's aria-label unevenly: the
              label is text read just before the list instead. */}
          <p className="visually-hidden">{copy.tagsLabel}</p>
          <ul className="hero__tags">
            {copy.tags.map((t) => (
              <li key={t.label} className={t.desktopOnly ? "desktop-only" : undefined}>
                <Icon name={t.icon} size={16} />
                {t.label}
              </li>
            ))}
          </ul>
        </div>
        <div className="dash" role="img" aria-label={d.label}>
          <div className="dash__head">
            <span className="dash__dots" />
            <span>{d.title}</span>
            <span className="dash__live">{d.status}</span>
          </div>
          <div className="dash__stats">
            {d.stats.map((s) => (
              <div key={s.label} className="dash__stat">
                <strong>{s.value}</strong>
                <span>{s.label}</span>
              </div>
            ))}
          </div>
          <svg className="dash__chart" viewBox="0 0 300 60" preserveAspectRatio="none" aria-hidden="true">
            <path d="M0 50 L30 44 L60 46 L90 34 L120 38 L150 26 L180 30 L210 18 L240 22 L270 10 L300 12 L300 60 L0 60Z" fill="rgb(255 107 53 / 18%)" />
            <path d="M0 50 L30 44 L60 46 L90 34 L120 38 L150 26 L180 30 L210 18 L240 22 L270 10 L300 12" fill="none" stroke="#FF6B35" strokeWidth="2.5" vectorEffect="non-scaling-stroke" />
          </svg>
          <div className="dash__chat">
            {d.chat.map((m, i) => (
              <p key={i} className={`bubble bubble--${m.from}`}>
                {m.text}
              </p>
            ))}
          </div>
        </div>
      </div>
    </section>
  );
}
