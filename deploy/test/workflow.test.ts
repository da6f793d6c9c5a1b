// Checks the CI workflow for what actionlint does not: every action pinned
// to a full commit SHA with its release in a comment, the test container
// pinned by digest, token permissions granted per job (none at the top),
// deployments only from main, with production behind its environment, and
// no build in a job that holds cloud credentials.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const file = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '.github', 'workflows', 'site.yml');
const text = readFileSync(file, 'utf8');
const lines = text.split('\n');

/** The jobs, each as its own block of lines (two-space indented keys under jobs:). */
function jobs(): Map<string, string> {
  const start = lines.indexOf('jobs:');
  assert.ok(start >= 0, 'a jobs: block');
  const out = new Map<string, string>();
  let name = '';
  for (const line of lines.slice(start + 1)) {
    const m = /^ {2}([A-Za-z0-9_-]+):\s*$/.exec(line);
    if (m) {
      name = m[1];
      out.set(name, '');
    } else if (name) {
      out.set(name, out.get(name) + line + '\n');
    }
  }
  return out;
}

/** Every `uses:` of the file: its value and its comment. */
export function actionRefs(source: string): { line: number; ref: string; comment: string }[] {
  return source.split('\n').flatMap((line, i) => {
    const m = /^\s*(?:-\s+)?uses:\s*(["']?)([^\s"'#]+)\1\s*(?:#\s*(.*))?$/.exec(line);
    return m ? [{ line: i + 1, ref: m[2], comment: m[3] ?? '' }] : [];
  });
}

/** Why a uses: reference is not pinned, or '' when it is. */
export function unpinned(ref: string, comment: string): string {
  const m = /^([\w.-]+\/[\w.-]+(?:\/[\w./-]+)?)@([^@]+)$/.exec(ref);
  if (!m) return `${ref}: not owner/repo@ref (local and docker actions are not allowed)`;
  if (!/^[0-9a-f]{40}$/.test(m[2])) return `${ref}: pinned to "${m[2]}", not a full commit SHA`;
  if (!/^v\d+(\.\d+)*\b/.test(comment)) return `${ref}: no "# vX.Y.Z" comment naming the release of that commit`;
  return '';
}

describe('workflow', () => {
  it('pins every action to a full commit SHA, with its release in a comment', () => {
    const refs = actionRefs(text);
    assert.ok(refs.length >= 4, 'the workflow uses actions');
    const problems = refs.map((r) => unpinned(r.ref, r.comment)).filter(Boolean);
    assert.deepEqual(problems, []);
    // The same action at the same commit everywhere.
    const byAction = new Map<string, Set<string>>();
    for (const r of refs) {
      const [action] = r.ref.split('@');
      byAction.set(action, (byAction.get(action) ?? new Set()).add(r.ref + ' # ' + r.comment));
    }
    for (const [action, pins] of byAction) assert.equal(pins.size, 1, `${action} pinned differently: ${[...pins].join(', ')}`);
  });

  it('tells a tag, a short SHA and a missing comment from a pin', () => {
    const sha = '3d3c42e5aac5ba805825da76410c181273ba90b1';
    assert.equal(unpinned(`actions/checkout@${sha}`, 'v7.0.1'), '');
    assert.match(unpinned('actions/checkout@v4', ''), /not a full commit SHA/);
    assert.match(unpinned('actions/checkout@3d3c42e', 'v7.0.1'), /not a full commit SHA/);
    assert.match(unpinned(`actions/checkout@${sha}`, ''), /no "# vX.Y.Z" comment/);
    assert.match(unpinned('./.github/actions/local', ''), /not owner\/repo@ref/);
    assert.deepEqual(actionRefs(`      - uses: "a/b@${sha}" # v1.2.3\n        uses: c/d@main`), [
      { line: 1, ref: `a/b@${sha}`, comment: 'v1.2.3' },
      { line: 2, ref: 'c/d@main', comment: '' },
    ]);
  });

  it('grants no token permission at the top, and each job only its own', () => {
    assert.match(text, /^permissions: \{\}$/m);
    for (const [name, body] of jobs()) {
      assert.match(body, /^ {4}permissions:\n( {6}[a-z-]+: (read|write).*\n)+/m, `${name} declares its permissions`);
      assert.doesNotMatch(body, /write-all|read-all/, name);
      const writes = [...body.matchAll(/^ {6}([a-z-]+): write/gm)].map((m) => m[1]);
      assert.deepEqual(writes, name.startsWith('deploy-') ? ['id-token'] : [], `${name} writes only what it must`);
    }
  });

  it('deploys only from main, each stage through its environment, production last', () => {
    const all = jobs();
    const deploys = [...all.keys()].filter((n) => n.startsWith('deploy-'));
    assert.deepEqual(deploys, ['deploy-staging', 'deploy-production']);
    for (const name of deploys) {
      const body = all.get(name)!;
      // A push to main, or the daily run that publishes scheduled articles.
      assert.match(
        body,
        /^ {4}if: \(github\.event_name == 'push' \|\| github\.event_name == 'schedule'\) && github\.ref == 'refs\/heads\/main'$/m,
        `${name} runs on main only`,
      );
      assert.match(body, new RegExp(`^ {4}environment:\\n {6}name: ${name.replace('deploy-', '')}$`, 'm'), `${name} uses its environment`);
    }
    assert.match(all.get('deploy-production')!, /^ {4}needs: \[build, deploy-staging\]$/m);
    // The environment's reviewers are a repository setting; the job checks
    // for them before anything else.
    assert.match(all.get('deploy-production')!, /^ {4}steps:\n {6}- name: Production needs required reviewers\n/m);
    assert.match(all.get('deploy-production')!, /required_reviewers/);
  });

  it('restores a cache in the test job only: nothing cached reaches what is built for a deployment', () => {
    for (const [name, body] of jobs()) {
      const restores = /actions\/cache(\/restore)?@/.test(body) || /setup-go@[\s\S]*?cache: true/.test(body);
      if (name === 'test') {
        assert.ok(restores, "the test job restores Go's build cache");
        continue;
      }
      assert.ok(!restores, `${name} restores a cache`);
      if (/setup-go@/.test(body)) assert.match(body, /setup-go@[^\n]*\n {8}with:\n(?: {10}.*\n)*? {10}cache: false\n/, `${name}: setup-go's cache off`);
      if (/setup-node@/.test(body)) assert.match(body, /setup-node@[^\n]*\n {8}with:\n(?: {10}.*\n)*? {10}package-manager-cache: false\n/, `${name}: setup-node's cache off`);
    }
  });

  it("pins the test job's container by digest", () => {
    const test = jobs().get('test')!;
    assert.match(test, /^ {4}container: [\w./-]+:[\w.-]+@sha256:[0-9a-f]{64}$/m, 'container: image:tag@sha256:<64 hex>');
  });

  it('never builds where there are cloud credentials: a job builds, another uploads', () => {
    const builds = /\bgo (run|build)\b|make (deploy-build|build|lambda|test|deps|serve|dev)\b|make deploy\s*$|setup-go/m;
    const credentials = /configure-aws-credentials|id-token: write/;
    const all = jobs();
    for (const [name, body] of all) {
      assert.ok(!(builds.test(body) && credentials.test(body)), `${name} both builds and holds cloud credentials`);
    }
    const build = all.get('build')!;
    assert.match(build, /make deploy-build/);
    assert.match(build, /^ {8}stage: \[staging, production\]$/m, 'built once per stage (each has its own base URL)');
    assert.match(build, /upload-artifact@[\s\S]*name: dist-\$\{\{ matrix\.stage \}\}/);
    for (const stage of ['staging', 'production']) {
      const body = all.get(`deploy-${stage}`)!;
      const at = (re: RegExp) => {
        const m = re.exec(body);
        assert.ok(m, `deploy-${stage}: ${re}`);
        return m.index;
      };
      assert.match(body, /^ {4}needs: .*\bbuild\b/m, `deploy-${stage} takes the build job's output`);
      const download = at(new RegExp(`download-artifact@[\\s\\S]*?name: dist-${stage}\\n`));
      const deps = at(/run: make deploy-deps/);
      const creds = at(/configure-aws-credentials@/);
      const synth = at(/run: make deploy-synth\n/);
      const upload = at(/run: \|\n\s+make deploy-upload\n/);
      assert.ok(download < creds && deps < creds && creds < synth && synth < upload,
        `deploy-${stage}: artifact and dependencies first, credentials last, then the synth, then the deployment of its assembly`);
    }
  });
});
