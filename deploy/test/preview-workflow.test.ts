// Checks the pull request preview workflow for what actionlint does not:
// when it runs, that a fork's pull request gets no preview, that the job
// running the pull request's code holds no cloud credentials while the
// job holding them runs none of it, that each job has only its own token
// permissions, that the upload is narrowed to the pull request's own
// prefix and keys, that closing deletes the preview, and that every action
// is pinned as in site.yml.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const workflows = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '.github', 'workflows');
const text = readFileSync(join(workflows, 'preview.yml'), 'utf8');
const lines = text.split('\n');

/** The top-level block named key (its lines, without the key's own line). */
function block(key: string): string {
  const start = lines.indexOf(`${key}:`);
  assert.ok(start >= 0, `a ${key}: block`);
  const end = lines.findIndex((l, i) => i > start && /^\S/.test(l));
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n').replace(/\n*$/, '\n');
}

/** The jobs, each as its own block of lines. */
function jobs(): Map<string, string> {
  const out = new Map<string, string>();
  let name = '';
  for (const line of block('jobs').split('\n')) {
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

/** A job's `permissions:` entries. */
function permissions(body: string): Record<string, string> {
  const m = /^ {4}permissions:\n((?: {6}[a-z-]+: [a-z]+.*\n)+)/m.exec(body);
  assert.ok(m, 'the job declares its permissions');
  return Object.fromEntries([...m[1].matchAll(/^ {6}([a-z-]+): ([a-z]+)/gm)].map((x) => [x[1], x[2]]));
}

const all = jobs();
const job = (name: string) => {
  const b = all.get(name);
  assert.ok(b, `a ${name} job`);
  return b;
};
const notFork = 'github.event.pull_request.head.repo.full_name == github.repository';

describe('preview workflow', () => {
  it('runs on pull requests opened, pushed to, reopened and closed, and on nothing else', () => {
    assert.equal(block('on'), '  pull_request:\n    types: [opened, synchronize, reopened, closed]\n');
    // pull_request_target would run with the base's secrets on a fork's code.
    assert.doesNotMatch(text, /pull_request_target|workflow_run/);
    assert.deepEqual([...all.keys()], ['build', 'deploy', 'comment', 'cleanup', 'closed']);
  });

  it("gives a fork's pull request no preview: no build, so no upload, no comment, and nothing to clean up", () => {
    assert.match(job('build'), new RegExp(`^ {4}if: github\\.event\\.action != 'closed' && ${notFork.replace(/\./g, '\\.')}$`, 'm'));
    assert.match(job('cleanup'), new RegExp(`^ {4}if: github\\.event\\.action == 'closed' && ${notFork.replace(/\./g, '\\.')}$`, 'm'));
    assert.match(job('deploy'), /^ {4}needs: build$/m, 'the upload runs only after a build');
    assert.match(job('comment'), /^ {4}needs: deploy$/m);
    for (const name of ['deploy', 'comment']) assert.doesNotMatch(job(name), /^ {4}if:/m, `${name} has no condition of its own that could outrun build's`);
  });

  it('builds with no cloud credentials: no id-token permission, no role, no secret', () => {
    const build = job('build');
    assert.deepEqual(permissions(build), { contents: 'read' });
    assert.doesNotMatch(build, /id-token|configure-aws-credentials|secrets\.|AWS_/);
    assert.match(build, /go run \.\/cmd\/build -base-url "https:\/\/pr-\$PR\.\$PREVIEW_DOMAIN" -preview-pr "\$PR" -preview-url "\$PR_URL"/);
    assert.match(build, /actions\/upload-artifact@/);
  });

  it("uploads with credentials but runs none of the pull request's code, narrowed to its own prefix and keys", () => {
    const deploy = job('deploy');
    assert.deepEqual(permissions(deploy), { 'id-token': 'write' });
    assert.doesNotMatch(deploy, /actions\/checkout|setup-go|setup-node|make |go run|npm /, 'no checkout, no build tool');
    const policy = /inline-session-policy: >-\n((?: {12}.*\n)+)/.exec(deploy);
    assert.ok(policy, 'a session policy');
    const p = policy[1].replace(/\$\{\{ github\.event\.pull_request\.number \}\}/g, '12').replace(/\$\{\{ vars\.(\w+) \}\}/g, '$1');
    const doc = JSON.parse(p.split('\n').map((l) => l.trim()).join(''));
    const s3 = doc.Statement.filter((s: { Action: string | string[] }) => [s.Action].flat().some((a) => a.startsWith('s3:')));
    assert.deepEqual(s3.map((s: { Resource: string }) => s.Resource), ['arn:aws:s3:::PREVIEW_BUCKET/pr-12/*', 'arn:aws:s3:::PREVIEW_BUCKET']);
    assert.equal(s3[1].Condition.StringLike['s3:prefix'], 'pr-12/*');
    assert.match(deploy, /aws s3 sync dist\/site "s3:\/\/\$BUCKET\/\$prefix\/"/);
  });

  it("refuses a build whose routing table names another pull request's keys", () => {
    const program = /jq -e --arg p "pr-\$PR" '\n([\s\S]*?)\n {10}' dist\/cdn\/preview-keys\.json/.exec(job('deploy'));
    assert.ok(program, 'the check of the routing table');
    const dir = mkdtempSync(join(tmpdir(), 'preview-keys-'));
    const check = (data: { key: string; value: string }[]) => {
      const f = join(dir, 'keys.json');
      writeFileSync(f, JSON.stringify({ data }));
      return spawnSync('jq', ['-e', '--arg', 'p', 'pr-12', program[1], f], { encoding: 'utf8' }).status;
    };
    const own = [{ key: 'pr-12', value: 'abc 1' }, { key: 'pr-12.abc.0', value: '{}' }];
    assert.equal(check(own), 0);
    assert.notEqual(check([...own, { key: 'pr-13.abc.0', value: '{}' }]), 0, 'another pull request');
    assert.notEqual(check([...own, { key: 'pr-123', value: 'x 1' }]), 0, 'a number that starts alike');
    assert.notEqual(check([{ key: 'pr-12', value: 'abc 1' }, { key: 'pr-12.abc.0', value: 'x'.repeat(1025) }]), 0, 'over 1 KB');
    assert.notEqual(check([{ key: 'pr-12', value: 'abc 1' }]), 0, 'no table');
    const pieces = (n: number) => Array.from({ length: n }, (_, i) => ({ key: `pr-12.abc.${i}`, value: 'x'.repeat(1024) }));
    assert.equal(check([{ key: 'pr-12', value: 'abc 16' }, ...pieces(16)]), 0, 'the 16 pieces a function reads');
    assert.notEqual(check([{ key: 'pr-12', value: 'abc 17' }, ...pieces(17)]), 0, 'more of the store than a function reads');
  });

  it('posts the URL on the pull request with pull-requests: write and nothing else', () => {
    const comment = job('comment');
    assert.deepEqual(permissions(comment), { 'pull-requests': 'write' });
    assert.match(comment, /URL: \$\{\{ needs\.deploy\.outputs\.url \}\}/);
    assert.match(comment, /-X PATCH/, 'the same comment updated on every push');
    const closed = job('closed');
    assert.deepEqual(permissions(closed), { 'pull-requests': 'write' });
    assert.match(closed, /^ {4}needs: cleanup$/m, 'it says the preview is gone once it is');
  });

  it("deletes the preview's routing table and files when the pull request closes", () => {
    const cleanup = job('cleanup');
    assert.deepEqual(permissions(cleanup), { 'id-token': 'write' });
    assert.doesNotMatch(cleanup, /needs:/, 'it does not wait for a build');
    assert.match(cleanup, /update --deletes "\$head"/);
    assert.match(cleanup, /update --deletes "\$pieces"/);
    assert.match(cleanup, /aws s3 rm "s3:\/\/\$BUCKET\/\$prefix\/" --recursive/);
    assert.match(cleanup, /prefix="pr-\$PR"/);
  });

  it("puts no expression into a script: the pull request's title, branch or body never reach a shell", () => {
    // A run: block is shell text; ${{ }} in it is pasted in before the
    // shell parses it. Values reach scripts through env: only, and of the
    // event only its number, address and commit.
    for (const [name, body] of all) {
      for (const m of body.matchAll(/^( +)run: \|\n((?:\1 {2}.*\n|\s*\n)+)/gm)) assert.doesNotMatch(m[2], /\$\{\{/, `${name}: an expression in a run: script`);
      assert.doesNotMatch(body, /^\s*run: .*\$\{\{/m, `${name}: an expression in a one-line run:`);
    }
    const fields = [...text.matchAll(/github\.event\.pull_request\.([\w.]+)/g)].map((m) => m[1]);
    assert.deepEqual([...new Set(fields)].sort(), ['head.repo.full_name', 'head.sha', 'html_url', 'number']);
  });

  it('grants nothing at the top, and runs one pull request at a time without cancelling an upload', () => {
    assert.match(text, /^permissions: \{\}$/m);
    assert.equal(block('concurrency'), '  group: preview-${{ github.event.pull_request.number }}\n  cancel-in-progress: false\n');
    for (const [name, body] of all) assert.doesNotMatch(body, /write-all|read-all|contents: write/, name);
  });

  it('pins every action to a full commit SHA with its release, and as site.yml does', () => {
    const refs = (source: string) =>
      [...source.matchAll(/^\s*(?:-\s+)?uses:\s*([^\s#]+)\s*(?:#\s*(.*))?$/gm)].map((m) => ({ ref: m[1], comment: m[2] ?? '' }));
    const ours = refs(text);
    assert.ok(ours.length >= 5);
    for (const r of ours) {
      assert.match(r.ref, /^[\w.-]+\/[\w.-]+@[0-9a-f]{40}$/, `${r.ref} pinned to a commit`);
      assert.match(r.comment, /^v\d+\.\d+\.\d+$/, `${r.ref}: its release in a comment`);
    }
    const site = new Map(refs(readFileSync(join(workflows, 'site.yml'), 'utf8')).map((r) => [r.ref.split('@')[0], `${r.ref} # ${r.comment}`]));
    for (const r of ours) {
      const there = site.get(r.ref.split('@')[0]);
      if (there) assert.equal(`${r.ref} # ${r.comment}`, there, 'the same pin as site.yml');
    }
  });
});

/** The shell of a job's step, as the runner gets it (its block, unindented). */
function stepScript(body: string, name: string): string {
  const ls = body.split('\n');
  const start = ls.findIndex((l) => l === `      - name: ${name}`);
  assert.ok(start >= 0, `a step "${name}"`);
  const run = ls.findIndex((l, i) => i > start && l === '        run: |');
  assert.ok(run > start, `"${name}" runs a script`);
  const out: string[] = [];
  for (const l of ls.slice(run + 1)) {
    if (l.trim() !== '' && !l.startsWith('          ')) break;
    out.push(l.slice(10));
  }
  return out.join('\n').trimEnd() + '\n';
}

// The deploy and cleanup scripts run as the runner runs them (bash -eo
// pipefail), against a stand-in of the AWS CLI (test/fixtures/aws) that
// keeps the key value store in a file and logs every call. The store
// starts with an older table of pull request 12 and the tables of 13 and
// 123, which must come through untouched.
describe('preview workflow scripts, against an AWS CLI stand-in', () => {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const dir = mkdtempSync(join(tmpdir(), 'preview-scripts-'));
  const state = join(dir, 'state.json');
  const log = join(dir, 'aws.log');
  const output = join(dir, 'github-output');
  const others = { 'pr-13': 'w 1', 'pr-13.w.0': '{}', 'pr-123': 'z 1', 'pr-123.z.0': '{}' };
  writeFileSync(state, JSON.stringify({ etag: 'E1', keys: { 'pr-12': 'v1 2', 'pr-12.v1.0': '{"a":', 'pr-12.v1.1': '1}', ...others } }));
  for (const [p, body] of Object.entries({ 'site/index.html': 'home', 'site/assets/app-1.js': 'js', 'site/data/p-1.json': '{}' })) {
    mkdirSync(dirname(join(dir, 'dist', p)), { recursive: true });
    writeFileSync(join(dir, 'dist', p), body);
  }
  mkdirSync(join(dir, 'dist', 'cdn'), { recursive: true });
  writeFileSync(join(dir, 'dist', 'cdn', 'routes.json'), readFileSync(join(root, 'test', 'fixtures', 'cdn', 'routes.json')));
  const table = [{ key: 'pr-12.v2.0', value: '{"headers":{}}' }, { key: 'pr-12', value: 'v2 1' }];
  writeFileSync(join(dir, 'dist', 'cdn', 'preview-keys.json'), JSON.stringify({ data: table }));
  const run = (script: string) => {
    writeFileSync(join(dir, 'step.sh'), script);
    writeFileSync(log, '');
    const r = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', join(dir, 'step.sh')], {
      cwd: dir,
      encoding: 'utf8',
      env: {
        PATH: `${join(root, 'test', 'fixtures', 'aws')}:${process.env.PATH}`,
        PR: '12',
        BUCKET: 'previews-bucket',
        KVS_ARN: 'arn:aws:cloudfront::111111111111:key-value-store/previews',
        PREVIEW_DOMAIN: 'vozia-preview.example',
        GITHUB_OUTPUT: output,
        AWS_STANDIN_STATE: state,
        AWS_STANDIN_LOG: log,
      },
    });
    assert.equal(r.status, 0, r.stderr);
    return readFileSync(log, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as string[]);
  };
  const keys = () => (JSON.parse(readFileSync(state, 'utf8')) as { keys: Record<string, string> }).keys;

  it("uploads the files below pr-12/, hashed ones first, then the new table's pieces, its head, and drops the old pieces", () => {
    const calls = run(stepScript(job('deploy'), 'Upload the files, then the routing table'));
    const syncs = calls.filter((c) => c[0] === 's3');
    assert.ok(syncs.every((c) => c[1] === 'sync' && c[2] === 'dist/site' && c[3] === 's3://previews-bucket/pr-12/'), JSON.stringify(syncs));
    const cache = (c: string[]) => c[c.indexOf('--cache-control') + 1];
    assert.deepEqual(syncs.slice(0, -1).map((c) => [c[c.indexOf('--include') + 1], cache(c)]), [
      ['assets/*', 'public, max-age=31536000, immutable'],
      ['data/*', 'public, max-age=31536000, immutable'],
    ]);
    const pages = syncs[syncs.length - 1];
    assert.ok(pages.includes('--delete') && !pages.includes('--include'));
    assert.deepEqual(pages.filter((_, i) => pages[i - 1] === '--exclude'), ['assets/*', 'data/*'], 'hashed files are never deleted while the preview lives');
    assert.equal(cache(pages), 'public, max-age=0, must-revalidate');

    const updates = calls.filter((c) => c[1] === 'update-keys').map((c) => (c.includes('--puts') ? 'put ' : 'delete ') + JSON.parse(c[c.indexOf(c.includes('--puts') ? '--puts' : '--deletes') + 1]).map((k: { Key: string }) => k.Key).join(','));
    assert.deepEqual(updates, ['put pr-12.v2.0', 'put pr-12', 'delete pr-12.v1.0,pr-12.v1.1']);
    assert.deepEqual(keys(), { 'pr-12': 'v2 1', 'pr-12.v2.0': '{"headers":{}}', ...others });
    assert.match(readFileSync(output, 'utf8'), /^url=https:\/\/pr-12\.vozia-preview\.example$/m);
  });

  it("deletes pull request 12's head, then its pieces, then its files, and nothing of 13 or 123", () => {
    const calls = run(stepScript(job('cleanup'), "Delete the preview's routing table, then its files"));
    const updates = calls.filter((c) => c[1] === 'update-keys').map((c) => JSON.parse(c[c.indexOf('--deletes') + 1]).map((k: { Key: string }) => k.Key));
    assert.deepEqual(updates, [['pr-12'], ['pr-12.v2.0']]);
    assert.deepEqual(keys(), others);
    assert.deepEqual(calls[calls.length - 1], ['s3', 'rm', 's3://previews-bucket/pr-12/', '--recursive', '--only-show-errors']);
  });

  it('deletes more pieces than one call takes (two versions left by a failed run), on upload and on close', () => {
    const many = (v: string) => Object.fromEntries(Array.from({ length: 39 }, (_, i) => [`pr-12.${v}.${i}`, 'x']));
    writeFileSync(state, JSON.stringify({ etag: 'E1', keys: { 'pr-12': 'v1 39', ...many('v1'), ...many('v0'), ...others } }));
    run(stepScript(job('deploy'), 'Upload the files, then the routing table'));
    assert.deepEqual(keys(), { 'pr-12': 'v2 1', 'pr-12.v2.0': '{"headers":{}}', ...others });
    writeFileSync(state, JSON.stringify({ etag: 'E1', keys: { 'pr-12': 'v1 39', ...many('v1'), ...many('v0'), ...others } }));
    run(stepScript(job('cleanup'), "Delete the preview's routing table, then its files"));
    assert.deepEqual(keys(), others);
  });
});
