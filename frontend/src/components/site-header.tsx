import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type SyntheticEvent } from "react";
import { Link } from "#link";
import { useScrollPastBy } from "../hooks/use-scroll-past";
import { useEnterLeave } from "../lib/enter-leave";
import { useCurrent } from "../lib/current";
import { useSite } from "../lib/site-context";
import { scrollToId, SmartLink } from "./ui/button";
import { Icon } from "./ui/icon";
import "./site-header.css";

// The nav turns translucent after 10 px of scroll; the navigation menu
// opens and closes with delays.
export const NAV_SCROLL = 10;
export const MENU_OPEN_DELAY = 200;
/** Re-entering within this time of a hover close reopens without the open delay. */
export const MENU_SKIP_DELAY = 300;
export const MENU_CLOSE_DELAY = 150;
/**
 * With a menu open, another menu's button takes over once the pointer has
 * rested on it this long: a diagonal from a menu's button down to its
 * links may cross the next button (a trial: About took over from
 * Resources on the way to its links). Back in the open menu within this
 * time, the pointer keeps it.
 */
export const MENU_SWITCH_DELAY = 120;
/**
 * A click on the trigger of a menu the hover opened confirms it instead of
 * toggling it shut, however long after: a visitor who points, reads and
 * clicks wants the menu (it vanished after 600 ms of reading, a trial);
 * the next click closes it. A key's press does so only this soon after:
 * the press that opened the menu before the app started, which React
 * replays once it has hydrated the header.
 */
export const MENU_CLICK_GRACE = 600;
/**
 * The pointer on its way from a menu's button to its links keeps the menu
 * while it stays in the triangle between where it left the button and
 * the menu's top edge (the CSS's aim), across whatever entry of the bar
 * lies under it: a slow, curved diagonal that grazed the next entry was
 * out of the menu for longer than MENU_CLOSE_DELAY, and the menu closed;
 * one that drifted over the next menu's button let that menu take over
 * (trials). A pointer that rests in the triangle this long wants what is
 * under it: the triangle goes, and that entry takes the pointer.
 */
export const MENU_AIM_REST = 200;

/**
 * menuId is the id of the i-th entry's menu: by its place, not its label,
 * which two entries may share once made an id (a label of letters
 * outside a to z lost them all).
 */
export const menuId = (i: number) => "nav-menu-" + i;

/**
 * SiteHeader is the fixed top navigation: black at the top of the page,
 * white and translucent once scrolled past 10 px. Desktop: Home, the
 * layout's items (links, and menus that drop down), Request a Demo
 * (site.yaml's demo: the site's demo page, or the hosted form in a new tab). Under 768 px: a hamburger opening a sheet (a modal <dialog>: backdrop,
 * page scroll locked, focus kept inside, Escape closes) with the same
 * entries (each menu a collapsible group) and Contact Us; choosing any item
 * closes it. Wider, the header collapses the same way wherever the entries
 * do not fit on one line between the brand and the demo button: the build
 * measures the labels and writes the widths into the page's CSS
 * (generator/headerfit), so the header is whole from the first paint,
 * with or without the app.
 * The hamburger and × are invoker commands too (command="show-modal" and
 * "close") and the groups are <details>, so the whole menu works before
 * the app has started and without JavaScript, with the browser's own modal
 * behaviour (Escape closes it too). So is a desktop menu, a popover of
 * its trigger until the app starts.
 *
 * A dropdown opens on hover after MENU_OPEN_DELAY, closes after
 * MENU_CLOSE_DELAY once the pointer leaves, reopens at once within
 * MENU_SKIP_DELAY of closing, takes over from another menu open after
 * MENU_SWITCH_DELAY, toggles on click (keyboard, touch), and Escape
 * closes it with focus back on its trigger.
 */
export function SiteHeader() {
  const { config, layout } = useSite();
  const nav = layout.nav;
  const current = useCurrent();
  const { past: scrolled, jumped } = useScrollPastBy(NAV_SCROLL);
  // The open menu (an index of nav.items), or -1: `menu` as rendered,
  // `openNow` as the handlers read it. Both change in one place (setOpen),
  // and the handlers read only the ref: an event can come between a
  // change and its render, or its effects, and a listener of the render
  // before then read the menu closed (a pointer that left a menu as it
  // opened left it open for good, and an Escape then went unheard).
  const [menu, setMenu] = useState(-1);
  const openNow = useRef(-1);
  // Until the app runs, and without JavaScript, a menu is a popover of
  // its trigger: the browser opens and closes it on a press, and says its
  // state. Once started, the app keeps the state, and the trigger says it.
  const [started, setStarted] = useState(false);
  const [mobile, setMobile] = useState(false);
  const dropdowns = useRef<(HTMLLIElement | null)[]>([]);
  const triggers = useRef<(HTMLButtonElement | null)[]>([]);
  const sheet = useRef<HTMLDialogElement>(null);
  const burger = useRef<HTMLButtonElement>(null);
  // Dropdown timing: the pending timer, whether it will open a menu,
  // when a hover last opened one and when one last closed.
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const pendingOpen = useRef(false);
  const hoverOpenedAt = useRef(-Infinity);
  const closedAt = useRef(-Infinity);
  // The open menu was opened from its button by the keyboard.
  const keyOpened = useRef(false);
  // Takes the aim's triangle away once the pointer rests in it.
  const aimRest = useRef<ReturnType<typeof setTimeout>>(undefined);

  const setOpen = (i: number, byHover = false) => {
    clearTimeout(timer.current);
    pendingOpen.current = false;
    hoverOpenedAt.current = i >= 0 && byHover ? performance.now() : -Infinity;
    if (i < 0) closedAt.current = performance.now();
    openNow.current = i;
    keyOpened.current = false;
    setMenu(i);
  };
  const onEnter = (i: number, pointerType: string) => {
    if (pointerType !== "mouse") return; // touch and pen open by tap
    clearTimeout(timer.current);
    pendingOpen.current = false;
    if (openNow.current === i) return;
    const wait = openNow.current >= 0 ? MENU_SWITCH_DELAY : performance.now() - closedAt.current < MENU_SKIP_DELAY ? 0 : MENU_OPEN_DELAY;
    if (!wait) return setOpen(i, true);
    pendingOpen.current = true;
    timer.current = setTimeout(() => setOpen(i, true), wait);
  };
  // A menu the keyboard is in stays as the pointer leaves: one whose
  // links hold the focus (it closed, and the focus fell to the page's
  // body), and one opened from its button by the keyboard (a pointer
  // passing over the button closed it, a trial). One opened by a click
  // closes as one opened by hover does.
  const onLeave = (from: number, pointerType: string) => {
    if (pointerType !== "mouse") return;
    aimAt(from);
    clearTimeout(timer.current);
    pendingOpen.current = false;
    const i = openNow.current;
    if (i >= 0) timer.current = setTimeout(() => !(keyOpened.current || triggers.current[i]?.nextElementSibling?.contains(document.activeElement)) && setOpen(-1), MENU_CLOSE_DELAY);
  };
  useEnterLeave(
    () => dropdowns.current,
    (i, e) => (e.type === "pointerenter" ? onEnter : onLeave)(i, e.pointerType),
  );
  // The press's own time, not the handler's: a press React replays once
  // it has hydrated the header came before the menu was adopted (below).
  // A press by the keyboard (Enter, Space) is a click of no pointer
  // (detail 0).
  const onTrigger = (i: number, e: MouseEvent) => {
    const confirms = e.timeStamp - hoverOpenedAt.current < (e.detail ? Infinity : MENU_CLICK_GRACE);
    setOpen(pendingOpen.current || openNow.current !== i || confirms ? i : -1);
    keyOpened.current = !e.detail;
  };
  useEffect(() => () => clearTimeout(timer.current), []);

  // aimAt draws the i-th menu's aim (site-header.css) from the pointer on
  // its button (whose top left corner is its entry's), or takes it away
  // without one (the pointer left the entry, or rested in the triangle).
  // It is the browser's hit test that keeps the pointer in the entry: the
  // triangle is part of it, over the entries beside it.
  const aimAt = (i: number, e?: PointerEvent) => {
    const li = dropdowns.current[i];
    if (li) li.style.cssText = e ? `--x:${e.offsetX}px;--y:${e.offsetY}px` : "";
  };

  // Heard from the start, not from the render that opened a menu: an
  // Escape as a menu opened, before that render's effects, went unheard.
  // The listeners read refs only (setOpen's among them), so are added once.
  useEffect(() => {
    // Escape closes the menu, or stops one the pointer is about to open,
    // and gives focus back to its trigger (where it was inside the menu),
    // never to the page's start.
    const onKey = (e: globalThis.KeyboardEvent) => {
      const i = openNow.current;
      if (e.key !== "Escape" || (i < 0 && !pendingOpen.current)) return;
      const within = dropdowns.current[i]?.contains(document.activeElement);
      setOpen(-1);
      if (within) triggers.current[i]?.focus();
    };
    // A press in a menu's entry leaves the open menu to the click that
    // follows: its own keeps it, another's button takes over from it (a
    // press closed it first, and no menu showed until the release, a
    // trial).
    const onDown = (e: globalThis.PointerEvent) => {
      if (openNow.current >= 0 && !(e.target as Element).closest(".nav__dropdown")) setOpen(-1);
    };
    // Back or Forward leaves the page a menu was opened over: the menu
    // closes, as when one of its links is followed (the phone's sheet
    // stayed open over the page gone back to, focus inside it).
    // Focus is the page host's to place (where the visitor was), not the
    // main region's, as after a link chosen.
    const closeAll = () => {
      setOpen(-1);
      setMobile(false);
      if (sheet.current?.open) sheet.current.close();
    };
    // In the capture phase: until the visitor's first click, React stops
    // a key or a press inside a part still in its server HTML
    // (lib/hydration) at its root, where a listener in the bubble phase
    // never hears it.
    document.addEventListener("keydown", onKey, true);
    document.addEventListener("pointerdown", onDown, true);
    window.addEventListener("popstate", closeAll);
    return () => {
      document.removeEventListener("keydown", onKey, true);
      document.removeEventListener("pointerdown", onDown, true);
      window.removeEventListener("popstate", closeAll);
    };
  }, []);

  // A menu pressed open before the app started (a popover) stays open as
  // the app takes over, with the focus in it; the app's own rules close
  // it (a press, Escape, the pointer leaving). The popover closes as the
  // app takes its attribute away, in the commit that opens the app's
  // menu; Chromium then gives the focus to the button, and React, which
  // keeps the focus across a commit, gives it back to the link
  // (TestHeaderMenuPressedBeforeTheApp).
  // Focus that enters a menu's links opens it too (the onFocus below).
  // Closed, a menu's links take no focus, so the app opens none itself
  // this way.
  useEffect(() => {
    setStarted(true);
    // Shown: open, with the focus or the pointer in its entry (the CSS).
    const i = dropdowns.current.findIndex((el) => el?.matches(":has(> .nav__menu:popover-open):is(:hover, :has(:focus, :hover))"));
    // As if a hover had just opened it: the press that opened it, which
    // React replays once it has hydrated the header (after this), then
    // keeps it open rather than shutting it.
    if (i >= 0) return setOpen(i, true);
    // A mouse already resting on a menu's entry entered it before anything
    // listened: as if it entered now (it opened nothing until it left and
    // came back, a trial). Not guarded by (hover: hover), which headless
    // Chromium denies; a tablet's tap that closed a popover before the app
    // leaves :hover behind, and its menu opens: rare, and a tap closes it.
    const h = dropdowns.current.findIndex((el) => el?.matches(":hover"));
    if (h >= 0) onEnter(h, "mouse");
  }, []);

  // A sheet the browser opened before the app started (the hamburger's
  // command) stays open as the app takes over: the state follows it.
  const adopted = useRef(false);
  // The sheet follows `mobile`; it closes itself once the header is no
  // longer collapsed (the window grew past the widths where the menu
  // button shows: the phone's, or the build's for crowded entries), which
  // the hamburger's own box tells.
  useEffect(() => {
    const d = sheet.current;
    const b = burger.current;
    if (!d || !b) return;
    if (!adopted.current) {
      adopted.current = true;
      if (d.open && !mobile) return setMobile(true);
    }
    if (mobile && !d.open) d.showModal();
    else if (!mobile && d.open) d.close();
    // Closed, its groups fold again: the sheet opens as it first did (a
    // trial found the last visit's groups still open, the list scrolled).
    if (!mobile) return d.querySelectorAll("details").forEach((g) => (g.open = false));
    const ro = new ResizeObserver(() => !b.checkVisibility() && setMobile(false));
    ro.observe(b);
    return () => ro.disconnect();
  }, [mobile]);

  // closeSheet shuts the sheet at once (before a link scrolls the page, so
  // that the scroll lock is already gone) and says where focus goes: back
  // to the hamburger for ×, Escape and the backdrop; to the chosen
  // destination otherwise.
  const closeSheet = (refocus: boolean) => {
    setMobile(false);
    const d = sheet.current;
    const wasOpen = !!d?.open;
    if (d?.open) d.close();
    if (refocus) burger.current?.focus({ preventScroll: true });
    // A modal dialog gives focus back to what opened it as it closes: the
    // hamburger. A link chosen by Enter is followed on the key's press,
    // and the same key then reached the hamburger and opened the menu
    // again over the new page. Focus waits on the main region instead,
    // until the destination takes it.
    else if (wasOpen) document.getElementById("main")?.focus({ preventScroll: true });
  };
  // Every link of the header closes what is open (Home on the home page
  // among them: a link to the page itself, which PageHost takes to its
  // top, focus on its heading, as any such link).
  const close = () => {
    setOpen(-1);
    closeSheet(false);
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
    <Link to={nav.home.href} className="brand" aria-current={current(nav.home.href)} onClick={close}>
      <span className="brand__mark" aria-hidden="true" />
      {config.brand}
    </Link>
  );

  return (
    <header className={`site-header${scrolled ? " is-scrolled" : ""}${jumped ? " is-jumped" : ""}`}>
      <nav className="container nav" aria-label={nav.label}>
        {brand}
        <ul className="nav__desktop">
          <li>
            <Link to={nav.home.href} className="nav__link" aria-current={current(nav.home.href)} onClick={close}>
              {nav.home.label}
            </Link>
          </li>
          {nav.items.map((it, i) =>
            it.items ? (
              <li
                key={it.label}
                ref={(el) => {
                  dropdowns.current[i] = el;
                }}
                className={`nav__dropdown${menu === i ? " is-open" : ""}`}
                onFocus={(e) => openNow.current !== i && (e.target as Element) !== triggers.current[i] && setOpen(i)}
                onBlur={(e) => openNow.current === i && !e.currentTarget.contains(e.relatedTarget as Node) && setOpen(-1)}
                // Moving in the triangle (the entry itself is the target):
                // a rest there ends it.
                onPointerMove={(e) => {
                  if (e.target !== e.currentTarget) return;
                  clearTimeout(aimRest.current);
                  aimRest.current = setTimeout(() => aimAt(i), MENU_AIM_REST);
                }}
                // A click there is for the entry under it, which the
                // triangle hid from the pointer: it goes on to that.
                onClick={(e) => {
                  if (e.target !== e.currentTarget) return;
                  aimAt(i);
                  const under = document.elementFromPoint(e.clientX, e.clientY) as HTMLElement | null;
                  if (under !== e.currentTarget) under?.click?.();
                }}
              >
                <button
                  ref={(el) => {
                    triggers.current[i] = el;
                  }}
                  type="button"
                  className="nav__link"
                  aria-expanded={started ? menu === i : undefined}
                  aria-controls={menuId(i)}
                  popoverTarget={started ? undefined : menuId(i)}
                  onClick={(e) => onTrigger(i, e)}
                  onPointerMove={(e) => aimAt(i, e.nativeEvent)}
                >
                  {it.label}
                  <Icon name="chevron-down" size={16} />
                </button>
                <ul id={menuId(i)} className="nav__menu" popover={started ? undefined : "auto"}>
                  {it.items.map((l) => (
                    <li key={l.href}>
                      <SmartLink href={l.href} external={l.external} aria-current={current(l.href)} onClick={close}>
                        {l.label}
                      </SmartLink>
                    </li>
                  ))}
                </ul>
              </li>
            ) : (
              <li key={it.label}>
                <SmartLink href={it.href!} external={it.external} className="nav__link" aria-current={current(it.href)} onClick={close}>
                  {it.label}
                </SmartLink>
              </li>
            ),
          )}
        </ul>
        <SmartLink href={config.demoHref} className="btn btn--primary btn--sm nav__demo" aria-current={current(config.demoHref)} onClick={close}>
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
          // The app opens the sheet, at once (a close event still queued
          // must not leave it shut): the browser's command, which the
          // click would run after this, would open it a second time.
          // It opens at the top of its list: on a phone held sideways the
          // list scrolls even folded, and the browser kept its place from
          // the last visit, the first entries out of sight (a trial).
          onClick={(e) => {
            e.preventDefault();
            const d = sheet.current!;
            if (!d.open) {
              d.showModal();
              d.querySelector("ul")!.scrollTop = 0;
            }
            setMobile(true);
          }}
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
              onClick={(e) => {
                e.preventDefault();
                closeSheet(true);
              }}
            >
              <Icon name="x" size={24} />
            </button>
          </div>
          <ul className="container menu-sheet__list">
            <li>
              <Link to={nav.home.href} aria-current={current(nav.home.href)} onClick={close}>
                {nav.home.label}
              </Link>
            </li>
            {nav.items.map((it, i) =>
              it.items ? (
                <li key={it.label}>
                  <details onToggle={showOpened}>
                    <summary onClick={(e) => opening.add(e.currentTarget.parentElement!)}>
                      {it.label}
                      <Icon name="chevron-down" size={16} />
                    </summary>
                    <ul id={`mobile-group-${i}`} className="menu-sheet__group">
                      {it.items.map((l) => (
                        <li key={l.href}>
                          <SmartLink href={l.href} external={l.external} aria-current={current(l.href)} onClick={close}>
                            {l.label}
                          </SmartLink>
                        </li>
                      ))}
                    </ul>
                  </details>
                </li>
              ) : (
                <li key={it.label}>
                  <SmartLink href={it.href!} external={it.external} aria-current={current(it.href)} onClick={close}>
                    {it.label}
                  </SmartLink>
                </li>
              ),
            )}
            <li>
              <Link to="/#contact-info" onClick={contact}>
                {nav.contactLabel}
              </Link>
            </li>
          </ul>
          <div className="container menu-sheet__foot">
            <SmartLink href={config.demoHref} className="btn btn--primary btn--lg" aria-current={current(config.demoHref)} onClick={close}>
              {nav.demoLabel}
            </SmartLink>
          </div>
        </div>
      </dialog>
    </header>
  );
}

/** The phone menu's groups whose heading was just pressed (showOpened). */
const opening = new WeakSet<Element>();

/**
 * showOpened brings a group of the phone menu that has just opened into
 * the list's view. The list scrolls within its 500 px (the brief), and a
 * group opened near its foot kept its entries out of sight, under the
 * sheet's demo button (a trial at 375 px: "Partners" cut off, "Security"
 * hidden). The group's heading stays in view when it is taller than the
 * list. Without JavaScript the group opens as it is.
 */
function showOpened(e: SyntheticEvent<HTMLDetailsElement>) {
  const group = e.currentTarget;
  const list = group.closest("ul");
  // Only a group the visitor opened (a press of its heading, by pointer
  // or key): one opened by a script is not theirs to be shown, and its
  // scroll would fight the focus's.
  if (!opening.delete(group) || !group.open || !list) return;
  const pad = parseFloat(getComputedStyle(list).scrollPaddingBlockEnd) || 0;
  const l = list.getBoundingClientRect();
  const g = group.getBoundingClientRect();
  const by = Math.min(g.bottom + pad - l.bottom, g.top - l.top);
  if (by <= 0) return;
  const instant = matchMedia("(prefers-reduced-motion: reduce)").matches;
  list.scrollBy({ top: by, behavior: instant ? "instant" : "smooth" });
}
