import { createElement, type HTMLAttributes, type ReactNode } from "react";

/**
 * Memo is an element whose content is a pure function of `memoKey`: the
 * same key, the same markup, on any page. In the browser it is the element
 * and its children, nothing more. The server bundle aliases "#memo" to
 * lib/server-memo.tsx (generator/bundle), where each runtime of the build
 * renders a key's content once and then repeats its markup: an article's
 * card is on the index, on each of its topics' pages and in the related
 * list of other articles, and rendering it again in goja is most of those
 * pages' render time.
 *
 * The key must hold everything the children show (their props, JSON):
 * they may read no context and no hook that differs from page to page.
 * The build's tests render every route with and without the alias and
 * compare the bytes (generator/shortcuts_test.go).
 */
export interface MemoProps extends HTMLAttributes<HTMLElement> {
  tag: "li" | "div" | "article" | "section";
  memoKey: string;
  children: ReactNode;
}

export function Memo({ tag, memoKey: _memoKey, children, ...rest }: MemoProps) {
  return createElement(tag, rest, children);
}
