/**
 * withFootnotes is the editor's HTML of a Markdown text with its footnotes
 * written as the site writes them (generator/markdown): the editor's own
 * Markdown renderer knows none, and leaves "[^review]" and the line
 * "[^review]: …" as text. A reference becomes its number, linked to the
 * note; the notes are numbered in the order of their first reference and
 * listed at the end, each with a link back. A reference to a label with no
 * note stays as written (the build refuses it).
 */
export function withFootnotes(html: string): string {
  if (!html.includes("[^")) return html;
  const doc = new DOMParser().parseFromString(html, "text/html");
  const notes = new Map<string, string>();
  const definition = /^\[\^([^\]\s]+)\]:[ \t]*/;
  for (const p of [...doc.body.querySelectorAll("p")]) {
    if (!definition.test(p.innerHTML)) continue;
    // Notes on consecutive lines arrive as one paragraph.
    for (const part of p.innerHTML.split(/\n(?=\[\^[^\]\s]+\]:)/)) {
      const m = definition.exec(part);
      if (m && !notes.has(m[1])) notes.set(m[1], part.slice(m[0].length).trim());
    }
    p.remove();
  }
  if (notes.size === 0) return html;

  const order: string[] = [];
  const refs = new Map<string, number>();
  const walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (!(n.parentElement?.closest("code, pre"))) texts.push(n as Text);
  }
  for (const t of texts) {
    const parts = (t.nodeValue ?? "").split(/(\[\^[^\]\s]+\])/);
    if (parts.length === 1) continue;
    const frag = doc.createDocumentFragment();
    for (const part of parts) {
      const label = /^\[\^([^\]\s]+)\]$/.exec(part)?.[1];
      if (!label || !notes.has(label)) {
        if (part) frag.append(part);
        continue;
      }
      if (!order.includes(label)) order.push(label);
      const i = String(order.indexOf(label) + 1);
      const again = refs.get(label) ?? 0;
      refs.set(label, again + 1);
      const sup = doc.createElement("sup");
      // A second reference to a note has the id the site gives it (fnref1:1).
      sup.id = again ? `fnref${again}:${i}` : `fnref-${i}`;
      const a = doc.createElement("a");
      a.href = `#fn-${i}`;
      a.className = "footnote-ref";
      a.setAttribute("role", "doc-noteref");
      a.textContent = i;
      sup.append(a);
      frag.append(sup);
    }
    t.replaceWith(frag);
  }
  if (order.length === 0) return doc.body.innerHTML;
  const items = order
    .map(
      (label, k) =>
        `<li id="fn-${k + 1}"><p>${notes.get(label)}&#160;<a href="#fnref-${k + 1}" class="footnote-backref" role="doc-backlink">&#x21a9;&#xfe0e;</a></p></li>`,
    )
    .join("\n");
  return `${doc.body.innerHTML}\n<div class="footnotes" role="doc-endnotes">\n<hr>\n<ol>\n${items}\n</ol>\n</div>`;
}
