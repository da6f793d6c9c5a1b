import { Aws, CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { NagSuppressions } from 'cdk-nag';
import { suppressUploadFindings } from './nag.ts';
import { environmentSubject } from './deploy-role.ts';
import type { Construct } from 'constructs';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PreviewEnvironment } from './environments.ts';
import { CONTACT_PATH } from './site-stack.ts';

/** The functions the build writes beside routes.json (go run ./cmd/build: dist/cdn). */
export const PREVIEW_FUNCTIONS = { request: 'preview-request.js', response: 'preview-response.js' } as const;

/** What the build leaves in each preview function for the stack to fill in: the previews' domain. */
export const DOMAIN_PLACEHOLDER = "/*DOMAIN*/''";

/**
 * The page of every "no such page" of every preview, and of an address
 * that names no preview. A distribution has one error page for all its
 * hosts; the function maps every request into its own preview's prefix, so
 * no request reaches this key except CloudFront's own error response.
 */
export const PREVIEW_NOT_FOUND = '/_preview/404.html';

/** Where pull request n's files live in the bucket, and its keys in the key value store. */
export const previewPrefix = (n: number | string) => `pr-${n}`;

/** The GitHub environment whose jobs alone may take the previews' role (.github/workflows/preview-publish.yml). */
export const PREVIEW_ENVIRONMENT = 'preview';

export interface PreviewStackProps extends StackProps {
  /** The previews' settings (environments.json, "preview"). */
  preview: PreviewEnvironment;
  /** The base URLs of the site's stages (environments.json): the previews share no site with any of them. */
  siteBaseUrls: string[];
  /** preview-request.js and preview-response.js (dist/cdn). */
  cdnDir: string;
  /** An ACM certificate in us-east-1 for *.<previews' domain>. */
  certificateArn: string | undefined;
}

/**
 * The registrable domain of a host as far as this app can tell without the
 * public suffix list: its last two labels. Two hosts that differ there are
 * never the same site; two that share them may be (vozia.example) or may
 * not (two names under co.uk), so a check built on it refuses too much,
 * never too little. The build checks the preview's address against the
 * live site's with the list itself (generator/prpreview: CrossSite).
 */
export function registrableDomainAtMost(host: string): string {
  return host.toLowerCase().replace(/\.$/, '').split('.').slice(-2).join('.');
}

/**
 * Refuses a previews' domain that is, or may be, the same site as a
 * stage's host: a preview runs a pull request's own script, and on the
 * live site's registrable domain that script could set cookies for the
 * whole site (the sign-in's state among them) and read what the site
 * keeps for its subdomains. Previews get a registrable domain of their
 * own, as GitHub serves github.io apart from github.com.
 */
export function checkPreviewDomain(previewDomain: string, siteBaseUrls: string[]): void {
  for (const base of siteBaseUrls) {
    const host = new URL(base).hostname;
    if (registrableDomainAtMost(host) === registrableDomainAtMost(previewDomain)) {
      throw new Error(
        `preview: baseUrl https://${previewDomain} shares ${registrableDomainAtMost(host)} with the site at ${base}: previews run a ` +
          "pull request's own script, which could then set the live site's cookies. Serve them from a registrable domain of " +
          'their own (environments.json "preview", e.g. https://vozia-preview.example), never under the site\'s.',
      );
    }
  }
}

/**
 * The previews of pull requests: pull request n is served at
 * https://pr-<n>.<previews' domain> from the prefix pr-<n>/ of one bucket,
 * by one distribution for the wildcard name. Its routing table (redirects,
 * rewrites, the files below a rewrite, its security headers) is the one
 * its own build wrote, kept under its own keys in one CloudFront
 * KeyValueStore, which the distribution's two functions read: the viewer
 * request function maps the host to the pull request and the path to a key
 * inside its prefix, with the rules production runs; the viewer response
 * function sets that build's headers and X-Robots-Tag: noindex. Nothing is
 * deployed per pull request: the preview workflow uploads the files and
 * the keys, with a role that can write the previews' prefixes and keys and
 * nothing else (never the site's stacks), narrowed by the workflow to its
 * own prefix. Previews send no enquiry: /api/contact answers 200 from a
 * function and stores nothing.
 */
export class PreviewStack extends Stack {
  constructor(scope: Construct, id: string, props: PreviewStackProps) {
    super(scope, id, props);
    this.node.setContext('@aws-cdk/aws-s3:serverAccessLogsUseBucketPolicy', true);
    const { preview } = props;
    const domain = new URL(preview.baseUrl).hostname;
    checkPreviewDomain(domain, props.siteBaseUrls);
    if (props.certificateArn === undefined) {
      throw new Error(
        `${id} serves https://pr-<n>.${domain} and needs a wildcard certificate: set CERTIFICATE_ARN to an ACM certificate ` +
          `for *.${domain} in us-east-1 (make deploy DEPLOY_ENV=preview CERTIFICATE_ARN=arn:aws:acm:us-east-1:...). Nothing was deployed.`,
      );
    }
    if (!/^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/[0-9a-f-]+$/.test(props.certificateArn)) {
      throw new Error(`certificateArn ${props.certificateArn}: want an ACM certificate ARN in us-east-1, where CloudFront reads certificates`);
    }

    const logBucket = new s3.Bucket(this, 'Logs', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      removalPolicy: RemovalPolicy.RETAIN,
      lifecycleRules: [{ expiration: Duration.days(preview.logRetentionDays), abortIncompleteMultipartUploadAfter: Duration.days(1) }],
    });
    // Not versioned: a preview is rebuilt from its pull request at will,
    // and a closed one must be gone, not kept as old versions.
    const bucket = new s3.Bucket(this, 'Previews', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      removalPolicy: RemovalPolicy.RETAIN,
      lifecycleRules: [{ abortIncompleteMultipartUploadAfter: Duration.days(1) }],
      serverAccessLogsBucket: logBucket,
      serverAccessLogsPrefix: 's3/',
    });

    // The routing table of each pull request (see the workflow and
    // generator's preview table for its keys).
    const tables = new cloudfront.KeyValueStore(this, 'Tables', { comment: 'The routing table of each pull request preview' });
    const code = (file: string) => {
      const text = readFileSync(join(props.cdnDir, file), 'utf8');
      if (!text.includes(DOMAIN_PLACEHOLDER)) throw new Error(`${file}: no ${DOMAIN_PLACEHOLDER} to fill in (rebuild with make build)`);
      return cloudfront.FunctionCode.fromInline(text.replace(DOMAIN_PLACEHOLDER, JSON.stringify(domain)));
    };
    const routing = new cloudfront.Function(this, 'Routing', {
      comment: "Each preview's routing table, read from the key value store (dist/cdn/preview-request.js)",
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: code(PREVIEW_FUNCTIONS.request),
      keyValueStore: tables,
    });
    const headersFn = new cloudfront.Function(this, 'Headers', {
      comment: "Each preview's own headers, and noindex (dist/cdn/preview-response.js)",
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: code(PREVIEW_FUNCTIONS.response),
      keyValueStore: tables,
    });
    const contact = new cloudfront.Function(this, 'Contact', {
      comment: 'Previews send no enquiry: 200, nothing stored, nothing sent',
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(PREVIEW_CONTACT_FUNCTION),
    });
    // Also set by the response function; this one holds for any answer
    // the function does not see (CloudFront's own errors).
    const noindex = new cloudfront.ResponseHeadersPolicy(this, 'NoIndex', {
      comment: 'Previews are never indexed',
      customHeadersBehavior: { customHeaders: [{ header: 'X-Robots-Tag', value: 'noindex', override: true }] },
    });
    // Pages say max-age=0 (the upload sets each file's Cache-Control as
    // production's does), so the edge asks S3 again on every request
    // and a push shows at once, with no invalidation and no permission
    // for one; hashed files keep their year.
    const cache = new cloudfront.CachePolicy(this, 'Cache', {
      comment: 'Previews: pages revalidated on every request, hashed files kept a year',
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: Duration.days(365),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.none(),
      headerBehavior: cloudfront.CacheHeaderBehavior.none(),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
    });
    const origin = origins.S3BucketOrigin.withOriginAccessControl(bucket);
    const distribution = new cloudfront.Distribution(this, 'Cdn', {
      comment: `Vozia pull request previews ${id}`,
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
      sslSupportMethod: cloudfront.SSLMethod.SNI,
      domainNames: [`*.${domain}`],
      certificate: acm.Certificate.fromCertificateArn(this, 'Certificate', props.certificateArn),
      enableLogging: true,
      logBucket,
      logFilePrefix: 'cloudfront/',
      logIncludesCookies: false,
      defaultBehavior: {
        origin,
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        compress: true,
        cachePolicy: cache,
        responseHeadersPolicy: noindex,
        functionAssociations: [
          { function: routing, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
          { function: headersFn, eventType: cloudfront.FunctionEventType.VIEWER_RESPONSE },
        ],
      },
      additionalBehaviors: {
        [CONTACT_PATH]: {
          origin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          responseHeadersPolicy: noindex,
          functionAssociations: [{ function: contact, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
        },
      },
      errorResponses: [403, 404].map((httpStatus) => ({
        httpStatus,
        responseHttpStatus: 404,
        responsePagePath: PREVIEW_NOT_FOUND,
        ttl: Duration.seconds(10),
      })),
    });
    NagSuppressions.addResourceSuppressions(distribution, [
      {
        id: 'AwsSolutions-CFR1',
        reason:
          'No geo restriction: previews are opened by reviewers and editors wherever they are, and hold nothing ' +
          'but the pages of a pull request that will be public once merged.',
      },
      {
        id: 'AwsSolutions-CFR2',
        reason:
          'No WAF: a web ACL has a monthly fee, and the previews take no input (the contact path answers from a ' +
          'CloudFront Function and calls nothing, and there is no sign-in relay); they are static files, never indexed.',
      },
    ]);

    // The one file of the bucket outside every preview's prefix.
    const uploadLogs = new logs.LogGroup(this, 'UploadLogs', {
      retention: logs.RetentionDays.TWO_WEEKS,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const uploadRole = new iam.Role(this, 'UploadRole', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: "The previews' not-found page upload",
    });
    uploadLogs.grantWrite(uploadRole);
    new s3deploy.BucketDeployment(this, 'NotFoundPage', {
      sources: [s3deploy.Source.data(PREVIEW_NOT_FOUND.slice(1), PREVIEW_NOT_FOUND_PAGE)],
      destinationBucket: bucket,
      prune: false,
      cacheControl: [s3deploy.CacheControl.fromString('public, max-age=300')],
      contentType: 'text/html; charset=utf-8',
      role: uploadRole,
      logGroup: uploadLogs,
    });
    suppressUploadFindings(this, bucket, uploadRole,
      "CDK's BucketDeployment grants its handler read and write on the bucket it fills (s3:GetObject*, s3:GetBucket*, " +
      's3:List*, s3:DeleteObject*, s3:Abort* on its keys) and read on the CDK bootstrap assets bucket, whose keys ' +
      'are content hashes known only at publish time. The role is assumed by that handler alone, at deployment.',
      '',
    );

    // The previews' role: trusted for the jobs of this repository's GitHub
    // environment "preview" only, which deploy from main alone
    // (.github/workflows/preview-publish.yml, run by GitHub as it is on
    // main). A pull request's own runs (subject ...:pull_request) can
    // never take it, even from a preview.yml the pull request rewrote:
    // the job that builds its code holds no credential. The role can write
    // the previews' prefixes and the key value store, and nothing else.
    // IAM cannot tell one pull request from another in a token GitHub
    // signs, so the workflow narrows each session to its own prefix with
    // a session policy; the deploy job also refuses keys of another
    // pull request in the build's output.
    const provider = `arn:${Aws.PARTITION}:iam::${Aws.ACCOUNT_ID}:oidc-provider/token.actions.githubusercontent.com`;
    const deployRole = new iam.Role(this, 'DeployRole', {
      assumedBy: new iam.WebIdentityPrincipal(provider, {
        StringEquals: {
          'token.actions.githubusercontent.com:aud': 'sts.amazonaws.com',
          'token.actions.githubusercontent.com:sub': environmentSubject(preview.githubRepository, PREVIEW_ENVIRONMENT),
        },
      }),
      maxSessionDuration: Duration.hours(1),
      description: `Pull request previews of ${preview.githubRepository}: write ${previewPrefix('*')}/ in the previews bucket and the routing tables, nothing else`,
    });
    const previewKeys = `${bucket.bucketArn}/${previewPrefix('*')}`;
    deployRole.addToPolicy(
      new iam.PolicyStatement({
        sid: 'ListPreviews',
        actions: ['s3:ListBucket'],
        resources: [bucket.bucketArn],
        conditions: { StringLike: { 's3:prefix': [`${previewPrefix('*')}`] } },
      }),
    );
    deployRole.addToPolicy(
      new iam.PolicyStatement({ sid: 'WritePreviews', actions: ['s3:PutObject', 's3:DeleteObject'], resources: [previewKeys] }),
    );
    deployRole.addToPolicy(
      new iam.PolicyStatement({
        sid: 'WriteRoutingTables',
        actions: [
          'cloudfront-keyvaluestore:DescribeKeyValueStore',
          'cloudfront-keyvaluestore:ListKeys',
          'cloudfront-keyvaluestore:GetKey',
          'cloudfront-keyvaluestore:UpdateKeys',
        ],
        resources: [tables.keyValueStoreArn],
      }),
    );
    NagSuppressions.addResourceSuppressions(
      deployRole,
      [
        {
          id: 'AwsSolutions-IAM5',
          reason:
            `The previews' keys are ${previewPrefix('<n>')}/..., one prefix per pull request, created as pull requests open: ` +
            `the role may write ${previewPrefix('*')}/ of this bucket only, and each workflow run narrows its session to its ` +
            'own pull request with a session policy (IAM cannot name the pull request from the token GitHub signs).',
          appliesTo: [`Resource::<${this.getLogicalId(bucket.node.defaultChild as s3.CfnBucket)}.Arn>/${previewPrefix('*')}`],
        },
      ],
      true,
    );

    new CfnOutput(this, 'SiteUrl', { value: `https://${previewPrefix('<n>')}.${domain}`, description: 'Where pull request <n> is previewed' });
    new CfnOutput(this, 'DistributionDomainName', { value: distribution.distributionDomainName, description: `Point *.${domain} (CNAME or alias) here` });
    new CfnOutput(this, 'BucketName', { value: bucket.bucketName, description: 'PREVIEW_BUCKET of the preview-publish workflow' });
    new CfnOutput(this, 'KeyValueStoreArn', { value: tables.keyValueStoreArn, description: 'PREVIEW_KVS_ARN of the preview-publish workflow' });
    new CfnOutput(this, 'DeployRoleArn', { value: deployRole.roleArn, description: 'PREVIEW_ROLE_ARN of the preview-publish workflow (environment preview, deploying from main only)' });
  }
}

/**
 * /api/contact in a preview: every request answered 200, as the contact
 * function answers a sent enquiry, with nothing stored and nothing sent.
 * The form behaves as it will in production; the banner of every preview
 * page says that its enquiries reach no one.
 */
export const PREVIEW_CONTACT_FUNCTION = `// Previews send no enquiry: 200, nothing stored, nothing sent.
function handler(event) {
  return {
    statusCode: 200,
    statusDescription: 'OK',
    headers: {
      'content-type': {value: 'application/json'},
      'cache-control': {value: 'no-store'},
      'x-robots-tag': {value: 'noindex'}
    },
    body: {encoding: 'text', data: '{"ok":true,"preview":true}'}
  };
}
`;

/** The not-found page of every preview (PREVIEW_NOT_FOUND). */
export const PREVIEW_NOT_FOUND_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Not found in this preview</title>
</head>
<body>
<h1>Not found in this preview</h1>
<p>This pull request preview has no page at this address, or the preview no longer exists: a preview is deleted when its pull request is closed.</p>
</body>
</html>
`;
