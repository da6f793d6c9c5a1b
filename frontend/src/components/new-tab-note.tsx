import { useSite } from "../lib/site-context";
import { NEW_TAB_NOTE } from "./ui/button";

/**
 * NewTabNote is what a screen reader says after a link that opens in a
 * new tab ("opens in a new tab", layout.ui.newTab), once on every page:
 * each such link points at it (aria-describedby), its own name left as it
 * is. Hidden: a description is read from a hidden element.
 */
export function NewTabNote() {
  const { layout } = useSite();
  return (
    <span id={NEW_TAB_NOTE} hidden>
      {layout.ui.newTab}
    </span>
  );
}
