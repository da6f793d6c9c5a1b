// Checks the pull request preview workflows for what actionlint does not:
// that the workflow a pull request can change (preview.yml) builds with no
// cloud credential, and that the one holding credentials
// (preview-publish.yml, run by GitHub as it is on main) runs none of the
// pull request's code, takes the role only in the environment "preview"
// after checking that environment deploys from main only, finds the pull
// request from GitHub's record of the run and never from the artifact,
// narrows the upload to the pull request's own prefix and keys, deletes
// the preview on close, and pins every action as site.yml does.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { tempDir } from './tmp.ts';

const workflows = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '.github', 'workflows');

/** A workflow file, cut into its top-level blocks and jobs. */
function workflow(file: string) {
  const text = readFileSync(join(workflows, file), 'utf8');
  const lines = text.split('\n');
  /** The top-level block named key (its lines, without the key's own line). */
  const block = (key: string): string => {
    const start = lines.indexOf(`${key}:`);
    assert.ok(start >= 0, `${file}: a ${key}: block`);
    const end = lines.findIndex((l, i) => i > start && /^\S/.test(l));
    return lines.slice(start + 1, end < 0 ? undefined : end).join('\n').replace(/\n*$/, '\n');
  };
  const all = new Map<string, string>();
  let name = '';
  for (const line of block('jobs').split('\n')) {
    const m = /^ {2}([A-Za-z0-9_-]+):\s*$/.exec(line);
    if (m) {
      name = m[1];
      all.set(name, '');
    } else if (name) {
      all.set(name, all.get(name) + line + '\n');
    }
  }
  const job = (n: string) => {
    const b = all.get(n);
    assert.ok(b, `${file}: a ${n} job`);
    return b;
  };
  return { file, text, block, all, job };
}

/** A job's `permissions:` entries. */
function permissions(body: string): Record<string, string> {
  const m = /^ {4}permissions:\n((?: {6}[a-z-]+: [a-z]+.*\n)+)/m.exec(body);
  assert.ok(m, 'the job declares its permissions');
  return Object.fromEntries([...m[1].matchAll(/^ {6}([a-z-]+): ([a-z]+)/gm)].map((x) => [x[1], x[2]]));
}

/** The step names (or uses:) of a job, in order. */
function stepNames(body: string): string[] {
  return [...body.matchAll(/^ {6}- (?:if: .*\n {8})?(?:name: (.*)|uses: ([^@\s]+))/gm)].map((m) => m[1] ?? m[2]);
}

const build = workflow('preview.yml');
const publish = workflow('preview-publish.yml');
const notFork = 'github.event.pull_request.head.repo.full_name == github.repository';
const pullRequestCode = /actions\/checkout|setup-go|setup-node|make |go run|npm |npx |node /;

describe('preview workflow (preview.yml): what a pull request can change', () => {
  it('runs on pull requests into main opened, pushed to and reopened, and on nothing else', () => {
    assert.equal(build.block('on'), '  pull_request:\n    types: [opened, synchronize, reopened]\n    branches: [main] # previews are of what main would become\n');
    // pull_request_target would run with the base's secrets on the pull
    // request's code; the deployment is preview-publish.yml's.
    assert.doesNotMatch(build.text.replace(/^\s*#.*$/gm, ''), /pull_request_target|workflow_run|environment:/);
    assert.deepEqual([...build.all.keys()], ['build']);
  });

  it("builds a pull request from this repository only, with no cloud credential, no secret, no environment", () => {
    const job = build.job('build');
    assert.match(job, new RegExp(`^ {4}if: ${notFork.replace(/\./g, '\\.')}$`, 'm'));
    assert.deepEqual(permissions(job), { contents: 'read' });
    assert.doesNotMatch(job, /id-token|configure-aws-credentials|secrets\.|AWS_|environment/);
    assert.match(job, /go run \.\/cmd\/build -base-url "https:\/\/pr-\$PR\.\$PREVIEW_DOMAIN" -preview-pr "\$PR" -preview-url "\$PR_URL"/);
    assert.match(job, /actions\/upload-artifact@[\s\S]*name: preview\n/);
  });
});

describe('preview deployment (preview-publish.yml): as it is on main', () => {
  it('runs after a preview build completes, when a pull request into main closes, and every day', () => {
    const on = publish.block('on').replace(/^ *#.*\n/gm, '');
    assert.equal(
      on,
      "  workflow_run:\n    workflows: [preview]\n    types: [completed]\n  pull_request_target:\n    types: [closed]\n    branches: [main]\n  schedule:\n    - cron: '17 4 * * *'\n  workflow_dispatch:\n",
    );
    assert.deepEqual([...publish.all.keys()], ['deploy', 'comment', 'cleanup', 'closed']);
  });

  it("never checks out, builds or runs the pull request's code", () => {
    for (const [name, body] of publish.all) assert.doesNotMatch(body, pullRequestCode, name);
  });

  it('deploys after a successful build of a pull request from this repository only, and cleans up on close only', () => {
    const deployIf = /^ {4}if: >-\n((?: {6}.*\n)+)/m.exec(publish.job('deploy'));
    assert.ok(deployIf, 'deploy has a condition');
    const cond = deployIf[1].replace(/\s+/g, ' ').trim();
    for (const part of [
      "github.event_name == 'workflow_run'",
      "github.event.workflow_run.event == 'pull_request'",
      "github.event.workflow_run.conclusion == 'success'",
      'github.event.workflow_run.head_repository.full_name == github.repository',
    ])
      assert.ok(cond.includes(part), `deploy's if: has ${part}`);
    assert.doesNotMatch(cond, /\|\|/, 'every part must hold');
    const cleanupIf = /^ {4}if: >-\n((?: {6}.*\n)+)/m.exec(publish.job('cleanup'));
    assert.ok(cleanupIf, 'cleanup has a condition');
    assert.equal(
      cleanupIf[1].replace(/\s+/g, ' ').trim(),
      `github.event_name == 'pull_request_target' && github.event.action == 'closed' && ${notFork} || github.event_name == 'schedule' || github.event_name == 'workflow_dispatch'`,
    );
    assert.match(publish.job('comment'), /^ {4}needs: deploy\n {4}if: needs\.deploy\.outputs\.pr != ''$/m);
    assert.match(publish.job('closed'), /^ {4}needs: cleanup\n {4}if: github\.event_name == 'pull_request_target'$/m, 'it says the preview is gone once it is');
  });

  it('takes the role only in the environment preview, after checking that environment deploys from main only', () => {
    for (const name of ['deploy', 'cleanup']) {
      const job = publish.job(name);
      assert.match(job, /^ {4}environment:(?: preview\n|\n {6}name: preview\n)/m, `${name} runs in the environment preview`);
      const steps = stepNames(job);
      const check = steps.indexOf('The preview environment deploys from main only');
      const creds = steps.indexOf('aws-actions/configure-aws-credentials');
      assert.ok(check >= 0 && creds > check, `${name}: the environment's rule is checked before the role is asked for: ${steps}`);
    }
    for (const name of ['comment', 'closed']) assert.doesNotMatch(publish.job(name), /environment|id-token|configure-aws-credentials/, name);
  });

  it('gives each job only its own token permissions', () => {
    assert.deepEqual(permissions(publish.job('deploy')), { actions: 'read', 'id-token': 'write', 'pull-requests': 'read' });
    assert.deepEqual(permissions(publish.job('comment')), { 'pull-requests': 'write' });
    assert.deepEqual(permissions(publish.job('cleanup')), { actions: 'read', 'id-token': 'write', 'pull-requests': 'read' });
    assert.deepEqual(permissions(publish.job('closed')), { 'pull-requests': 'write' });
  });

  it("takes the build's artifact from the run that triggered it, and the pull request's number from GitHub's record, never from the artifact", () => {
    const deploy = publish.job('deploy');
    assert.match(deploy, /actions\/download-artifact@.*\n {8}with:\n {10}name: preview\n {10}path: dist\n {10}run-id: \$\{\{ github\.event\.workflow_run\.id \}\}\n/);
    assert.match(deploy, /"\$GITHUB_EVENT_PATH"/);
    const steps = stepNames(deploy);
    assert.equal(steps[0], 'Find the pull request the build was of');
    assert.ok(steps.indexOf('actions/download-artifact') > 0, 'the artifact is downloaded after the pull request is known');
    // Every later step waits for the number; the PR variable of every step
    // is that number.
    for (const m of deploy.matchAll(/^ {10}PR: (.*)$/gm)) assert.equal(m[1], '${{ steps.pr.outputs.number }}');
    assert.equal((deploy.match(/^ {6}- if: steps\.pr\.outputs\.number != ''$/gm) ?? []).length, steps.length - 1);
  });

  it("uploads with credentials narrowed to the pull request's own prefix and keys", () => {
    const deploy = publish.job('deploy');
    const policy = /inline-session-policy: >-\n((?: {12}.*\n)+)/.exec(deploy);
    assert.ok(policy, 'a session policy');
    const p = policy[1].replace(/\$\{\{ steps\.pr\.outputs\.number \}\}/g, '12').replace(/\$\{\{ vars\.(\w+) \}\}/g, '$1');
    const doc = JSON.parse(p.split('\n').map((l) => l.trim()).join(''));
    const s3 = doc.Statement.filter((s: { Action: string | string[] }) => [s.Action].flat().some((a) => a.startsWith('s3:')));
    assert.deepEqual(s3.map((s: { Resource: string }) => s.Resource), ['arn:aws:s3:::PREVIEW_BUCKET/pr-12/*', 'arn:aws:s3:::PREVIEW_BUCKET']);
    assert.equal(s3[1].Condition.StringLike['s3:prefix'], 'pr-12/*');
    assert.match(deploy, /aws s3 sync dist\/site "s3:\/\/\$BUCKET\/\$prefix\/"/);
  });

  it("refuses a build whose routing table names another pull request's keys", () => {
    const program = /jq -e -s --arg p "pr-\$PR" '\n([\s\S]*?)\n {10}' dist\/cdn\/preview-keys\.json/.exec(publish.job('deploy'));
    assert.ok(program, 'the check of the routing table');
    const dir = tempDir('preview-keys-');
    const check = (data: { key: string; value: string }[], before = '') => {
      const f = join(dir, 'keys.json');
      writeFileSync(f, before + JSON.stringify({ data }));
      return spawnSync('jq', ['-e', '-s', '--arg', 'p', 'pr-12', program[1], f], { encoding: 'utf8' }).status;
    };
    const own = [{ key: 'pr-12', value: 'abc 1' }, { key: 'pr-12.abc.0', value: '{}' }];
    assert.equal(check(own), 0);
    assert.notEqual(check([...own, { key: 'pr-13.abc.0', value: '{}' }]), 0, 'another pull request');
    assert.notEqual(check([...own, { key: 'pr-123', value: 'x 1' }]), 0, 'a number that starts alike');
    assert.notEqual(check([{ key: 'pr-12', value: 'abc 1' }, { key: 'pr-12.abc.0', value: 'x'.repeat(1025) }]), 0, 'over 1 KB');
    assert.notEqual(check([{ key: 'pr-12', value: 'abc 1' }]), 0, 'no table');
    assert.notEqual(check(own, JSON.stringify({ data: [{ key: 'pr-13', value: 'x 1' }, { key: 'pr-13.x.0', value: '{}' }] }) + '\n'), 0, "another pull request's table before its own");
    const pieces = (n: number) => Array.from({ length: n }, (_, i) => ({ key: `pr-12.abc.${i}`, value: 'x'.repeat(1024) }));
    assert.equal(check([{ key: 'pr-12', value: 'abc 16' }, ...pieces(16)]), 0, 'the 16 pieces a function reads');
    assert.notEqual(check([{ key: 'pr-12', value: 'abc 17' }, ...pieces(17)]), 0, 'more of the store than a function reads');
  });

  it("refuses a build whose manifest would hand the AWS CLI anything but a folder and a Cache-Control", () => {
    // The CLI reads a value that begins with file:// from that file: a
    // Cache-Control of file:///proc/self/environ would publish the
    // runner's environment in a header of the preview's files.
    const program = /jq -e -s '\n([\s\S]*?)\n {10}' dist\/cdn\/routes\.json/.exec(publish.job('deploy'));
    assert.ok(program, "the check of the manifest's headers");
    const dir = tempDir('preview-headers-');
    const shipped = JSON.parse(readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'cdn', 'routes.json'), 'utf8')) as { headers: { for: unknown; values: Record<string, unknown> }[] };
    const check = (change: (h: typeof shipped.headers) => void, before = '') => {
      const m = structuredClone(shipped);
      change(m.headers);
      const f = join(dir, 'routes.json');
      writeFileSync(f, before + JSON.stringify(m));
      return spawnSync('jq', ['-e', '-s', program[1], f], { encoding: 'utf8' }).status;
    };
    const hashed = (h: typeof shipped.headers) => h.find((x) => x.for !== '/*' && String(x.for).endsWith('/*') && x.values['Cache-Control'])!;
    const pages = (h: typeof shipped.headers) => h.find((x) => x.for === '/*')!;
    assert.equal(check(() => {}), 0, 'the headers a build writes');
    assert.equal(check((h) => { h.push({ for: '/admin/config.yml', values: { 'Cache-Control': 'no-store' } }); }), 0, "a file's own header, which the upload does not pass");
    assert.equal(check((h) => { hashed(h).values['Cache-Control'] = 'public, s-maxage=60, stale-while-revalidate=30'; }), 0, 'other directives');
    assert.notEqual(check((h) => { pages(h).values['Cache-Control'] = 'file:///proc/self/environ'; }), 0, "a file of the runner as the pages' header");
    assert.notEqual(check((h) => { hashed(h).values['Cache-Control'] = 'fileb:///etc/hostname'; }), 0, "a file of the runner as a folder's header");
    assert.notEqual(check((h) => { hashed(h).for = 'file:///etc/*'; }), 0, 'a file of the runner as a folder');
    assert.notEqual(check((h) => { hashed(h).for = '/../*'; }), 0, 'a folder above the site');
    assert.notEqual(check((h) => { hashed(h).values['Cache-Control'] = 'public\nx-amz-website-redirect-location: /'; }), 0, 'a second header');
    assert.notEqual(check((h) => { hashed(h).values['Cache-Control'] = 'public\n'; }), 0, 'a last newline');
    assert.notEqual(check((h) => { hashed(h).for = '/assets\n/*'; }), 0, 'a folder with a newline');
    assert.notEqual(check((h) => { hashed(h).values['Cache-Control'] = 42; }), 0, 'not a string');
    assert.notEqual(check((h) => { h.splice(h.indexOf(pages(h)), 1); }), 0, "no pages' header");
    // The upload reads every document of the file: a first one must not
    // slip past a check that judged the last.
    const hostile = JSON.stringify({ headers: [{ for: '/a/*', values: { 'Cache-Control': 'file:///proc/self/environ' } }, { for: '/*', values: { 'Cache-Control': 'max-age=0' } }] });
    assert.notEqual(check(() => {}, hostile + '\n'), 0, 'a hostile document before a good one');
    assert.notEqual(check(() => {}, JSON.stringify(shipped) + '\n'), 0, 'two good documents');
  });

  it('posts the URL on the pull request, the same comment updated on every push', () => {
    const comment = publish.job('comment');
    assert.match(comment, /URL: \$\{\{ needs\.deploy\.outputs\.url \}\}/);
    assert.match(comment, /PR: \$\{\{ needs\.deploy\.outputs\.pr \}\}/);
    assert.match(comment, /-X PATCH/);
  });

  it("deletes the preview's routing table and files when the pull request closes", () => {
    const cleanup = publish.job('cleanup');
    assert.doesNotMatch(cleanup, /needs:/, 'it does not wait for a build');
    assert.match(cleanup, /update --deletes "\$head"/);
    assert.match(cleanup, /update --deletes "\$pieces"/);
    assert.match(cleanup, /aws s3 rm "s3:\/\/\$BUCKET\/\$prefix\/" --recursive/);
    assert.match(cleanup, /prefix="pr-\$n"/);
    // A close's session may delete its own pull request's files only.
    const policy = /inline-session-policy: >-\n((?: {12}.*\n)+)/.exec(cleanup);
    assert.ok(policy);
    for (const [number, prefix] of [['12', 'pr-12'], ['', 'pr-*']]) {
      const p = policy[1].replace(/\$\{\{ github\.event\.pull_request\.number \|\| '\*' \}\}/g, number || '*').replace(/\$\{\{ vars\.(\w+) \}\}/g, '$1');
      const doc = JSON.parse(p.split('\n').map((l) => l.trim()).join(''));
      assert.deepEqual(doc.Statement.map((s: { Resource: string }) => s.Resource).slice(0, 2), [`arn:aws:s3:::PREVIEW_BUCKET/${prefix}/*`, 'arn:aws:s3:::PREVIEW_BUCKET']);
      assert.ok(!JSON.stringify(doc).includes('PutObject'), 'the cleanup writes nothing');
    }
  });

  it("runs one deployment of a branch at a time, keyed by its repository too, and a cleanup no deploy can cancel", () => {
    assert.match(
      publish.job('deploy'),
      /^ {4}concurrency:\n {6}group: preview-deploy-\$\{\{ github\.event\.workflow_run\.head_repository\.full_name \}\}-\$\{\{ github\.event\.workflow_run\.head_branch \}\}\n {6}cancel-in-progress: false\n/m,
    );
    assert.match(publish.job('cleanup'), /^ {4}concurrency:\n {6}group: preview-cleanup-\$\{\{ github\.event\.pull_request\.number \|\| 'sweep' \}\}\n {6}cancel-in-progress: false\n/m);
    assert.doesNotMatch(publish.text, /^concurrency:/m, 'no workflow-wide group, where a queued deploy would cancel a pending cleanup');
  });
});

describe('both preview workflows', () => {
  it("put no expression into a script: the pull request's title, branch or body never reach a shell", () => {
    // A run: block is shell text; ${{ }} in it is pasted in before the
    // shell parses it. Values reach scripts through env: only, and of the
    // event only numbers, addresses and commits.
    const fields = new Set<string>();
    for (const w of [build, publish]) {
      for (const [name, body] of w.all) {
        for (const m of body.matchAll(/^( +)run: \|\n((?:\1 {2}.*\n|\s*\n)+)/gm)) assert.doesNotMatch(m[2], /\$\{\{/, `${w.file} ${name}: an expression in a run: script`);
        assert.doesNotMatch(body, /^\s*run: .*\$\{\{/m, `${w.file} ${name}: an expression in a one-line run:`);
        for (const m of body.matchAll(/github\.event\.([\w.]+)/g)) fields.add(m[1]);
      }
    }
    assert.deepEqual([...fields].sort(), [
      'action',
      'pull_request.head.repo.full_name',
      'pull_request.html_url',
      'pull_request.number',
      'workflow_run.conclusion',
      'workflow_run.event',
      'workflow_run.head_branch',
      'workflow_run.head_repository.full_name',
      'workflow_run.head_sha',
      'workflow_run.id',
    ]);
  });

  it('grant nothing at the top, and no job more than it needs', () => {
    for (const w of [build, publish]) {
      assert.match(w.text, /^permissions: \{\}$/m, w.file);
      for (const [name, body] of w.all) assert.doesNotMatch(body, /write-all|read-all|contents: write/, `${w.file} ${name}`);
    }
  });

  it('pin every action to a full commit SHA with its release, and as site.yml does', () => {
    const refs = (source: string) =>
      [...source.matchAll(/^\s*(?:-\s+)?(?:if: .*\n\s*)?uses:\s*([^\s#]+)\s*(?:#\s*(.*))?$/gm)].map((m) => ({ ref: m[1], comment: m[2] ?? '' }));
    const site = new Map(refs(readFileSync(join(workflows, 'site.yml'), 'utf8')).map((r) => [r.ref.split('@')[0], `${r.ref} # ${r.comment}`]));
    for (const w of [build, publish]) {
      const ours = refs(w.text);
      assert.ok(ours.length >= 2, w.file);
      for (const r of ours) {
        assert.match(r.ref, /^[\w.-]+\/[\w.-]+@[0-9a-f]{40}$/, `${w.file}: ${r.ref} pinned to a commit`);
        assert.match(r.comment, /^v\d+\.\d+\.\d+$/, `${w.file}: ${r.ref}: its release in a comment`);
        const there = site.get(r.ref.split('@')[0]);
        if (there) assert.equal(`${r.ref} # ${r.comment}`, there, `${w.file}: the same pin as site.yml`);
      }
    }
  });
});

/** The shell of a job's step, as the runner gets it (its block, unindented). */
function stepScript(body: string, name: string): string {
  const ls = body.split('\n');
  const start = ls.findIndex((l) => l === `      - name: ${name}` || l === `        name: ${name}`);
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
  const dir = tempDir('preview-scripts-');
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
    const calls = run(stepScript(publish.job('deploy'), 'Upload the files, then the routing table'));
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
    const calls = run(stepScript(publish.job('cleanup'), "Delete the preview's routing table, then its files"));
    const updates = calls.filter((c) => c[1] === 'update-keys').map((c) => JSON.parse(c[c.indexOf('--deletes') + 1]).map((k: { Key: string }) => k.Key));
    assert.deepEqual(updates, [['pr-12'], ['pr-12.v2.0']]);
    assert.deepEqual(keys(), others);
    assert.deepEqual(calls[calls.length - 1], ['s3', 'rm', 's3://previews-bucket/pr-12/', '--recursive', '--only-show-errors']);
  });

  it('deletes more pieces than one call takes (two versions left by a failed run), on upload and on close', () => {
    const many = (v: string) => Object.fromEntries(Array.from({ length: 39 }, (_, i) => [`pr-12.${v}.${i}`, 'x']));
    writeFileSync(state, JSON.stringify({ etag: 'E1', keys: { 'pr-12': 'v1 39', ...many('v1'), ...many('v0'), ...others } }));
    run(stepScript(publish.job('deploy'), 'Upload the files, then the routing table'));
    assert.deepEqual(keys(), { 'pr-12': 'v2 1', 'pr-12.v2.0': '{"headers":{}}', ...others });
    writeFileSync(state, JSON.stringify({ etag: 'E1', keys: { 'pr-12': 'v1 39', ...many('v1'), ...many('v0'), ...others } }));
    run(stepScript(publish.job('cleanup'), "Delete the preview's routing table, then its files"));
    assert.deepEqual(keys(), others);
  });
});

// The two checks that decide whether the deploy goes on, run as the
// runner runs them, against a gh stand-in that answers from a table and a
// GitHub event payload as GitHub writes it for workflow_run.
describe('preview-publish checks, against a gh stand-in', () => {
  const dir = tempDir('preview-publish-');
  const bin = join(dir, 'bin');
  mkdirSync(bin);
  // gh api PATH [--jq FILTER]: the answer to PATH from answers.json, through jq.
  writeFileSync(
    join(bin, 'gh'),
    `#!/bin/bash
set -euo pipefail
[ "$1" = api ] || exit 2
p=$2; f=.
[ "\${3:-}" = --jq ] && f=$4
body=$(jq -c --arg p "$p" '.[$p] // empty' "${join(dir, 'answers.json')}")
[ -n "$body" ] || { echo "gh: $p: 404 Not Found" >&2; exit 1; }
jq -r "$f" <<<"$body"
`,
  );
  chmodSync(join(bin, 'gh'), 0o755);
  const sha = 'a'.repeat(40);
  const run = (script: string, answers: Record<string, unknown>, event: unknown = {}) => {
    writeFileSync(join(dir, 'answers.json'), JSON.stringify(answers));
    writeFileSync(join(dir, 'event.json'), JSON.stringify(event));
    writeFileSync(join(dir, 'step.sh'), script);
    for (const f of ['output', 'summary']) writeFileSync(join(dir, f), '');
    const r = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', join(dir, 'step.sh')], {
      cwd: dir,
      encoding: 'utf8',
      env: {
        PATH: `${bin}:${process.env.PATH}`,
        GITHUB_REPOSITORY: 'vozia/site',
        GITHUB_EVENT_PATH: join(dir, 'event.json'),
        GITHUB_OUTPUT: join(dir, 'output'),
        GITHUB_STEP_SUMMARY: join(dir, 'summary'),
        HEAD_SHA: sha,
      },
    });
    return { status: r.status, out: r.stdout + r.stderr, output: readFileSync(join(dir, 'output'), 'utf8') };
  };

  const env = stepScript(publish.job('deploy'), 'The preview environment deploys from main only');
  assert.equal(env, stepScript(publish.job('cleanup'), 'The preview environment deploys from main only'), 'the same check in both jobs');
  const envAnswers = (policy: unknown, branches?: string[]) => ({
    'repos/vozia/site/environments/preview': { name: 'preview', deployment_branch_policy: policy },
    ...(branches ? { 'repos/vozia/site/environments/preview/deployment-branch-policies': { branch_policies: branches.map((name) => ({ name, type: 'branch' })) } } : {}),
  });
  const custom = { protected_branches: false, custom_branch_policies: true };

  it('lets the role be taken when the environment preview deploys from main only', () => {
    assert.equal(run(env, envAnswers(custom, ['main'])).status, 0);
  });

  for (const [why, answers] of [
    ['no branch rule (any branch, so any pull request, may run in it)', envAnswers(null)],
    ['protected branches (whatever they are)', envAnswers({ protected_branches: true, custom_branch_policies: false })],
    ['main and another branch', envAnswers(custom, ['main', 'release/*'])],
    ['no environment preview at all', {}],
  ] as const) {
    it(`stops before the role with ${why}`, () => {
      const r = run(env, answers);
      assert.notEqual(r.status, 0);
      if (why !== 'no environment preview at all') assert.match(r.out, /::error::The preview environment must deploy from main only/);
    });
  }

  const find = stepScript(publish.job('deploy'), 'Find the pull request the build was of');
  const event = (...prs: { number: number; sha: string }[]) => ({
    workflow_run: { head_sha: sha, pull_requests: prs.map((p) => ({ number: p.number, head: { sha: p.sha, ref: 'topic' } })) },
  });
  const pull = (n: number, state: string, head: string, base = 'main', repo = 'vozia/site') => ({
    [`repos/vozia/site/pulls/${n}`]: { number: n, state, head: { sha: head, repo: { full_name: repo } }, base: { ref: base } },
  });

  it('names the open pull request whose head the build was of', () => {
    const r = run(find, pull(12, 'open', sha), event({ number: 12, sha }));
    assert.equal(r.status, 0, r.out);
    assert.equal(r.output, 'number=12\n');
  });

  it('deploys nothing, and says so, when the pull request has moved on, closed, or is not named', () => {
    for (const [answers, ev] of [
      [pull(12, 'open', 'b'.repeat(40)), event({ number: 12, sha })],
      [pull(12, 'closed', sha), event({ number: 12, sha })],
      [pull(12, 'open', sha, 'release'), event({ number: 12, sha })],
      [pull(12, 'open', sha), event({ number: 12, sha: 'b'.repeat(40) })],
      [{}, event()],
    ] as const) {
      const r = run(find, answers, ev);
      assert.equal(r.status, 0, r.out);
      assert.equal(r.output, '', 'no number: every later step is skipped');
      assert.match(readFileSync(join(dir, 'summary'), 'utf8'), /nothing to deploy/);
    }
  });

  it('refuses a commit that is the head of two pull requests', () => {
    const r = run(find, { ...pull(12, 'open', sha), ...pull(13, 'open', sha) }, event({ number: 12, sha }, { number: 13, sha }));
    assert.notEqual(r.status, 0);
    assert.equal(r.output, '');
    assert.match(r.out, /more than one pull request \(12 13\)/);
  });

  it('sweeps the previews whose pull request is closed or no longer into main, and leaves the open ones', () => {
    const aws = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'aws');
    const state = join(dir, 'kvs.json');
    const log = join(dir, 'aws.log');
    const keys = { 'pr-12': 'a 1', 'pr-12.a.0': '{}', 'pr-13': 'b 1', 'pr-13.b.0': '{}', 'pr-14': 'c 1', 'pr-14.c.0': '{}', 'pr-15': 'd 1' };
    writeFileSync(state, JSON.stringify({ etag: 'E1', keys }));
    writeFileSync(log, '');
    writeFileSync(join(dir, 'answers.json'), JSON.stringify({ ...pull(12, 'closed', sha), ...pull(13, 'open', sha), ...pull(14, 'open', sha, 'release') }));
    writeFileSync(join(dir, 'step.sh'), stepScript(publish.job('cleanup'), "Delete the preview's routing table, then its files"));
    writeFileSync(join(dir, 'summary'), '');
    const r = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', join(dir, 'step.sh')], {
      cwd: dir,
      encoding: 'utf8',
      env: {
        PATH: `${bin}:${aws}:${process.env.PATH}`,
        PR: '',
        BUCKET: 'previews-bucket',
        KVS_ARN: 'arn:aws:cloudfront::111111111111:key-value-store/previews',
        GITHUB_REPOSITORY: 'vozia/site',
        GITHUB_STEP_SUMMARY: join(dir, 'summary'),
        AWS_STANDIN_STATE: state,
        AWS_STANDIN_LOG: log,
      },
    });
    assert.equal(r.status, 0, r.stderr);
    // 12 is closed, 14 is into another branch, 15's pull request is gone.
    assert.deepEqual((JSON.parse(readFileSync(state, 'utf8')) as { keys: Record<string, string> }).keys, { 'pr-13': 'b 1', 'pr-13.b.0': '{}' });
    const removed = readFileSync(log, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as string[]).filter((c) => c[0] === 's3').map((c) => c[2]);
    assert.deepEqual(removed, ['s3://previews-bucket/pr-12/', 's3://previews-bucket/pr-14/', 's3://previews-bucket/pr-15/']);
    assert.match(readFileSync(join(dir, 'summary'), 'utf8'), /The sweep deletes the previews of: 12 14 15/);
  });
});
