import { CfnParameter, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import { headersPolicyProps } from './headers.ts';
import { adminHeaders, type RoutingManifest } from './routes.ts';

/** Where the sign-in relay answers, on the site's own origin. */
export const OAUTH_PATH = '/oauth/*';
/** The web editor's paths, which carry its own response headers policy. */
export const ADMIN_PATHS = ['/admin', '/admin/*'] as const;

export interface EditorProps {
  distribution: cloudfront.Distribution;
  /** The site bucket's origin, the routing function and the cache policy of the site's files. */
  siteOrigin: cloudfront.IOrigin;
  routing: cloudfront.IFunction;
  cache: cloudfront.ICachePolicy;
  manifest: RoutingManifest;
  /** The site's origin (https://www.vozia.example): the only window the relay posts a token to. */
  origin: string;
  /** The relay's package (dist/functions/oauth.zip); without it, no relay. */
  oauthZip?: string;
  logRetention: logs.RetentionDays;
}

/**
 * The web editor in production: /admin and /admin/* served from the site's
 * bucket with the editor's own response headers policy (routes.json's
 * headers for /admin/*, the site's everywhere else), and the sign-in relay
 * (functions/oauth), a Go Lambda behind the distribution at /oauth/*:
 * its function URL takes AWS_IAM and only this distribution may invoke it
 * (origin access control), caching is off, and its pages' headers are its
 * own. The GitHub OAuth app's client secret lives in Secrets Manager under
 * a name the operator creates once (OAuthAppStoredAs); the template
 * holds its name, never its value, and the function reads it at run time.
 */
export class Editor extends Construct {
  readonly relayUrl?: lambda.FunctionUrl;

  constructor(scope: Construct, id: string, props: EditorProps) {
    super(scope, id);

    const admin = adminHeaders(props.manifest);
    if (admin) {
      const policy = new cloudfront.ResponseHeadersPolicy(this, 'AdminHeaders', {
        ...headersPolicyProps(admin),
        comment: "The web editor's headers (/admin/*), from dist/cdn/routes.json",
      });
      for (const path of ADMIN_PATHS) {
        props.distribution.addBehavior(path, props.siteOrigin, {
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          compress: true,
          cachePolicy: props.cache,
          responseHeadersPolicy: policy,
          functionAssociations: [{ function: props.routing, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
        });
      }
    }

    if (props.oauthZip) this.relayUrl = this.addRelay(props, props.oauthZip);
  }

  private addRelay(props: EditorProps, oauthZip: string): lambda.FunctionUrl {
    const stack = Stack.of(this);
    const clientId = new CfnParameter(stack, 'OAuthClientId', {
      type: 'String',
      default: 'unset',
      description: "The GitHub OAuth app's client ID (public) that the web editor signs in with",
    });
    const secretName = new CfnParameter(stack, 'OAuthAppStoredAs', {
      type: 'String',
      default: `vozia/${stack.stackName}/github-oauth-client-secret`,
      allowedPattern: '[A-Za-z0-9/_+=.@-]+',
      description: "The Secrets Manager secret (name) holding the GitHub OAuth app's client secret; created by the operator, read by the relay at run time",
    });
    // The one scope the editor needs (functions/oauth: Config.Scope):
    // GitHub's narrowest that writes the site's repository.
    const scope = new CfnParameter(stack, 'OAuthScope', {
      type: 'String',
      default: 'repo',
      allowedValues: ['repo', 'public_repo'],
      description:
        'The GitHub scope every sign-in asks for: repo when the site\'s repository is private, public_repo when it is public (the editor writes that repository only; what it asks for itself is ignored)',
    });
    // Secrets Manager appends six random characters to a secret's name.
    const secretArn = `arn:${stack.partition}:secretsmanager:${stack.region}:${stack.account}:secret:${secretName.valueAsString}-??????`;

    const logGroup = new logs.LogGroup(this, 'Logs', { retention: props.logRetention, removalPolicy: RemovalPolicy.DESTROY });
    const role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: 'The sign-in relay: its own logs, and reading the OAuth client secret',
    });
    logGroup.grantWrite(role);
    role.addToPolicy(new iam.PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [secretArn] }));
    NagSuppressions.addResourceSuppressions(
      role,
      [
        {
          id: 'AwsSolutions-IAM5',
          reason:
            'The secret is named by the operator; Secrets Manager appends six random characters to its ARN, which the ' +
            'policy matches with "-??????" (one secret), as CDK does for Secret.fromSecretNameV2.',
          appliesTo: [{ regex: '/^Resource::arn:.*:secret:.*-\\?\\?\\?\\?\\?\\?$/g' }],
        },
      ],
      true,
    );

    const relay = new lambda.Function(this, 'Relay', {
      description: "The web editor's GitHub sign-in relay (functions/oauth)",
      runtime: lambda.Runtime.PROVIDED_AL2023,
      architecture: lambda.Architecture.ARM_64,
      handler: 'bootstrap',
      code: lambda.Code.fromAsset(oauthZip),
      memorySize: 128,
      timeout: Duration.seconds(15),
      // A few editors sign in now and then.
      reservedConcurrentExecutions: 2,
      logGroup,
      role,
      environment: {
        OAUTH_ORIGIN: props.origin,
        OAUTH_CLIENT_ID: clientId.valueAsString,
        OAUTH_SECRET_ID: secretName.valueAsString,
        OAUTH_SCOPE: scope.valueAsString,
      },
    });
    // Reachable only through the distribution: AuthType AWS_IAM, and the
    // origin access control below grants lambda:InvokeFunctionUrl to
    // CloudFront for this distribution alone.
    const url = relay.addFunctionUrl({ authType: lambda.FunctionUrlAuthType.AWS_IAM });
    props.distribution.addBehavior(OAUTH_PATH, origins.FunctionUrlOrigin.withOriginAccessControl(url), {
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
      cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
      // The query (code, state) and the state cookie reach the relay.
      originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      compress: true,
    });
    return url;
  }
}
