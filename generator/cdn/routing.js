
// route applies the rules R to the request: a redirect answered here, or
// the request with the URI of the object to serve.
function route(req, R) {
  var raw = req.uri;
  var path = decodeURIComponent(raw);
  // A dot segment ("/../", "/./", also spelled %2e) is never a page, and
  // would let a key leave its directory.
  if (path.charAt(0) !== '/' || /[\u0000-\u001f\u007f]/.test(path) || /\/\.\.?(\/|$)/.test(path)) {
    return refuse(req, R);
  }
  if (R.slash && path.length > 1 && path.charAt(path.length - 1) === '/') {
    var to = path.replace(/\/+$/, '');
    // "//host" and "/\host" are read by browsers as another site.
    if (!/^\/[^\/\\]/.test(to)) {
      return refuse(req, R);
    }
    return redirect(301, to.split('/').map(encodeURIComponent).join('/') + query(req.querystring));
  }
  if (has(R.redirects, path)) {
    return redirect(R.redirects[path][1], R.redirects[path][0] + query(req.querystring));
  }
  if (!has(R.files, path)) {
    for (var i = 0; i < R.rewrites.length; i++) {
      if (path.indexOf(R.rewrites[i][0]) === 0) {
        req.uri = R.rewrites[i][1];
        return req;
      }
    }
  }
  if (path === '/') {
    req.uri = '/index.html';
  } else if (path.slice(path.lastIndexOf('/')).indexOf('.') < 0) {
    req.uri = raw + '/index.html';
  }
  return req;
}

// refuse asks the origin for a key that cannot exist (a file's name used
// as a directory), so the distribution answers with its not-found page and
// status 404. A 4xx made here would skip that page.
function refuse(req, R) {
  req.uri = R.missing;
  req.querystring = {};
  return req;
}

function redirect(status, location) {
  return {
    statusCode: status,
    statusDescription: status === 301 ? 'Moved Permanently' : 'Found',
    headers: {location: {value: location}}
  };
}

// query rebuilds the query string in the viewer's order. Escapes already
// present are kept and anything else unsafe is escaped, so a value
// arrives intact whether CloudFront passed it encoded or decoded.
function query(qs) {
  var parts = [];
  for (var name in qs) {
    var values = qs[name].multiValue || [qs[name]];
    for (var i = 0; i < values.length; i++) {
      parts.push(values[i].value === '' ? esc(name) : esc(name) + '=' + esc(values[i].value));
    }
  }
  return parts.length ? '?' + parts.join('&') : '';
}

function esc(s) {
  return s.replace(/%(?![0-9A-Fa-f]{2})|[^A-Za-z0-9\-._~!$'()*+,;:@\/?%]/g, encodeURIComponent);
}

function has(o, k) {
  return Object.prototype.hasOwnProperty.call(o, k);
}
