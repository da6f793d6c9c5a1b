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
 */
export const FLOATING_THRESHOLD = 500;

export function FloatingContact({ target = "contact-info" }: { target?: string }) {
  const { layout } = useSite();
  const shown = useScrollPast(FLOATING_THRESHOLD);
  const label = layout.floatingContact.label;
  return (
    <div className={`floating-contact${shown ? " is-shown" : ""}`}>
      <Tooltip label={label}>
        <a href={`#${target}`} className="floating-contact__btn" aria-label={label} onClick={onClickScrollTo(target)}>
          <Icon name="message" size={24} />
        </a>
      </Tooltip>
    </div>
  );
}
