// make redrive as an operator on call runs it after the DeadLetters alarm,
// against a stand-in AWS CLI on PATH that records its calls and answers as
// the real one does: a stage that does not exist must not reach AWS, a
// failing CLI must be reported as such, and a deployed stage's dead letters
// must be moved from the queue its stack names.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { tempDir } from './tmp.ts';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const dlqArn = 'arn:aws:sqs:us-east-1:123456789012:VoziaSite-staging-EnquiriesDeadLetters';

/** Runs make redrive with a stand-in aws that answers describe-stacks with describe (stdout, exit code). */
function redrive(env: string, describe: { out: string; err?: string; code: number }) {
  const dir = tempDir('redrive-');
  const calls = join(dir, 'calls');
  writeFileSync(
    join(dir, 'aws'),
    `#!/bin/sh
echo "$*" >> '${calls}'
case "$1 $2" in
  "cloudformation describe-stacks") printf '%s' '${describe.out}'; printf '%s' '${describe.err ?? ''}' >&2; exit ${describe.code} ;;
  "sqs start-message-move-task") echo '{"TaskHandle": "task-1"}' ;;
esac
`,
  );
  chmodSync(join(dir, 'aws'), 0o755);
  const r = spawnSync('make', ['--no-print-directory', '-C', repo, 'redrive', `ENV=${env}`], {
    encoding: 'utf8',
    env: { PATH: `${dir}:${process.env.PATH}`, HOME: dir, AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE', AWS_SECRET_ACCESS_KEY: 'example', AWS_REGION: 'us-east-1' },
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, calls: existsSync(calls) ? readFileSync(calls, 'utf8') : '' };
}

describe('make redrive', () => {
  it('refuses a stage that is not in environments.json, or has no dead-letter queue, before calling AWS', () => {
    for (const env of ['stagign', 'preview']) {
      const r = redrive(env, { out: dlqArn, code: 0 });
      assert.notEqual(r.status, 0, `ENV=${env} fails`);
      assert.match(r.stderr, new RegExp(`ENV="${env}": no such stage`));
      assert.match(r.stderr, /ENV=staging or ENV=production/);
      assert.equal(r.calls, '', 'the AWS CLI was not called');
    }
  });

  it('runs no command pasted into a stage name: ENV reaches the shell as data only', () => {
    const marker = join(tempDir('redrive-paste-'), 'ran');
    for (const env of [`x'; touch ${marker}; echo '`, `x"; touch ${marker}; echo "`, `x$$(touch ${marker})`, `\`touch ${marker}\``]) {
      const r = redrive(env, { out: dlqArn, code: 0 });
      assert.notEqual(r.status, 0, `ENV=${env} fails`);
      assert.match(r.stderr, /no such stage/);
      assert.equal(existsSync(marker), false, `ENV=${env} ran a command`);
      assert.equal(r.calls, '');
    }
  });

  it("reports the AWS CLI's failure as such, not as a stack without a dead-letter queue", () => {
    const r = redrive('staging', { out: '', err: 'An error occurred (ValidationError): Stack with id VoziaSite-staging does not exist', code: 254 });
    assert.notEqual(r.status, 0);
    assert.match(r.stderr, /Stack with id VoziaSite-staging does not exist/);
    assert.match(r.stderr, /could not read the outputs of VoziaSite-staging/);
    assert.doesNotMatch(r.stderr, /has no DeadLetterQueueArn output/);
    assert.doesNotMatch(r.calls, /start-message-move-task/);
  });

  it('says so when the stack has no dead-letter queue output', () => {
    const r = redrive('staging', { out: 'None', code: 0 });
    assert.notEqual(r.status, 0);
    assert.match(r.stderr, /VoziaSite-staging has no DeadLetterQueueArn output: deploy it first/);
    assert.doesNotMatch(r.calls, /start-message-move-task/);
  });

  it("moves the dead letters of the stage's own queue back", () => {
    const r = redrive('staging', { out: dlqArn, code: 0 });
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.calls, /cloudformation describe-stacks --stack-name VoziaSite-staging /);
    assert.match(r.calls, new RegExp(`sqs start-message-move-task --source-arn ${dlqArn}`));
    assert.match(r.stdout, /task-1/);
  });
});
