
// preview names the pull request a request is for: its host is
// pr-<n>.<DOMAIN>, n a number without a leading zero; anything else is
// no preview.
function preview(req) {
  var host = req.headers.host ? req.headers.host.value.toLowerCase() : '';
  var m = /^pr-([1-9][0-9]{0,8})\.(.+)$/.exec(host);
  return m && m[2] === DOMAIN ? m[1] : null;
}

// table reads pull request n's table from the key value store: the key
// "pr-<n>" holds "<version> <pieces>", and "pr-<n>.<version>.<i>" the
// i-th piece of its JSON (a value holds at most 1 KB). A new version's
// pieces are written before its head, so a reader never mixes two. A
// missing key, or a table cut short, throws: no preview.
async function table(n) {
  var head = (await kvs.get('pr-' + n)).split(' ');
  var json = '';
  for (var i = 0; i < +head[1] && i < MAX_PIECES; i++) {
    json += await kvs.get('pr-' + n + '.' + head[0] + '.' + i);
  }
  return JSON.parse(json);
}
