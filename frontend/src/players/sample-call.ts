// The player of the sample calls (sections/sample-call.tsx), loaded only
// by the pages that show one with a recording (generator/document): the
// line being spoken is marked aria-current (and highlighted), and a click
// on a line, or Enter or Space on it, plays the call from there. It adds
// no React and no code to any other page. It listens on the document, so
// a call the app renders later (a client-side navigation) is played the
// same way; media events do not bubble, so it listens while they capture.

type Line = HTMLLIElement & { dataset: { start: string; end: string } };

function lines(audio: HTMLAudioElement): Line[] {
  const call = audio.closest("[data-sample-call]");
  return call ? [...call.querySelectorAll<Line>("li[data-start]")] : [];
}

function mark(e: Event) {
  const audio = e.target;
  if (!(audio instanceof HTMLAudioElement)) return;
  const t = audio.currentTime;
  for (const li of lines(audio)) {
    const on = t >= +li.dataset.start && t < +li.dataset.end;
    if (on !== (li.getAttribute("aria-current") === "true")) {
      if (on) li.setAttribute("aria-current", "true");
      else li.removeAttribute("aria-current");
    }
  }
}

for (const type of ["timeupdate", "seeked", "play"]) document.addEventListener(type, mark, true);

/** The line of a call with a recording under target, and its player. */
function lineAt(target: EventTarget | null): [Line, HTMLAudioElement] | null {
  const li = target instanceof Element ? target.closest<Line>("[data-sample-call] li[data-start]") : null;
  const audio = li?.closest("[data-sample-call]")?.querySelector("audio");
  return li && audio ? [li, audio] : null;
}

function seek(target: EventTarget | null) {
  const hit = lineAt(target);
  if (!hit) return false;
  const [li, audio] = hit;
  audio.currentTime = +li.dataset.start;
  void audio.play().catch(() => {});
  return true;
}

// In the capture phase: the call is server HTML until the app hydrates
// its part (lib/hydration), and React stops a key pressed there at its
// root: Enter on a line did nothing until the visitor had clicked.
document.addEventListener("click", (e) => void seek(e.target), true);
document.addEventListener(
  "keydown",
  (e) => {
    if ((e.key === "Enter" || e.key === " ") && e.target instanceof HTMLLIElement && seek(e.target)) e.preventDefault();
  },
  true,
);

// The lines become keyboard targets once they can seek: on load, and for
// a call rendered later.
function focusable() {
  for (const audio of document.querySelectorAll<HTMLAudioElement>("[data-sample-call] audio")) {
    for (const li of lines(audio)) {
      if (!li.hasAttribute("tabindex")) li.tabIndex = 0;
    }
  }
}
focusable();
new MutationObserver(focusable).observe(document.getElementById("root") ?? document.body, { childList: true, subtree: true });
