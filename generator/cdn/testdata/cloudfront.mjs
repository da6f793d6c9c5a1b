// Runs a generated CloudFront Function (viewer request) the way CloudFront
// does, with the CDN around it, and prints what a visitor would get.
//
//   node cloudfront.mjs FUNCTION.js INPUT.json
//
// INPUT is {"mode": "encoded"|"decoded", "files": {path: body}, "notFound":
// "/404.html", "paths": ["/platform/?a=1", ...]}. mode is how the event
// spells the URI and query values: "encoded" as the viewer sent them (what
// CloudFront does), "decoded" to prove the function safe either way.
//
// Around the function: its response is the answer; otherwise the rewritten
// URI is the S3 key (S3 decodes it), a missing key answers with the
// not-found file and status 404, as the distribution's error response does.
// The function runs in a fresh V8 context holding only ECMAScript's
// built-ins: no require, no fetch, no timers, like CloudFront's runtime.
import { readFileSync } from 'node:fs';
import vm from 'node:vm';

const [fnFile, inputFile] = process.argv.slice(2);
const code = readFileSync(fnFile, 'utf8');
const input = JSON.parse(readFileSync(inputFile, 'utf8'));

const context = vm.createContext({});
vm.runInContext(code, context, { filename: fnFile });
const handler = vm.runInContext('handler', context);

function decode(s) {
  try { return decodeURIComponent(s); } catch { return s; }
}

function event(target) {
  const q = target.indexOf('?');
  const rawPath = q < 0 ? target : target.slice(0, q);
  const rawQuery = q < 0 ? '' : target.slice(q + 1);
  const spell = input.mode === 'decoded' ? decode : (s) => s;
  const querystring = {};
  for (const pair of rawQuery.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const name = spell(eq < 0 ? pair : pair.slice(0, eq));
    const value = spell(eq < 0 ? '' : pair.slice(eq + 1));
    if (Object.hasOwn(querystring, name)) {
      const f = querystring[name];
      f.multiValue ??= [{ value: f.value }];
      f.multiValue.push({ value });
    } else {
      querystring[name] = { value };
    }
  }
  return {
    version: '1.0',
    context: { distributionDomainName: 'd111111abcdef8.cloudfront.net', distributionId: 'EDFDVBD6EXAMPLE', eventType: 'viewer-request', requestId: 'test' },
    viewer: { ip: '198.51.100.11' },
    request: { method: 'GET', uri: spell(rawPath), querystring, headers: { host: { value: 'www.example.com' } }, cookies: {} },
  };
}

function serve(target) {
  const out = handler(event(target));
  if (out && typeof out.statusCode === 'number') {
    const loc = out.headers && out.headers.location;
    return { status: out.statusCode, location: loc ? loc.value : null, body: '' };
  }
  if (!out || typeof out.uri !== 'string' || out.uri[0] !== '/' || out.method !== 'GET') {
    return { error: 'not a valid request: ' + JSON.stringify(out) };
  }
  const key = (input.mode === 'encoded' ? decode(out.uri) : out.uri).slice(1);
  if (Object.hasOwn(input.files, key)) {
    return { status: 200, location: null, body: input.files[key] };
  }
  return { status: 404, location: null, body: input.files[input.notFound.slice(1)] };
}

process.stdout.write(JSON.stringify(input.paths.map(serve)));
