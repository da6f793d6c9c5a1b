import { readFileSync } from 'node:fs';
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as ses from 'aws-cdk-lib/aws-ses';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { Environment } from './environments.ts';

/**
 * How many times the queue offers an enquiry before it goes to the
 * dead-letter queue: the redrive policy's maxReceiveCount, and the delivery
 * function's CONTACT_DELIVERY_ATTEMPTS (functions/contact DefaultPolicy:
 * ten attempts over about three hours).
 */
export const DELIVERY_ATTEMPTS = 10;

/** SQS keeps a message at most 14 days. */
export const SQS_MAX_RETENTION_DAYS = 14;

/**
 * The levels at which AWS reviews an SES account: a bounce rate of 5% and a
 * complaint rate of 0.1% (Reputation.BounceRate and Reputation.ComplaintRate
 * are fractions).
 */
export const SES_REVIEW = { bounceRate: 0.05, complaintRate: 0.001 } as const;

export interface EnquiriesProps {
  site: Environment;
  /** The delivery function's package (dist/functions/deliver.zip). */
  deliverZip: string;
  /** CONTACT_ENQUIRIES: the site's products and their mailboxes (the build's dist/cdn/enquiries.json). */
  enquiries: string;
  /** CONTACT_SES_FROM, CONTACT_SES_TO, and the region SES is called in. */
  sesFrom: string;
  sesTo: string;
  sesRegion: string;
  /** The verified identity the delivery may send as (its ARN). */
  sesIdentityArn: string;
  /** CONTACT_SES_CONFIGURATION_SET when SES is in the stack's region, '' otherwise (a Fn::If). */
  configurationSetIfOwnRegion: (name: string) => string;
  logRetention: logs.RetentionDays;
}

/**
 * What happens to an enquiry after the contact function said "received"
 * (functions/contact/README.md, "Storing, then delivering"):
 *
 *   contact function -> Queue (SQS, SSE, TLS only) -> Deliver (Lambda) -> SES
 *                          | after DELIVERY_ATTEMPTS
 *                          v
 *                       DeadLetters (SQS, 14 days at most) -> alarm, make redrive
 *
 * with the delivery's idempotency records in Ledger (DynamoDB, conditional
 * writes, TTL) and SES's send events in SendLog (EventBridge -> CloudWatch
 * Logs), read to confirm a send whose answer was lost. Every copy of an
 * enquiry expires within the environment's retentionDays, a redriven one
 * included: the delivery drops an enquiry older than that.
 */
export class Enquiries extends Construct {
  readonly queue: sqs.Queue;
  readonly deadLetters: sqs.Queue;
  readonly ledger: dynamodb.Table;
  readonly deliver: lambda.Function;
  readonly sendLog: logs.LogGroup;
  readonly configurationSet: ses.ConfigurationSet;

  constructor(scope: Construct, id: string, props: EnquiriesProps) {
    super(scope, id);
    const { site } = props;
    const stack = Stack.of(this);
    // A message lives at most retentionDays, and SQS keeps none longer
    // than 14 days: with the default 30, the queue and the dead letters
    // keep 14, and the ledger (ids, no personal data) 30.
    const keep = Duration.days(Math.min(site.retentionDays, SQS_MAX_RETENTION_DAYS));
    // A redrive starts a message's SQS retention again, so the delivery
    // drops every enquiry older than deliverableDays itself
    // (CONTACT_RETENTION_DAYS), and what it reads to act on one outlives
    // that: the ledger's records expire deliverableDays after their first
    // claim, and the send log (kept in CloudWatch's steps, hence the
    // rounding down) keeps a send as long, so that a redriven enquiry of
    // unknown outcome is confirmed rather than mailed again.
    const deliverableDays = deliverableDaysOf(site.retentionDays);

    this.deadLetters = new sqs.Queue(this, 'DeadLetters', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: keep,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.queue = new sqs.Queue(this, 'Queue', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: keep,
      // Six times the delivery function's timeout, as Lambda asks of an
      // event source queue; a failed attempt sets its own, shorter or
      // longer, wait (the backoff).
      visibilityTimeout: Duration.seconds(180),
      deadLetterQueue: { queue: this.deadLetters, maxReceiveCount: DELIVERY_ATTEMPTS },
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.ledger = new dynamodb.Table(this, 'Ledger', {
      partitionKey: { name: 'id', type: dynamodb.AttributeType.STRING },
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      timeToLiveAttribute: 'expires',
      encryption: dynamodb.TableEncryption.AWS_MANAGED,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true, recoveryPeriodInDays: Math.min(site.retentionDays, 35) },
      removalPolicy: RemovalPolicy.DESTROY,
    });

    // SES's send events: the configuration set publishes them to the
    // account's default event bus, a rule writes those of this set to the
    // send log, kept as long as the queue keeps a message.
    this.configurationSet = new ses.ConfigurationSet(this, 'Sending', {});
    const defaultBus = `arn:${stack.partition}:events:${stack.region}:${stack.account}:event-bus/default`;
    new ses.CfnConfigurationSetEventDestination(this, 'SendEvents', {
      configurationSetName: this.configurationSet.configurationSetName,
      eventDestination: {
        enabled: true,
        matchingEventTypes: ['send'],
        eventBridgeDestination: { eventBusArn: defaultBus },
      },
    });
    this.sendLog = new logs.LogGroup(this, 'SendLog', {
      // EventBridge writes only to log groups under /aws/events/.
      logGroupName: `/aws/events/${stack.stackName}-ses-sends`,
      retention: retentionAtMost(deliverableDays),
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const rule = new events.CfnRule(this, 'SendEventsToLog', {
      description: "SES's Email Sent events of the site's configuration set, for the delivery to confirm a send whose answer was lost",
      eventPattern: {
        source: ['aws.ses'],
        'detail-type': ['Email Sent'],
        detail: { mail: { tags: { 'ses:configuration-set': [this.configurationSet.configurationSetName] } } },
      },
      targets: [{ id: 'send-log', arn: this.sendLog.logGroupArn }],
    });
    // EventBridge writes to the group by its resource policy, scoped to the
    // rule (CDK's own target would install a custom resource to set it).
    new logs.CfnResourcePolicy(this, 'SendLogPolicy', {
      policyName: `${stack.stackName}-ses-sends`,
      policyDocument: stack.toJsonString({
        Version: '2012-10-17',
        Statement: [
          {
            Effect: 'Allow',
            Principal: { Service: ['events.amazonaws.com', 'delivery.logs.amazonaws.com'] },
            Action: ['logs:CreateLogStream', 'logs:PutLogEvents'],
            Resource: `${this.sendLog.logGroupArn}`,
            Condition: { ArnEquals: { 'aws:SourceArn': rule.attrArn } },
          },
        ],
      }),
    });

    const deliverLogs = new logs.LogGroup(this, 'DeliverLogs', { retention: props.logRetention, removalPolicy: RemovalPolicy.DESTROY });
    const role = new iam.Role(this, 'DeliverRole', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: 'The delivery function: its own logs, the delivery queue, the ledger, the send log, and ses:SendEmail as the sender identity',
    });
    deliverLogs.grantWrite(role);
    this.deliver = new lambda.Function(this, 'Deliver', {
      description: 'Delivers stored enquiries through SES, with retries (functions/contact/cmd/deliver)',
      runtime: lambda.Runtime.PROVIDED_AL2023,
      architecture: lambda.Architecture.ARM_64,
      handler: 'bootstrap',
      code: lambda.Code.fromAsset(props.deliverZip),
      memorySize: 128,
      // Longer than one send (CONTACT_SEND_TIMEOUT, 10 s) plus the ledger
      // and the send log; the queue's visibility timeout is six times this.
      timeout: Duration.seconds(30),
      logGroup: deliverLogs,
      role,
      environment: {
        CONTACT_MAILER: 'ses',
        CONTACT_SES_FROM: props.sesFrom,
        CONTACT_SES_TO: props.sesTo,
        CONTACT_ENQUIRIES: props.enquiries,
        CONTACT_SES_REGION: props.sesRegion,
        CONTACT_SES_CONFIGURATION_SET: props.configurationSetIfOwnRegion(this.configurationSet.configurationSetName),
        CONTACT_SEND_LOG_GROUP: this.sendLog.logGroupName,
        CONTACT_QUEUE_URL: this.queue.queueUrl,
        CONTACT_LEDGER_TABLE: this.ledger.tableName,
        CONTACT_RETENTION_DAYS: String(deliverableDays),
        CONTACT_DELIVERY_ATTEMPTS: String(DELIVERY_ATTEMPTS),
        CONTACT_SEND_TIMEOUT: '10s',
      },
    });
    // One enquiry per invocation: its failure is the invocation's error
    // (the Errors alarm counts it), and its backoff its own. Two at once at
    // most, well inside SES's sending rate.
    this.deliver.addEventSource(new SqsEventSource(this.queue, { batchSize: 1, maxConcurrency: 2, reportBatchItemFailures: true }));
    role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['ses:SendEmail'],
        resources: [
          props.sesIdentityArn,
          `arn:${stack.partition}:ses:${props.sesRegion}:${stack.account}:configuration-set/${this.configurationSet.configurationSetName}`,
        ],
      }),
    );
    role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['dynamodb:UpdateItem'], resources: [this.ledger.tableArn] }));
    role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['logs:FilterLogEvents'], resources: [this.sendLog.logGroupArn] }));
  }
}

export interface AlarmsProps {
  site: Environment;
  enquiries: Enquiries;
  contact: lambda.IFunction;
  /** The distribution's id, when its metrics are in the stack's region (us-east-1). */
  distributionId?: string;
}

/**
 * The stage's alarms, each to one SNS topic that mails alarmEmail
 * (environments.json; the subscriber confirms the subscription once, from
 * the mail AWS sends). docs/deploying.md "Alarms" has a one-line runbook for each.
 */
export class Alarms extends Construct {
  readonly topic: sns.Topic;
  readonly alarms: Record<string, cloudwatch.Alarm> = {};

  constructor(scope: Construct, id: string, props: AlarmsProps) {
    super(scope, id);
    const { enquiries } = props;
    this.topic = new sns.Topic(this, 'Topic', { displayName: `Vozia site ${Stack.of(this).stackName} alarms`, enforceSSL: true });
    if (props.site.alarmEmail) this.topic.addSubscription(new subscriptions.EmailSubscription(props.site.alarmEmail));
    const every = (minutes: number) => Duration.minutes(minutes);
    const add = (name: string, description: string, metric: cloudwatch.Metric, threshold: number, extra: Partial<cloudwatch.CreateAlarmOptions> = {}) => {
      const alarm = metric.createAlarm(this, name, {
        alarmDescription: description,
        threshold,
        evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
        ...extra,
      });
      alarm.addAlarmAction(new actions.SnsAction(this.topic));
      alarm.addOkAction(new actions.SnsAction(this.topic));
      this.alarms[name] = alarm;
    };
    add(
      'DeliveryErrors',
      'An enquiry could not be delivered (SES refused or did not answer); it will be retried. docs/deploying.md: Alarms.',
      enquiries.deliver.metricErrors({ period: every(5), statistic: 'Sum' }),
      1,
    );
    add(
      'DeadLetters',
      'Enquiries exhausted their delivery attempts and wait in the dead-letter queue: fix delivery, then make redrive. docs/deploying.md: Alarms.',
      enquiries.deadLetters.metricApproximateNumberOfMessagesVisible({ period: every(5), statistic: 'Maximum' }),
      1,
    );
    add(
      'Contact5xx',
      'The contact function answered 5xx: enquiries could not be stored. docs/deploying.md: Alarms.',
      new cloudwatch.Metric({
        namespace: 'AWS/Lambda',
        metricName: 'Url5xxCount',
        dimensionsMap: { FunctionName: props.contact.functionName },
        period: every(5),
        statistic: 'Sum',
      }),
      1,
    );
    add(
      'SesBounceRate',
      `SES bounce rate at ${SES_REVIEW.bounceRate * 100}% or more: AWS reviews the account at this level. docs/deploying.md: Alarms.`,
      new cloudwatch.Metric({ namespace: 'AWS/SES', metricName: 'Reputation.BounceRate', period: every(60), statistic: 'Maximum' }),
      SES_REVIEW.bounceRate,
    );
    add(
      'SesComplaintRate',
      `SES complaint rate at ${SES_REVIEW.complaintRate * 100}% or more: AWS reviews the account at this level. docs/deploying.md: Alarms.`,
      new cloudwatch.Metric({ namespace: 'AWS/SES', metricName: 'Reputation.ComplaintRate', period: every(60), statistic: 'Maximum' }),
      SES_REVIEW.complaintRate,
    );
    if (props.distributionId) {
      add(
        'Cdn5xxRate',
        'CloudFront answered 5% or more of requests with 5xx for 10 minutes. docs/deploying.md: Alarms.',
        new cloudwatch.Metric({
          namespace: 'AWS/CloudFront',
          metricName: '5xxErrorRate',
          dimensionsMap: { DistributionId: props.distributionId, Region: 'Global' },
          period: every(5),
          statistic: 'Average',
        }),
        5,
        { evaluationPeriods: 2, datapointsToAlarm: 2 },
      );
    }
  }
}

/**
 * The days the delivery acts on an enquiry after it was received: the
 * stage's retentionDays, or the longest retention CloudWatch offers below
 * it, which the send log keeps.
 */
export function deliverableDaysOf(retentionDays: number): number {
  return retentionAtMost(retentionDays);
}

/** The log retention CloudWatch offers closest below or at the days asked for. */
function retentionAtMost(days: number): logs.RetentionDays {
  const offered = Object.values(logs.RetentionDays)
    .filter((v): v is number => typeof v === 'number' && v > 0)
    .sort((a, b) => a - b);
  const pick = offered.filter((v) => v <= days).pop();
  if (pick === undefined) throw new Error(`retentionDays ${days}: less than CloudWatch's shortest retention`);
  return pick as logs.RetentionDays;
}

/**
 * readEnquiries returns the build's enquiries.json as one compact line,
 * the value of CONTACT_ENQUIRIES: {"products":[ids],"mailboxes":{id:[addresses]}}.
 * The functions check it again when they start (internal/contactform).
 */
export function readEnquiries(file: string): string {
  const v = JSON.parse(readFileSync(file, 'utf8')) as { products?: unknown; mailboxes?: unknown };
  if (!Array.isArray(v.products) || !v.products.every((p) => typeof p === 'string')) {
    throw new Error(`${file}: want {"products":[...]}, as make build writes it`);
  }
  return JSON.stringify(v);
}
