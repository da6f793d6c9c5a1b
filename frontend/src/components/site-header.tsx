import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type PointerEvent } from "react";
import { useLocation } from "react-router-dom";
import { Link } from "#link";
import { useScrollPast } from "../hooks/use-scroll-past";
import { useSite } from "../lib/site-context";
import { scrollToId, SmartLink } from "./ui/button";
import { Icon } from "./ui/icon";
import "./site-header.css";

// SPEC section 9: nav style after 10 px; navigation-menu delays.
export const NAV_SCROLL = 10;
export const MENU_OPEN_DELAY = 200;
/** Re-entering within this time of a hover close reopens without the open delay. */
export const MENU_SKIP_DELAY = 300;
export const MENU_CLOSE_DELAY = 150;
/**
 * A click on the trigger this soon after a hover opened the menu confirms
 * it instead of toggling it shut: a visitor who points and clicks wants
 * the menu, and would otherwise see it flash open and closed.
 */
export const MENU_CLICK_GRACE = 600;

const MOBILE_QUERY = "(max-width: 767px)";

/**
 * SiteHeader is the fixed top navigation: black at the top of the page,
 * white and translucent once scrolled past 10 px. Desktop: Home, the
 * Solutions dropdown, the links, Request a Demo (the hosted demo form, new
 * tab). Under 768 px: a hamburger opening a sheet (a modal <dialog>: backdrop,
 * page scroll locked, focus kept inside, Escape closes) with the same
 * entries, the collapsible groups and Contact Us; choosing any item closes it.
 * The hamburger and × are invoker commands too (command="show-modal" and
 * "close") and the groups are <details>, so the whole menu works before
 * the app has started and without JavaScript, with the browser's own modal
 * behaviour (Escape closes it too).
 *
 * The dropdown opens on hover after MENU_OPEN_DELAY, closes after
 * MENU_CLOSE_DELAY once the pointer leaves, reopens at once within
 * MENU_SKIP_DELAY of closing, and toggles on click (keyboard, touch).
 */
export function SiteHeader() {
  const { config, layout } = useSite();
  const nav = layout.nav;
  // Read in the click handler only: the header is the same on every page,
  // which lets the build render it once for many (generator/prerender/splice.go).
  const location = useLocation();
  const scrolled = useScrollPast(NAV_SCROLL);
  const [menu, setMenu] = useState(false);
  const [mobile, setMobile] = useState(false);
  const dropdown = useRef<HTMLLIElement>(null);
  const sheet = useRef<HTMLDialogElement>(null);
  const burger = useRef<HTMLButtonElement>(null);
  // Dropdown timing: the pending timer, whether it will open the menu,
  // when a hover last opened it and when it last closed.
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const pendingOpen = useRef(false);
  const hoverOpenedAt = useRef(-Infinity);
  const closedAt = useRef(-Infinity);

  const setOpen = (open: boolean, byHover = false) => {
    clearTimeout(timer.current);
    pendingOpen.current = false;
    hoverOpenedAt.current = open && byHover ? performance.now() : -Infinity;
    if (!open) closedAt.current = performance.now();
    setMenu(open);
  };
  const onEnter = (e: PointerEvent) => {
    if (e.pointerType !== "mouse") return; // touch and pen open by tap
    clearTimeout(timer.current);
    pendingOpen.current = false;
    if (menu) return;
    if (performance.now() - closedAt.current < MENU_SKIP_DELAY) {
      setOpen(true, true);
      return;
    }
    pendingOpen.current = true;
    timer.current = setTimeout(() => setOpen(true, true), MENU_OPEN_DELAY);
  };
  const onLeave = (e: PointerEvent) => {
    if (e.pointerType !== "mouse") return;
    clearTimeout(timer.current);
    pendingOpen.current = false;
    if (menu) timer.current = setTimeout(() => setOpen(false), MENU_CLOSE_DELAY);
  };
  const onTrigger = () => {
    if (pendingOpen.current) return setOpen(true);
    if (menu && performance.now() - hoverOpenedAt.current < MENU_CLICK_GRACE) return setOpen(true);
    setOpen(!menu);
  };
  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    if (!menu) return;
    const onKey = (e: globalThis.KeyboardEvent) => e.key === "Escape" && setOpen(false);
    const onDown = (e: globalThis.PointerEvent) => !dropdown.current?.contains(e.target as Node) && setOpen(false);
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onDown);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onDown);
    };
  }, [menu]);

  // The sheet follows `mobile`; it closes itself if the window grows past
  // the phone breakpoint.
  useEffect(() => {
    const d = sheet.current;
    if (!d) return;
    if (mobile && !d.open) d.showModal();
    else if (!mobile && d.open) d.close();
    if (!mobile) return;
    const mq = window.matchMedia(MOBILE_QUERY);
    const onChange = () => !mq.matches && setMobile(false);
    mq.addEventListener("change", onChange);
    return () => mq.removeEventListener("change", onChange);
  }, [mobile]);

  // closeSheet shuts the sheet at once (before a link scrolls the page, so
  // that the scroll lock is already gone) and says where focus goes: back
  // to the hamburger for ×, Escape and the backdrop; to the chosen
  // destination otherwise.
  const closeSheet = (refocus: boolean) => {
    setMobile(false);
    const d = sheet.current;
    if (d?.open) d.close();
    if (refocus) burger.current?.focus({ preventScroll: true });
  };
  const close = () => {
    setOpen(false);
    closeSheet(false);
  };
  // Home on the home page scrolls back to the top.
  const home = (e: MouseEvent) => {
    close();
    if (location.pathname === "/") {
      e.preventDefault();
      const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      window.scrollTo({ top: 0, behavior: reduce ? "auto" : "smooth" });
    }
  };
  const contact = (e: MouseEvent) => {
    close();
    if (scrollToId("contact-info")) e.preventDefault();
  };
  // A modal dialog keeps focus off the page, but Tab past its last control
  // goes out to the browser's own UI; wrap around instead, so that the
  // keyboard stays in the menu until it is closed.
  const wrapTab = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.key !== "Tab") return;
    const all = [...e.currentTarget.querySelectorAll<HTMLElement>("a[href], button")].filter((el) => el.checkVisibility());
    const first = all[0];
    const last = all[all.length - 1];
    if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first?.focus();
    } else if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last?.focus();
    }
  };

  const brand = (
    <Link to={nav.home.href} className="brand" onClick={home}>
      <span className="brand__mark" aria-hidden="true" />
      {config.brand}
    </Link>
  );

  return (
    <header className={`site-header${scrolled ? " is-scrolled" : ""}`}>
      <nav className="container nav" aria-label={nav.label}>
        {brand}
        <ul className="nav__desktop">
          <li>
            <Link to={nav.home.href} className="nav__link" onClick={home}>
              {nav.home.label}
            </Link>
          </li>
          <li
            ref={dropdown}
            className={`nav__dropdown${menu ? " is-open" : ""}`}
            onPointerEnter={onEnter}
            onPointerLeave={onLeave}
            onBlur={(e) => !e.currentTarget.contains(e.relatedTarget as Node) && setOpen(false)}
          >
            <button type="button" className="nav__link" aria-expanded={menu} aria-controls="nav-solutions" onClick={onTrigger}>
              {nav.solutions.label}
              <Icon name="chevron-down" size={16} />
            </button>
            <ul id="nav-solutions" className="nav__menu">
              {nav.solutions.items.map((l) => (
                <li key={l.label}>
                  <Link to={l.href} onClick={close}>
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </li>
          {nav.links.map((l) => (
            <li key={l.label}>
              <SmartLink href={l.href} external={l.external} className="nav__link" onClick={close}>
                {l.label}
              </SmartLink>
            </li>
          ))}
        </ul>
        <SmartLink href={config.demoFormURL} className="btn btn--primary btn--sm nav__demo" onClick={close}>
          {nav.demoLabel}
        </SmartLink>
        {/* The command opens and closes the sheet where the app has not
            started (or never will: no JavaScript), with the browser's own
            modal behaviour; once it has, the handlers do the rest. */}
        <button
          ref={burger}
          type="button"
          className="nav__burger"
          aria-expanded={mobile}
          aria-controls="mobile-menu"
          aria-label={nav.openMenu}
          command="show-modal"
          commandfor="mobile-menu"
          onClick={() => setMobile(true)}
        >
          <Icon name="menu" size={24} />
        </button>
      </nav>
      <dialog
        ref={sheet}
        id="mobile-menu"
        className="menu-sheet"
        aria-label={nav.menuLabel}
        // Escape: the browser closes the dialog; focus goes back to the hamburger.
        onCancel={(e) => {
          e.preventDefault();
          closeSheet(true);
        }}
        // The close event is queued: one that arrives after the visitor has
        // already reopened the menu (Escape, then Enter) is stale.
        onClose={() => !sheet.current?.open && setMobile(false)}
        onKeyDown={wrapTab}
        // A click on the backdrop lands on the <dialog> itself.
        onClick={(e) => e.target === e.currentTarget && closeSheet(true)}
      >
        <div className="menu-sheet__panel">
          <div className="container nav menu-sheet__head">
            {brand}
            <button
              type="button"
              className="nav__burger"
              aria-label={nav.closeMenu}
              command="close"
              commandfor="mobile-menu"
              onClick={() => closeSheet(true)}
            >
              <Icon name="x" size={24} />
            </button>
          </div>
          <ul className="container menu-sheet__list">
            <li>
              <Link to={nav.home.href} onClick={home}>
                {nav.home.label}
              </Link>
            </li>
            {[...nav.solutions.items, ...nav.links].map((l) => (
              <li key={l.label}>
                <SmartLink href={l.href} external={l.external} onClick={close}>
                  {l.label}
                </SmartLink>
              </li>
            ))}
            {nav.mobileGroups.map((g, i) => (
              <li key={g.label}>
                <details>
                  <summary>
                    {g.label}
                    <Icon name="chevron-down" size={16} />
                  </summary>
                  <ul id={`mobile-group-${i}`} className="menu-sheet__group">
                    {g.items.map((l) => (
                      <li key={l.label}>
                        <SmartLink href={l.href} external={l.external} onClick={close}>
                          {l.label}
                        </SmartLink>
                      </li>
                    ))}
                  </ul>
                </details>
              </li>
            ))}
            <li>
              <Link to="/#contact-info" onClick={contact}>
                {nav.contactLabel}
              </Link>
            </li>
          </ul>
          <div className="container menu-sheet__foot">
            <SmartLink href={config.demoFormURL} className="btn btn--primary btn--lg" onClick={close}>
              {nav.demoLabel}
            </SmartLink>
          </div>
        </div>
      </dialog>
    </header>
  );
}
