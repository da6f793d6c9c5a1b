import { useEffect, useState } from "react";
import { openCookieSettings } from "../lib/consent";
import { useCurrent } from "../lib/current";
import { useSite } from "../lib/site-context";
import { SmartLink } from "./ui/button";
import { Icon } from "./ui/icon";
import "./site-footer.css";

/** The note "Cookie settings" opens before the app has started. */
const SETTINGS_QUEUED = "cookie-settings-queued";

/**
 * SiteFooter: brand and social links, the link columns, Other Sites, the
 * legal links, "Cookie settings" (reopens the consent preferences; hidden
 * where JavaScript is off, as no choice is asked or needed there) and the
 * copyright line (its year is the build's; the site is rebuilt daily).
 */
export function SiteFooter() {
  const { config, layout } = useSite();
  const f = layout.footer;
  const current = useCurrent();
  // False in the prerendered footer, until the app has started. "Cookie
  // settings" pressed before then opened its note: the preferences open
  // now, and the note goes.
  const [started, setStarted] = useState(false);
  useEffect(() => {
    const note = document.getElementById(SETTINGS_QUEUED);
    if (note?.matches(":popover-open")) {
      note.hidePopover();
      openCookieSettings();
    }
    setStarted(true);
  }, []);
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
                  <SmartLink href={l.href} aria-current={current(l.href)}>
                    {l.label}
                  </SmartLink>
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
              <SmartLink href={l.href} aria-current={current(l.href)}>
                {l.label}
              </SmartLink>
            </li>
          ))}
          <li>
            {/* Before the app has started (a slow connection), the button
                opens a note saying the preferences open once the page has
                loaded, and they do then; Escape or a press elsewhere closes
                it, should the script never come. Once the app has started,
                it opens them, and cancels the note's command for a press
                that hydrated the footer. */}
            <button
              type="button"
              className="footer__cookies"
              popoverTarget={started ? undefined : SETTINGS_QUEUED}
              popoverTargetAction={started ? undefined : "show"}
              onClick={(e) => {
                e.preventDefault();
                openCookieSettings();
              }}
            >
              {f.cookieSettingsLabel}
            </button>
            {!started && (
              <div id={SETTINGS_QUEUED} popover="auto" role="status" className="queued-note">
                <span className="queued-note__pending">{f.cookieSettingsQueued}</span>
                <span className="queued-note__failed">{f.cookieSettingsFailed}</span>
              </div>
            )}
          </li>
        </ul>
      </div>
    </footer>
  );
}
