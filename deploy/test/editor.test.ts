// The web editor in production (lib/editor.ts): /admin with its own
// headers and the sign-in relay at /oauth/*, synthesized offline from the
// same fixture inputs as site-stack.test.ts, cdk-nag's checks included.
import { App, Aspects } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ADMIN_PATHS, OAUTH_PATH } from '../lib/editor.ts';
import { loadEnvironment } from '../lib/environments.ts';
import { SiteStack } from '../lib/site-stack.ts';
import './synth.ts';
import { tempDir } from './tmp.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cdnDir = join(root, 'test', 'fixtures', 'cdn');
const manifest = JSON.parse(readFileSync(join(cdnDir, 'routes.json'), 'utf8'));
const headersFor = (p: string) => manifest.headers.find((h: { for: string }) => h.for === p).values;
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const SECRET = 'a-client-secret-that-must-never-appear';

function synth() {
  const dir = tempDir('editor-');
  const siteDir = join(dir, 'site');
  for (const p of ['index.html', '404.html', 'admin/index.html', 'admin/config.yml']) {
    mkdirSync(dirname(join(siteDir, p)), { recursive: true });
    writeFileSync(join(siteDir, p), p);
  }
  const zip = (name: string) => {
    const f = join(dir, name);
    writeFileSync(f, Buffer.from([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]));
    return f;
  };
  process.env.OAUTH_CLIENT_SECRET = SECRET; // were anything to read it from the environment, it would show
  const app = new App({ outdir: join(dir, 'cdk.out') });
  Aspects.of(app).add(new AwsSolutionsChecks());
  const stack = new SiteStack(app, 'Test', {
    site: loadEnvironment(join(root, 'environments.json'), 'staging'),
    siteDir, cdnDir, contactZip: zip('contact.zip'), deliverZip: zip('deliver.zip'), oauthZip: zip('oauth.zip'),
  });
  return { template: Template.fromStack(stack), annotations: Annotations.fromStack(stack) };
}

const { template, annotations } = synth();
const dist = Object.values(template.findResources('AWS::CloudFront::Distribution'))[0].Properties.DistributionConfig;
const behaviour = (path: string) => dist.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === path);
const idOf = (type: string, prefix: string) => {
  const ids = Object.keys(template.findResources(type)).filter((id) => id.startsWith(prefix));
  assert.equal(ids.length, 1, `one ${type} ${prefix}*: ${ids}`);
  return ids[0];
};
const relayId = idOf('AWS::Lambda::Function', 'EditorRelay');
const relayUrlId = idOf('AWS::Lambda::Url', 'EditorRelay');

describe('the sign-in relay', () => {
  it('takes AWS_IAM on its function URL', () => {
    const url = template.findResources('AWS::Lambda::Url')[relayUrlId].Properties;
    assert.equal(url.AuthType, 'AWS_IAM');
    assert.deepEqual(url.TargetFunctionArn, { 'Fn::GetAtt': [relayId, 'Arn'] });
  });

  it('is invoked by this distribution alone', () => {
    const grants = Object.values(template.findResources('AWS::Lambda::Permission'))
      .map((p) => p.Properties)
      .filter((p) => JSON.stringify(p.FunctionName).includes(relayId) || JSON.stringify(p.FunctionName).includes(relayUrlId));
    assert.ok(grants.length > 0, 'CloudFront is granted the invoke');
    const distId = Object.keys(template.findResources('AWS::CloudFront::Distribution'))[0];
    for (const g of grants) {
      assert.equal(g.Principal, 'cloudfront.amazonaws.com');
      assert.ok(JSON.stringify(g.SourceArn).includes(distId), `scoped to the distribution: ${JSON.stringify(g.SourceArn)}`);
    }
    // Its origin signs with origin access control (lambda).
    const oac = Object.values(template.findResources('AWS::CloudFront::OriginAccessControl')).map((o) => o.Properties.OriginAccessControlConfig);
    assert.ok(oac.some((c) => c.OriginAccessControlOriginType === 'lambda' && c.SigningBehavior === 'always'));
  });

  it('answers /oauth/* with caching off and the query and cookies forwarded', () => {
    const b = behaviour(OAUTH_PATH);
    assert.ok(b, 'a behaviour for /oauth/*');
    assert.equal(b.CachePolicyId, CACHING_DISABLED);
    assert.ok(b.OriginRequestPolicyId, 'an origin request policy');
    assert.equal(b.ViewerProtocolPolicy, 'https-only');
    assert.equal(b.ResponseHeadersPolicyId, undefined, "its pages' headers are its own (a hash-allowed script)");
    const origin = dist.Origins.find((o: { Id: string }) => o.Id === b.TargetOriginId);
    assert.ok(JSON.stringify(origin.DomainName).includes(relayUrlId), 'the relay is the origin');
  });

  it('reads the client secret at run time, from Secrets Manager', () => {
    const fn = template.findResources('AWS::Lambda::Function')[relayId].Properties;
    const env = fn.Environment.Variables;
    assert.deepEqual(env.OAUTH_SECRET_ID, { Ref: 'OAuthAppStoredAs' });
    assert.deepEqual(Object.keys(env).sort(), ['OAUTH_CLIENT_ID', 'OAUTH_ORIGIN', 'OAUTH_SCOPE', 'OAUTH_SECRET_ID']);
    assert.equal(env.OAUTH_ORIGIN, new URL(loadEnvironment(join(root, 'environments.json'), 'staging').baseUrl).origin);
    const text = JSON.stringify(template.toJSON());
    assert.ok(!text.includes(SECRET), 'no secret value in the template');
    assert.deepEqual(Object.keys(template.findResources('AWS::SecretsManager::Secret')), [], 'the template makes no secret');
    const policies = Object.values(template.findResources('AWS::IAM::Policy')).map((p) => p.Properties);
    const reads = policies.flatMap((p) => p.PolicyDocument.Statement).filter((s: { Action: unknown }) => JSON.stringify(s.Action).includes('secretsmanager:'));
    assert.equal(reads.length, 1);
    assert.equal(reads[0].Action, 'secretsmanager:GetSecretValue');
    assert.ok(JSON.stringify(reads[0].Resource).includes('OAuthAppStoredAs'));
  });
});

describe("the sign-in relay's scope", () => {
  it('is one the operator chooses, repo or public_repo, and nothing wider', () => {
    const fn = template.findResources('AWS::Lambda::Function')[relayId].Properties;
    assert.deepEqual(fn.Environment.Variables.OAUTH_SCOPE, { Ref: 'OAuthScope' });
    const p = template.toJSON().Parameters.OAuthScope;
    assert.equal(p.Default, 'repo');
    assert.deepEqual(p.AllowedValues, ['repo', 'public_repo']);
  });
});

describe('the web editor', () => {
  const policies = Object.entries(template.findResources('AWS::CloudFront::ResponseHeadersPolicy'));
  const csp = (id: string) => policies.find(([k]) => k === id)![1].Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy;
  const refId = (r: { Ref: string }) => r.Ref;

  it('has its own headers on /admin and /admin/*, and the site keeps its own everywhere else', () => {
    const admin = headersFor('/admin/*')['Content-Security-Policy'];
    const site = headersFor('/*')['Content-Security-Policy'];
    assert.notEqual(admin, site);
    for (const p of ADMIN_PATHS) {
      const b = behaviour(p);
      assert.ok(b, `a behaviour for ${p}`);
      assert.equal(csp(refId(b.ResponseHeadersPolicyId)), admin);
      assert.equal(b.FunctionAssociations[0].EventType, 'viewer-request', 'routed as every path is');
    }
    assert.equal(csp(refId(dist.DefaultCacheBehavior.ResponseHeadersPolicyId)), site);
    const robots = policies.find(([, r]) => r.Properties.ResponseHeadersPolicyConfig.Comment.includes('editor'))![1]
      .Properties.ResponseHeadersPolicyConfig.CustomHeadersConfig.Items;
    assert.ok(robots.some((h: { Header: string; Value: string }) => h.Header === 'X-Robots-Tag' && h.Value.startsWith('noindex')));
  });
});

describe('cdk-nag', () => {
  it('finds nothing unsuppressed', () => {
    const found = [
      ...annotations.findError('*', Match.stringLikeRegexp('AwsSolutions-.*')),
      ...annotations.findWarning('*', Match.stringLikeRegexp('AwsSolutions-.*')),
    ];
    assert.deepEqual(found.map((f) => `${f.id}: ${String(f.entry.data).split('\n')[0]}`), []);
  });
});
