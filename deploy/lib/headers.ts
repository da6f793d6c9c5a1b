import { Duration } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';

/**
 * Turns the manifest's headers into a response headers policy's settings.
 * CloudFront takes the security headers it knows as typed fields (and
 * refuses them as custom headers); every other header is a custom one. A
 * value the typed fields cannot say exactly is an error, never a guess.
 */
export function headersPolicyProps(headers: Record<string, string>): cloudfront.ResponseHeadersPolicyProps {
  const security: cloudfront.ResponseSecurityHeadersBehavior = {};
  const custom: cloudfront.ResponseCustomHeader[] = [];
  const s = security as { -readonly [K in keyof cloudfront.ResponseSecurityHeadersBehavior]: cloudfront.ResponseSecurityHeadersBehavior[K] };
  for (const [name, value] of Object.entries(headers)) {
    switch (name.toLowerCase()) {
      case 'content-security-policy':
        s.contentSecurityPolicy = { contentSecurityPolicy: value, override: true };
        break;
      case 'x-content-type-options':
        if (value !== 'nosniff') throw new Error(`${name}: ${value}: only nosniff`);
        s.contentTypeOptions = { override: true };
        break;
      case 'x-frame-options':
        if (value !== 'DENY' && value !== 'SAMEORIGIN') throw new Error(`${name}: ${value}: DENY or SAMEORIGIN`);
        s.frameOptions = { frameOption: value as cloudfront.HeadersFrameOption, override: true };
        break;
      case 'referrer-policy':
        if (!(Object.values(cloudfront.HeadersReferrerPolicy) as string[]).includes(value)) throw new Error(`${name}: ${value}: not a policy CloudFront knows`);
        s.referrerPolicy = { referrerPolicy: value as cloudfront.HeadersReferrerPolicy, override: true };
        break;
      case 'strict-transport-security': {
        const m = /^max-age=(\d+)((?:; *includeSubDomains)?)((?:; *preload)?)$/i.exec(value);
        if (!m) throw new Error(`${name}: ${value}: expected max-age=N[; includeSubDomains][; preload]`);
        s.strictTransportSecurity = {
          accessControlMaxAge: Duration.seconds(Number(m[1])),
          includeSubdomains: m[2] !== '',
          preload: m[3] !== '',
          override: true,
        };
        break;
      }
      case 'x-xss-protection':
        throw new Error(`${name}: not supported here (and obsolete)`);
      default:
        custom.push({ header: name, value, override: true });
    }
  }
  return {
    comment: 'The headers of cmd/serve, from dist/cdn/routes.json',
    securityHeadersBehavior: security,
    customHeadersBehavior: custom.length ? { customHeaders: custom } : undefined,
  };
}
