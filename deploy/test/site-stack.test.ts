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
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { DELIVERY_ATTEMPTS, SES_REVIEW, SQS_MAX_RETENTION_DAYS } from '../lib/enquiries.ts';
import { loadEnvironment, type Environment } from '../lib/environments.ts';
import { headersPolicyProps } from '../lib/headers.ts';
import { CONTACT_FORWARDED_HEADERS, CONTACT_PATH_TRANSFORMATIONS, SiteStack, type SiteStackProps } from '../lib/site-stack.ts';
import { CONTENT_TYPES, changedPaths, digests, listFiles } from '../lib/upload.ts';
import { assertValidated } from './synth.ts';
import { tempDir } from './tmp.ts';

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
  const dir = tempDir('site-stack-');
  const siteDir = join(dir, 'site');
  const files: Record<string, string> = {
    'index.html': 'home',
    'platform/index.html': 'platform',
    '404.html': 'not found',
    'assets/app-ABC.js': 'js',
    'assets/img/photo-0123456789-480.avif': 'avif',
    'assets/img/photo-0123456789-480.webp': 'webp',
    'assets/fonts/inter-0123456789.woff2': 'woff2',
    'admin/config.yml': 'backend: {}',
    'data/home-123.json': '{}',
    'sitemap.xml': '<urlset/>',
  };
  for (const [p, body] of Object.entries(files)) {
    mkdirSync(dirname(join(siteDir, p)), { recursive: true });
    writeFileSync(join(siteDir, p), body);
  }
  // Empty zip archives stand in for make lambda's packages.
  const contactZip = join(dir, 'contact.zip');
  writeFileSync(contactZip, Buffer.from([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]));
  const deliverZip = join(dir, 'deliver.zip');
  writeFileSync(deliverZip, Buffer.from([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]));
  const oauthZip = join(dir, 'oauth.zip');
  writeFileSync(oauthZip, Buffer.from([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]));
  return { dir, siteDir, contactZip, deliverZip, oauthZip };
}

// A synthesis with cdk-nag's checks takes seconds, and the tests read the
// same few stages: each stage with the same props is synthesized once, and
// the tests that read it share its template (read, never changed).
const synths = new Map<string, ReturnType<typeof synthesize>>();
function synth(overrides: Partial<SiteStackProps> = {}, site: Environment = staging) {
  const key = JSON.stringify([overrides, site]);
  let s = synths.get(key);
  if (!s) {
    s = synthesize(overrides, site);
    synths.set(key, s);
  }
  return s;
}

function synthesize(overrides: Partial<SiteStackProps>, site: Environment) {
  const { dir, siteDir, contactZip, deliverZip } = fixtureInputs();
  const app = new App({ outdir: join(dir, 'cdk.out') });
  // As bin/site.ts does: cdk-nag's AwsSolutions checks on every synth.
  Aspects.of(app).add(new AwsSolutionsChecks());
  const stack = new SiteStack(app, 'Test', { site, siteDir, cdnDir, contactZip, deliverZip, ...overrides });
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
    // The site's policy (the web editor's is another, editor.test.ts).
    const cfg = Object.values(template.findResources('AWS::CloudFront::ResponseHeadersPolicy'))
      .map((r) => r.Properties.ResponseHeadersPolicyConfig)
      .find((c) => c.Comment === headersPolicyProps({}).comment);
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
      const ext = f.slice(f.lastIndexOf('.'));
      const hashedFile = f.startsWith('assets/') || f.startsWith('data/');
      if (hashedFile && ext in CONTENT_TYPES) assert.equal(stated, CONTENT_TYPES[ext], f);
      else assert.equal(stated, undefined, `${f}: the handler guesses its type from its name`);
    }
    for (const [f, type] of [['assets/img/photo-0123456789-480.avif', 'image/avif'], ['assets/fonts/inter-0123456789.woff2', 'font/woff2']]) {
      const by = deployments.filter((d) => takes(d, f));
      assert.equal(by[0].Properties.SystemMetadata?.['content-type'], type, f);
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
    assert.deepEqual(env.CONTACT_QUEUE_URL, { Ref: findId(template.findResources('AWS::SQS::Queue'), 'EnquiriesQueue') }, 'stores on the delivery queue');
    assert.equal(env.CONTACT_MAILER, undefined, 'sends no mail itself');
    const deliver = template.findResources('AWS::Lambda::Function')[findId(template.findResources('AWS::Lambda::Function'), 'EnquiriesDeliver')].Properties.Environment.Variables;
    assert.equal(deliver.CONTACT_MAILER, 'ses');
    assert.deepEqual(deliver.CONTACT_SES_FROM, { Ref: 'ContactSesFrom' });
    assert.deepEqual(deliver.CONTACT_SES_TO, { Ref: 'ContactSesTo' });
    // Both functions know the build's products: the one to check an
    // enquiry's, the other to route it (the fixture's dist/cdn/enquiries.json).
    const products = readFileSync(join(cdnDir, 'enquiries.json'), 'utf8').trim();
    assert.equal(env.CONTACT_ENQUIRIES, products);
    assert.equal(deliver.CONTACT_ENQUIRIES, products);
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
// 403 for an unsigned event is tested in functions/contact/lambdaevent.
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
      Rules: Match.arrayWith([Match.objectLike({ Statement: { RateBasedStatement: Match.objectLike({ Limit: 100, AggregateKeyType: 'IP' }) } })]),
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

  it('puts a WAF rate rule in front of /oauth/* (the sign-in relay) in production', () => {
    const { template: t } = synth(productionProps, production);
    const acl = Object.values(t.findResources('AWS::WAFv2::WebACL'))[0].Properties;
    const rule = acl.Rules.find((r: { Statement: { RateBasedStatement?: { ScopeDownStatement: { ByteMatchStatement: { SearchString: string } } } } }) =>
      r.Statement.RateBasedStatement?.ScopeDownStatement.ByteMatchStatement.SearchString === '/oauth/');
    assert.ok(rule, `a rule for /oauth/ among ${JSON.stringify(acl.Rules.map((r: { Name: string }) => r.Name))}`);
    assert.ok(rule.Action.Block !== undefined);
    const rate = rule.Statement.RateBasedStatement;
    assert.equal(rate.AggregateKeyType, 'IP');
    assert.ok(rate.Limit >= 10 && rate.Limit <= 100, `limit ${rate.Limit}`);
    const match = rate.ScopeDownStatement.ByteMatchStatement;
    assert.equal(match.PositionalConstraint, 'STARTS_WITH');
    assert.deepEqual(match.TextTransformations.map((x: { Type: string }) => x.Type), [...CONTACT_PATH_TRANSFORMATIONS]);
    for (const path of ['/oauth/authorize', '/oauth/%63allback', '/x/../oauth/callback', '/OAUTH/authorize']) {
      assert.ok(CONTACT_PATH_TRANSFORMATIONS.reduce(waf, path).startsWith(match.SearchString), `${path} is counted`);
    }
    assert.equal(new Set(acl.Rules.map((r: { Priority: number }) => r.Priority)).size, acl.Rules.length, 'distinct priorities');
  });

  it('names no account in the code', () => {
    for (const dir of ['bin', 'lib']) {
      for (const f of readdirSync(join(root, dir))) {
        assert.doesNotMatch(readFileSync(join(root, dir, f), 'utf8'), /\b\d{12}\b/, `${dir}/${f}`);
      }
    }
  });
});

// Issue 50: who may deploy a stage is written in the stack. Each stage's
// role is trusted for its own GitHub environment's jobs only; the
// previews' role for pull request runs only.
describe('deploy roles', () => {
  const prod = synth(productionProps, production).template;
  const roleOf = (t: Template) => {
    const roles = Object.entries(t.findResources('AWS::IAM::Role')).filter(([, r]) =>
      JSON.stringify(r.Properties.AssumeRolePolicyDocument).includes('AssumeRoleWithWebIdentity'),
    );
    assert.equal(roles.length, 1, 'one role a GitHub run can assume');
    return roles[0];
  };
  const trust = (t: Template) => {
    const statements = roleOf(t)[1].Properties.AssumeRolePolicyDocument.Statement;
    assert.equal(statements.length, 1);
    return statements[0];
  };

  for (const [name, site, t] of [['staging', staging, template], ['production', production, prod]] as const) {
    it(`${name}: trusted for repo:${site.githubRepository}:environment:${name} with audience sts.amazonaws.com, exactly`, () => {
      const s = trust(t);
      assert.equal(s.Effect, 'Allow');
      assert.equal(s.Action, 'sts:AssumeRoleWithWebIdentity');
      assert.deepEqual(s.Condition, {
        StringEquals: {
          'token.actions.githubusercontent.com:aud': 'sts.amazonaws.com',
          'token.actions.githubusercontent.com:sub': `repo:${site.githubRepository}:environment:${name}`,
        },
      });
      assert.doesNotMatch(JSON.stringify(s), /StringLike|ForAnyValue|\*/, 'no wildcard, no StringLike');
      // The principal is the account's GitHub provider: created here, or the one the parameter names.
      const providerId = Object.keys(t.findResources('AWS::IAM::OIDCProvider'))[0];
      assert.deepEqual(s.Principal.Federated, { 'Fn::If': ['CreateGitHubOidcProvider', { 'Fn::GetAtt': [providerId, 'Arn'] }, { Ref: 'GitHubOidcProviderArn' }] });
    });
  }

  it("creates GitHub's OIDC provider unless a parameter names the account's, and keeps it", () => {
    const [provider] = Object.values(template.findResources('AWS::IAM::OIDCProvider'));
    assert.equal(provider.Properties.Url, 'https://token.actions.githubusercontent.com');
    assert.deepEqual(provider.Properties.ClientIdList, ['sts.amazonaws.com']);
    assert.equal(provider.Condition, 'CreateGitHubOidcProvider');
    assert.equal(provider.DeletionPolicy, 'Retain');
    const p = template.toJSON().Parameters.GitHubOidcProviderArn;
    assert.equal(p.Default, '');
    assert.match('arn:aws:iam::111111111111:oidc-provider/token.actions.githubusercontent.com', new RegExp(p.AllowedPattern));
    assert.doesNotMatch('arn:aws:iam::111111111111:oidc-provider/evil.example', new RegExp(p.AllowedPattern));
    assert.deepEqual(template.toJSON().Conditions.CreateGitHubOidcProvider, { 'Fn::Equals': [{ Ref: 'GitHubOidcProviderArn' }, ''] });
  });

  it('may only assume the CDK bootstrap roles of its account and region, and says where it is', () => {
    const [id] = roleOf(template);
    const statements = Object.values(template.findResources('AWS::IAM::Policy'))
      .filter((p) => p.Properties.Roles.some((r: { Ref: string }) => r.Ref === id))
      .flatMap((p) => p.Properties.PolicyDocument.Statement);
    assert.equal(statements.length, 1);
    assert.equal(statements[0].Action, 'sts:AssumeRole');
    const resources = JSON.stringify(statements[0].Resource);
    for (const r of ['deploy-role', 'file-publishing-role', 'lookup-role']) assert.ok(resources.includes(`:role/cdk-hnb659fds-${r}-`), r);
    assert.doesNotMatch(resources, /\*/);
    assert.deepEqual(template.toJSON().Outputs.DeployRoleArn.Value, { 'Fn::GetAtt': [id, 'Arn'] });
  });

  it('refuses a stage without its repository', () => {
    const file = join(tempDir('environments-'), 'environments.json');
    const { githubRepository: _, ...rest } = JSON.parse(readFileSync(join(root, 'environments.json'), 'utf8')).staging;
    writeFileSync(file, JSON.stringify({ staging: rest }));
    assert.throws(() => loadEnvironment(file, 'staging'), /staging: githubRepository undefined must be owner\/name/);
  });

  it('trusts the previews\' role to the environment preview, apart from both stages\'', async () => {
    const { PreviewStack } = await import('../lib/preview-stack.ts');
    const { loadPreviewEnvironment } = await import('../lib/environments.ts');
    const preview = loadPreviewEnvironment(join(root, 'environments.json'));
    const app = new App({ outdir: join(tempDir('preview-'), 'cdk.out') });
    const stack = new PreviewStack(app, 'Preview', {
      preview, siteBaseUrls: [staging.baseUrl, production.baseUrl], cdnDir, certificateArn, env: { account, region: 'us-east-1' },
    });
    const t = Template.fromStack(stack);
    const s = trust(t);
    assert.deepEqual(s.Condition, {
      StringEquals: {
        'token.actions.githubusercontent.com:aud': 'sts.amazonaws.com',
        'token.actions.githubusercontent.com:sub': `repo:${preview.githubRepository}:environment:preview`,
      },
    });
    assert.notEqual(preview.githubRepository, '');
    for (const stage of ['staging', 'production']) assert.doesNotMatch(JSON.stringify(s.Condition), new RegExp(`:environment:${stage}"`));
  });
});

// Issue 44: an enquiry is stored on a queue before the answer, delivered
// from it with retries, kept no longer than the stage's retentionDays.
describe('enquiries', () => {
  const queues = template.findResources('AWS::SQS::Queue');
  const queueId = findId(queues, 'EnquiriesQueue');
  const dlqId = findId(queues, 'EnquiriesDeadLetters');
  const queue = queues[queueId].Properties;
  const dlq = queues[dlqId].Properties;
  const days = (n: number) => n * 24 * 3600;

  it('stores on an encrypted queue whose redrive policy moves an enquiry to the dead-letter queue after the delivery attempts', () => {
    assert.equal(queue.SqsManagedSseEnabled, true);
    assert.deepEqual(queue.RedrivePolicy, { deadLetterTargetArn: { 'Fn::GetAtt': [dlqId, 'Arn'] }, maxReceiveCount: DELIVERY_ATTEMPTS });
    assert.equal(DELIVERY_ATTEMPTS, 10, 'functions/contact DefaultPolicy.MaxAttempts');
    assert.equal(queue.VisibilityTimeout, 6 * 30, 'six times the delivery function timeout');
  });

  it('keeps dead letters 14 days, encrypted, with no dead-letter queue of their own', () => {
    assert.equal(dlq.SqsManagedSseEnabled, true);
    assert.equal(dlq.MessageRetentionPeriod, days(14));
    assert.equal(dlq.RedrivePolicy, undefined);
  });

  it('refuses plain HTTP on both queues', () => {
    for (const id of [queueId, dlqId]) {
      const policy = Object.values(template.findResources('AWS::SQS::QueuePolicy')).find((p) => p.Properties.Queues.some((q: { Ref: string }) => q.Ref === id));
      assert.ok(policy, `${id} has a queue policy`);
      assert.ok(
        policy.Properties.PolicyDocument.Statement.some(
          (st: { Effect: string; Condition?: { Bool?: Record<string, string> } }) => st.Effect === 'Deny' && st.Condition?.Bool?.['aws:SecureTransport'] === 'false',
        ),
        `${id} denies requests without TLS`,
      );
    }
  });

  it("keeps every copy no longer than the stage's retentionDays (SQS: 14 days at most)", () => {
    for (const retentionDays of [7, 30]) {
      const { template: t } = synth({}, { ...staging, retentionDays });
      const qs = t.findResources('AWS::SQS::Queue');
      const queueDays = Math.min(retentionDays, SQS_MAX_RETENTION_DAYS);
      assert.equal(qs[findId(qs, 'EnquiriesQueue')].Properties.MessageRetentionPeriod, days(queueDays), `queue at ${retentionDays}`);
      assert.equal(qs[findId(qs, 'EnquiriesDeadLetters')].Properties.MessageRetentionPeriod, days(queueDays), `dead letters at ${retentionDays}`);
      const groups = t.findResources('AWS::Logs::LogGroup');
      const sendLog = groups[findId(groups, 'EnquiriesSendLog')].Properties;
      assert.ok(sendLog.RetentionInDays <= retentionDays, `send log ${sendLog.RetentionInDays} days at ${retentionDays}`);
      const tables = t.findResources('AWS::DynamoDB::Table');
      const ledger = tables[findId(tables, 'EnquiriesLedger')].Properties;
      assert.equal(ledger.PointInTimeRecoverySpecification.RecoveryPeriodInDays, Math.min(retentionDays, 35));
      const fns = t.findResources('AWS::Lambda::Function');
      assert.equal(fns[findId(fns, 'EnquiriesDeliver')].Properties.Environment.Variables.CONTACT_RETENTION_DAYS, String(retentionDays), 'the ledger TTL');
    }
    assert.equal(staging.retentionDays, 30, 'environments.json: 30 days');
    assert.throws(() => loadEnvironment(writeEnvironments({ staging: { ...staging, retentionDays: 0 } }), 'staging'), /retentionDays 0/);
    const unset: Partial<Environment> = { ...staging };
    delete unset.retentionDays;
    assert.equal(loadEnvironment(writeEnvironments({ staging: unset }), 'staging').retentionDays, 30, 'default 30');
  });

  // make redrive moves a dead letter back as a new message, whose SQS
  // retention starts again: the delivery drops what is older than its
  // CONTACT_RETENTION_DAYS, and everything it reads to act on an enquiry
  // (the ledger, whose TTL runs that long from the first claim, and the
  // send log) must outlive the last attempt that could still act on it.
  it('keeps the ledger and the send log as long as a redriven enquiry can still be delivered, and no longer than retentionDays', () => {
    for (const retentionDays of [7, 14, 30, 45]) {
      const { template: t } = synth({}, { ...staging, retentionDays });
      const qs = t.findResources('AWS::SQS::Queue');
      const fns = t.findResources('AWS::Lambda::Function');
      const env = fns[findId(fns, 'EnquiriesDeliver')].Properties.Environment.Variables;
      const groups = t.findResources('AWS::Logs::LogGroup');
      const sendLogDays = groups[findId(groups, 'EnquiriesSendLog')].Properties.RetentionInDays;
      const tables = t.findResources('AWS::DynamoDB::Table');
      const ledger = tables[findId(tables, 'EnquiriesLedger')].Properties;
      const at = `at retentionDays ${retentionDays}`;
      // The delivery acts on an enquiry for R days after its receipt; the
      // ledger's record is written at the first claim, at or after the
      // receipt, and expires R days later (functions/contact: Retention).
      const R = Number(env.CONTACT_RETENTION_DAYS);
      assert.ok(Number.isInteger(R) && R >= 1, `CONTACT_RETENTION_DAYS ${env.CONTACT_RETENTION_DAYS} ${at}`);
      assert.ok(R <= retentionDays, `the delivery acts on enquiries ${R} days, past the promised ${retentionDays}`);
      assert.deepEqual(ledger.TimeToLiveSpecification, { AttributeName: 'expires', Enabled: true }, `ledger TTL ${at}`);
      assert.ok(sendLogDays >= R, `the send log keeps ${sendLogDays} days, less than the ${R} a redriven enquiry can still be sent in: one of unknown outcome would be mailed twice (${at})`);
      assert.ok(sendLogDays <= retentionDays, `send log ${sendLogDays} days ${at}`);
      // Without a redrive, no copy on the queues outlives the delivery's
      // window, so none is dropped that was never late.
      for (const id of ['EnquiriesQueue', 'EnquiriesDeadLetters']) {
        assert.ok(qs[findId(qs, id)].Properties.MessageRetentionPeriod <= days(R), `${id} keeps longer than ${R} days ${at}`);
      }
      // The longest an enquiry's mail can still be attempted: up to the
      // last redrive within R days, plus one round of attempts (under a
      // day), all within the ledger's R days from the first claim, as the
      // drop comes first.
      assert.ok(DELIVERY_ATTEMPTS * 3600 < days(1), 'one round of attempts takes less than a day');
    }
  });

  it('records deliveries in an encrypted ledger keyed by enquiry id, whose records expire', () => {
    const tables = template.findResources('AWS::DynamoDB::Table');
    const ledger = tables[findId(tables, 'EnquiriesLedger')].Properties;
    assert.deepEqual(ledger.KeySchema, [{ AttributeName: 'id', KeyType: 'HASH' }]);
    assert.deepEqual(ledger.TimeToLiveSpecification, { AttributeName: 'expires', Enabled: true });
    assert.equal(ledger.BillingMode, 'PAY_PER_REQUEST');
    assert.equal(ledger.SSESpecification.SSEEnabled, true);
    assert.equal(ledger.PointInTimeRecoverySpecification.PointInTimeRecoveryEnabled, true);
  });

  it('delivers one enquiry per invocation, reporting failures item by item, two at a time', () => {
    const mapping = one('AWS::Lambda::EventSourceMapping');
    assert.deepEqual(mapping.EventSourceArn, { 'Fn::GetAtt': [queueId, 'Arn'] });
    assert.equal(mapping.BatchSize, 1);
    assert.deepEqual(mapping.FunctionResponseTypes, ['ReportBatchItemFailures']);
    assert.equal(mapping.ScalingConfig.MaximumConcurrency, 2);
    const fns = template.findResources('AWS::Lambda::Function');
    const deliver = fns[findId(fns, 'EnquiriesDeliver')].Properties;
    assert.deepEqual(mapping.FunctionName, { Ref: findId(fns, 'EnquiriesDeliver') });
    assert.equal(deliver.Environment.Variables.CONTACT_DELIVERY_ATTEMPTS, String(queue.RedrivePolicy.maxReceiveCount));
    assert.equal(deliver.Runtime, 'provided.al2023');
  });

  it('lets the contact function only put enquiries on the queue, and the delivery function alone send mail', () => {
    const fns = template.findResources('AWS::Lambda::Function');
    const roleOf = (prefix: string) => fns[findId(fns, prefix)].Properties.Role['Fn::GetAtt'][0];
    const statementsOf = (role: string) =>
      Object.values(template.findResources('AWS::IAM::Policy'))
        .filter((p) => p.Properties.Roles.some((r: { Ref: string }) => r.Ref === role))
        .flatMap((p) => p.Properties.PolicyDocument.Statement);
    const actions = (role: string) => statementsOf(role).flatMap((st) => [st.Action].flat());
    const contactActions = actions(roleOf('Contact'));
    assert.ok(contactActions.includes('sqs:SendMessage'));
    assert.ok(!contactActions.some((a: string) => a.startsWith('ses:') || a.startsWith('dynamodb:') || a === 'sqs:ReceiveMessage'), contactActions.join(' '));
    const deliverActions = actions(roleOf('EnquiriesDeliver'));
    for (const a of ['ses:SendEmail', 'dynamodb:UpdateItem', 'logs:FilterLogEvents', 'sqs:ReceiveMessage', 'sqs:ChangeMessageVisibility', 'sqs:DeleteMessage']) {
      assert.ok(deliverActions.includes(a), `delivery may ${a}`);
    }
    assert.ok(!deliverActions.includes('sqs:SendMessage'), 'delivery puts nothing on the queue');
  });

  it("tags SES's send events into the send log, for the delivery to confirm a lost answer", () => {
    const dest = one('AWS::SES::ConfigurationSetEventDestination').EventDestination;
    assert.deepEqual(dest.MatchingEventTypes, ['send']);
    assert.match(JSON.stringify(dest.EventBridgeDestination.EventBusArn), /event-bus\/default/);
    const rule = one('AWS::Events::Rule');
    assert.deepEqual(rule.EventPattern['detail-type'], ['Email Sent']);
    const groups = template.findResources('AWS::Logs::LogGroup');
    assert.match(JSON.stringify(groups[findId(groups, 'EnquiriesSendLog')].Properties.LogGroupName), /\/aws\/events\//);
    const policy = one('AWS::Logs::ResourcePolicy');
    assert.match(JSON.stringify(policy.PolicyDocument), /events\.amazonaws\.com/);
  });

  it('names the dead-letter queue for make redrive', () => {
    assert.deepEqual(template.findOutputs('DeadLetterQueueArn').DeadLetterQueueArn.Value, { 'Fn::GetAtt': [dlqId, 'Arn'] });
    const mk = readFileSync(join(root, 'deploy.mk'), 'utf8');
    assert.match(mk, /^redrive:/m);
    assert.match(mk, /start-message-move-task/);
    assert.match(mk, /DeadLetterQueueArn/);
  });
});

describe('alarms', () => {
  const topics = template.findResources('AWS::SNS::Topic');
  const topicId = findId(topics, 'AlarmsTopic');
  const alarms = template.findResources('AWS::CloudWatch::Alarm');
  const alarm = (prefix: string) => alarms[findId(alarms, prefix)].Properties;
  const fns = template.findResources('AWS::Lambda::Function');

  it('mail one topic per stage, to the address of environments.json, over TLS only', () => {
    assert.equal(Object.keys(topics).length, 1);
    const sub = one('AWS::SNS::Subscription');
    assert.equal(sub.Protocol, 'email');
    assert.equal(sub.Endpoint, staging.alarmEmail);
    assert.deepEqual(sub.TopicArn, { Ref: topicId });
    const policy = one('AWS::SNS::TopicPolicy');
    assert.ok(policy.PolicyDocument.Statement.some((st: { Effect: string; Condition?: { Bool?: Record<string, string> } }) => st.Effect === 'Deny' && st.Condition?.Bool?.['aws:SecureTransport'] === 'false'));
  });

  const cases: [string, string, string, number, Record<string, unknown> | undefined][] = [
    ['DeliveryErrors', 'AWS/Lambda', 'Errors', 1, { FunctionName: { Ref: findId(fns, 'EnquiriesDeliver') } }],
    ['DeadLetters', 'AWS/SQS', 'ApproximateNumberOfMessagesVisible', 1, { QueueName: { 'Fn::GetAtt': [findId(template.findResources('AWS::SQS::Queue'), 'EnquiriesDeadLetters'), 'QueueName'] } }],
    ['Contact5xx', 'AWS/Lambda', 'Url5xxCount', 1, { FunctionName: { Ref: findId(fns, 'Contact') } }],
    ['SesBounceRate', 'AWS/SES', 'Reputation.BounceRate', 0.05, undefined],
    ['SesComplaintRate', 'AWS/SES', 'Reputation.ComplaintRate', 0.001, undefined],
    ['Cdn5xxRate', 'AWS/CloudFront', '5xxErrorRate', 5, { DistributionId: { Ref: findId(template.findResources('AWS::CloudFront::Distribution'), 'Cdn') }, Region: 'Global' }],
  ];
  for (const [name, namespace, metric, threshold, dimensions] of cases) {
    it(`${name}: ${namespace} ${metric} at ${threshold} or more, to the topic`, () => {
      const a = alarm(`Alarms${name}`);
      assert.equal(a.Namespace, namespace);
      assert.equal(a.MetricName, metric);
      assert.equal(a.Threshold, threshold);
      assert.equal(a.ComparisonOperator, 'GreaterThanOrEqualToThreshold');
      assert.deepEqual(a.AlarmActions, [{ Ref: topicId }]);
      assert.deepEqual(a.OKActions, [{ Ref: topicId }]);
      if (dimensions) {
        assert.deepEqual(Object.fromEntries(a.Dimensions.map((d: { Name: string; Value: unknown }) => [d.Name, d.Value])), dimensions);
      }
      assert.ok(readFileSync(join(root, '..', 'docs', 'deploying.md'), 'utf8').includes(`\`${name}\``), `docs/deploying.md has a runbook line for ${name}`);
    });
  }

  it('alarm at the levels AWS reviews SES accounts at', () => {
    assert.deepEqual(SES_REVIEW, { bounceRate: 0.05, complaintRate: 0.001 });
  });

  it("watch CloudFront only where its metrics are (us-east-1)", () => {
    const { template: t } = synth({ env: { account, region: 'eu-west-1' } });
    const here = t.findResources('AWS::CloudWatch::Alarm');
    assert.ok(!Object.keys(here).some((k) => k.startsWith('AlarmsCdn5xxRate')));
    assert.equal(Object.keys(here).length, cases.length - 1);
  });
});

describe('the contact path behind the CDN (issue 38)', () => {
  it('forwards the viewer address CloudFront writes, and not the Host header', () => {
    const dist = one('AWS::CloudFront::Distribution').DistributionConfig;
    const b = dist.CacheBehaviors.find((c: { PathPattern: string }) => c.PathPattern === '/api/contact');
    const policies = template.findResources('AWS::CloudFront::OriginRequestPolicy');
    assert.deepEqual(b.OriginRequestPolicyId, { Ref: findId(policies, 'ContactRequests') });
    const cfg = Object.values(policies)[0].Properties.OriginRequestPolicyConfig;
    assert.equal(cfg.HeadersConfig.HeaderBehavior, 'whitelist');
    const headers = cfg.HeadersConfig.Headers.map((h: string) => h.toLowerCase());
    assert.ok(headers.includes('cloudfront-viewer-address'));
    assert.ok(!headers.includes('host'));
    assert.deepEqual(headers, [...CONTACT_FORWARDED_HEADERS]);
    assert.equal(cfg.CookiesConfig.CookieBehavior, 'none');
  });

  it('counts decoded, normalized paths in the WAF rate rule', () => {
    const { template: t } = synth(productionProps, production);
    const acl = Object.values(t.findResources('AWS::WAFv2::WebACL'))[0].Properties;
    const match = acl.Rules[0].Statement.RateBasedStatement.ScopeDownStatement.ByteMatchStatement;
    const types = [...match.TextTransformations].sort((a: { Priority: number }, b: { Priority: number }) => a.Priority - b.Priority).map((x: { Type: string }) => x.Type);
    assert.deepEqual(types, [...CONTACT_PATH_TRANSFORMATIONS]);
    assert.ok(types.indexOf('NORMALIZE_PATH') > types.indexOf('URL_DECODE'), 'decoded before normalized');
    // The paths of the review, as WAF would read them with these
    // transformations, and without any.
    const counted = (path: string, transformations: readonly string[]) =>
      transformations.reduce(waf, path).startsWith(match.SearchString) && match.PositionalConstraint === 'STARTS_WITH';
    for (const path of ['/api/contact', '/api/%63ontact', '/x/../api/contact', '//api/contact', '/api/./contact', '/api/%2563ontact', '/API/Contact']) {
      assert.ok(counted(path, types), `${path} is counted`);
    }
    assert.ok(!counted('/api/%63ontact', ['NONE']) && !counted('/x/../api/contact', ['NONE']), 'without transformations they were not');
    assert.ok(!counted('/about', types));
  });
});

describe('cfn-lint', () => {
  it('finds no error or warning in either stage', () => {
    // Both templates in one run: cfn-lint takes seconds to start. Its
    // findings name their file.
    const dir = tempDir('cfn-lint-');
    const files = ([['staging', staging, {}], ['production', production, productionProps]] as const).map(([name, site, props]) => {
      const file = join(dir, `${name}.template.json`);
      writeFileSync(file, JSON.stringify(synth(props, site).template.toJSON()));
      return file;
    });
    // W3005: CDK's BucketDeployment makes its handler depend on its role
    // both by GetAtt and by DependsOn; redundant, not wrong, and not ours.
    const r = spawnSync('cfn-lint', ['--format', 'parseable', '--ignore-checks', 'W3005', '--', ...files], { encoding: 'utf8' });
    assert.ok(!r.error, `cfn-lint: ${r.error?.message} (make cfn-lint installs it)`);
    assert.equal(r.status, 0, `${r.stdout}${r.stderr}`);
  });
});

describe('retention', () => {
  // The privacy policy and the security page cite these claims; the build
  // replaces each citation with its value, so they say what the stack does.
  const claims = readFileSync(join(root, '..', 'content', 'collections', 'claims.yaml'), 'utf8');
  const claimDays = (key: string) => {
    const m = new RegExp(`- key: ${key}\\n(?:  .*\\n)*?  value: "?(\\d+) days"?\\n`).exec(claims);
    assert.ok(m, `collections/claims.yaml has the claim ${key}, valued in days`);
    return Number(m[1]);
  };
  const longest = (field: 'retentionDays' | 'logRetentionDays') =>
    Math.max(...['staging', 'production'].map((n) => loadEnvironment(join(root, 'environments.json'), n)[field]));

  it("states the stages' retention of enquiries and of logs, as content cites it", () => {
    assert.equal(claimDays('enquiry-retention'), longest('retentionDays'), 'enquiry-retention and environments.json agree');
    assert.equal(claimDays('log-retention'), longest('logRetentionDays'), 'log-retention and environments.json agree');
    const policy = readFileSync(join(root, '..', 'content', 'pages', 'privacy-policy.md'), 'utf8');
    assert.match(policy, /\{claim:enquiry-retention(\.value)?\}/, 'the privacy policy cites the enquiries\' retention');
    assert.match(policy, /\{claim:log-retention(\.value)?\}/, 'the privacy policy cites the logs\' retention');
  });
});

describe('cdk CLI', () => {
  // The pinned CLI must read the cloud assembly the pinned library writes
  // (a newer CLI major cannot), offline and without credentials.
  it('synthesizes from fixture inputs', () => {
    const { dir, siteDir, contactZip, deliverZip, oauthZip } = fixtureInputs();
    // Every stage, with cdk-nag's checks as bin/site.ts applies them: an
    // unsuppressed finding fails the synth, and so the deployment.
    for (const env of ['staging', 'production']) {
      const out = join(dir, 'synth-' + env);
      const r = cli(dir, ['synth', '--quiet', '--no-notices', '--no-version-reporting', '-o', out,
        '-c', `env=${env}`, '-c', `siteDir=${siteDir}`, '-c', `cdnDir=${cdnDir}`, '-c', `contactZip=${contactZip}`, '-c', `deliverZip=${deliverZip}`, '-c', `oauthZip=${oauthZip}`,
        ...(env === 'production' ? ['-c', `certificateArn=${certificateArn}`] : [])]);
      assert.equal(r.status, 0, r.stderr);
      const t = JSON.parse(readFileSync(join(out, `VoziaSite-${env}.template.json`), 'utf8'));
      assert.ok(Object.values(t.Resources).some((x) => (x as { Type: string }).Type === 'AWS::CloudFront::Distribution'));
      assertValidated(out);
    }
  });

  it('refuses production without a certificate', () => {
    const { dir, siteDir, contactZip, deliverZip, oauthZip } = fixtureInputs();
    const r = cli(dir, ['synth', '--quiet', '--no-notices', '-o', join(dir, 'o'), '-c', 'env=production',
      '-c', `siteDir=${siteDir}`, '-c', `cdnDir=${cdnDir}`, '-c', `contactZip=${contactZip}`, '-c', `deliverZip=${deliverZip}`, '-c', `oauthZip=${oauthZip}`]);
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

// writeEnvironments writes an environments.json for loadEnvironment.
function writeEnvironments(all: Record<string, unknown>): string {
  const file = join(tempDir('environments-'), 'environments.json');
  writeFileSync(file, JSON.stringify(all));
  return file;
}

// waf applies one of WAF's text transformations, as AWS documents them.
function waf(s: string, type: string): string {
  switch (type) {
    case 'NONE':
      return s;
    case 'LOWERCASE':
      return s.toLowerCase();
    case 'URL_DECODE':
      return s.replace(/%([0-9a-fA-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
    case 'URL_DECODE_UNI':
      return waf(s.replace(/%u([0-9a-fA-F]{4})/g, (_, h) => String.fromCharCode(parseInt(h, 16))), 'URL_DECODE');
    case 'NORMALIZE_PATH': {
      const out: string[] = [];
      for (const seg of s.split('/').slice(1)) {
        if (seg === '..') out.pop();
        else if (seg !== '.' && seg !== '') out.push(seg);
      }
      return '/' + out.join('/');
    }
  }
  throw new Error(`transformation ${type} not simulated`);
}
