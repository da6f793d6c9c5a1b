/**
 * The app's own moves of focus to a place in the page (a fragment's
 * target, PageHost's focusPlace), which scroll the page themselves: while
 * one is under way (focus() dispatches its focus events at once), other
 * parts leave the page where it is. The cookie banner, which scrolls a
 * focused control clear of itself, ended a contents link's smooth scroll
 * with its heading at the window's foot (a keyboard trial).
 */
let depth = 0;

/** placing runs move, a move of focus the app places the page for. */
export function placing(move: () => void): void {
  depth++;
  try {
    move();
  } finally {
    depth--;
  }
}

/** isPlacing says whether the focus moving now is the app's own placing. */
export function isPlacing(): boolean {
  return depth > 0;
}
