import { useEffect, useId, useRef, useState, type HTMLAttributes, type ReactNode } from "react";
import { useSite } from "../../lib/site-context";
import { Icon } from "./icon";
import "./dialog.css";

/**
 * Dialog is a modal on the native <dialog> element: showModal gives the top
 * layer, the focus trap, inert background and Escape for free.
 *
 * Props:
 * - open: whether it is shown; onClose(): called for ×, Escape, a click on
 *   the backdrop or any close() — set open to false there.
 * - title: the heading (an <h2>), wired to aria-labelledby.
 * - variant: "center" (default) a centred dialog; "bottom" / "right" are
 *   sheets from that edge under 768 px and a centred dialog above.
 * - closeLabel: accessible name of the × button (default layout.ui.close).
 * - footer: rendered under the body (e.g. a secondary close button).
 * - any other <dialog> attribute; children are the body.
 * Focus goes back to the element that had it when the dialog opened. The
 * content is rendered only while the dialog is open.
 */
export interface DialogProps extends Omit<HTMLAttributes<HTMLDialogElement>, "title"> {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  variant?: "center" | "bottom" | "right";
  closeLabel?: string;
  footer?: ReactNode;
}

export function Dialog({ open, onClose, title, variant = "center", closeLabel, footer, children, className, ...rest }: DialogProps) {
  const { layout } = useSite();
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  // Whether the parent still believes the dialog is open.
  const shown = useRef(false);
  const titleId = useId();
  // The panel exists from opening until the close event, so a closed
  // dialog leaves no empty heading in the page.
  const [mounted, setMounted] = useState(open);
  if (open && !mounted) setMounted(true);

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      opener.current = document.activeElement as HTMLElement | null;
      shown.current = true;
      d.showModal();
    } else if (!open && d.open) {
      d.close();
    }
  }, [open]);

  // The native close event is queued, not dispatched, when the dialog
  // closes, while the browser hands focus back at once: a visitor can
  // reopen the dialog (Escape, then Enter on its opener) before the event
  // arrives. So the parent hears of a close the moment it starts (cancel
  // for Escape, before close() for × and the backdrop), and a close event
  // that arrives after a reopen is ignored.
  const closing = () => {
    if (!shown.current) return;
    shown.current = false;
    setMounted(false);
    onClose();
  };
  const close = () => {
    closing();
    ref.current?.close();
  };
  const handleClose = () => {
    if (ref.current?.open) return; // a late event: the dialog was reopened
    closing();
    const el = opener.current;
    opener.current = null;
    if (el && el.isConnected) el.focus({ preventScroll: true });
  };

  return (
    <dialog
      ref={ref}
      className={`dialog dialog--${variant}${className ? " " + className : ""}`}
      aria-labelledby={titleId}
      onCancel={closing}
      onClose={handleClose}
      // A click on the backdrop lands on the <dialog> itself.
      onClick={(e) => e.target === e.currentTarget && close()}
      {...rest}
    >
      {mounted && (
      <div className="dialog__panel">
        <div className="dialog__head">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          <button type="button" className="dialog__x" aria-label={closeLabel ?? layout.ui.close} onClick={close}>
            <Icon name="x" />
          </button>
        </div>
        <div className="dialog__body">{children}</div>
        {footer && <div className="dialog__foot">{footer}</div>}
      </div>
      )}
    </dialog>
  );
}
