// What every test file that synthesizes a stack in its own process shares.
//
// aws-cdk-lib validates each template it synthesizes against
// CloudFormation's schema: a WebAssembly validator, about 5 s of CPU a
// synth, whose findings it reports as warnings only. The tests synthesize
// a stack in process a dozen times and more, so they leave it out there
// (CDK_VALIDATION=false, aws-cdk-lib's own switch): cfn-lint checks the
// same templates, and the synths through the pinned cdk CLI, as a deploy
// runs them, keep the validator and find its report empty
// (assertValidated).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

process.env.CDK_VALIDATION = 'false';

/**
 * assertValidated asserts that the cdk CLI's synth into out ran aws-cdk-lib's template validation
 * (its report is there) and that the validation found nothing: no plugin reports a violation.
 */
export function assertValidated(out: string): void {
  const report = JSON.parse(readFileSync(join(out, 'validation-report.json'), 'utf8')) as { pluginReports: unknown[] };
  assert.deepEqual(report.pluginReports, [], `aws-cdk-lib's validation of ${out}: ${JSON.stringify(report.pluginReports, null, 2)}`);
}
