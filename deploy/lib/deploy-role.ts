import { CfnCondition, CfnParameter, DefaultStackSynthesizer, Duration, Fn, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';

/** GitHub Actions' OIDC issuer, and the audience its tokens carry for AWS. */
export const GITHUB_OIDC_HOST = 'token.actions.githubusercontent.com';
export const GITHUB_OIDC_AUDIENCE = 'sts.amazonaws.com';

/** The subject of a GitHub token for a job that runs in environment env of repository (owner/name). */
export const environmentSubject = (repository: string, env: string) => `repo:${repository}:environment:${env}`;

/** The CDK bootstrap roles a deployment assumes (the default synthesizer's; no container images here). */
export const CDK_BOOTSTRAP_ROLES = ['deploy-role', 'file-publishing-role', 'lookup-role'] as const;

export interface GitHubDeployRoleProps {
  /** owner/name of the repository whose workflow deploys. */
  repository: string;
  /** The GitHub environment (and stage) the role deploys: staging or production. */
  environment: string;
}

/**
 * The role a stage's deployment job (.github/workflows/site.yml) assumes:
 * trusted through GitHub's OIDC provider for one subject only,
 * repo:<owner>/<name>:environment:<stage>, with the audience
 * sts.amazonaws.com, both matched exactly (StringEquals: no wildcard).
 * GitHub writes that subject into a job's token only when the job runs in
 * that environment, so who may deploy is what the environment allows
 * (its branch rule and required reviewers, docs/deploying.md), and a pull
 * request's run (subject ...:pull_request) or a job of another
 * environment can never take it. The role may only assume the CDK
 * bootstrap roles of its account and region, which is how cdk deploys.
 *
 * The account's OIDC provider for GitHub is created here unless the
 * GitHubOidcProviderArn parameter names an existing one: an account has one
 * provider per issuer, so the first stack deployed in an account creates
 * it and every other names it. It is kept when the stack is deleted, since
 * the other stacks' roles trust it.
 */
export class GitHubDeployRole extends Construct {
  readonly role: iam.Role;

  constructor(scope: Construct, id: string, props: GitHubDeployRoleProps) {
    super(scope, id);
    const stack = Stack.of(this);
    const existing = new CfnParameter(stack, 'GitHubOidcProviderArn', {
      type: 'String',
      default: '',
      allowedPattern: `^$|^arn:aws[a-z-]*:iam::[0-9]{12}:oidc-provider/${GITHUB_OIDC_HOST.replace(/\./g, '\\.')}$`,
      description:
        `The account's existing IAM OIDC provider for ${GITHUB_OIDC_HOST} (its ARN); empty: this stack creates it ` +
        '(the first stack of the account only)',
    });
    const create = new CfnCondition(stack, 'CreateGitHubOidcProvider', { expression: Fn.conditionEquals(existing.valueAsString, '') });
    const provider = new iam.CfnOIDCProvider(this, 'GitHubOidc', {
      url: `https://${GITHUB_OIDC_HOST}`,
      clientIdList: [GITHUB_OIDC_AUDIENCE],
    });
    provider.cfnOptions.condition = create;
    provider.applyRemovalPolicy(RemovalPolicy.RETAIN);
    const providerArn = Fn.conditionIf(create.logicalId, provider.attrArn, existing.valueAsString).toString();

    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.WebIdentityPrincipal(providerArn, {
        StringEquals: {
          [`${GITHUB_OIDC_HOST}:aud`]: GITHUB_OIDC_AUDIENCE,
          [`${GITHUB_OIDC_HOST}:sub`]: environmentSubject(props.repository, props.environment),
        },
      }),
      maxSessionDuration: Duration.hours(1),
      description: `Deploys ${stack.stackName} from ${props.repository}'s GitHub environment ${props.environment}, and nothing else`,
    });
    const qualifier = DefaultStackSynthesizer.DEFAULT_QUALIFIER;
    this.role.addToPolicy(
      new iam.PolicyStatement({
        sid: 'AssumeCdkBootstrapRoles',
        actions: ['sts:AssumeRole'],
        resources: CDK_BOOTSTRAP_ROLES.map(
          (r) => `arn:${stack.partition}:iam::${stack.account}:role/cdk-${qualifier}-${r}-${stack.account}-${stack.region}`,
        ),
      }),
    );
  }
}
