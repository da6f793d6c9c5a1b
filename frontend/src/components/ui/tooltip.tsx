import { cloneElement, useEffect, useRef, useState, type ReactElement } from "react";
import { useEnterLeave } from "../../lib/enter-leave";
import "./tooltip.css";

/**
 * Tooltip shows `label` beside an icon-only control on hover or keyboard
 * focus after 700 ms, at once if another tooltip closed less than 300 ms
 * ago (moving along a row of icons), and hides on leave, blur or Escape.
 * Props: label (the text; the child should carry the same accessible name,
 * e.g. aria-label), side "top" | "bottom" (default "top"), children: one
 * element that accepts event handlers. The tooltip is visual: the child's
 * own accessible name already says the same to assistive technology.
 */
export const TOOLTIP_DELAY = 700;
export const TOOLTIP_SKIP = 300;
let lastClosed = -Infinity;

interface TriggerProps {
  onFocus?: () => void;
  onBlur?: () => void;
  onKeyDown?: (e: { key: string }) => void;
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
  // The pointer over the anchor: the control, and the tooltip beside it.
  const anchor = useRef<HTMLSpanElement>(null);
  useEnterLeave(
    () => [anchor.current],
    (_, e) => (e.type === "pointerenter" ? show() : hide()),
  );
  return (
    <span ref={anchor} className="tooltip-anchor">
      {cloneElement(children, {
        onFocus: show,
        onBlur: hide,
        onKeyDown: (e) => e.key === "Escape" && hide(),
      })}
      {open && (
        <span role="tooltip" className={`tooltip tooltip--${side}`}>
          {label}
        </span>
      )}
    </span>
  );
}
