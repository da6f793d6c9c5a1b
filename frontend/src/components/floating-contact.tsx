import { useEffect, useRef, useState } from "react";
import { useScrollPast } from "../hooks/use-scroll-past";
import { useSite } from "../lib/site-context";
import { onClickScrollTo } from "./ui/button";
import { Icon } from "./ui/icon";
import { Tooltip } from "./ui/tooltip";
import "./floating-contact.css";

/**
 * FloatingContact is the round button that appears once the page is
 * scrolled more than 500 px and smooth-scrolls to the page's contact
 * section (id `target`, default "contact-info"; render it only on pages
 * with a ContactSection). Props: target. Label from layout.floatingContact.
 *
 * It steps aside whenever it would be in the way: while the contact
 * section (where it leads) or the footer is on screen, while a form
 * field has focus (on a phone the keyboard pushes fields to the bottom
 * corner it sits in), and while what has focus lies under it (a keyboard
 * trial: a card's title and an FAQ's question at the foot of a phone's
 * window, their focus ring cut). Never while it has focus, though: a keyboard
 * visitor who reached it sees it until they leave it (a page that scrolled
 * the footer into view as Tab reached it, or a key that scrolls, would
 * otherwise fade it out under the focus).
 */
export const FLOATING_THRESHOLD = 500;

export function FloatingContact({ target = "contact-info" }: { target?: string }) {
  const { layout } = useSite();
  const past = useScrollPast(FLOATING_THRESHOLD);
  const label = layout.floatingContact.label;
  const [covered, setCovered] = useState(false);
  const [inTheWay, setInTheWay] = useState(false);
  const [focused, setFocused] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const visible = useRef(new Set<Element>());
  const watched = useRef<Element[]>([]);

  useEffect(() => {
    const section = document.getElementById(target)?.closest("section");
    watched.current = [section, document.querySelector("footer")].filter((e): e is HTMLElement => !!e);
    const io = new IntersectionObserver((entries) => {
      for (const e of entries) {
        if (e.isIntersecting) visible.current.add(e.target);
        else visible.current.delete(e.target);
      }
      setCovered(visible.current.size > 0);
    });
    watched.current.forEach((e) => io.observe(e));
    return () => io.disconnect();
  }, [target]);

  // At each move of focus, what is on screen is read then and there, not
  // left to the intersection reports, which come only as the browser
  // draws: a busy browser handles keys first. On a busy machine, a
  // keyboard trial saw the button come back over the contact section as
  // focus left its last field for its send button.
  useEffect(() => {
    const isField = (el: Element | null) => !!el?.matches("input, textarea, select, [contenteditable=true]");
    const onScreen = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.bottom > 0 && r.top < window.innerHeight;
    };
    // Under the button: its box as shown (not slid down, as it is while
    // hidden), with room for the focus ring. Not an element taller than
    // the window, which the visitor never sees whole: the page's main
    // content, where focus rests after the cookie banner is answered or a
    // click on the page's text, was always under it, and the button
    // stayed hidden for the rest of the visit (a screen reader's trial).
    const under = (el: Element | null) => {
      const b = box.current;
      if (!el || !b || b.contains(el) || el === document.body) return false;
      const r = el.getBoundingClientRect(), f = b.firstElementChild?.getBoundingClientRect();
      if (r.height >= window.innerHeight) return false;
      const lift = b.classList.contains("is-shown") ? 0 : 16;
      return !!f && r.right > f.left - 4 && r.left < f.right + 4 && r.bottom > f.top - lift - 4 && r.top < f.bottom - lift + 4;
    };
    const update = () => {
      setInTheWay(isField(document.activeElement) || under(document.activeElement));
      setCovered(watched.current.some(onScreen));
    };
    // On focusout the next element is not focused yet: look once it is.
    const later = () => setTimeout(update);
    // And again a frame after focus moves: the browser scrolls the
    // element focused into view after the focus event.
    let frame = 0;
    const focused = () => {
      update();
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(update);
    };
    // In the capture phase: until the visitor's first click, React stops
    // a focus event inside a part still in its server HTML
    // (lib/hydration) at its root.
    document.addEventListener("focusin", focused, true);
    document.addEventListener("focusout", later, true);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener("focusin", focused, true);
      document.removeEventListener("focusout", later, true);
    };
  }, []);

  const shown = focused || (past && !covered && !inTheWay);
  return (
    <div
      ref={box}
      className={`floating-contact${shown ? " is-shown" : ""}`}
      inert={!shown}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
    >
      <Tooltip label={label}>
        <a href={`#${target}`} className="floating-contact__btn" aria-label={label} onClick={onClickScrollTo(target)}>
          <Icon name="message" size={24} />
        </a>
      </Tooltip>
    </div>
  );
}
