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

/** Reads the stage named by -c env=... from environments.json. */
export function loadEnvironment(file: string, name: string | undefined): Environment {
  const all = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Environment>;
  if (!name || !Object.hasOwn(all, name)) {
    throw new Error(`choose an environment with -c env=NAME, one of: ${Object.keys(all).join(', ')}`);
  }
  const e = all[name];
  const u = new URL(e.baseUrl);
  if (u.protocol !== 'https:' || u.pathname !== '/' || u.search !== '') {
    throw new Error(`${name}: baseUrl ${e.baseUrl} must be an https origin with no path`);
  }
  return e;
}
