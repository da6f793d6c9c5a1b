// Synthesizes the stack offline from fixture inputs (no build, no AWS) and
// checks what a visitor and an operator depend on. The CDN fixture is the
// Go build's own output for its fixture site (generator's TestBuildFixture
// keeps test/fixtures/cdn current), so "the headers of cmd/serve" here are
// the ones cmd/serve sends.
import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { loadEnvironment, type Environment } from '../lib/environments.ts';
import { headersPolicyProps } from '../lib/headers.ts';
import { SiteStack, type SiteStackProps } from '../lib/site-stack.ts';
import { changedPaths, digests, listFiles } from '../lib/upload.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cdnDir = join(root, 'test', 'fixtures', 'cdn');
const manifest = JSON.parse(readFileSync(join(cdnDir, 'routes.json'), 'utf8'));
const serveHeaders: Record<string, string> = manifest.headers.find((h: { for: string }) => h.for === '/*').values;
const staging = loadEnvironment(join(root, 'environments.json'), 'staging');

function fixtureInputs() {
  const dir = mkdtempSync(join(tmpdir(), 'site-stack-'));
  const siteDir = join(dir, 'site');
  const files: Record<string, string> = {
    'index.html': 'home',
    'platform/index.html': 'platform',
    '404.html': 'not found',
    'assets/app-ABC.js': 'js',
    'data/home-123.json': '{}',
    'sitemap.xml': '<urlset/>',
  };
  for (const [p, body] of Object.entries(files)) {
    mkdirSync(dirname(join(siteDir, p)), { recursive: true });
    writeFileSync(join(siteDir, p), body);
  }
  // An empty zip archive stands in for make lambda's package.
  const contactZip = join(dir, 'contact.zip');
  writeFileSync(contactZip, Buffer.from([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]));
  return { dir, siteDir, contactZip };
}

function synth(overrides: Partial<SiteStackProps> = {}, site: Environment = staging) {
  const { dir, siteDir, contactZip } = fixtureInputs();
  const app = new App({ outdir: join(dir, 'cdk.out') });
  const stack = new SiteStack(app, 'Test', { site, siteDir, cdnDir, contactZip, ...overrides });
  return { template: Template.fromStack(stack) };
}

const { template } = synth();
const one = (type: string) => {
  const all = Object.values(template.findResources(type));
  assert.equal(all.length, 1, `one ${type}`);
  return all[0].Properties;
};

describe('storage', () => {
  it('is a private, versioned bucket that refuses plain HTTP', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
      VersioningConfiguration: { Status: 'Enabled' },
    });
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });

  it('is read by CloudFront through origin access control, and by nobody else', () => {
    assert.equal(one('AWS::CloudFront::OriginAccessControl').OriginAccessControlConfig.SigningBehavior, 'always');
    const dist = one('AWS::CloudFront::Distribution').DistributionConfig;
    const s3Origin = dist.Origins.find((o: { S3OriginConfig?: unknown }) => o.S3OriginConfig);
    assert.ok(s3Origin.OriginAccessControlId, 'S3 origin signs with OAC');
    assert.equal(s3Origin.S3OriginConfig.OriginAccessIdentity, '', 'no legacy OAI');
    const policy = one('AWS::S3::BucketPolicy').PolicyDocument.Statement;
    const allows = policy.filter((s: { Effect: string }) => s.Effect === 'Allow');
    assert.deepEqual(
      allows.map((s: { Principal: unknown; Action: unknown }) => [s.Principal, s.Action]),
      [[{ Service: 'cloudfront.amazonaws.com' }, 's3:GetObject']],
    );
    assert.ok(allows[0].Condition.StringEquals['AWS:SourceArn'], 'scoped to this distribution');
  });
});

describe('distribution', () => {
  const dist = one('AWS::CloudFront::Distribution').DistributionConfig;

  it('speaks HTTP/2 and HTTP/3, compresses, and redirects HTTP to HTTPS', () => {
    assert.equal(dist.HttpVersion, 'http2and3');
    assert.equal(dist.DefaultCacheBehavior.Compress, true);
    assert.equal(dist.DefaultCacheBehavior.ViewerProtocolPolicy, 'redirect-to-https');
  });

  it('answers a missing object with the 404 page and status 404', () => {
    const byStatus = Object.fromEntries(dist.CustomErrorResponses.map((r: { ErrorCode: number }) => [r.ErrorCode, r]));
    for (const code of [403, 404]) {
      assert.equal(byStatus[code].ResponseCode, 404);
      assert.equal(byStatus[code].ResponsePagePath, '/404.html');
    }
  });

  it('sends exactly the headers of cmd/serve', () => {
    const cfg = one('AWS::CloudFront::ResponseHeadersPolicy').ResponseHeadersPolicyConfig;
    const sec = cfg.SecurityHeadersConfig;
    const got: Record<string, string> = {};
    if (sec.ContentSecurityPolicy) got['Content-Security-Policy'] = sec.ContentSecurityPolicy.ContentSecurityPolicy;
    if (sec.ContentTypeOptions) got['X-Content-Type-Options'] = 'nosniff';
    if (sec.FrameOptions) got['X-Frame-Options'] = sec.FrameOptions.FrameOption;
    if (sec.ReferrerPolicy) got['Referrer-Policy'] = sec.ReferrerPolicy.ReferrerPolicy;
    if (sec.StrictTransportSecurity) {
      const h = sec.StrictTransportSecurity;
      got['Strict-Transport-Security'] = `max-age=${h.AccessControlMaxAgeSec}${h.IncludeSubdomains ? '; includeSubDomains' : ''}${h.Preload ? '; preload' : ''}`;
    }
    for (const c of cfg.CustomHeadersConfig?.Items ?? []) got[c.Header] = c.Value;
    // Cache-Control differs by path, so it travels with each object instead.
    const { ['Cache-Control']: pagesCache, ...rest } = serveHeaders;
    assert.deepEqual(got, rest);
    assert.ok(got['Content-Security-Policy'].includes("script-src 'self'"), 'the CSP is there');

    const deployments = template.findResources('Custom::CDKBucketDeployment');
    const cacheControl = (id: string) => deployments[id].Properties.SystemMetadata['cache-control'];
    const [hashed, pages] = [findId(deployments, 'UploadHashed'), findId(deployments, 'UploadPages')];
    assert.equal(cacheControl(pages), pagesCache);
    const assets = manifest.headers.find((h: { for: string }) => h.for === '/assets/*').values['Cache-Control'];
    assert.equal(cacheControl(hashed), assets);
    assert.match(assets, /max-age=31536000, immutable/);
  });

  it('refuses a header value it cannot express exactly', () => {
    assert.throws(() => headersPolicyProps({ 'Strict-Transport-Security': 'max-age=1; includeSubDomain' }), /Strict-Transport-Security/);
    assert.throws(() => headersPolicyProps({ 'Referrer-Policy': 'no-referer' }), /Referrer-Policy/);
    assert.throws(() => headersPolicyProps({ 'X-Frame-Options': 'ALLOW-FROM x' }), /X-Frame-Options/);
    assert.deepEqual(headersPolicyProps({ 'X-Robots-Tag': 'noindex' }).customHeadersBehavior, {
      customHeaders: [{ header: 'X-Robots-Tag', value: 'noindex', override: true }],
    });
  });

  it('routes with the generated CloudFront Function on viewer requests', () => {
    const fn = one('AWS::CloudFront::Function');
    assert.equal(fn.FunctionConfig.Runtime, 'cloudfront-js-2.0');
    assert.equal(fn.FunctionCode, readFileSync(join(cdnDir, 'viewer-request.js'), 'utf8'));
    const assoc = dist.DefaultCacheBehavior.FunctionAssociations;
    assert.equal(assoc.length, 1);
    assert.equal(assoc[0].EventType, 'viewer-request');
  });

  it('serves the contact function same-origin at /api/contact, uncached', () => {
    const b = dist.CacheBehaviors.find((c: { PathPattern: string }) => c.PathPattern === '/api/contact');
    assert.ok(b, 'a /api/contact behavior');
    assert.ok(b.AllowedMethods.includes('POST') && b.AllowedMethods.includes('OPTIONS'));
    assert.equal(b.CachePolicyId, '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', 'CachingDisabled');
    assert.equal(b.FunctionAssociations, undefined, 'no routing rules in front of the API');
    assert.equal(dist.WebACLId, undefined, 'no WAF unless asked for');
  });
});

describe('upload', () => {
  it('uploads hashed files first, never prunes them, and prunes pages', () => {
    const deployments = template.findResources('Custom::CDKBucketDeployment');
    const hashed = findId(deployments, 'UploadHashed');
    const pages = findId(deployments, 'UploadPages');
    assert.ok([deployments[pages].DependsOn].flat().includes(hashed), 'pages wait for the hashed files');
    assert.equal(deployments[hashed].Properties.Prune, false);
    assert.deepEqual(deployments[hashed].Properties.Include, ['assets/*', 'data/*']);
    assert.equal(deployments[pages].Properties.Prune, true);
    assert.deepEqual(deployments[pages].Properties.Exclude, ['assets/*', 'data/*']);
  });

  it('publishes the digests the next deployment compares with', () => {
    const deployments = template.findResources('Custom::CDKBucketDeployment');
    const pages = deployments[findId(deployments, 'UploadPages')].Properties;
    assert.equal(pages.SourceObjectKeys.length, 2, 'the site and the digests file');
  });

  it('invalidates only what changed since the previous deployment', () => {
    const paths = (previousDigests?: Record<string, string>) => {
      const { template: t } = synth({ previousDigests });
      const d = t.findResources('Custom::CDKBucketDeployment');
      return d[findId(d, 'UploadPages')].Properties.DistributionPaths;
    };
    assert.deepEqual(paths(undefined), ['/*'], 'unknown previous state: everything');
    const { siteDir } = fixtureInputs();
    const same = digests(siteDir, listFiles(siteDir), ['assets/', 'data/']);
    assert.equal(paths(same), undefined, 'nothing changed: no invalidation');
    assert.deepEqual(paths({ ...same, 'platform/index.html': 'old' }), ['/platform/index.html', '/_deploy/digests.json']);
    assert.deepEqual(changedPaths(same, { ...same, 'gone/index.html': 'x' }), ['/gone/index.html', '/_deploy/digests.json'], 'a removed page too');
    const many = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`p${i}/index.html`, 'x']));
    assert.deepEqual(changedPaths(same, { ...same, ...many }), ['/*'], 'past 50 paths, one wildcard');
  });
});

describe('contact function', () => {
  const functions = template.findResources('AWS::Lambda::Function');
  const fnId = findId(functions, 'Contact');
  const fn = functions[fnId].Properties;

  it('runs bootstrap on provided.al2023, arm64, with reserved concurrency', () => {
    assert.equal(fn.Runtime, 'provided.al2023');
    assert.deepEqual(fn.Architectures, ['arm64']);
    assert.equal(fn.Handler, 'bootstrap');
    assert.equal(fn.ReservedConcurrentExecutions, staging.contactReservedConcurrency);
    assert.equal(fn.Timeout, 15);
  });

  it('takes its CONTACT_* settings from parameters, and the site origin from the environment', () => {
    const env = fn.Environment.Variables;
    assert.equal(env.CONTACT_MAILER, 'ses');
    assert.deepEqual(env.CONTACT_SES_FROM, { Ref: 'ContactSesFrom' });
    assert.deepEqual(env.CONTACT_SES_TO, { Ref: 'ContactSesTo' });
    assert.deepEqual(env.CONTACT_RATE_PER_MINUTE, { Ref: 'ContactRatePerMinute' });
    assert.deepEqual(env.CONTACT_RATE_BURST, { Ref: 'ContactRateBurst' });
    assert.equal(env.CONTACT_ALLOWED_ORIGINS, 'https://staging.vozia.example');
    for (const p of ['ContactSesFrom', 'ContactSesTo', 'ContactSesIdentity', 'ContactSesRegion', 'ContactRatePerMinute', 'ContactRateBurst']) {
      template.hasParameter(p, {});
    }
  });

  it('may send mail only as the sender identity', () => {
    // Every policy, the upload's handler included: nothing else may send mail.
    const statements = Object.values(template.findResources('AWS::IAM::Policy')).flatMap(
      (p) => p.Properties.PolicyDocument.Statement,
    );
    const role = fn.Role['Fn::GetAtt'][0];
    const own = Object.values(template.findResources('AWS::IAM::Policy')).filter((p) =>
      p.Properties.Roles.some((r: { Ref: string }) => r.Ref === role),
    );
    assert.equal(own.length, 1, 'one policy on the function role');
    const ses = statements.filter((s) => [s.Action].flat().some((a: string) => a.startsWith('ses:')));
    assert.equal(ses.length, 1);
    assert.equal(ses[0].Action, 'ses:SendEmail');
    const arn = JSON.stringify(ses[0].Resource);
    assert.match(arn, /:identity\/",\{"Ref":"ContactSesIdentity"\}/);
    assert.doesNotMatch(arn, /\*/);
  });

  it('keeps its logs for the configured time', () => {
    template.hasResourceProperties('AWS::Logs::LogGroup', { RetentionInDays: 14 });
    assert.ok(fn.LoggingConfig.LogGroup, 'the function logs to that group');
  });

  it("grants CORS on its public URL to the function's own allowlist only", () => {
    const url = one('AWS::Lambda::Url');
    assert.equal(url.AuthType, 'NONE');
    assert.deepEqual(url.Cors.AllowOrigins, [fn.Environment.Variables.CONTACT_ALLOWED_ORIGINS]);
    assert.deepEqual(url.Cors.AllowMethods, ['POST']);
    assert.equal(url.Cors.AllowCredentials, false);
  });
});

describe('environments', () => {
  it('staging and production are two stacks with their own settings', () => {
    const prod = loadEnvironment(join(root, 'environments.json'), 'production');
    assert.notEqual(prod.baseUrl, staging.baseUrl);
    const { template: t } = synth({}, prod);
    t.hasResourceProperties('AWS::Lambda::Function', { ReservedConcurrentExecutions: prod.contactReservedConcurrency });
    assert.throws(() => loadEnvironment(join(root, 'environments.json'), 'qa'), /one of: staging, production/);
  });

  it('puts a WAF rate rule in front of /api/contact only when asked, in us-east-1', () => {
    const withWaf = { ...staging, wafRateLimit: 100 };
    assert.throws(() => synth({}, withWaf), /us-east-1/);
    const { template: t } = synth({ env: { account: '000000000000'.replace(/0/g, '1'), region: 'us-east-1' } }, withWaf);
    t.hasResourceProperties('AWS::WAFv2::WebACL', {
      Scope: 'CLOUDFRONT',
      Rules: [Match.objectLike({ Statement: { RateBasedStatement: Match.objectLike({ Limit: 100, AggregateKeyType: 'IP' }) } })],
    });
  });

  it('names no account in the code', () => {
    for (const dir of ['bin', 'lib']) {
      for (const f of readdirSync(join(root, dir))) {
        assert.doesNotMatch(readFileSync(join(root, dir, f), 'utf8'), /\b\d{12}\b/, `${dir}/${f}`);
      }
    }
  });
});

describe('cdk CLI', () => {
  // The pinned CLI must read the cloud assembly the pinned library writes
  // (a newer CLI major cannot), offline and without credentials.
  it('synthesizes from fixture inputs', () => {
    const { dir, siteDir, contactZip } = fixtureInputs();
    for (const env of ['production']) {
      const out = join(dir, 'synth-' + env);
      const r = spawnSync(
        join(root, 'node_modules', '.bin', 'cdk'),
        ['synth', '--quiet', '--no-notices', '--no-version-reporting', '-o', out,
          '-c', `env=${env}`, '-c', `siteDir=${siteDir}`, '-c', `cdnDir=${cdnDir}`, '-c', `contactZip=${contactZip}`],
        { cwd: root, encoding: 'utf8', env: { PATH: process.env.PATH, HOME: dir, AWS_EC2_METADATA_DISABLED: 'true', CDK_DISABLE_VERSION_CHECK: '1' } },
      );
      assert.equal(r.status, 0, r.stderr);
      const t = JSON.parse(readFileSync(join(out, `VoziaSite-${env}.template.json`), 'utf8'));
      assert.ok(Object.values(t.Resources).some((x) => (x as { Type: string }).Type === 'AWS::CloudFront::Distribution'));
    }
  });

  it('says what to build when an input is missing', () => {
    const { dir } = fixtureInputs();
    const r = spawnSync(join(root, 'node_modules', '.bin', 'cdk'), ['synth', '--quiet', '--no-notices', '-o', join(dir, 'o'), '-c', 'env=staging', '-c', `siteDir=${join(dir, 'nope')}`], {
      cwd: root, encoding: 'utf8', env: { PATH: process.env.PATH, HOME: dir, AWS_EC2_METADATA_DISABLED: 'true', CDK_DISABLE_VERSION_CHECK: '1' },
    });
    assert.notEqual(r.status, 0);
    assert.match(r.stderr, /index\.html is missing: run make build first/);
  });
});

function findId(resources: Record<string, unknown>, prefix: string): string {
  const id = Object.keys(resources).find((k) => k.startsWith(prefix));
  assert.ok(id, `a resource named ${prefix}*`);
  return id;
}
