import { readFileSync } from 'node:fs';

/** One stage of the site, as environments.json describes it. */
export interface Environment {
  /** The stage's name, its key in environments.json: also the GitHub environment that deploys it. */
  name: string;
  /** owner/name: the repository whose workflow deploys the stage, from its GitHub environment of the stage's name only. */
  githubRepository: string;
  /** The site's canonical URL: the build's -base-url and the only origin the contact function grants. */
  baseUrl: string;
  /** How many contact function instances may run at once: the cost ceiling. */
  contactReservedConcurrency: number;
  /** Days the contact function's logs are kept. */
  logRetentionDays: number;
  /**
   * Requests per 5 minutes per IP to /api/contact before a WAF blocks them; 0 means no WAF (its fixed cost).
   * The same web ACL limits the sign-in relay at /oauth/* (site-stack.ts: OAUTH_RATE_LIMIT).
   */
  wafRateLimit: number;
  /** The stage refuses to synthesize without a certificate (CERTIFICATE_ARN): it must answer on its own host, over TLS 1.2. */
  requireCertificate?: boolean;
  /**
   * Days any copy of an enquiry is kept by the stage (the queue, the dead
   * letters, the send log, the ledger's id records); SQS keeps a message 14
   * days at most. 30 when not given. The privacy policy names this figure
   * (content/pages/privacy-policy.md; deploy/test checks they agree).
   */
  retentionDays: number;
  /** Where the stage's alarms are mailed (an SNS e-mail subscription, confirmed once by its recipient). */
  alarmEmail?: string;
}

/** retentionDays when environments.json gives none. */
export const DEFAULT_RETENTION_DAYS = 30;

/** The name of the pull request previews' environment, which has a stack of its own (preview-stack.ts). */
export const PREVIEW = 'preview';

/** The names of the site's stages in environments.json (all but the previews). */
export function stageNames(file: string): string[] {
  return Object.keys(JSON.parse(readFileSync(file, 'utf8'))).filter((k) => k !== PREVIEW);
}

/** The previews of pull requests, as environments.json describes them. */
export interface PreviewEnvironment {
  /**
   * https://<previews' domain>: pull request n is served at
   * https://pr-<n>.<previews' domain>. A registrable domain of its own,
   * never the live site's nor under it (preview-stack.ts).
   */
  baseUrl: string;
  /** owner/name: the repository whose pull requests (and only those, never a fork's) may upload previews. */
  githubRepository: string;
  /** Days the access logs are kept. */
  logRetentionDays: number;
}

const GITHUB_REPOSITORY = /^[A-Za-z0-9-]+\/[A-Za-z0-9._-]+$/;

/** Reads the stage named by -c env=... from environments.json. */
export function loadEnvironment(file: string, name: string | undefined): Environment {
  const all = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Environment>;
  if (!name || !Object.hasOwn(all, name)) {
    throw new Error(`choose an environment with -c env=NAME, one of: ${Object.keys(all).join(', ')}`);
  }
  if (name === PREVIEW) throw new Error(`${PREVIEW} is the previews' environment: loadPreviewEnvironment reads it`);
  const e = { ...all[name], name };
  e.retentionDays ??= DEFAULT_RETENTION_DAYS;
  if (!GITHUB_REPOSITORY.test(e.githubRepository ?? '')) {
    throw new Error(`${name}: githubRepository ${e.githubRepository} must be owner/name`);
  }
  if (!Number.isInteger(e.retentionDays) || e.retentionDays < 1 || e.retentionDays > 365) {
    throw new Error(`${name}: retentionDays ${e.retentionDays} must be a whole number of days from 1 to 365`);
  }
  if (e.alarmEmail !== undefined && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(e.alarmEmail)) {
    throw new Error(`${name}: alarmEmail ${e.alarmEmail} is not an e-mail address`);
  }
  const u = new URL(e.baseUrl);
  if (u.protocol !== 'https:' || u.pathname !== '/' || u.search !== '') {
    throw new Error(`${name}: baseUrl ${e.baseUrl} must be an https origin with no path`);
  }
  return e;
}

/** Reads the previews' environment from environments.json. */
export function loadPreviewEnvironment(file: string): PreviewEnvironment {
  const all = JSON.parse(readFileSync(file, 'utf8')) as Record<string, PreviewEnvironment>;
  const e = all[PREVIEW];
  if (!e) throw new Error(`${file}: no "${PREVIEW}" environment`);
  const u = new URL(e.baseUrl);
  if (u.protocol !== 'https:' || u.pathname !== '/' || u.search !== '' || u.port !== '') {
    throw new Error(`${PREVIEW}: baseUrl ${e.baseUrl} must be an https origin with no path or port`);
  }
  if (!GITHUB_REPOSITORY.test(e.githubRepository ?? '')) {
    throw new Error(`${PREVIEW}: githubRepository ${e.githubRepository} must be owner/name`);
  }
  return e;
}
