import type { AnchorHTMLAttributes, ButtonHTMLAttributes, MouseEvent } from "react";
import { Link } from "#link";
import "./button.css";

/**
 * Button and the links that look like one.
 *
 * - Button: a <button type="button"> (pass type="submit" for forms).
 *   Props: variant "primary" (orange, default) | "secondary" (dark) |
 *   "outline" (bordered, for light backgrounds) | "ghost-light" (bordered,
 *   for the black hero/nav), size "md" (default) | "lg" | "sm", plus every
 *   native button attribute.
 * - SmartLink: an unstyled link that picks the right element for href:
 *   a site path or #fragment becomes a react-router <Link> (client-side
 *   navigation; PageHost scrolls to the fragment, smoothly on the same page);
 *   http(s) and mailto: become a plain <a>. `external` (default: true for
 *   http(s) URLs) opens a new tab with rel="noopener noreferrer". An
 *   empty href (a link to a scheduled article) is the link's words alone.
 * - LinkButton: SmartLink with Button's variant and size.
 */
export type ButtonVariant = "primary" | "secondary" | "outline" | "ghost-light";
export type ButtonSize = "sm" | "md" | "lg";

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

export function buttonClass(variant: ButtonVariant = "primary", size: ButtonSize = "md", extra?: string): string {
  return `btn btn--${variant} btn--${size}${extra ? " " + extra : ""}`;
}

export function Button({ variant, size, className, type = "button", ...rest }: ButtonProps) {
  return <button type={type} className={buttonClass(variant, size, className)} {...rest} />;
}

export interface SmartLinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  href: string;
  /** Open in a new tab; defaults to true for http(s) URLs. */
  external?: boolean;
}

/**
 * NEW_TAB_NOTE is the id of the page's NewTabNote ("opens in a new tab",
 * components/new-tab-note), the description of every link that opens a new tab.
 */
export const NEW_TAB_NOTE = "new-tab-note";

export function isExternalHref(href: string): boolean {
  return /^(https?:|mailto:|tel:)/.test(href);
}

export function SmartLink({ href, external, children, ...rest }: SmartLinkProps) {
  // No href: a link to an article not out yet, which the build empties
  // until the article's day (generator/load/scheduled.go). Its words
  // alone, in no link nor button.
  if (!href) return <span>{children}</span>;
  if (isExternalHref(href)) {
    const newTab = external ?? href.startsWith("http");
    return (
      <a href={href} {...(newTab ? { target: "_blank", rel: "noopener noreferrer", "aria-describedby": NEW_TAB_NOTE } : {})} {...rest}>
        {children}
      </a>
    );
  }
  return (
    <Link to={href} {...rest}>
      {children}
    </Link>
  );
}

export interface LinkButtonProps extends SmartLinkProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

export function LinkButton({ variant, size, className, ...rest }: LinkButtonProps) {
  return <SmartLink className={buttonClass(variant, size, className)} {...rest} />;
}

// How the page shown goes to one of its parts: through the router
// (PageHost says how), so that the visitor's place before it is a history
// entry of its own, which Back returns to. Scrolled to directly, "Contact
// Us" left no entry, and Back left the page.
let toPart: ((id: string) => void) | undefined;

/** setPartNavigator says how to go to a part of the page shown (PageHost, once it runs). */
export function setPartNavigator(f: ((id: string) => void) | undefined): void {
  toPart = f;
}

/**
 * scrollToId goes to an element of the current page: a history entry of
 * its own, smooth-scrolled to (instantly under prefers-reduced-motion),
 * focus moved there without a second jump. It returns false when the page
 * has no such element, so that a link's default navigation can go to the
 * page that has it.
 */
export function scrollToId(id: string): boolean {
  const el = document.getElementById(id);
  if (!el) return false;
  if (toPart) {
    toPart(id);
    return true;
  }
  const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  el.scrollIntoView({ behavior: reduce ? "auto" : "smooth", block: "start" });
  if (!el.hasAttribute("tabindex")) el.setAttribute("tabindex", "-1");
  el.focus({ preventScroll: true });
  return true;
}

/** onClickScrollTo returns a click handler that smooth-scrolls to id when this page has it. */
export function onClickScrollTo(id: string, then?: () => void) {
  return (e: MouseEvent) => {
    if (scrollToId(id)) e.preventDefault();
    then?.();
  };
}
