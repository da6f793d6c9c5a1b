// The web editor's file formats (config.yml's format: content-yaml and
// content-frontmatter): a save changes in the file only what the editor changed.
//
// Sveltia CMS writes an entry by serializing its values afresh: it would
// drop the file's comments, reorder its keys by the form's fields, turn
// flow lists ({label: x, icon: y}) into blocks, requote strings and write
// every default (desktopOnly: false), so a one-word fix became a diff of
// the whole file. Here each file the editor reads is kept as a YAML
// document (comments, key order, styles, quotes), and a save applies the
// editor's values to that document: a changed value is written in its
// place and style, a new key where the form has it, a removed key is
// removed, and a key the file does not have is not added for a value the
// build takes as absent anyway (false, "", an empty list or mapping).
// Nothing else of the file changes: every content file reads and writes
// back byte for byte (cmd/dev's TestEditorRoundTrip saves each one).
//
// The editor hands a format the values alone, not the file they came
// from: the document is the one read whose values are closest to them
// (most leaves equal). A new entry matches none and is written afresh,
// its defaults left out.
import { Document, isMap, isScalar, isSeq, parseDocument, type Node, type Pair, type YAMLMap, type YAMLSeq } from "yaml";

/** The styles of the content files: unfolded lines, {a: b} flows, indented lists. */
const writeOptions = { lineWidth: 0, minContentWidth: 0, flowCollectionPadding: false, indentSeq: true } as const;

interface Kept {
  doc: Document;
  /** The values the editor has of the file, as last read or written. */
  value: unknown;
  leaves: Map<string, string>;
  /** A Markdown file's text as read, and what stands between its front matter and the text. */
  markdown?: { sep: string; body: string };
}

type Values = Record<string, unknown>;

/** The formats to register with the editor, by the name config.yml gives them. */
export function keptFormats() {
  const kept = new Map<string, Kept>();
  const keep = (text: string, doc: Document, value: unknown, markdown?: { sep: string; body: string }) => {
    const k: Kept = { doc, value, leaves: leaves(value), markdown };
    kept.set(text, k);
    return k;
  };
  const closest = (value: unknown, markdown: boolean): Kept | undefined => {
    const want = leaves(value);
    let best: Kept | undefined;
    let bestScore = 0;
    for (const k of kept.values()) {
      if (!!k.markdown !== markdown || Array.isArray(k.value) !== Array.isArray(value)) continue;
      let same = 0;
      for (const [path, v] of k.leaves) if (want.get(path) === v) same++;
      // Half the file's values unchanged: the same file, edited.
      const score = same / Math.max(k.leaves.size, want.size, 1);
      if (score >= 0.5 && score > bestScore) [best, bestScore] = [k, score];
    }
    return best;
  };
  const write = (value: unknown, markdown: boolean, kept?: (k: Kept) => unknown): { doc: Document; k?: Kept } => {
    const k = closest(value, markdown);
    if (!k) return { doc: new Document(prune(value)) };
    k.doc.contents = patch(k.doc, k.doc.contents, value) as typeof k.doc.contents;
    value = kept ? kept(k) : value;
    k.value = value;
    k.leaves = leaves(value);
    return { doc: k.doc, k };
  };
  return {
    yaml: {
      fromFile(text: string): unknown {
        const doc = parseDocument(text);
        const value = doc.toJS();
        keep(text, doc, value);
        return value;
      },
      toFile(value: unknown): string {
        return write(value, false).doc.toString(writeOptions);
      },
    },
    markdown: {
      fromFile(text: string): unknown {
        const front = splitFrontMatter(text);
        if (!front) return { body: text };
        const doc = parseDocument(front.head);
        const value = { ...(doc.toJS() as Values), body: front.body };
        keep(text, doc, value, { sep: front.sep, body: front.body });
        return value;
      },
      toFile(value: unknown): string {
        const { body = "", ...head } = value as Values;
        const { doc, k } = write({ ...head, body }, true, (k) => ({ ...head, body: keepLines(k.markdown?.body ?? "", String(body)) }));
        // The document holds the front matter alone.
        if (!k) doc.contents = doc.createNode(prune(head)) as typeof doc.contents;
        else if (isMap(doc.contents)) doc.contents.items = doc.contents.items.filter((p) => keyOf(p) !== "body");
        const text = k ? keepLines(k.markdown?.body ?? "", String(body)) : String(body);
        return `---\n${doc.toString(writeOptions)}---${text ? (k?.markdown?.sep ?? "\n\n") + text : "\n"}`;
      },
    },
  };
}

/** A Markdown file's front matter (with its last newline), and its text after the blank lines. */
function splitFrontMatter(text: string): { head: string; sep: string; body: string } | undefined {
  if (!text.startsWith("---\n")) return undefined;
  const end = /\n---(?:\n|$)/.exec(text.slice(3));
  if (!end) return undefined;
  const head = text.slice(4, 3 + end.index + 1);
  const rest = text.slice(3 + end.index + 4);
  const sep = /^\n*/.exec(rest)?.[0] ?? "";
  return { head, sep, body: rest.slice(sep.length) };
}

/** patch makes node hold value, changing only what differs. */
function patch(doc: Document, node: unknown, value: unknown): unknown {
  if (isValues(value) && isMap(node)) {
    patchMap(doc, node, value);
    return node;
  }
  if (Array.isArray(value) && isSeq(node)) {
    patchSeq(doc, node, value);
    return node;
  }
  if (isScalar(node) && (value === null || typeof value !== "object")) {
    if (node.value !== value) node.value = value;
    return node;
  }
  if (equal(toJS(doc, node), value)) return node;
  return doc.createNode(prune(value));
}

function patchMap(doc: Document, node: YAMLMap, value: Values) {
  const keys = Object.keys(value);
  // A key the editor's values leave out goes, unless the file gives it a
  // value the build reads as left out ("", false, an empty list): the
  // editor omits empty optional values, and the file may spell one out
  // (analytics: {measurementID: ""}) where the build wants the key.
  node.items = node.items.filter((p) => keyOf(p) in value || isDefault(toJS(doc, p.value)));
  for (const [i, key] of keys.entries()) {
    const v = value[key];
    const pair = node.items.find((p) => keyOf(p) === key);
    if (pair) {
      pair.value = patch(doc, pair.value, v) as Node;
      continue;
    }
    if (isDefault(v)) continue;
    // Where the form has it: before the next key the file has.
    const next = keys.slice(i + 1).map((k) => node.items.findIndex((p) => keyOf(p) === k)).find((j) => j >= 0);
    const added = doc.createPair(key, prune(v)) as Pair;
    // A new list of words is written as the content files write theirs
    // (keywords: [a, b], aliases: [/old]): one line, the size of the change.
    if (isSeq(added.value) && (v as unknown[]).every((x) => x === null || typeof x !== "object")) added.value.flow = true;
    node.items.splice(next ?? node.items.length, 0, added);
  }
}

function patchSeq(doc: Document, node: YAMLSeq, value: unknown[]) {
  const old = node.items;
  const oldValues = old.map((n) => toJS(doc, n));
  const used = new Set<number>();
  const items: unknown[] = new Array(value.length);
  // An item unchanged keeps its node wherever it moved; a changed one is
  // patched in its place.
  value.forEach((v, i) => {
    const j = oldValues.findIndex((o, j) => !used.has(j) && equal(o, v));
    if (j >= 0) {
      used.add(j);
      items[i] = old[j];
    }
  });
  value.forEach((v, i) => {
    if (items[i] !== undefined) return;
    if (i < old.length && !used.has(i)) {
      used.add(i);
      items[i] = patch(doc, old[i], v);
    } else {
      // A new item (a case study, a webinar) is written as the items
      // before it are: its {src: …, alt: …} on one line, its dates
      // quoted, where theirs are.
      items[i] = likeSibling(doc.createNode(prune(v)), old.at(-1));
    }
  });
  node.items = items;
}

/**
 * likeSibling gives the new node the styles of sibling at the same keys:
 * a flow collection stays one, a quoted text is quoted the same way. A
 * plain style is never copied: a text may need its quotes.
 */
function likeSibling(node: unknown, sibling: unknown): unknown {
  if (isMap(node) && isMap(sibling)) {
    for (const p of node.items) {
      const s = sibling.items.find((q) => keyOf(q) === keyOf(p));
      if (s) p.value = likeSibling(p.value, s.value) as Node;
    }
  }
  if ((isMap(node) && isMap(sibling)) || (isSeq(node) && isSeq(sibling))) {
    if (sibling.flow) node.flow = true;
    if (isSeq(node) && isSeq(sibling)) node.items = node.items.map((x) => likeSibling(x, sibling.items.at(-1)));
  }
  if (isScalar(node) && isScalar(sibling) && typeof node.value === "string" && (sibling.type === "QUOTE_DOUBLE" || sibling.type === "QUOTE_SINGLE")) {
    node.type = sibling.type;
  }
  return node;
}

function keyOf(p: Pair): string {
  return String(isScalar(p.key) ? p.key.value : p.key);
}

function toJS(doc: Document, n: unknown): unknown {
  return n && typeof n === "object" && "toJS" in n ? (n as { toJS(d: Document): unknown }).toJS(doc) : n;
}

function isValues(v: unknown): v is Values {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

/** isDefault: a value the build reads as the key left out. */
function isDefault(v: unknown): boolean {
  if (v === undefined || v === null || v === false || v === "") return true;
  if (Array.isArray(v)) return v.length === 0;
  return isValues(v) && Object.values(v).every(isDefault);
}

/** prune leaves out the keys of defaults, as the guide writes files. */
function prune(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(prune);
  if (!isValues(v)) return v;
  return Object.fromEntries(Object.entries(v).filter(([, x]) => !isDefault(x)).map(([k, x]) => [k, prune(x)]));
}

/** equal compares values, not the order of their keys. */
function equal(a: unknown, b: unknown): boolean {
  const x = leaves(a);
  const y = leaves(b);
  return x.size === y.size && [...x].every(([k, v]) => y.get(k) === v);
}

/** leaves are the scalar values of v by path. */
function leaves(v: unknown, path = "", out = new Map<string, string>()): Map<string, string> {
  if (Array.isArray(v)) v.forEach((x, i) => leaves(x, `${path}[${i}]`, out));
  else if (isValues(v)) for (const [k, x] of Object.entries(v)) leaves(x, `${path}.${k}`, out);
  else out.set(path, JSON.stringify(v));
  return out;
}

/**
 * keepLines is the Markdown text the editor hands back (after), with each
 * line that says what a line of the file as read (before) said, but is
 * spelled as the editor's own Markdown writer spells it (_emphasis_ for
 * *emphasis*, | --- | for |---|, * for - bullets), written as the file
 * had it: an untouched paragraph keeps its bytes.
 */
export function keepLines(before: string, after: string): string {
  if (before === after) return after;
  const a = before.split("\n");
  const b = after.split("\n");
  const na = a.map(mdLine);
  const nb = b.map(mdLine);
  // The longest common subsequence of the lines, as the editor spells them.
  const n = a.length;
  const m = b.length;
  if (n * m > 4_000_000) return after;
  const lcs: Uint32Array[] = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i][j] = na[i] === nb[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
    }
  }
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while (j < m) {
    if (i < n && na[i] === nb[j]) {
      out.push(a[i]);
      i++;
      j++;
    } else if (i < n && lcs[i + 1][j] >= lcs[i][j + 1]) {
      i++;
    } else {
      out.push(b[j]);
      j++;
    }
  }
  return out.join("\n");
}

/** mdLine is a line of Markdown in one spelling of the ones that say the same. */
function mdLine(line: string): string {
  let s = line.replace(/\s+$/, "");
  // A table's delimiter row: its cells' alignments.
  if (/^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/.test(s) && s.includes("-") && s.includes("|")) {
    const cells = s.trim().replace(/^\|/, "").replace(/\|$/, "").split("|");
    return "|" + cells.map((c) => { const t = c.trim(); return (t.startsWith(":") ? ":" : "") + "-" + (t.endsWith(":") ? ":" : ""); }).join("|") + "|";
  }
  // A table's row: its cells, trimmed.
  if (/^\s*\|.*\|\s*$/.test(s)) {
    s = "|" + s.trim().slice(1, -1).split("|").map((c) => c.trim()).join("|") + "|";
  }
  // A bullet.
  s = s.replace(/^(\s*)[*+] /, "$1- ");
  // Strong and emphasis with underscores.
  s = s.replace(/(^|[^\w_])__(?=\S)(.+?)(?<=\S)__(?![\w_])/g, "$1**$2**");
  s = s.replace(/(^|[^\w_*])_(?=[^_\s])([^_]*?)(?<=[^_\s])_(?![\w_])/g, "$1*$2*");
  return s;
}
