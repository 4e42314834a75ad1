// The Node.js http2 client as h2scope's client suite drives it: every URL requested at once on one session, one
// "h2scope-outcome CODE STATUS OCTETS URL [MESSAGE]" line per request, exit status 1 when any failed.
// usage: node h2scope-node-client.js [--ca FILE] [--body FILE] URL...
'use strict';
const http2 = require('http2');
const fs = require('fs');

const args = process.argv.slice(2);
let ca = null;
let body = null;
const urls = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--ca') ca = args[++i];
  else if (args[i] === '--body') body = args[++i];
  else urls.push(args[i]);
}
if (urls.length === 0) {
  console.error('usage: node h2scope-node-client.js [--ca FILE] [--body FILE] URL...');
  process.exit(2);
}

const origin = new URL(urls[0]).origin;
const session = http2.connect(origin, ca ? { ca: fs.readFileSync(ca) } : {});
let failed = 0;
let pending = urls.length;
// a request the session's end left without 'end', 'error' or 'close' (the client itself sent GOAWAY) is no success
const unfinished = [];
process.on('exit', () => { unfinished.forEach((f) => f()); if (failed) process.exitCode = 1; });
session.on('error', () => {}); // each request reports the error that ends it

function report(code, status, octets, url, message) {
  if (code !== '0') failed++;
  console.log(['h2scope-outcome', code, status, octets, url, message || ''].join(' ').trim());
  if (--pending === 0) {
    session.destroy(); // every request has its answer: nothing to wait for from the server
    process.exit(failed ? 1 : 0); // a session still closing (after a GOAWAY, say) must not hold the process
  }
}


for (const url of urls) {
  const u = new URL(url);
  const headers = { ':method': body ? 'POST' : 'GET', ':path': u.pathname + u.search };
  const req = session.request(headers, { endStream: !body });
  let status = 0;
  let octets = 0;
  let done = false;
  let ended = false;
  const finish = (code, message) => { if (!done) { done = true; report(code, status, octets, url, message); } };
  unfinished.push(() => finish('NO_ANSWER', 'the session ended before the response did'));
  req.on('response', (h) => { status = h[':status']; });
  req.on('data', (chunk) => { octets += chunk.length; });
  req.on('end', () => { ended = true; });
  req.on('error', (e) => finish(e.code || e.name, String(e.message).replace(/\s+/g, ' ')));
  // the response is delivered only when its stream ended ('end'); a stream closed before that was cut short
  req.on('close', () => {
    if (req.rstCode && req.rstCode !== http2.constants.NGHTTP2_NO_ERROR) finish('RST_STREAM_' + req.rstCode, 'stream reset');
    else if (ended && status !== 0) finish('0');
    else if (ended) finish('NO_RESPONSE', 'the stream ended without a response head');
    else finish('CLOSED_BEFORE_END', 'the stream closed before the response ended');
  });
  if (body) fs.createReadStream(body).pipe(req);
}
