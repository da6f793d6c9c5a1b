// Synthesizes the pull request previews' stack offline from the fixture
// functions (test/fixtures/cdn, kept current by generator's
// TestBuildFixture) and checks what a reviewer and an operator depend on:
// one distribution for pr-<n>.<previews' domain> whose functions read each
// preview's table from the key value store, noindex on every answer, an
// enquiry that goes nowhere, and a deploy role that can write the previews
// and nothing else. cdk-nag's checks and cfn-lint run on the template.
import { App, Aspects } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { loadEnvironment, loadPreviewEnvironment } from '../lib/environments.ts';
import { DOMAIN_PLACEHOLDER, PREVIEW_CONTACT_FUNCTION, PREVIEW_NOT_FOUND, PreviewStack, type PreviewStackProps } from '../lib/preview-stack.ts';
import { assertValidated } from './synth.ts';
import { tempDir } from './tmp.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cdnDir = join(root, 'test', 'fixtures', 'cdn');
const preview = loadPreviewEnvironment(join(root, 'environments.json'));
const domain = new URL(preview.baseUrl).hostname;
const siteBaseUrls = ['staging', 'production'].map((s) => loadEnvironment(join(root, 'environments.json'), s).baseUrl);
const account = '1'.repeat(12);
const certificateArn = `arn:aws:acm:us-east-1:${account}:certificate/00000000-0000-4000-8000-000000000000`;

function synth(overrides: Partial<PreviewStackProps> = {}) {
  const dir = tempDir('preview-stack-');
  const app = new App({ outdir: join(dir, 'cdk.out') });
  Aspects.of(app).add(new AwsSolutionsChecks());
  const stack = new PreviewStack(app, 'Preview', { preview, siteBaseUrls, cdnDir, certificateArn, env: { account, region: 'us-east-1' }, ...overrides });
  return { dir, app, stack, template: Template.fromStack(stack), annotations: Annotations.fromStack(stack) };
}

const { template, annotations, app, stack, dir } = synth();
const resources = (type: string) => Object.entries(template.findResources(type));
const one = (type: string) => {
  const all = resources(type);
  assert.equal(all.length, 1, `one ${type}`);
  return all[0][1].Properties;
};
const functions = () => Object.fromEntries(resources('AWS::CloudFront::Function').map(([id, r]) => [id, r.Properties]));
const dist = () => one('AWS::CloudFront::Distribution').DistributionConfig;
const bucketId = () => resources('AWS::S3::Bucket').find(([id]) => id.startsWith('Previews'))![0];
const kvsId = () => resources('AWS::CloudFront::KeyValueStore')[0][0];

/**
 * Runs a function's code as CloudFront does: cloudfront-js-2.0, its one
 * import the key value store module, here backed by kvs.
 */
function edgeFunction(code: string, kvs: Record<string, string> = {}) {
  const body = code.replace(/^import cf from 'cloudfront';\n/, '');
  const cf = {
    kvs: () => ({
      get: async (k: string) => {
        if (!Object.hasOwn(kvs, k)) throw new Error(`no key ${k}`);
        return kvs[k];
      },
    }),
  };
  const context = vm.createContext({ cf });
  vm.runInContext(body, context);
  return vm.runInContext('handler', context) as (e: unknown) => Promise<Record<string, unknown>> | Record<string, unknown>;
}

// Issue 50: a preview runs a pull request's own script; on the live
// site's registrable domain it could set the site's cookies.
describe("the previews' domain", () => {
  it('is a registrable domain of its own, apart from every stage', () => {
    for (const base of siteBaseUrls) {
      const host = new URL(base).hostname;
      assert.ok(!domain.endsWith('.' + host.split('.').slice(-2).join('.')) && domain !== host, `${domain} is under ${host}'s domain`);
    }
    assert.equal(domain.split('.').length, 2, `${domain}: previews at pr-<n>.${domain}, one label under its suffix`);
  });

  it("refuses a domain under or beside the live site's", () => {
    for (const bad of ['https://preview.vozia.example', 'https://vozia.example', 'https://www.vozia.example', 'https://pr.staging.vozia.example', 'https://PREVIEW.Vozia.Example']) {
      assert.throws(() => synth({ preview: { ...preview, baseUrl: bad } }), /shares vozia\.example with the site at https:\/\/(www|staging)\.vozia\.example/, bad);
    }
    for (const good of ['https://vozia-preview.example', 'https://previews.vozia.test']) {
      assert.doesNotThrow(() => synth({ preview: { ...preview, baseUrl: good } }), good);
    }
  });
});

describe('preview distribution', () => {
  it('answers for pr-<n>.<the previews\' domain> over TLS 1.2 with the wildcard certificate', () => {
    const d = dist();
    assert.deepEqual(d.Aliases, [`*.${domain}`]);
    assert.equal(d.ViewerCertificate.AcmCertificateArn, certificateArn);
    assert.equal(d.ViewerCertificate.MinimumProtocolVersion, 'TLSv1.2_2021');
    assert.equal(d.DefaultCacheBehavior.ViewerProtocolPolicy, 'redirect-to-https');
  });

  it('routes with the preview functions, which read the key value store', () => {
    const fns = functions();
    const assoc = dist().DefaultCacheBehavior.FunctionAssociations as { EventType: string; FunctionARN: { 'Fn::GetAtt': [string, string] } }[];
    assert.deepEqual(assoc.map((a) => a.EventType).sort(), ['viewer-request', 'viewer-response']);
    for (const a of assoc) {
      const fn = fns[a.FunctionARN['Fn::GetAtt'][0]];
      assert.equal(fn.FunctionConfig.Runtime, 'cloudfront-js-2.0');
      assert.deepEqual(fn.FunctionConfig.KeyValueStoreAssociations, [{ KeyValueStoreARN: { 'Fn::GetAtt': [kvsId(), 'Arn'] } }]);
      const file = a.EventType === 'viewer-request' ? 'preview-request.js' : 'preview-response.js';
      const built = readFileSync(join(cdnDir, file), 'utf8');
      assert.equal(fn.FunctionCode, built.replace(DOMAIN_PLACEHOLDER, JSON.stringify(domain)), `${file}, with the domain filled in`);
      assert.ok(!fn.FunctionCode.includes(DOMAIN_PLACEHOLDER));
    }
  });

  it('serves each preview from its own prefix: pr-12 reads pr-12/ and nothing else', async () => {
    const fn = Object.values(functions()).find((f) => f.FunctionConfig.Comment.includes('routing table'))!;
    const table = { slash: true, redirects: { '/old': ['/about', 301] }, rewrites: [], files: {}, missing: '/404.html/refused', headers: {} };
    const json = JSON.stringify(table);
    const handler = edgeFunction(fn.FunctionCode, { 'pr-12': 'v1 1', 'pr-12.v1.0': json });
    const ask = async (host: string, uri: string) =>
      handler({ request: { method: 'GET', uri, querystring: {}, headers: { host: { value: host } }, cookies: {} } });
    assert.equal((await ask(`pr-12.${domain}`, '/platform')).uri, '/pr-12/platform/index.html');
    assert.equal((await ask(`pr-12.${domain}`, '/')).uri, '/pr-12/index.html');
    assert.equal((await ask(`pr-12.${domain}`, '/old')).statusCode, 301);
    // Another pull request, or no preview at all: a key under no prefix
    // that cannot exist, answered with the previews' not-found page.
    for (const host of [`pr-13.${domain}`, domain, `pr-12.example.com`, `pr-012.${domain}`]) {
      assert.match(String((await ask(host, '/platform')).uri), /^\/_preview\/404\.html\//, host);
    }
    assert.equal((await ask(`pr-12.${domain}`, '/%2e%2e/pr-13/platform')).uri, '/pr-12/404.html/refused');
  });

  it('answers a missing page with status 404 and the previews\' not-found page', () => {
    const byStatus = Object.fromEntries(dist().CustomErrorResponses.map((r: { ErrorCode: number }) => [r.ErrorCode, r]));
    for (const code of [403, 404]) {
      assert.equal(byStatus[code].ResponseCode, 404);
      assert.equal(byStatus[code].ResponsePagePath, PREVIEW_NOT_FOUND);
    }
    const upload = one('Custom::CDKBucketDeployment');
    assert.equal(upload.Prune, false, 'the upload of the not-found page leaves the previews alone');
    assert.deepEqual(upload.DestinationBucketName, { Ref: bucketId() });
  });

  it('revalidates pages on every request, so a push shows without an invalidation', () => {
    const policy = resources('AWS::CloudFront::CachePolicy')[0][1].Properties.CachePolicyConfig;
    assert.equal(policy.MinTTL, 0);
    assert.equal(policy.DefaultTTL, 0);
  });
});

describe('preview headers', () => {
  it('carry X-Robots-Tag: noindex on every answer', async () => {
    const cfg = one('AWS::CloudFront::ResponseHeadersPolicy').ResponseHeadersPolicyConfig;
    assert.deepEqual(cfg.CustomHeadersConfig.Items, [{ Header: 'X-Robots-Tag', Value: 'noindex', Override: true }]);
    const d = dist();
    for (const b of [d.DefaultCacheBehavior, ...d.CacheBehaviors]) {
      assert.deepEqual(b.ResponseHeadersPolicyId, { Ref: resources('AWS::CloudFront::ResponseHeadersPolicy')[0][0] });
    }
    // And from the response function, with the preview's own headers.
    const fn = Object.values(functions()).find((f) => f.FunctionConfig.Comment.includes('noindex'))!;
    const csp = "default-src 'self'";
    const handler = edgeFunction(fn.FunctionCode, { 'pr-7': 'v2 1', 'pr-7.v2.0': JSON.stringify({ headers: { 'Content-Security-Policy': csp } }) });
    const respond = async (host: string) =>
      (await handler({ request: { uri: '/', headers: { host: { value: host } } }, response: { statusCode: 200, headers: {} } })) as {
        headers: Record<string, { value: string }>;
      };
    const own = await respond(`pr-7.${domain}`);
    assert.equal(own.headers['x-robots-tag'].value, 'noindex');
    assert.equal(own.headers['content-security-policy'].value, csp);
    const none = await respond(`pr-8.${domain}`);
    assert.equal(none.headers['x-robots-tag'].value, 'noindex');
    assert.equal(none.headers['content-security-policy'], undefined, "no other preview's headers");
  });
});

describe('preview contact form', () => {
  it('answers 200 at /api/contact, from a function that stores and sends nothing', () => {
    const b = dist().CacheBehaviors.find((c: { PathPattern: string }) => c.PathPattern === '/api/contact');
    assert.ok(b.AllowedMethods.includes('POST'));
    const fn = functions()[b.FunctionAssociations[0].FunctionARN['Fn::GetAtt'][0]];
    assert.equal(fn.FunctionCode, PREVIEW_CONTACT_FUNCTION);
    const res = edgeFunction(fn.FunctionCode)({ request: { method: 'POST', uri: '/api/contact', headers: {} } }) as {
      statusCode: number;
      body: { data: string };
    };
    assert.equal(res.statusCode, 200);
    assert.deepEqual(JSON.parse(res.body.data), { ok: true, preview: true });
    assert.doesNotMatch(fn.FunctionCode, /fetch|XMLHttpRequest|kvs/, 'it reaches nothing');
    assert.equal(resources('AWS::Lambda::Url').length, 0, 'no contact function in the preview stack');
  });
});

describe('preview deploy role', () => {
  const roles = resources('AWS::IAM::Role');
  const [roleId, role] = roles.find(([id]) => id.startsWith('DeployRole'))!;
  const statements = resources('AWS::IAM::Policy')
    .filter(([, p]) => p.Properties.Roles.some((r: { Ref: string }) => r.Ref === roleId))
    .flatMap(([, p]) => p.Properties.PolicyDocument.Statement);

  it("is trusted by the jobs of this repository's environment preview only, never a pull request's own run, through GitHub's OIDC provider", () => {
    const trust = role.Properties.AssumeRolePolicyDocument.Statement;
    assert.equal(trust.length, 1);
    assert.equal(trust[0].Action, 'sts:AssumeRoleWithWebIdentity');
    assert.match(JSON.stringify(trust[0].Principal.Federated), /oidc-provider\/token\.actions\.githubusercontent\.com/);
    assert.deepEqual(trust[0].Condition, {
      StringEquals: {
        'token.actions.githubusercontent.com:aud': 'sts.amazonaws.com',
        'token.actions.githubusercontent.com:sub': `repo:${preview.githubRepository}:environment:preview`,
      },
    });
    // The workflow that holds the role names that environment in each job
    // that asks for it, and a pull request's run never gets that subject
    // (the environment deploys from main only).
    assert.doesNotMatch(JSON.stringify(trust), /pull_request|\*/);
    assert.equal(role.Properties.ManagedPolicyArns, undefined);
  });

  it("may write the previews' prefix and the routing tables, and nothing else", () => {
    const bucketArn = { 'Fn::GetAtt': [bucketId(), 'Arn'] };
    const byResource = statements.map((s: { Action: string | string[]; Resource: unknown; Condition?: unknown }) => ({
      actions: [s.Action].flat().sort(),
      resource: s.Resource,
      condition: s.Condition,
    }));
    assert.deepEqual(byResource, [
      { actions: ['s3:ListBucket'], resource: bucketArn, condition: { StringLike: { 's3:prefix': ['pr-*'] } } },
      { actions: ['s3:DeleteObject', 's3:PutObject'], resource: { 'Fn::Join': ['', [bucketArn, '/pr-*']] }, condition: undefined },
      {
        actions: [
          'cloudfront-keyvaluestore:DescribeKeyValueStore',
          'cloudfront-keyvaluestore:GetKey',
          'cloudfront-keyvaluestore:ListKeys',
          'cloudfront-keyvaluestore:UpdateKeys',
        ],
        resource: { 'Fn::GetAtt': [kvsId(), 'Arn'] },
        condition: undefined,
      },
    ]);
  });

  it('is the only role a GitHub run can assume, and no role of the stack reaches a site bucket', () => {
    for (const [id, r] of roles) {
      const principals = JSON.stringify(r.Properties.AssumeRolePolicyDocument.Statement.map((s: { Principal: unknown }) => s.Principal));
      if (id !== roleId) assert.doesNotMatch(principals, /githubusercontent/, id);
    }
    const all = resources('AWS::IAM::Policy').flatMap(([, p]) => p.Properties.PolicyDocument.Statement);
    for (const s of all) assert.ok(![s.Resource].flat().includes('*'), `${JSON.stringify(s.Action)} on *`);
    assert.doesNotMatch(JSON.stringify(all), /vozia-?site|VoziaSite-(staging|production)/i);
  });
});

describe('preview stack checks', () => {
  it('finds nothing unsuppressed (cdk-nag), and suppresses only CFR1, CFR2, IAM5, L1, each with its reason', () => {
    const findings = [
      ...annotations.findError('*', Match.stringLikeRegexp('AwsSolutions-.*')),
      ...annotations.findWarning('*', Match.stringLikeRegexp('AwsSolutions-.*')),
    ].map((m) => `${m.id}: ${String(m.entry.data).split('\n')[0]}`);
    assert.deepEqual(findings, []);
    const rules = Object.values(template.toJSON().Resources as Record<string, { Metadata?: { cdk_nag?: { rules_to_suppress: { id: string; reason: string }[] } } }>)
      .flatMap((r) => r.Metadata?.cdk_nag?.rules_to_suppress ?? []);
    assert.deepEqual([...new Set(rules.map((r) => r.id))].sort(), ['AwsSolutions-CFR1', 'AwsSolutions-CFR2', 'AwsSolutions-IAM5', 'AwsSolutions-L1']);
    for (const r of rules) assert.ok(r.reason.length >= 80, `${r.id}: a reason a reviewer can judge, not "${r.reason}"`);
  });

  it('passes cfn-lint', () => {
    const file = join(dir, 'preview.template.json');
    writeFileSync(file, JSON.stringify(app.synth().getStackByName(stack.stackName).template));
    // W3005: CDK's BucketDeployment makes its handler depend on its role
    // both by GetAtt and by DependsOn; redundant, not wrong, and not ours.
    const r = spawnSync('cfn-lint', ['--format', 'parseable', '--ignore-checks', 'W3005', '--', file], { encoding: 'utf8' });
    assert.ok(!r.error, `cfn-lint: ${r.error?.message} (make cfn-lint installs it)`);
    assert.equal(r.status, 0, r.stdout + r.stderr);
  });

  it('refuses to synthesize without a wildcard certificate, saying what to set', () => {
    assert.throws(() => synth({ certificateArn: undefined }), new RegExp(`needs a wildcard certificate: set CERTIFICATE_ARN to an ACM certificate for \\*\\.${domain.replace(/\./g, '\\.')} in us-east-1`));
    assert.throws(() => synth({ certificateArn: certificateArn.replace('us-east-1', 'eu-west-1') }), /in us-east-1/);
  });

  it('synthesizes through the pinned cdk CLI as make deploy DEPLOY_ENV=preview runs it, and refuses without a certificate', () => {
    const home = tempDir('preview-cli-');
    const cdk = (args: string[]) =>
      spawnSync(join(root, 'node_modules', '.bin', 'cdk'), ['synth', '--quiet', '--no-notices', '--no-version-reporting', '-c', 'env=preview', '-c', `cdnDir=${cdnDir}`, ...args], {
        cwd: root,
        encoding: 'utf8',
        env: { PATH: process.env.PATH, HOME: home, AWS_REGION: 'us-east-1', AWS_EC2_METADATA_DISABLED: 'true', CDK_DISABLE_VERSION_CHECK: '1' },
      });
    const out = join(home, 'out');
    const ok = cdk(['-o', out, '-c', `certificateArn=${certificateArn}`]);
    assert.equal(ok.status, 0, ok.stderr);
    const t = JSON.parse(readFileSync(join(out, 'VoziaSite-preview.template.json'), 'utf8'));
    assertValidated(out);
    const types = Object.values(t.Resources as Record<string, { Type: string }>).map((r) => r.Type);
    for (const type of ['AWS::CloudFront::Distribution', 'AWS::CloudFront::KeyValueStore', 'AWS::CloudFront::Function']) assert.ok(types.includes(type), type);
    assert.ok(!types.includes('AWS::Lambda::Url'), 'no contact function');
    const refused = cdk(['-o', join(home, 'refused')]);
    assert.notEqual(refused.status, 0);
    assert.match(refused.stderr, /needs a wildcard certificate: set CERTIFICATE_ARN/);
  });

  it('is its own environment: the site stacks do not read it', () => {
    assert.throws(() => loadEnvironment(join(root, 'environments.json'), 'preview'), /loadPreviewEnvironment/);
    assert.match(preview.githubRepository, /^[\w-]+\/[\w.-]+$/);
  });
});
