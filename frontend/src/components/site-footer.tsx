import { openCookieSettings } from "../lib/consent";
import { useSite } from "../lib/site-context";
import { SmartLink } from "./ui/button";
import { Icon } from "./ui/icon";
import "./site-footer.css";

/**
 * SiteFooter: brand and social links, the link columns, Other Sites, the
 * legal links, "Cookie settings" (reopens the consent preferences) and the
 * copyright line (its year is the build's; the site is rebuilt daily).
 */
export function SiteFooter() {
  const { config, layout } = useSite();
  const f = layout.footer;
  return (
    <footer className="site-footer">
      <div className="container footer__grid">
        <div className="footer__brand">
          <p className="footer__name">{config.brand}</p>
          <p>{f.tagline}</p>
          <p className="footer__title">{f.socialTitle}</p>
          <ul className="footer__social">
            {config.social.map((s) => (
              <li key={s.name}>
                {/* Named in words beside the mark: alone in its box, X's
                    mark read as a close button at a phone's size. */}
                <SmartLink href={s.url}>
                  <Icon name={s.icon} />
                  {s.label}
                </SmartLink>
              </li>
            ))}
          </ul>
        </div>
        {f.columns.map((c) => (
          <nav key={c.title} aria-label={c.title}>
            <p className="footer__title">{c.title}</p>
            <ul>
              {c.links.map((l) => (
                <li key={l.label}>
                  <SmartLink href={l.href}>{l.label}</SmartLink>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <nav aria-label={f.otherSitesTitle}>
          <p className="footer__title">{f.otherSitesTitle}</p>
          <ul>
            {config.otherSites.map((s) => (
              <li key={s.name}>
                <SmartLink href={s.url}>{s.label}</SmartLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="container footer__bottom">
        <p>{f.copyright}</p>
        <ul>
          {f.legalLinks.map((l) => (
            <li key={l.href}>
              <SmartLink href={l.href}>{l.label}</SmartLink>
            </li>
          ))}
          <li>
            <button type="button" className="footer__cookies" onClick={openCookieSettings}>
              {f.cookieSettingsLabel}
            </button>
          </li>
        </ul>
      </div>
    </footer>
  );
}
