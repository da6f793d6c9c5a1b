import { useEffect, useRef, useState } from "react";
import { Link } from "#link";
import { applyConsent, initConsentMode, onCookieSettings, readConsent, saveConsent, type ConsentChoice } from "../lib/consent";
import { isPlacing } from "../lib/placing";
import { useSite } from "../lib/site-context";
import { Button } from "./ui/button";
import { Dialog } from "./ui/dialog";
import { Icon } from "./ui/icon";
import "./cookie-consent.css";

/**
 * CookieConsent is the banner (when no valid choice is saved) and the
 * preferences dialog (from the banner or the footer's "Cookie settings").
 * Neither renders on the server, only the empty status line: whether to
 * ask depends on localStorage.
 * The banner is one line of text and one row of buttons (under 120 px on a
 * phone, so that the page's first call to action stays visible above it);
 * the details sit behind Preferences.
 * A saved choice is re-applied on every load (Consent Mode update).
 */
/** How long the saved choice's words stay in the status line, in ms. */
const SAID_FOR = 10_000;

export function CookieConsent() {
  const { config, layout } = useSite();
  const copy = layout.consent;
  const [banner, setBanner] = useState(false);
  const [dialog, setDialog] = useState(false);
  const [draft, setDraft] = useState({ analytics: false, marketing: false });
  // What a screen reader is told once a choice is saved (layout's
  // consent.saved): the banner or the dialog just goes, and the focus
  // moves on, so nothing else says that the choice was kept (a trial).
  const [said, setSaid] = useState("");
  useEffect(() => {
    if (!said) return;
    // Emptied again so that reading the page from its top, later, does
    // not meet it; taking text away is not announced.
    const t = setTimeout(() => setSaid(""), SAID_FOR);
    return () => clearTimeout(t);
  }, [said]);

  useEffect(() => {
    initConsentMode();
    const saved = readConsent();
    if (saved) {
      applyConsent(saved, config.analytics.measurementID);
      setDraft(saved);
    } else {
      setBanner(true);
    }
    const open = () => {
      const c = readConsent();
      if (c) setDraft(c);
      setDialog(true);
    };
    return onCookieSettings(open);
  }, [config.analytics.measurementID]);

  // While the banner shows, the page keeps focused controls and anchors
  // clear of it: its height is the root's scroll-padding-bottom
  // (--consent-h in global.css).
  const bannerRef = useRef<HTMLElement>(null);
  const focusedBefore = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const el = bannerRef.current;
    const root = document.documentElement;
    if (!banner || !el) return;
    const into = (e: FocusEvent) => {
      const from = e.relatedTarget;
      if (from instanceof HTMLElement && !el.contains(from)) focusedBefore.current = from;
      // Focus inside brings it in at once: Tab reached its links while it
      // still slid in, below the window's foot. Its guard against a stray
      // tap (no press for 600 ms) ends with it: focus there is the
      // visitor's own doing.
      for (const a of el.getAnimations()) a.finish();
    };
    el.addEventListener("focusin", into);
    const set = () => root.style.setProperty("--consent-h", `${el.offsetHeight}px`);
    set();
    const ro = new ResizeObserver(set);
    ro.observe(el);
    // The browser scrolls a focused control into view only when none of
    // it shows: one that the banner half covers is scrolled clear of it
    // (scrollIntoView honours the scroll-padding).
    // Not an element out of the Tab order (tabindex="-1": a page's heading
    // focused), nor one the app is placing the page for (lib/placing):
    // each scrolls the page itself. Scrolled here as well, a contents
    // link's smooth scroll stopped with its heading just above the banner
    // (a keyboard trial).
    const clear = (e: FocusEvent) => {
      const t = e.target as HTMLElement;
      if (!(t instanceof HTMLElement) || el.contains(t) || t.tabIndex < 0 || isPlacing()) return;
      const r = t.getBoundingClientRect();
      if (r.bottom > el.getBoundingClientRect().top) t.scrollIntoView({ block: "nearest" });
    };
    // In the capture phase: until the visitor's first click, React stops
    // a focus event inside a part still in its server HTML
    // (lib/hydration) at its root, and a link there would stay under the
    // banner.
    document.addEventListener("focusin", clear, true);
    return () => {
      ro.disconnect();
      el.removeEventListener("focusin", into);
      document.removeEventListener("focusin", clear, true);
      root.style.removeProperty("--consent-h");
    };
  }, [banner]);

  const decide = (analytics: boolean, marketing: boolean) => {
    const c: ConsentChoice = { essential: true, analytics, marketing };
    saveConsent(c);
    applyConsent(c, config.analytics.measurementID);
    setDraft(c);
    // A choice made in the banner (or in the preferences it opened) takes
    // away the control that had focus: focus goes to the page's main
    // region, where Tab goes on, not back to the document's start.
    // Where the visitor was before they went to the banner (a field of a
    // form on screen) takes it back, if it is still in view: the main
    // region's start was thousands of pixels above, and the next Tab
    // scrolled the page there.
    if (banner) {
      const main = document.getElementById("main");
      const back = focusedBefore.current;
      // Once the dialog has closed, which gives focus back to what opened
      // it: the banner's Preferences, gone by then.
      requestAnimationFrame(() => {
        if (document.activeElement !== document.body && document.activeElement !== null) return;
        const r = back?.isConnected ? back.getBoundingClientRect() : undefined;
        if (back && r && r.bottom > 0 && r.top < innerHeight) back.focus({ preventScroll: true });
        else main?.focus({ preventScroll: true });
      });
    }
    setBanner(false);
    setDialog(false);
    // Set after the focus has moved, so that it is said after the place
    // the focus lands on; emptied first, so that the same words, said
    // again for a second choice, are a change the reader announces.
    setSaid("");
    // {choice}: the categories now allowed, by their titles (a trial
    // heard the same words for every choice).
    const allowed = [copy.essential.title, analytics && copy.analytics.title, marketing && copy.marketing.title].filter(Boolean).join(", ");
    requestAnimationFrame(() => requestAnimationFrame(() => setSaid(copy.saved.replaceAll("{choice}", allowed))));
  };

  const category = (key: "essential" | "analytics" | "marketing") => {
    const cat = copy[key];
    const locked = key === "essential";
    return (
      <li className="consent__cat">
        <input
          type="checkbox"
          id={`consent-${key}`}
          checked={locked || draft[key as "analytics"]}
          disabled={locked}
          // Its badge apart from its title when read ("Essential, Always
          // on"), not run into it ("EssentialAlways on", a trial).
          aria-label={locked ? `${cat.title}, ${copy.alwaysOnLabel}` : undefined}
          aria-describedby={`consent-${key}-desc`}
          onChange={(e) => setDraft({ ...draft, [key]: e.target.checked })}
        />
        <label htmlFor={`consent-${key}`}>
          {cat.title}
          {locked && <span className="consent__badge">{copy.alwaysOnLabel}</span>}
        </label>
        <p id={`consent-${key}-desc`}>{cat.description}</p>
      </li>
    );
  };

  return (
    <>
      <p className="visually-hidden" role="status">
        {said}
      </p>
      {banner && (
        <section ref={bannerRef} className="consent" aria-label={copy.bannerLabel}>
          <div className="container consent__inner">
            <p>
              {copy.text} <Link to="/cookie-policy">{copy.policyLabel}</Link>
            </p>
            <div className="consent__actions">
              {/* On phones only the icon shows; the name stays "Preferences". */}
              <Button variant="outline" size="sm" className="consent__prefs" onClick={() => setDialog(true)}>
                <Icon name="sliders" size={18} />
                <span className="consent__prefs-label">{copy.preferences}</span>
              </Button>
              {/* Rejecting is exactly as easy as accepting: same size, same weight, side by side. */}
              <Button variant="secondary" size="sm" className="consent__decide" onClick={() => decide(false, false)}>
                {copy.rejectAll}
              </Button>
              <Button size="sm" className="consent__decide" onClick={() => decide(true, true)}>
                {copy.acceptAll}
              </Button>
            </div>
          </div>
        </section>
      )}
      <Dialog
        open={dialog}
        onClose={() => setDialog(false)}
        title={copy.dialogTitle}
        className="consent-dialog"
        footer={
          <>
            <Button variant="outline" onClick={() => decide(false, false)}>
              {copy.rejectAll}
            </Button>
            <Button onClick={() => decide(draft.analytics, draft.marketing)}>{copy.save}</Button>
          </>
        }
      >
        <p>{copy.dialogIntro}</p>
        <p>
          <Link to="/cookie-policy" onClick={() => setDialog(false)}>
            {copy.policyLabel}
          </Link>
        </p>
        <ul className="consent__cats">
          {category("essential")}
          {category("analytics")}
          {category("marketing")}
        </ul>
      </Dialog>
    </>
  );
}
