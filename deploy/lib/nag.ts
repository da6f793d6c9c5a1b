import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { NagSuppressions } from 'cdk-nag';
import type { Stack } from 'aws-cdk-lib';

/**
 * The two cdk-nag findings on CDK's own BucketDeployment, which both the
 * site's stack and the previews' stack use to fill a bucket: the wildcard
 * actions it grants its role on that bucket and on the CDK assets bucket
 * (iamReason says why that stack accepts them), and the Python runtime
 * aws-cdk-lib picks for its handler (runtimeNote adds the stack's own word).
 */
export function suppressUploadFindings(stack: Stack, bucket: s3.IBucket, uploadRole: iam.IRole, iamReason: string, runtimeNote: string): void {
  NagSuppressions.addResourceSuppressions(
    uploadRole,
    [
      {
        id: 'AwsSolutions-IAM5',
        reason: iamReason,
        appliesTo: [
          'Action::s3:GetObject*',
          'Action::s3:GetBucket*',
          'Action::s3:List*',
          'Action::s3:DeleteObject*',
          'Action::s3:Abort*',
          `Resource::<${stack.getLogicalId(bucket.node.defaultChild as s3.CfnBucket)}.Arn>/*`,
          { regex: '/^Resource::arn:<AWS::Partition>:s3:::cdk-[a-z0-9]+-assets-(<AWS::AccountId>|\\d{12})-(<AWS::Region>|[a-z0-9-]+)\\/\\*$/' },
        ],
      },
    ],
    true,
  );
  const uploadHandler = stack.node.children.find(
    (c): c is lambda.Function => c instanceof lambda.Function && c.node.id.startsWith('Custom::CDKBucketDeployment'),
  );
  if (!uploadHandler) throw new Error('the upload handler of BucketDeployment was not found');
  NagSuppressions.addResourceSuppressions(uploadHandler, [
    {
      id: 'AwsSolutions-L1',
      reason:
        `CDK's own BucketDeployment handler: aws-cdk-lib picks its Python runtime (${uploadHandler.runtime.name}) and ` +
        'tests it with the AWS CLI layer it bundles; a newer runtime is not tested with that layer. It moves with ' +
        'aws-cdk-lib upgrades.' + (runtimeNote ? ' ' + runtimeNote : ''),
    },
  ]);
}
