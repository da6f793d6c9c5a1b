// Synthesizes the stack offline from fixture inputs (no build, no AWS) and
// checks what a visitor and an operator depend on. The CDN fixture is the
// Go build's own output for its fixture site (generator's TestBuildFixture
// keeps test/fixtures/cdn current), so "the headers of cmd/serve" here are
// the ones cmd/serve sends.
import { App, Aspects } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
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
const production = loadEnvironment(join(root, 'environments.json'), 'production');
// Production needs a certificate and, for its WAF, us-east-1; these stand in.
const account = '1'.repeat(12);
const certificateArn = `arn:aws:acm:us-east-1:${account}:certificate/00000000-0000-4000-8000-000000000000`;
const productionProps: Partial<SiteStackProps> = { certificateArn, env: { account, region: 'us-east-1' } };

function fixtureInputs() {
  const dir = mkdtempSync(join(tmpdir(), 'site-stack-'));
  const siteDir = join(dir, 'site');
  const files: Record<string, string> = {
    'index.html': 'home',
    'platform/index.html': 'platform',
    '404.html': 'not found',
    'assets/app-ABC.js': 'js',
    'assets/img/photo-0123456789-480.avif': 'avif',
    'assets/img/photo-0123456789-480.webp': 'webp',
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
  // As bin/site.ts does: cdk-nag's AwsSolutions checks on every synth.
  Aspects.of(app).add(new AwsSolutionsChecks());
  const stack = new SiteStack(app, 'Test', { site, siteDir, cdnDir, contactZip, ...overrides });
  return { template: Template.fromStack(stack), annotations: Annotations.fromStack(stack) };
}

const { template } = synth();
const one = (type: string) => {
  const all = Object.values(template.findResources(type));
  assert.equal(all.length, 1, `one ${type}`);
  return all[0].Properties;
};

describe('storage', () => {
  const siteBucket = findId(template.findResources('AWS::S3::Bucket'), 'Site');
  const sitePolicy = () => {
    const policies = template.findResources('AWS::S3::BucketPolicy');
    return Object.values(policies).find((p) => p.Properties.Bucket.Ref === siteBucket)!.Properties.PolicyDocument.Statement;
  };

  it('is a private, versioned bucket that refuses plain HTTP', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
      VersioningConfiguration: { Status: 'Enabled' },
    });
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: siteBucket },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });

  it('is read by CloudFront through origin access control, and by nobody else', () => {
    const dist = one('AWS::CloudFront::Distribution').DistributionConfig;
    const s3Origin = dist.Origins.find((o: { S3OriginConfig?: unknown }) => o.S3OriginConfig);
    assert.equal(oac(s3Origin).OriginAccessControlOriginType, 's3');
    assert.equal(oac(s3Origin).SigningBehavior, 'always', 'S3 origin signs with OAC');
    assert.equal(s3Origin.S3OriginConfig.OriginAccessIdentity, '', 'no legacy OAI');
    const policy = sitePolicy();
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
    assert.deepEqual(deployments[hashed].Properties.Include, ['assets/*.js', 'assets/*.webp', 'data/*.json']);
    assert.equal(deployments[pages].Properties.Prune, true);
    assert.deepEqual(deployments[pages].Properties.Exclude, ['assets/*', 'data/*']);
  });

  it('states the content type of the files the handler would guess wrong', () => {
    // What each file is stored as: the uploads that take it (their include
    // filters after exclude "*", as the handler applies them), and the type
    // stated by the one that does, or the handler's guess (undefined).
    const deployments = Object.values(template.findResources('Custom::CDKBucketDeployment')) as {
      Properties: { Include?: string[]; Exclude?: string[]; SystemMetadata?: Record<string, string> };
    }[];
    const glob = (g: string) => new RegExp('^' + g.split('*').map((x) => x.replace(/[.?+^$()[\]{}|\\]/g, '\\$&')).join('.*') + '$');
    const takes = (d: (typeof deployments)[number], f: string) =>
      (d.Properties.Include ?? []).some((g) => glob(g).test(f)) ||
      (!(d.Properties.Exclude ?? []).some((g) => glob(g).test(f)) && !d.Properties.Include?.length);
    const { siteDir } = fixtureInputs();
    for (const f of listFiles(siteDir)) {
      const by = deployments.filter((d) => takes(d, f));
      assert.equal(by.length, 1, `${f} is uploaded by ${by.length} uploads, want 1`);
      const stated = by[0].Properties.SystemMetadata?.['content-type'];
      if (f.endsWith('.avif')) assert.equal(stated, 'image/avif', f);
      else assert.equal(stated, undefined, `${f}: the handler guesses its type from its name`);
    }
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

  it("grants CORS on its URL to the function's own allowlist only", () => {
    const url = one('AWS::Lambda::Url');
    assert.deepEqual(url.Cors.AllowOrigins, [fn.Environment.Variables.CONTACT_ALLOWED_ORIGINS]);
    assert.deepEqual(url.Cors.AllowMethods, ['POST']);
    assert.deepEqual(url.Cors.AllowHeaders, ['content-type', 'x-amz-content-sha256']);
    assert.equal(url.Cors.AllowCredentials, false);
  });
});

// A direct call to the Function URL must get 403 from Lambda itself: the URL
// takes only IAM-signed requests, and only CloudFront, for this one
// distribution, may invoke it (origin access control). The function's own
// 403 for an unsigned event is tested in functions/contact.
describe('the contact function is reachable only through the distribution', () => {
  const dist = one('AWS::CloudFront::Distribution').DistributionConfig;
  const distId = findId(template.findResources('AWS::CloudFront::Distribution'), 'Cdn');
  const fnId = findId(template.findResources('AWS::Lambda::Function'), 'Contact');

  it('has a Function URL with AuthType AWS_IAM', () => {
    const url = one('AWS::Lambda::Url');
    assert.equal(url.AuthType, 'AWS_IAM');
    assert.deepEqual(url.TargetFunctionArn, { 'Fn::GetAtt': [fnId, 'Arn'] });
  });

  it('is signed for by CloudFront with a Lambda origin access control', () => {
    const b = dist.CacheBehaviors.find((c: { PathPattern: string }) => c.PathPattern === '/api/contact');
    const origin = dist.Origins.find((o: { Id: string }) => o.Id === b.TargetOriginId);
    assert.ok(origin.CustomOriginConfig, 'the Function URL is a custom origin');
    assert.equal(origin.CustomOriginConfig.OriginProtocolPolicy, 'https-only');
    const cfg = oac(origin);
    assert.equal(cfg.OriginAccessControlOriginType, 'lambda');
    assert.equal(cfg.SigningBehavior, 'always');
    assert.equal(cfg.SigningProtocol, 'sigv4');
  });

  it('may be invoked by CloudFront for this distribution, and by no one else', () => {
    const permissions = Object.values(template.findResources('AWS::Lambda::Permission')).map((p) => p.Properties);
    assert.ok(permissions.length > 0, 'invoke permissions');
    for (const p of permissions) {
      assert.notEqual(p.Principal, '*', `${p.Action} for everyone`);
      assert.equal(p.Principal, 'cloudfront.amazonaws.com', `${p.Action} for ${JSON.stringify(p.Principal)}`);
      assert.equal(p.FunctionUrlAuthType, undefined, 'no grant of an unauthenticated URL');
      assert.match(JSON.stringify(p.SourceArn), new RegExp(`:distribution/",\\{"Ref":"${distId}"\\}`), 'scoped to this distribution');
      // The contact function's ARN, as its URL resource reports it.
      assert.deepEqual(p.FunctionName, { 'Fn::GetAtt': [findId(template.findResources('AWS::Lambda::Url'), 'ContactFunctionUrl'), 'FunctionArn'] });
    }
    // Lambda asks for both since October 2025: the URL action, and the
    // function action when invoked through its URL.
    assert.deepEqual(permissions.map((p) => p.Action).sort(), ['lambda:InvokeFunction', 'lambda:InvokeFunctionUrl']);
    const viaUrl = permissions.find((p) => p.Action === 'lambda:InvokeFunction');
    assert.equal(viaUrl.InvokedViaFunctionUrl, true);
    // Nothing else in the template grants an invocation either.
    const statements = Object.values(template.findResources('AWS::IAM::Policy')).flatMap((p) => p.Properties.PolicyDocument.Statement);
    assert.ok(!statements.some((st) => [st.Action].flat().some((a: string) => a.startsWith('lambda:Invoke'))));
  });

  it('refuses, itself, an event Lambda did not authenticate', () => {
    const fn = template.findResources('AWS::Lambda::Function')[fnId].Properties;
    assert.equal(fn.Environment.Variables.CONTACT_REQUIRE_IAM, 'true');
  });
});

describe('logs', () => {
  const buckets = template.findResources('AWS::S3::Bucket');
  const logBucket = findId(buckets, 'Logs');
  const siteBucket = findId(buckets, 'Site');

  it('keeps the access logs of the distribution and of the site bucket in the log bucket', () => {
    const dist = one('AWS::CloudFront::Distribution').DistributionConfig;
    assert.deepEqual(dist.Logging.Bucket, { 'Fn::GetAtt': [logBucket, 'RegionalDomainName'] });
    assert.equal(dist.Logging.Prefix, 'cloudfront/');
    assert.equal(dist.Logging.IncludeCookies, false);
    assert.deepEqual(buckets[siteBucket].Properties.LoggingConfiguration, { DestinationBucketName: { Ref: logBucket }, LogFilePrefix: 's3/' });
  });

  it('keeps them in a private, encrypted, TLS-only bucket, for the configured days', () => {
    const b = buckets[logBucket].Properties;
    assert.deepEqual(b.PublicAccessBlockConfiguration, { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true });
    assert.equal(b.BucketEncryption.ServerSideEncryptionConfiguration[0].ServerSideEncryptionByDefault.SSEAlgorithm, 'AES256');
    assert.equal(b.LifecycleConfiguration.Rules[0].ExpirationInDays, staging.logRetentionDays);
    assert.equal(b.AccessControl, undefined, 'no log-delivery ACL: S3 logs by bucket policy');
    const policy = Object.values(template.findResources('AWS::S3::BucketPolicy')).find((p) => p.Properties.Bucket.Ref === logBucket)!;
    const statements = policy.Properties.PolicyDocument.Statement;
    assert.ok(statements.some((st: { Effect: string; Condition?: { Bool?: Record<string, string> } }) => st.Effect === 'Deny' && st.Condition?.Bool?.['aws:SecureTransport'] === 'false'));
    const allows = statements.filter((st: { Effect: string }) => st.Effect === 'Allow');
    assert.deepEqual(allows.map((st: { Principal: unknown; Action: unknown }) => [st.Principal, st.Action]), [[{ Service: 'logging.s3.amazonaws.com' }, 's3:PutObject']]);
  });

  it("keeps the upload handler's logs for the configured days too", () => {
    const handler = Object.values(template.findResources('AWS::Lambda::Function')).find((f) => f.Properties.Runtime?.startsWith('python'))!;
    const group = handler.Properties.LoggingConfig.LogGroup.Ref;
    assert.equal(template.findResources('AWS::Logs::LogGroup')[group].Properties.RetentionInDays, staging.logRetentionDays);
  });
});

describe('least privilege', () => {
  it('uses no AWS managed policy and grants nothing on every resource', () => {
    for (const [id, r] of Object.entries(template.findResources('AWS::IAM::Role'))) {
      assert.equal(r.Properties.ManagedPolicyArns, undefined, `${id} has managed policies`);
    }
    for (const [id, p] of Object.entries(template.findResources('AWS::IAM::Policy'))) {
      for (const st of p.Properties.PolicyDocument.Statement) {
        assert.ok(![st.Resource].flat().includes('*'), `${id}: ${JSON.stringify(st.Action)} on *`);
      }
    }
  });

  it('lets the upload invalidate only this distribution', () => {
    const statements = Object.values(template.findResources('AWS::IAM::Policy')).flatMap((p) => p.Properties.PolicyDocument.Statement);
    const invalidation = statements.filter((st) => [st.Action].flat().some((a: string) => a.startsWith('cloudfront:')));
    assert.equal(invalidation.length, 1);
    const distId = findId(template.findResources('AWS::CloudFront::Distribution'), 'Cdn');
    assert.match(JSON.stringify(invalidation[0].Resource), new RegExp(`:distribution/",\\{"Ref":"${distId}"\\}`));
  });
});

// cdk-nag's AwsSolutions pack, as bin/site.ts runs it on every synth: no
// finding may stay unsuppressed, and each suppression says why.
describe('AWS Solutions checks (cdk-nag)', () => {
  const stages: [string, Environment, Partial<SiteStackProps>, string[]][] = [
    ['staging', staging, {}, ['AwsSolutions-CFR1', 'AwsSolutions-CFR2', 'AwsSolutions-CFR4', 'AwsSolutions-IAM5', 'AwsSolutions-L1']],
    ['staging with a certificate', staging, { certificateArn }, ['AwsSolutions-CFR1', 'AwsSolutions-CFR2', 'AwsSolutions-IAM5', 'AwsSolutions-L1']],
    ['production', production, productionProps, ['AwsSolutions-CFR1', 'AwsSolutions-IAM5', 'AwsSolutions-L1']],
  ];
  for (const [name, site, props, suppressed] of stages) {
    it(`finds nothing unsuppressed in ${name}, and suppresses only ${suppressed.map((s) => s.replace('AwsSolutions-', '')).join(', ')}`, () => {
      const { template: t, annotations } = synth(props, site);
      const findings = [
        ...annotations.findError('*', Match.stringLikeRegexp('AwsSolutions-.*')),
        ...annotations.findWarning('*', Match.stringLikeRegexp('AwsSolutions-.*')),
      ].map((m) => `${m.id}: ${String(m.entry.data).split('\n')[0]}`);
      assert.deepEqual(findings, []);
      const rules = Object.values(t.toJSON().Resources as Record<string, { Metadata?: { cdk_nag?: { rules_to_suppress: { id: string; reason: string }[] } } }>)
        .flatMap((r) => r.Metadata?.cdk_nag?.rules_to_suppress ?? []);
      assert.deepEqual([...new Set(rules.map((r) => r.id))].sort(), suppressed);
      for (const r of rules) assert.ok(r.reason.length >= 80, `${r.id}: a reason a reviewer can judge, not "${r.reason}"`);
    });
  }
});

describe('TLS', () => {
  it('asks for TLS 1.2 (2021 policy) with SNI wherever a certificate is set', () => {
    for (const [site, props] of [[staging, { certificateArn }], [production, productionProps]] as const) {
      const { template: t } = synth(props, site);
      const dist = Object.values(t.findResources('AWS::CloudFront::Distribution'))[0].Properties.DistributionConfig;
      assert.equal(dist.ViewerCertificate.AcmCertificateArn, certificateArn);
      assert.equal(dist.ViewerCertificate.MinimumProtocolVersion, 'TLSv1.2_2021');
      assert.equal(dist.ViewerCertificate.SslSupportMethod, 'sni-only');
      assert.deepEqual(dist.Aliases, [new URL(site.baseUrl).hostname]);
    }
  });

  it('refuses to synthesize production without a certificate, saying what to set', () => {
    assert.equal(production.requireCertificate, true);
    assert.throws(() => synth({ env: productionProps.env }, production), /needs its certificate: set CERTIFICATE_ARN to an ACM certificate for www\.vozia\.example in us-east-1/);
    assert.throws(() => synth({ ...productionProps, certificateArn: certificateArn.replace('us-east-1', 'eu-west-1') }, production), /in us-east-1/);
  });
});

describe('environments', () => {
  it('staging and production are two stacks with their own settings', () => {
    assert.notEqual(production.baseUrl, staging.baseUrl);
    const { template: t } = synth(productionProps, production);
    t.hasResourceProperties('AWS::Lambda::Function', { ReservedConcurrentExecutions: production.contactReservedConcurrency });
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

  it('puts the WAF rate rule in front of /api/contact in production', () => {
    assert.ok(production.wafRateLimit >= 10, 'production has a WAF rate limit in environments.json');
    const { template: t } = synth(productionProps, production);
    const acls = t.findResources('AWS::WAFv2::WebACL');
    assert.equal(Object.keys(acls).length, 1);
    const [aclId, acl] = Object.entries(acls)[0];
    assert.equal(acl.Properties.Scope, 'CLOUDFRONT');
    const rate = acl.Properties.Rules[0].Statement.RateBasedStatement;
    assert.equal(acl.Properties.Rules[0].Action.Block !== undefined, true);
    assert.equal(rate.Limit, production.wafRateLimit);
    assert.equal(rate.AggregateKeyType, 'IP');
    assert.equal(rate.ScopeDownStatement.ByteMatchStatement.SearchString, '/api/contact');
    const dist = Object.values(t.findResources('AWS::CloudFront::Distribution'))[0].Properties.DistributionConfig;
    assert.deepEqual(dist.WebACLId, { 'Fn::GetAtt': [aclId, 'Arn'] });
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
    // Every stage, with cdk-nag's checks as bin/site.ts applies them: an
    // unsuppressed finding fails the synth, and so the deployment.
    for (const env of ['staging', 'production']) {
      const out = join(dir, 'synth-' + env);
      const r = cli(dir, ['synth', '--quiet', '--no-notices', '--no-version-reporting', '-o', out,
        '-c', `env=${env}`, '-c', `siteDir=${siteDir}`, '-c', `cdnDir=${cdnDir}`, '-c', `contactZip=${contactZip}`,
        ...(env === 'production' ? ['-c', `certificateArn=${certificateArn}`] : [])]);
      assert.equal(r.status, 0, r.stderr);
      const t = JSON.parse(readFileSync(join(out, `VoziaSite-${env}.template.json`), 'utf8'));
      assert.ok(Object.values(t.Resources).some((x) => (x as { Type: string }).Type === 'AWS::CloudFront::Distribution'));
    }
  });

  it('refuses production without a certificate', () => {
    const { dir, siteDir, contactZip } = fixtureInputs();
    const r = cli(dir, ['synth', '--quiet', '--no-notices', '-o', join(dir, 'o'), '-c', 'env=production',
      '-c', `siteDir=${siteDir}`, '-c', `cdnDir=${cdnDir}`, '-c', `contactZip=${contactZip}`]);
    assert.notEqual(r.status, 0);
    assert.match(r.stderr, /VoziaSite-production serves https:\/\/www\.vozia\.example and needs its certificate: set CERTIFICATE_ARN/);
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

// The pinned cdk CLI, offline, without credentials, in us-east-1 (the
// production WAF's region).
function cli(home: string, args: string[]) {
  return spawnSync(join(root, 'node_modules', '.bin', 'cdk'), args, {
    cwd: root,
    encoding: 'utf8',
    env: { PATH: process.env.PATH, HOME: home, AWS_REGION: 'us-east-1', AWS_EC2_METADATA_DISABLED: 'true', CDK_DISABLE_VERSION_CHECK: '1' },
  });
}

// The origin access control an origin signs with.
function oac(origin: { OriginAccessControlId: { 'Fn::GetAtt': [string, string] } }) {
  const id = origin.OriginAccessControlId['Fn::GetAtt'][0];
  return template.findResources('AWS::CloudFront::OriginAccessControl')[id].Properties.OriginAccessControlConfig;
}

function findId(resources: Record<string, unknown>, prefix: string): string {
  const id = Object.keys(resources).find((k) => k.startsWith(prefix));
  assert.ok(id, `a resource named ${prefix}*`);
  return id;
}
