import { CfnCondition, CfnOutput, CfnParameter, Duration, Fn, RemovalPolicy, Stack, Token, type StackProps } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { join } from 'node:path';
import type { Environment } from './environments.ts';
import { headersPolicyProps } from './headers.ts';
import { defaultCacheControl, hashedPrefixes, readManifest, responseHeaders } from './routes.ts';
import { changedPaths, digests, DIGESTS_KEY, listFiles } from './upload.ts';

/** Where the contact function is served, on the site's own origin. */
export const CONTACT_PATH = '/api/contact';

export interface SiteStackProps extends StackProps {
  /** The stage's settings (environments.json). */
  site: Environment;
  /** The built site (dist/site). */
  siteDir: string;
  /** routes.json and viewer-request.js (dist/cdn). */
  cdnDir: string;
  /** The contact function's package (dist/functions/contact.zip). */
  contactZip: string;
  /** The digests the previous deployment published; undefined when unknown. */
  previousDigests?: Record<string, string>;
  /** An ACM certificate in us-east-1 for the base URL's host; without one the site answers on CloudFront's domain. */
  certificateArn?: string;
}

/**
 * One stage of the site: a private bucket behind CloudFront, with the
 * routing rules of cmd/serve in a CloudFront Function and its headers in a
 * response headers policy, both from the build's dist/cdn; and the contact
 * function, a Go Lambda, served by the same distribution at /api/contact.
 */
export class SiteStack extends Stack {
  constructor(scope: Construct, id: string, props: SiteStackProps) {
    super(scope, id, props);
    const { site } = props;
    const manifest = readManifest(join(props.cdnDir, 'routes.json'));
    const origin = new URL(site.baseUrl).origin;

    // Storage: private, TLS only, versioned (the rollback of last resort).
    const bucket = new s3.Bucket(this, 'Site', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      versioned: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      removalPolicy: RemovalPolicy.RETAIN,
      lifecycleRules: [{ noncurrentVersionExpiration: Duration.days(30) }],
    });

    // The contact function.
    const sesFrom = new CfnParameter(this, 'ContactSesFrom', {
      description: 'CONTACT_SES_FROM: the verified sender, e.g. "Vozia website <web@vozia.example>"',
    });
    const sesTo = new CfnParameter(this, 'ContactSesTo', {
      description: 'CONTACT_SES_TO: the inbox(es) receiving enquiries, comma-separated',
    });
    const sesIdentity = new CfnParameter(this, 'ContactSesIdentity', {
      description: 'The verified SES identity of the sender (a domain such as vozia.example, or the address); the only one the function may send as',
    });
    const sesRegion = new CfnParameter(this, 'ContactSesRegion', {
      default: '',
      description: "CONTACT_SES_REGION: SES's region when not the stack's own",
    });
    const ratePerMinute = new CfnParameter(this, 'ContactRatePerMinute', {
      default: '5',
      allowedPattern: '^[0-9]+$',
      description: 'CONTACT_RATE_PER_MINUTE: long-run requests per minute per source and instance (0: no limit)',
    });
    const rateBurst = new CfnParameter(this, 'ContactRateBurst', {
      default: '3',
      allowedPattern: '^[1-9][0-9]*$',
      description: 'CONTACT_RATE_BURST: requests a source may make at once',
    });
    const ownRegion = new CfnCondition(this, 'ContactSesRegionIsStacks', { expression: Fn.conditionEquals(sesRegion.valueAsString, '') });
    const region = Fn.conditionIf(ownRegion.logicalId, Stack.of(this).region, sesRegion.valueAsString).toString();

    const logGroup = new logs.LogGroup(this, 'ContactLogs', {
      retention: retentionDays(site.logRetentionDays),
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const contact = new lambda.Function(this, 'Contact', {
      description: 'Contact enquiries from the site (functions/contact)',
      runtime: lambda.Runtime.PROVIDED_AL2023,
      architecture: lambda.Architecture.ARM_64,
      handler: 'bootstrap',
      code: lambda.Code.fromAsset(props.contactZip),
      memorySize: 128,
      // Longer than CONTACT_SEND_TIMEOUT (10s): a slow SES ends in the function's own 502.
      timeout: Duration.seconds(15),
      reservedConcurrentExecutions: site.contactReservedConcurrency,
      logGroup,
      environment: {
        CONTACT_MAILER: 'ses',
        CONTACT_SES_FROM: sesFrom.valueAsString,
        CONTACT_SES_TO: sesTo.valueAsString,
        CONTACT_SES_REGION: region,
        CONTACT_ALLOWED_ORIGINS: origin,
        CONTACT_RATE_PER_MINUTE: ratePerMinute.valueAsString,
        CONTACT_RATE_BURST: rateBurst.valueAsString,
      },
    });
    contact.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['ses:SendEmail'],
        resources: [`arn:${Stack.of(this).partition}:ses:${region}:${Stack.of(this).account}:identity/${sesIdentity.valueAsString}`],
      }),
    );
    // Public, so that CloudFront can reach it without signing bodies (see
    // the README). Its CORS is the function's own allowlist, nothing more.
    const contactUrl = contact.addFunctionUrl({
      authType: lambda.FunctionUrlAuthType.NONE,
      cors: {
        allowedOrigins: [origin],
        allowedMethods: [lambda.HttpMethod.POST],
        allowedHeaders: ['content-type'],
        exposedHeaders: ['retry-after', 'x-request-id'],
        maxAge: Duration.hours(2),
        allowCredentials: false,
      },
    });

    // The distribution.
    const headers = new cloudfront.ResponseHeadersPolicy(this, 'Headers', headersPolicyProps(responseHeaders(manifest)));
    const routing = new cloudfront.Function(this, 'Routing', {
      comment: 'The routing rules of routes.json (dist/cdn/viewer-request.js)',
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromFile({ filePath: join(props.cdnDir, 'viewer-request.js') }),
    });
    // Pages say max-age=0 to browsers; the edge keeps them for a day and is
    // told of changes by invalidation. Hashed files keep their year.
    const cache = new cloudfront.CachePolicy(this, 'Cache', {
      comment: 'Site files: the edge keeps pages a day (invalidated on change), hashed files a year',
      minTtl: Duration.days(1),
      defaultTtl: Duration.days(1),
      maxTtl: Duration.days(365),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.none(),
      headerBehavior: cloudfront.CacheHeaderBehavior.none(),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
    });
    let webAclId: string | undefined;
    if (site.wafRateLimit > 0) {
      webAclId = contactRateRule(this, site.wafRateLimit);
    }
    const host = new URL(site.baseUrl).hostname;
    const distribution = new cloudfront.Distribution(this, 'Cdn', {
      comment: `Vozia site ${id}`,
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      minimumProtocolVersion: props.certificateArn ? cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021 : undefined,
      domainNames: props.certificateArn ? [host] : undefined,
      certificate: props.certificateArn ? acm.Certificate.fromCertificateArn(this, 'Certificate', props.certificateArn) : undefined,
      webAclId,
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(bucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        compress: true,
        cachePolicy: cache,
        responseHeadersPolicy: headers,
        functionAssociations: [{ function: routing, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        [CONTACT_PATH]: {
          origin: new origins.FunctionUrlOrigin(contactUrl),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: headers,
          compress: true,
        },
      },
      // With origin access control and no list permission, S3 answers a
      // missing key with 403; both mean "no such page".
      errorResponses: [403, 404].map((httpStatus) => ({
        httpStatus,
        responseHttpStatus: manifest.notFound.status,
        responsePagePath: manifest.notFound.file,
        ttl: Duration.minutes(1),
      })),
    });

    // Upload: hashed files first, each under a name that never changes
    // content, cached for a year and never pruned, so that a page from the
    // previous release, still open or cached, keeps finding its files.
    // Then everything else, revalidated, pruned (a removed page goes), and
    // only what changed since the previous deployment invalidated.
    const files = listFiles(props.siteDir);
    const hashed = hashedPrefixes(manifest);
    const source = s3deploy.Source.asset(props.siteDir);
    let previous: s3deploy.BucketDeployment | undefined;
    for (const cacheControl of [...new Set(hashed.map((h) => h.cacheControl))]) {
      const d = new s3deploy.BucketDeployment(this, `UploadHashed${previous ? 2 : ''}`, {
        sources: [source],
        destinationBucket: bucket,
        exclude: ['*'],
        include: hashed.filter((h) => h.cacheControl === cacheControl).map((h) => h.prefix + '*'),
        prune: false,
        cacheControl: [s3deploy.CacheControl.fromString(cacheControl)],
        memoryLimit: 512,
      });
      if (previous) d.node.addDependency(previous);
      previous = d;
    }
    const current = digests(props.siteDir, files, hashed.map((h) => h.prefix));
    const invalidate = changedPaths(current, props.previousDigests);
    const pages = new s3deploy.BucketDeployment(this, 'UploadPages', {
      sources: [source, s3deploy.Source.jsonData(DIGESTS_KEY, current)],
      destinationBucket: bucket,
      exclude: hashed.map((h) => h.prefix + '*'),
      prune: true,
      cacheControl: [s3deploy.CacheControl.fromString(defaultCacheControl(manifest))],
      distribution: invalidate.length ? distribution : undefined,
      distributionPaths: invalidate.length ? invalidate : undefined,
      memoryLimit: 512,
    });
    if (previous) pages.node.addDependency(previous);

    const siteUrl = props.certificateArn ? site.baseUrl : `https://${distribution.distributionDomainName}`;
    new CfnOutput(this, 'SiteUrl', { value: siteUrl, description: 'Where the site answers' });
    new CfnOutput(this, 'DistributionDomainName', { value: distribution.distributionDomainName, description: "Point the base URL's DNS here" });
    new CfnOutput(this, 'BucketName', { value: bucket.bucketName });
    new CfnOutput(this, 'ContactFunctionUrl', { value: contactUrl.url });
    new CfnOutput(this, 'InvalidatedPaths', { value: invalidate.length ? invalidate.slice(0, 20).join(' ') : '(none)' });
  }
}

/** The log retention CloudWatch offers closest above the days asked for. */
function retentionDays(days: number): logs.RetentionDays {
  const offered = Object.values(logs.RetentionDays)
    .filter((v): v is number => typeof v === 'number' && v > 0)
    .sort((a, b) => a - b);
  const pick = offered.find((v) => v >= days);
  if (pick === undefined) throw new Error(`logRetentionDays ${days}: more than CloudWatch offers`);
  return pick as logs.RetentionDays;
}

/**
 * A WAF in front of the distribution that blocks an IP sending more than
 * limit requests to /api/contact in five minutes. Off by default: a web ACL
 * has a monthly fee, and the function limits sources itself. CloudFront's
 * web ACLs live in us-east-1, so the stack must be deployed there.
 */
function contactRateRule(scope: Stack, limit: number): string {
  if (!Number.isInteger(limit) || limit < 10) {
    throw new Error(`wafRateLimit ${limit}: WAF counts at least 10 requests per 5-minute window`);
  }
  if (Token.isUnresolved(scope.region) || scope.region !== 'us-east-1') {
    throw new Error('wafRateLimit needs the stack in us-east-1 (CloudFront web ACLs live there): set AWS_REGION=us-east-1');
  }
  const visibility = (name: string) => ({ cloudWatchMetricsEnabled: true, sampledRequestsEnabled: true, metricName: name });
  const acl = new wafv2.CfnWebACL(scope, 'ContactRateLimit', {
    scope: 'CLOUDFRONT',
    defaultAction: { allow: {} },
    visibilityConfig: visibility('site'),
    rules: [
      {
        name: 'contact-rate',
        priority: 0,
        action: { block: {} },
        visibilityConfig: visibility('contact-rate'),
        statement: {
          rateBasedStatement: {
            limit,
            aggregateKeyType: 'IP',
            scopeDownStatement: {
              byteMatchStatement: {
                fieldToMatch: { uriPath: {} },
                positionalConstraint: 'STARTS_WITH',
                searchString: CONTACT_PATH,
                textTransformations: [{ priority: 0, type: 'NONE' }],
              },
            },
          },
        },
      },
    ],
  });
  return acl.attrArn;
}
