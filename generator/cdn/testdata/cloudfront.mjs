// Runs a generated CloudFront Function (viewer request) the way CloudFront
// does, with the CDN around it, and prints what a visitor would get.
//
//   node cloudfront.mjs REQUEST.js INPUT.json [RESPONSE.js]
//
// INPUT is {"mode": "encoded"|"decoded", "files": {path: body}, "notFound":
// "/404.html", "requests": [{"host": "www.example.com", "path":
// "/platform/?a=1"}, ...], "kvs": {key: value}}. mode is how the event
// spells the URI and query values: "encoded" as the viewer sent them (what
// CloudFront does), "decoded" to prove the function safe either way.
//
// Around the function: its response is the answer; otherwise the rewritten
// URI is the S3 key (S3 decodes it; and, assuming the worst of what lies
// between, any dot segments are resolved), a missing key answers with the
// not-found file and status 404, as the distribution's error response does;
// then the viewer response function, if any, gets the viewer's request and
// that answer, and the headers it sets are the answer's. Each function runs
// in a fresh V8 context holding only ECMAScript's built-ins and, for a
// function that imports the 'cloudfront' module, its key value store
// (kvs): no require, no fetch, no timers, like CloudFront's runtime.
import { readFileSync } from 'node:fs';
import vm from 'node:vm';

const [fnFile, inputFile, responseFile] = process.argv.slice(2);
const input = JSON.parse(readFileSync(inputFile, 'utf8'));

// The one module cloudfront-js-2.0 offers: its first line imports it.
const cloudfrontImport = "import cf from 'cloudfront';\n";
function load(file) {
  let code = readFileSync(file, 'utf8');
  const globals = {};
  if (code.startsWith(cloudfrontImport)) {
    code = code.slice(cloudfrontImport.length);
    const kvs = input.kvs ?? {};
    globals.cf = {
      kvs: () => ({
        get: async (key) => {
          if (!Object.hasOwn(kvs, key)) throw new Error('key not found: ' + key);
          return kvs[key];
        },
      }),
    };
  }
  const context = vm.createContext(globals);
  vm.runInContext(code, context, { filename: file });
  return vm.runInContext('handler', context);
}
const handler = load(fnFile);
const respond = responseFile ? load(responseFile) : null;

function decode(s) {
  try { return decodeURIComponent(s); } catch { return s; }
}

function event(host, target) {
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
    request: { method: 'GET', uri: spell(rawPath), querystring, headers: { host: { value: host ?? 'www.example.com' } }, cookies: {} },
  };
}

function resolveDots(key) {
  const out = [];
  for (const seg of key.split('/')) {
    if (seg === '..') out.pop();
    else if (seg !== '.') out.push(seg);
  }
  return out.join('/');
}

async function serve({ host, path: target }) {
  const out = await handler(event(host, target));
  if (out && typeof out.statusCode === 'number') {
    const loc = out.headers && out.headers.location;
    return { status: out.statusCode, location: loc ? loc.value : null, body: '' };
  }
  if (!out || typeof out.uri !== 'string' || out.uri[0] !== '/' || out.method !== 'GET') {
    return { error: 'not a valid request: ' + JSON.stringify(out) };
  }
  const key = resolveDots((input.mode === 'encoded' ? decode(out.uri) : out.uri).slice(1));
  const answer = Object.hasOwn(input.files, key)
    ? { status: 200, location: null, body: input.files[key] }
    : { status: 404, location: null, body: input.files[input.notFound.slice(1)] };
  if (respond) {
    const res = await respond({ ...event(host, target), response: { statusCode: answer.status, headers: {} } });
    answer.headers = Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, v.value]));
  }
  return answer;
}

const answers = [];
for (const r of input.requests) answers.push(await serve(r));
process.stdout.write(JSON.stringify(answers));
