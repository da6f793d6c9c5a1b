import { readFileSync } from 'node:fs';

/** One stage of the site, as environments.json describes it. */
export interface Environment {
  /** The site's canonical URL: the build's -base-url and the only origin the contact function grants. */
  baseUrl: string;
  /** How many contact function instances may run at once: the cost ceiling. */
  contactReservedConcurrency: number;
  /** Days the contact function's logs are kept. */
  logRetentionDays: number;
  /** Requests per 5 minutes per IP to /api/contact before a WAF blocks them; 0 means no WAF (its fixed cost). */
  wafRateLimit: number;
  /** The stage refuses to synthesize without a certificate (CERTIFICATE_ARN): it must answer on its own host, over TLS 1.2. */
  requireCertificate?: boolean;
}

/** The name of the pull request previews' environment, which has a stack of its own (preview-stack.ts). */
export const PREVIEW = 'preview';

/** The previews of pull requests, as environments.json describes them. */
export interface PreviewEnvironment {
  /** https://preview.<domain>: pull request n is served at https://pr-<n>.preview.<domain>. */
  baseUrl: string;
  /** owner/name: the repository whose pull requests (and only those, never a fork's) may upload previews. */
  githubRepository: string;
  /** Days the access logs are kept. */
  logRetentionDays: number;
}

/** Reads the stage named by -c env=... from environments.json. */
export function loadEnvironment(file: string, name: string | undefined): Environment {
  const all = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Environment>;
  if (!name || !Object.hasOwn(all, name)) {
    throw new Error(`choose an environment with -c env=NAME, one of: ${Object.keys(all).join(', ')}`);
  }
  if (name === PREVIEW) throw new Error(`${PREVIEW} is the previews' environment: loadPreviewEnvironment reads it`);
  const e = all[name];
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
  if (!/^[A-Za-z0-9-]+\/[A-Za-z0-9._-]+$/.test(e.githubRepository ?? '')) {
    throw new Error(`${PREVIEW}: githubRepository ${e.githubRepository} must be owner/name`);
  }
  return e;
}
