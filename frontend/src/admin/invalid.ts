// A save the editor refuses for a field (a required field left empty, a
// pattern not met) says so in a toast in the screen's corner, for five
// seconds, and marks the field where it is: on a long form, out of view.
// An editor who pressed Save looks at the form, and saw nothing happen.
// So when that toast shows, the form is scrolled to the first field it
// refuses, its message above it, and the field takes the focus.

/**
 * The editor's toast of a refused save: an error alert with a button
 * (Show Errors), in a toast that is showing. Its words depend on the
 * editor's language; its shape does not.
 */
const refusedToast = `.sui.toast:not([aria-hidden="true"]) .sui.alert.error`;

/** A field's message of what is wrong with it (Sveltia's ValidationError). */
const fieldMessage = `section[data-key-path] div.validation[role="alert"]`;

export function showRefusedField() {
  let shown: Element | null = null;
  new MutationObserver(() => {
    const alert = [...document.querySelectorAll(refusedToast)].find((a) => a.querySelector("button"));
    if (!alert) {
      shown = null;
      return;
    }
    if (alert === shown) return;
    shown = alert;
    // The editor expands the lists and objects that hold the field as it
    // refuses the save, and draws a list's items as they come into view:
    // the message is drawn a moment later.
    void reveal();
  }).observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ["aria-hidden"] });
}

async function reveal() {
  let message: HTMLElement | undefined;
  for (let waited = 0; !message && waited < 3000; waited += 100) {
    await new Promise((r) => setTimeout(r, 100));
    message = [...document.querySelectorAll<HTMLElement>(fieldMessage)].find((m) => m.innerText.trim() !== "");
  }
  // An editor already back in a field (typing the fix) keeps it: the
  // message comes late on a busy machine, and moving the focus then
  // would send the next keys elsewhere.
  const typing = document.activeElement?.matches("input, textarea, [contenteditable=true]") && document.activeElement.closest("section[data-key-path]");
  if (!message || typing) return;
  const section = message.closest<HTMLElement>("section[data-key-path]");
  section?.scrollIntoView({ block: "center" });
  // The field's own input, not the field's menu button before it (a
  // space typed there opens the menu, Revert Changes).
  const input =
    section?.querySelector<HTMLElement>("input:not([type=hidden]), textarea, select, [role=combobox], [contenteditable=true]") ??
    section?.querySelector<HTMLElement>("button:not([aria-haspopup])");
  input?.focus({ preventScroll: true });
}
