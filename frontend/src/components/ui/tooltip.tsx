import { cloneElement, useEffect, useLayoutEffect, useRef, useState, type ReactElement } from "react";
import { useEnterLeave } from "../../lib/enter-leave";
import "./tooltip.css";

/**
 * Tooltip shows `label` beside an icon-only control on hover or keyboard
 * focus after 700 ms, at once if another tooltip closed less than 300 ms
 * ago (moving along a row of icons), and hides on leave (of the control
 * and of the tooltip, which the pointer may rest on), blur or Escape.
 * Props: label (the text; the child should carry the same accessible name,
 * e.g. aria-label), side "top" | "bottom" (default "top"), children: one
 * element that accepts event handlers. The tooltip is visual: the child's
 * own accessible name already says the same to assistive technology.
 */
export const TOOLTIP_DELAY = 700;
export const TOOLTIP_SKIP = 300;
/** The pointer's way from the control onto the tooltip, and back. */
const TOOLTIP_LEAVE = 100;
let lastClosed = -Infinity;

interface TriggerProps {
  onFocus?: () => void;
  onBlur?: () => void;
}

export interface TooltipProps {
  label: string;
  side?: "top" | "bottom";
  children: ReactElement<TriggerProps>;
}

export function Tooltip({ label, side = "top", children }: TooltipProps) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = () => {
    clearTimeout(timer.current);
    if (performance.now() - lastClosed < TOOLTIP_SKIP) setOpen(true);
    else timer.current = setTimeout(() => setOpen(true), TOOLTIP_DELAY);
  };
  const hide = () => {
    clearTimeout(timer.current);
    setOpen((was) => {
      if (was) lastClosed = performance.now();
      return false;
    });
  };
  // The pointer over the control (its own shape: not the corners of a
  // round button's box) or over the tooltip, which it may move onto and
  // read (WCAG 1.4.13): leaving either hides it a moment later, which
  // entering either undoes. Escape hides it wherever the focus is.
  const anchor = useRef<HTMLSpanElement>(null);
  const leave = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(hide, TOOLTIP_LEAVE);
  };
  useEnterLeave(
    () => [...(anchor.current?.children ?? [])] as HTMLElement[],
    (_, e) => (e.type === "pointerenter" ? show() : leave()),
  );
  // As it shows, not a frame later: an Escape then was not heard.
  useLayoutEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && hide();
    document.addEventListener("keydown", onKey, true);
    return () => document.removeEventListener("keydown", onKey, true);
  }, [open]);
  return (
    <span ref={anchor} className="tooltip-anchor">
      {cloneElement(children, {
        onFocus: show,
        onBlur: hide,
      })}
      {open && (
        <span role="tooltip" className={`tooltip tooltip--${side}`}>
          {label}
        </span>
      )}
    </span>
  );
}
