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
import { NagSuppressions } from 'cdk-nag';
import { suppressUploadFindings } from './nag.ts';
import type { Construct } from 'constructs';
import { join } from 'node:path';
import { Alarms, Enquiries, readEnquiries } from './enquiries.ts';
import type { Environment } from './environments.ts';
import { GitHubDeployRole } from './deploy-role.ts';
import { Editor, OAUTH_PATH } from './editor.ts';
import { headersPolicyProps } from './headers.ts';
import { defaultCacheControl, hashedPrefixes, readManifest, responseHeaders } from './routes.ts';
import { changedPaths, digests, DIGESTS_KEY, listFiles, uploadGroups } from './upload.ts';

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
  /** The delivery function's package (dist/functions/deliver.zip). */
  deliverZip: string;
  /** The digests the previous deployment published; undefined when unknown. */
  previousDigests?: Record<string, string>;
  /** The web editor's sign-in relay (dist/functions/oauth.zip); without it, no relay (editor.ts). */
  oauthZip?: string;
  /** An ACM certificate in us-east-1 for the base URL's host; without one the site answers on CloudFront's domain. */
  certificateArn?: string;
}

/**
 * The request headers the contact function is given: what it reads (the
 * body's type and digest, the origin for CORS, the preflight's questions)
 * and the viewer's address, which CloudFront adds itself.
 */
export const CONTACT_FORWARDED_HEADERS = [
  'content-type',
  'origin',
  'x-amz-content-sha256',
  'access-control-request-method',
  'access-control-request-headers',
  'cloudfront-viewer-address',
] as const;

/** Where the access logs go in the log bucket. */
export const LOG_PREFIXES = { cdn: 'cloudfront/', bucket: 's3/' } as const;

/**
 * One stage of the site: a private bucket behind CloudFront, with the
 * routing rules of cmd/serve in a CloudFront Function and its headers in a
 * response headers policy, both from the build's dist/cdn; and the contact
 * function, a Go Lambda, served by the same distribution at /api/contact
 * and by nothing else (origin access control, AuthType AWS_IAM). The
 * AwsSolutions checks of cdk-nag run on it (bin/site.ts, and the tests);
 * each finding that stays is suppressed beside its construct, with why.
 */
export class SiteStack extends Stack {
  constructor(scope: Construct, id: string, props: SiteStackProps) {
    super(scope, id, props);
    // S3 server access logs are granted to the logging service by a bucket
    // policy, not by the log-delivery ACL of old (set before any child).
    this.node.setContext('@aws-cdk/aws-s3:serverAccessLogsUseBucketPolicy', true);
    const { site } = props;
    const manifest = readManifest(join(props.cdnDir, 'routes.json'));
    // The site's products, as both contact functions take them
    // (CONTACT_ENQUIRIES): the ids an enquiry may name, and the mailboxes
    // of those routed elsewhere than CONTACT_SES_TO.
    const enquiriesJSON = readEnquiries(join(props.cdnDir, 'enquiries.json'));
    const origin = new URL(site.baseUrl).origin;
    if (props.certificateArn === undefined && site.requireCertificate) {
      throw new Error(
        `${id} serves ${site.baseUrl} and needs its certificate: set CERTIFICATE_ARN to an ACM certificate for ` +
          `${new URL(site.baseUrl).hostname} in us-east-1 (make deploy DEPLOY_ENV=... CERTIFICATE_ARN=arn:aws:acm:us-east-1:...). ` +
          'Nothing was deployed.',
      );
    }
    if (props.certificateArn !== undefined && !/^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/[0-9a-f-]+$/.test(props.certificateArn)) {
      throw new Error(`certificateArn ${props.certificateArn}: want an ACM certificate ARN in us-east-1, where CloudFront reads certificates`);
    }

    // Access logs of the distribution and of the site bucket, kept as long
    // as the function's logs. CloudFront's standard logging writes objects
    // with an ACL, so this bucket keeps ACLs (bucket owner preferred: the
    // logs still belong to the account); nothing in it is public. Being the
    // target of the site bucket's access logs, it needs none of its own
    // (cdk-nag's S1 agrees): they would log every log write.
    const logBucket = new s3.Bucket(this, 'Logs', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      removalPolicy: RemovalPolicy.RETAIN,
      lifecycleRules: [{ expiration: Duration.days(site.logRetentionDays), abortIncompleteMultipartUploadAfter: Duration.days(1) }],
    });

    // Storage: private, TLS only, versioned (the rollback of last resort).
    const bucket = new s3.Bucket(this, 'Site', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      versioned: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      removalPolicy: RemovalPolicy.RETAIN,
      lifecycleRules: [{ noncurrentVersionExpiration: Duration.days(30) }],
      serverAccessLogsBucket: logBucket,
      serverAccessLogsPrefix: LOG_PREFIXES.bucket,
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

    // Where an enquiry goes once received: the delivery queue, the delivery
    // function that sends it through SES, the dead-letter queue
    // (enquiries.ts).
    const enquiries = new Enquiries(this, 'Enquiries', {
      site,
      enquiries: enquiriesJSON,
      deliverZip: props.deliverZip,
      sesFrom: sesFrom.valueAsString,
      sesTo: sesTo.valueAsString,
      sesRegion: region,
      sesIdentityArn: `arn:${Stack.of(this).partition}:ses:${region}:${Stack.of(this).account}:identity/${sesIdentity.valueAsString}`,
      // The configuration set (and its send events) lives in the stack's
      // region; SES in another region sends without it.
      configurationSetIfOwnRegion: (name) => Fn.conditionIf(ownRegion.logicalId, name, '').toString(),
      logRetention: retentionDays(site.logRetentionDays),
    });

    const logGroup = new logs.LogGroup(this, 'ContactLogs', {
      retention: retentionDays(site.logRetentionDays),
      removalPolicy: RemovalPolicy.DESTROY,
    });
    // Its own role: writing to its own log group and putting enquiries on
    // the delivery queue, nothing else (no AWS managed policy, whose logs
    // grant covers every log group of the account; no SES: delivery is the
    // delivery function's).
    const contactRole = new iam.Role(this, 'ContactRole', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: 'The contact function: its own logs, and sqs:SendMessage on the delivery queue',
    });
    logGroup.grantWrite(contactRole);
    enquiries.queue.grantSendMessages(contactRole);
    const contact = new lambda.Function(this, 'Contact', {
      description: 'Contact enquiries from the site (functions/contact)',
      runtime: lambda.Runtime.PROVIDED_AL2023,
      architecture: lambda.Architecture.ARM_64,
      handler: 'bootstrap',
      code: lambda.Code.fromAsset(props.contactZip),
      memorySize: 128,
      // Longer than CONTACT_SEND_TIMEOUT (10s): a slow queue ends in the function's own 502.
      timeout: Duration.seconds(15),
      reservedConcurrentExecutions: site.contactReservedConcurrency,
      logGroup,
      role: contactRole,
      environment: {
        CONTACT_QUEUE_URL: enquiries.queue.queueUrl,
        CONTACT_ENQUIRIES: enquiriesJSON,
        CONTACT_ALLOWED_ORIGINS: origin,
        CONTACT_RATE_PER_MINUTE: ratePerMinute.valueAsString,
        CONTACT_RATE_BURST: rateBurst.valueAsString,
        // The URL below answers only CloudFront; the function refuses an
        // event Lambda did not authenticate even if that ever changes, and
        // trusts CloudFront-Viewer-Address only on authenticated events.
        CONTACT_REQUIRE_IAM: 'true',
      },
    });
    // Reachable only through the distribution: AuthType AWS_IAM, and the
    // origin below (origin access control) grants lambda:InvokeFunctionUrl
    // and lambda:InvokeFunction to CloudFront for this distribution alone.
    // CloudFront signs each request with the body's SHA-256, which the form
    // sends in x-amz-content-sha256 (Lambda takes no unsigned body). Its CORS
    // is the function's own allowlist, nothing more.
    const contactUrl = contact.addFunctionUrl({
      authType: lambda.FunctionUrlAuthType.AWS_IAM,
      cors: {
        allowedOrigins: [origin],
        allowedMethods: [lambda.HttpMethod.POST],
        allowedHeaders: ['content-type', 'x-amz-content-sha256'],
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
    // What the contact function needs of a visitor's request, and the
    // viewer's address, which CloudFront writes itself (the rate limit's
    // key: the request's own source is CloudFront). Not the Host header,
    // which the Function URL would refuse.
    const contactRequests = new cloudfront.OriginRequestPolicy(this, 'ContactRequests', {
      comment: "The contact function's request headers and CloudFront's viewer address",
      headerBehavior: cloudfront.OriginRequestHeaderBehavior.allowList(...CONTACT_FORWARDED_HEADERS),
      queryStringBehavior: cloudfront.OriginRequestQueryStringBehavior.none(),
      cookieBehavior: cloudfront.OriginRequestCookieBehavior.none(),
    });
    let webAclId: string | undefined;
    if (site.wafRateLimit > 0) {
      webAclId = contactRateRule(this, site.wafRateLimit);
    }
    const host = new URL(site.baseUrl).hostname;
    const siteOrigin = origins.S3BucketOrigin.withOriginAccessControl(bucket);
    const distribution = new cloudfront.Distribution(this, 'Cdn', {
      comment: `Vozia site ${id}`,
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      minimumProtocolVersion: props.certificateArn ? cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021 : undefined,
      sslSupportMethod: props.certificateArn ? cloudfront.SSLMethod.SNI : undefined,
      domainNames: props.certificateArn ? [host] : undefined,
      certificate: props.certificateArn ? acm.Certificate.fromCertificateArn(this, 'Certificate', props.certificateArn) : undefined,
      webAclId,
      enableLogging: true,
      logBucket,
      logFilePrefix: LOG_PREFIXES.cdn,
      logIncludesCookies: false,
      defaultBehavior: {
        origin: siteOrigin,
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        compress: true,
        cachePolicy: cache,
        responseHeadersPolicy: headers,
        functionAssociations: [{ function: routing, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        [CONTACT_PATH]: {
          origin: origins.FunctionUrlOrigin.withOriginAccessControl(contactUrl),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          originRequestPolicy: contactRequests,
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
    // The web editor: /admin with its own headers, the sign-in relay at /oauth/*.
    new Editor(this, 'Editor', {
      distribution, siteOrigin, routing, cache, manifest, origin, oauthZip: props.oauthZip,
      logRetention: retentionDays(site.logRetentionDays),
    });
    NagSuppressions.addResourceSuppressions(distribution, [
      {
        id: 'AwsSolutions-CFR1',
        reason:
          'No geo restriction: the site markets to prospects in the US and abroad, and blocking countries would hide ' +
          'public marketing pages from them while protecting nothing (the pages hold no data, the form is rate limited).',
      },
      ...(webAclId
        ? []
        : [
            {
              id: 'AwsSolutions-CFR2',
              reason:
                `No WAF on this stage (wafRateLimit 0 in environments.json): a web ACL has a monthly fee, and this stage ` +
                `is not the public site. The contact function behind it is still capped by reserved concurrency ` +
                `(${site.contactReservedConcurrency}) and its per-source limit; production has the WAF rate rule.`,
            },
          ]),
      ...(props.certificateArn
        ? []
        : [
            {
              id: 'AwsSolutions-CFR4',
              reason:
                "No certificate on this stage: it answers on CloudFront's *.cloudfront.net name, whose default " +
                'certificate CloudFront serves with its own TLSv1 policy, whatever the distribution asks for. A stage ' +
                'with requireCertificate (production) refuses to synthesize without one, and every certificate gets ' +
                'TLSv1.2_2021.',
            },
          ]),
    ]);

    // Upload: hashed files first, each under a name that never changes
    // content, cached for a year and never pruned, so that a page from the
    // previous release, still open or cached, keeps finding its files.
    // Then everything else, revalidated, pruned (a removed page goes), and
    // only what changed since the previous deployment invalidated.
    const files = listFiles(props.siteDir);
    const hashed = hashedPrefixes(manifest);
    const source = s3deploy.Source.asset(props.siteDir);
    // The upload handler (CDK's own, shared by both uploads) runs with this
    // role and log group instead of the AWS managed logging policy, and
    // invalidates this distribution only.
    const uploadLogs = new logs.LogGroup(this, 'UploadLogs', {
      retention: retentionDays(site.logRetentionDays),
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const uploadRole = new UploadRole(this, 'UploadRole', distribution.distributionArn);
    uploadLogs.grantWrite(uploadRole);
    const upload = { role: uploadRole, logGroup: uploadLogs, memoryLimit: 512 };
    // Files whose content type the upload states (CONTENT_TYPES) go in
    // uploads of their own, one per type, since an upload's metadata
    // applies to all its files. The handler applies its excludes before
    // its includes, so the other upload names what it takes by extension.
    let previous: s3deploy.BucketDeployment | undefined;
    const hashedUploads: s3deploy.BucketDeployment[] = [];
    for (const cacheControl of [...new Set(hashed.map((h) => h.cacheControl))]) {
      const prefixes = hashed.filter((h) => h.cacheControl === cacheControl).map((h) => h.prefix);
      const suffix = previous ? '2' : '';
      for (const g of uploadGroups(files, prefixes)) {
        const d = new s3deploy.BucketDeployment(this, `UploadHashed${suffix}${g.id}`, {
          sources: [source],
          destinationBucket: bucket,
          exclude: ['*'],
          include: g.include,
          prune: false,
          cacheControl: [s3deploy.CacheControl.fromString(cacheControl)],
          contentType: g.contentType,
          ...upload,
        });
        if (previous) d.node.addDependency(previous);
        previous = d;
        hashedUploads.push(d);
      }
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
      ...upload,
    });
    for (const d of hashedUploads) pages.node.addDependency(d);
    suppressUploadFindings(this, bucket, uploadRole,
      "CDK's BucketDeployment grants its handler read and write on the site bucket (grantReadWrite: s3:GetObject*, " +
      's3:GetBucket*, s3:List*, s3:DeleteObject*, s3:Abort* on the bucket and every key in it, since it syncs and ' +
      "prunes the whole site) and read on the CDK bootstrap assets bucket, whose keys are content hashes known only " +
      'at publish time. Both buckets are this stack\'s own or the CDK\'s; the role is assumed by that handler alone.',
      'Our own function runs on provided.al2023, the latest OS-only runtime.',
    );

    // CloudFront's metrics are in us-east-1 only: its alarm is made where
    // it can see them (production is there, for its WAF).
    const cdnMetricsHere = Token.isUnresolved(this.region) || this.region === 'us-east-1';
    const alarms = new Alarms(this, 'Alarms', {
      site,
      enquiries,
      contact,
      distributionId: cdnMetricsHere ? distribution.distributionId : undefined,
    });

    const siteUrl = props.certificateArn ? site.baseUrl : `https://${distribution.distributionDomainName}`;
    // Who may deploy this stage, as code: its GitHub environment's jobs.
    const deployer = new GitHubDeployRole(this, 'GitHubDeploy', { repository: site.githubRepository, environment: site.name });
    new CfnOutput(this, 'DeployRoleArn', {
      value: deployer.role.roleArn,
      description: `AWS_DEPLOY_ROLE_ARN of the GitHub environment ${site.name} (trusted for its jobs only)`,
    });
    new CfnOutput(this, 'SiteUrl', { value: siteUrl, description: 'Where the site answers' });
    new CfnOutput(this, 'DistributionDomainName', { value: distribution.distributionDomainName, description: "Point the base URL's DNS here" });
    new CfnOutput(this, 'BucketName', { value: bucket.bucketName });
    new CfnOutput(this, 'ContactFunctionUrl', { value: contactUrl.url, description: 'Answers CloudFront only (403 to anyone else); the site posts to /api/contact' });
    new CfnOutput(this, 'LogBucketName', { value: logBucket.bucketName, description: `Access logs: ${LOG_PREFIXES.cdn} (CloudFront), ${LOG_PREFIXES.bucket} (S3)` });
    new CfnOutput(this, 'DeliveryQueueUrl', { value: enquiries.queue.queueUrl, description: 'Stored enquiries waiting for delivery' });
    new CfnOutput(this, 'DeadLetterQueueArn', {
      value: enquiries.deadLetters.queueArn,
      description: 'Enquiries that exhausted their delivery attempts; make redrive ENV=... sends them again',
    });
    new CfnOutput(this, 'AlarmTopicArn', { value: alarms.topic.topicArn, description: `Alarms, mailed to ${site.alarmEmail ?? '(no subscription)'}` });
    new CfnOutput(this, 'InvalidatedPaths', { value: invalidate.length ? invalidate.slice(0, 20).join(' ') : '(none)' });
  }
}

/**
 * The upload handler's role. CDK's BucketDeployment asks for
 * cloudfront:CreateInvalidation and GetInvalidation on every distribution
 * ("*"); this role narrows that statement to the site's distribution, the
 * only one it invalidates, and takes every other statement as asked.
 */
class UploadRole extends iam.Role {
  private readonly distributionArn: string;

  constructor(scope: Construct, id: string, distributionArn: string) {
    super(scope, id, {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: "The site's upload: sync dist/site to the bucket, invalidate the distribution",
    });
    this.distributionArn = distributionArn;
  }

  override addToPrincipalPolicy(statement: iam.PolicyStatement): iam.AddToPrincipalPolicyResult {
    if (statement.resources.includes('*') && statement.actions.length > 0 && statement.actions.every((a) => a.startsWith('cloudfront:'))) {
      statement = new iam.PolicyStatement({ effect: statement.effect, actions: statement.actions, resources: [this.distributionArn] });
    }
    return super.addToPrincipalPolicy(statement);
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
 * How the WAF rule reads a request's path before it compares it with
 * /api/contact: decoded (twice, so %2563 counts as c too, and %u0063 as
 * IIS spells it), dot segments and doubled slashes removed, lower-cased.
 * Without them /api/%63ontact or /x/../api/contact would not be counted,
 * while CloudFront may still route them to the function.
 */
export const CONTACT_PATH_TRANSFORMATIONS = ['URL_DECODE_UNI', 'URL_DECODE', 'NORMALIZE_PATH', 'LOWERCASE'] as const;

/**
 * Requests per 5 minutes per IP to the sign-in relay (/oauth/*) before the
 * WAF blocks them: a sign-in is two (authorize, callback), so an editor
 * retrying, or a few behind one office address, stay far below it, while
 * a loop against the relay (whose reserved concurrency is 2) is cut off
 * within seconds.
 */
export const OAUTH_RATE_LIMIT = 30;

/**
 * A WAF in front of the distribution that blocks an IP sending more than
 * limit requests to /api/contact in five minutes: the only limit across
 * the function's instances, since each instance counts its sources alone;
 * and more than OAUTH_RATE_LIMIT to the sign-in relay at /oauth/*. On in
 * production; a stage may leave it off (a web ACL has a monthly fee).
 * CloudFront's web ACLs live in us-east-1, so the stack must be deployed
 * there.
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
                textTransformations: CONTACT_PATH_TRANSFORMATIONS.map((type, priority) => ({ priority, type })),
              },
            },
          },
        },
      },
      {
        name: 'oauth-rate',
        priority: 1,
        action: { block: {} },
        visibilityConfig: visibility('oauth-rate'),
        statement: {
          rateBasedStatement: {
            limit: OAUTH_RATE_LIMIT,
            aggregateKeyType: 'IP',
            scopeDownStatement: {
              byteMatchStatement: {
                fieldToMatch: { uriPath: {} },
                positionalConstraint: 'STARTS_WITH',
                // '/oauth/', read as the contact path is (decoded, normalized, lower-cased).
                searchString: OAUTH_PATH.slice(0, -1),
                textTransformations: CONTACT_PATH_TRANSFORMATIONS.map((type, priority) => ({ priority, type })),
              },
            },
          },
        },
      },
    ],
  });
  return acl.attrArn;
}
