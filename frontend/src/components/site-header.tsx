import { useEffect, useRef, useState, type MouseEvent } from "react";
import { Link, useLocation } from "react-router-dom";
import { useScrollPast } from "../hooks/use-scroll-past";
import { useSite } from "../lib/site-context";
import { onClickScrollTo, SmartLink } from "./ui/button";
import { Icon } from "./ui/icon";
import "./site-header.css";

// SPEC section 9: nav style after 10 px; dropdown open/close delays.
export const NAV_SCROLL = 10;
export const MENU_OPEN_DELAY = 200;
export const MENU_CLOSE_DELAY = 150;

/**
 * SiteHeader is the fixed top navigation: black at the top of the page,
 * white and translucent once scrolled past 10 px. Desktop: Home, the
 * Solutions dropdown, the links, Request a Demo (the hosted demo form, new
 * tab). Under 768 px: a hamburger toggling a list of the same entries plus
 * the collapsible groups and Contact Us; choosing any item closes it.
 */
export function SiteHeader() {
  const { config, layout } = useSite();
  const nav = layout.nav;
  const { pathname } = useLocation();
  const scrolled = useScrollPast(NAV_SCROLL);
  const [menu, setMenu] = useState(false);
  const [mobile, setMobile] = useState(false);
  const [groups, setGroups] = useState<string[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const dropdown = useRef<HTMLLIElement>(null);

  // Hover opens and closes the dropdown after a delay; a click toggles it at once.
  const later = (open: boolean) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setMenu(open), open ? MENU_OPEN_DELAY : MENU_CLOSE_DELAY);
  };
  const now = (open: boolean) => {
    clearTimeout(timer.current);
    setMenu(open);
  };
  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    if (!menu && !mobile) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setMenu(false);
      setMobile(false);
    };
    const onDown = (e: PointerEvent) => {
      if (menu && !dropdown.current?.contains(e.target as Node)) setMenu(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onDown);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onDown);
    };
  }, [menu, mobile]);

  const close = () => {
    now(false);
    setMobile(false);
  };
  // Home on the home page scrolls back to the top.
  const home = (e: MouseEvent) => {
    close();
    if (pathname === "/") {
      e.preventDefault();
      const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      window.scrollTo({ top: 0, behavior: reduce ? "auto" : "smooth" });
    }
  };
  const toggleGroup = (label: string) =>
    setGroups((g) => (g.includes(label) ? g.filter((x) => x !== label) : [...g, label]));

  const demo = (
    <SmartLink href={config.demoFormURL} className="btn btn--primary btn--sm nav__demo" onClick={close}>
      {nav.demoLabel}
    </SmartLink>
  );

  return (
    <header className={`site-header${scrolled ? " is-scrolled" : ""}${mobile ? " is-open" : ""}`}>
      <nav className="container nav" aria-label={nav.label}>
        <Link to={nav.home.href} className="brand" onClick={home}>
          <span className="brand__mark" aria-hidden="true" />
          {config.brand}
        </Link>
        <ul className="nav__desktop">
          <li>
            <Link to={nav.home.href} className="nav__link" onClick={home}>
              {nav.home.label}
            </Link>
          </li>
          <li
            ref={dropdown}
            className={`nav__dropdown${menu ? " is-open" : ""}`}
            onMouseEnter={() => later(true)}
            onMouseLeave={() => later(false)}
            onBlur={(e) => !e.currentTarget.contains(e.relatedTarget as Node) && now(false)}
          >
            <button type="button" className="nav__link" aria-expanded={menu} aria-controls="nav-solutions" onClick={() => now(!menu)}>
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
        {demo}
        <button
          type="button"
          className="nav__burger"
          aria-expanded={mobile}
          aria-controls="mobile-menu"
          aria-label={mobile ? nav.closeMenu : nav.openMenu}
          onClick={() => setMobile(!mobile)}
        >
          <Icon name={mobile ? "x" : "menu"} size={24} />
        </button>
      </nav>
      <div id="mobile-menu" className="nav__mobile">
        <ul className="container">
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
          {nav.mobileGroups.map((g, i) => {
            const open = groups.includes(g.label);
            return (
              <li key={g.label}>
                <button type="button" aria-expanded={open} aria-controls={`mobile-group-${i}`} onClick={() => toggleGroup(g.label)}>
                  {g.label}
                  <Icon name="chevron-down" size={16} />
                </button>
                <ul id={`mobile-group-${i}`} className="nav__group" hidden={!open}>
                  {g.items.map((l) => (
                    <li key={l.label}>
                      <SmartLink href={l.href} external={l.external} onClick={close}>
                        {l.label}
                      </SmartLink>
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
          <li>
            <Link to="/#contact-info" onClick={onClickScrollTo("contact-info", close)}>
              {nav.contactLabel}
            </Link>
          </li>
          <li className="nav__mobile-demo">{demo}</li>
        </ul>
      </div>
    </header>
  );
}
