// Node.js http2 client for the interop test: GET / then POST /echo with N bytes, prints one JSON line.
// usage: node node-client.js URL BODY_BYTES
const http2 = require('http2');
const crypto = require('crypto');

const [url, sizeArg] = process.argv.slice(2);
const size = parseInt(sizeArg || '0', 10);
const body = Buffer.alloc(size);
for (let i = 0; i < size; i++) body[i] = (i * 7 + 3) & 0xff;

const session = http2.connect(url, { rejectUnauthorized: false });
session.on('error', (e) => { console.error('session error', e); process.exit(2); });
setTimeout(() => { console.error('timeout'); process.exit(3); }, 30000).unref();

function request(headers, payload) {
  return new Promise((resolve, reject) => {
    const req = session.request(headers);
    const chunks = [];
    let status = 0;
    req.on('response', (h) => { status = h[':status']; });
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => resolve({ status, body: Buffer.concat(chunks) }));
    req.on('error', reject);
    if (payload) req.end(payload); else req.end();
  });
}

(async () => {
  const root = await request({ ':path': '/' });
  const echo = await request({ ':method': 'POST', ':path': '/echo', 'content-type': 'application/x-test' }, body);
  const sha = (b) => crypto.createHash('sha256').update(b).digest('hex');
  console.log(JSON.stringify({
    rootStatus: root.status, root: root.body.toString(),
    echoStatus: echo.status, echoLength: echo.body.length, echoSha: sha(echo.body), sentSha: sha(body),
  }));
  session.close();
})().catch((e) => { console.error(e); process.exit(1); });
