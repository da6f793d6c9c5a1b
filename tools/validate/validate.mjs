// Runs two independent checkers on every HTML page of a built site and
// prints each finding as "file:line:col: checker rule: message"; exits 1
// when there is any.
//
//	node validate.mjs DIR
//
//   - html-validate, recommended rules, less those that only restate how
//     React serializes HTML (doctype and attribute case, boolean and empty
//     attribute style, void element style, style attributes): the markup
//     is what React writes, and those rules are taste, not validity.
//   - structured-data-testing-tool with the Google, Twitter and Facebook
//     presets: the JSON-LD, Open Graph and Twitter card of each page.
import fs from 'node:fs';
import path from 'node:path';
import {HtmlValidate} from 'html-validate';
import sdtt from 'structured-data-testing-tool';
import presets from 'structured-data-testing-tool/presets.js';

// Both are CommonJS modules.
const {structuredDataTest} = sdtt;
const {Google, Twitter, Facebook} = presets;

const dir = process.argv[2];
if (!dir) {
  console.error('usage: node validate.mjs DIR');
  process.exit(2);
}

const htmlValidateConfig = {
  root: true,
  extends: ['html-validate:recommended'],
  rules: {
    'doctype-style': 'off',
    'attr-case': 'off',
    'attribute-boolean-style': 'off',
    'attribute-empty-style': 'off',
    'void-style': 'off',
    'no-inline-style': 'off',
  },
};

function htmlFiles(root) {
  const out = [];
  for (const e of fs.readdirSync(root, {withFileTypes: true, recursive: true})) {
    if (e.isFile() && e.name.endsWith('.html')) out.push(path.join(e.parentPath ?? e.path, e.name));
  }
  return out.sort();
}

const files = htmlFiles(dir);
if (files.length === 0) {
  console.error(`${dir}: no HTML files`);
  process.exit(2);
}
const htmlvalidate = new HtmlValidate(htmlValidateConfig);
const findings = [];
for (const file of files) {
  const rel = path.relative(dir, file);
  const report = await htmlvalidate.validateFile(file);
  for (const r of report.results) {
    for (const m of r.messages) {
      findings.push(`${rel}:${m.line}:${m.column}: html-validate ${m.ruleId}: ${m.message}`);
    }
  }
  // The redirect pages (a meta refresh to another route) carry no
  // metadata of their own: search engines and share previews follow them.
  const html = fs.readFileSync(file);
  if (/<meta http-equiv="refresh"/.test(html)) continue;
  let res;
  try {
    res = await structuredDataTest(html, {presets: [Google, Twitter, Facebook]});
  } catch (err) {
    if (err.type !== 'VALIDATION_FAILED') throw err;
    res = err.res;
  }
  for (const t of [...res.failed, ...res.warnings]) {
    const what = t.failed ? 'structured-data' : 'structured-data warning';
    findings.push(`${rel}: ${what} ${t.group ?? ''} ${t.description ?? t.test}: ${t.error?.message ?? 'failed'}`.replace(/\s+/g, ' '));
  }
}
for (const f of findings) console.log(f);
console.log(`${files.length} pages checked, ${findings.length} findings`);
process.exit(findings.length ? 1 : 0);
