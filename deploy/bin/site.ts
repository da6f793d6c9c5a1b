// The CDK app: one stack per environment.
//
//   npx cdk deploy -c env=staging|production [-c siteDir=../dist/site] [-c cdnDir=../dist/cdn]
//       [-c contactZip=../dist/functions/contact.zip] [-c deliverZip=../dist/functions/deliver.zip]
//       [-c previousDigests=FILE] [-c certificateArn=ARN]
//   npx cdk deploy -c env=preview -c certificateArn=ARN [-c cdnDir=../dist/cdn]
//
// The preview environment is the pull request previews' stack
// (lib/preview-stack.ts): no site of its own, only the functions of dist/cdn.
//
// The account and region come from the caller's credentials (CDK_DEFAULT_*),
// never from this code. cdk-nag's AwsSolutions checks run on every synth:
// an unsuppressed finding is an error, and cdk refuses to deploy.
import { App, Aspects } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadEnvironment, loadPreviewEnvironment, PREVIEW, stageNames } from '../lib/environments.ts';
import { PREVIEW_FUNCTIONS, PreviewStack } from '../lib/preview-stack.ts';
import { SiteStack } from '../lib/site-stack.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const app = new App();
Aspects.of(app).add(new AwsSolutionsChecks({ verbose: true }));
const ctx = (key: string, fallback?: string): string | undefined => app.node.tryGetContext(key) ?? fallback;

const name = ctx('env');
const cdnDir = resolve(root, ctx('cdnDir', '../dist/cdn')!);
if (name === PREVIEW) {
  for (const f of Object.values(PREVIEW_FUNCTIONS)) {
    if (!existsSync(join(cdnDir, f))) throw new Error(`${join(cdnDir, f)} is missing: run make build first`);
  }
  new PreviewStack(app, `VoziaSite-${name}`, {
    env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
    description: 'Vozia website, pull request previews: S3 + CloudFront + a key value store of routing tables',
    preview: loadPreviewEnvironment(join(root, 'environments.json')),
    siteBaseUrls: stageNames(join(root, 'environments.json')).map((s) => loadEnvironment(join(root, 'environments.json'), s).baseUrl),
    cdnDir,
    certificateArn: ctx('certificateArn'),
  });
} else {
  siteApp(name);
}

function siteApp(name: string | undefined) {
  const site = loadEnvironment(join(root, 'environments.json'), name);
  const siteDir = resolve(root, ctx('siteDir', '../dist/site')!);
  const contactZip = resolve(root, ctx('contactZip', '../dist/functions/contact.zip')!);
  const deliverZip = resolve(root, ctx('deliverZip', '../dist/functions/deliver.zip')!);
  const oauthZip = resolve(root, ctx('oauthZip', '../dist/functions/oauth.zip')!);
  for (const [path, hint] of [
    [join(siteDir, 'index.html'), 'make build'],
    [join(cdnDir, 'routes.json'), 'make build'],
    [join(cdnDir, 'viewer-request.js'), 'make build'],
    [join(cdnDir, 'enquiries.json'), 'make build'],
    [contactZip, 'make lambda'],
    [deliverZip, 'make lambda'],
    [oauthZip, 'make lambda-oauth'],
  ]) {
    if (!existsSync(path)) throw new Error(`${path} is missing: run ${hint} first (or make deploy, which runs both)`);
  }

  // The digests the live site published at its previous deployment, fetched
  // by make deploy; anything unreadable means "unknown", which invalidates all.
  let previousDigests: Record<string, string> | undefined;
  const prev = ctx('previousDigests');
  if (prev && existsSync(prev)) {
    try {
      const parsed: unknown = JSON.parse(readFileSync(prev, 'utf8'));
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) previousDigests = parsed as Record<string, string>;
    } catch {
      previousDigests = undefined;
    }
  }

  new SiteStack(app, `VoziaSite-${name}`, {
    env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
    description: `Vozia website, ${name}: S3 + CloudFront + the contact and delivery Lambdas`,
    site,
    siteDir,
    cdnDir,
    contactZip,
    deliverZip,
    oauthZip,
    previousDigests,
    certificateArn: ctx('certificateArn'),
  });
}
