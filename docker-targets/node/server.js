// Node.js's built-in http2 module for h2scope's conformance suite. A template: its @…@ placeholders
// are filled in by LocalProcessTarget (free loopback ports, a temp state dir) or by the Dockerfile.
// h2c by prior knowledge (createServer has no HTTP/1.1 and no Upgrade) and TLS with ALPN h2.
// Routes: / (a small page), /1m.bin and /100m.bin (files made at start-up in www/), /echo (the
// request body back); anything else is 404.
'use strict';
const http2 = require('http2');
const fs = require('fs');
const path = require('path');

const www = '@STATE@/www';
const files = new Set(['1m.bin', '100m.bin']);

function handler(req, res) {
  if (req.url === '/') {
    res.setHeader('content-type', 'text/plain');
    res.end('hello from node ' + process.version + '\n');
  } else if (req.url === '/echo') {
    res.setHeader('content-type', req.headers['content-type'] || 'application/octet-stream');
    req.pipe(res);
  } else if (files.has(req.url.slice(1))) {
    const file = path.join(www, req.url.slice(1));
    res.setHeader('content-type', 'application/octet-stream');
    res.setHeader('content-length', fs.statSync(file).size);
    fs.createReadStream(file).pipe(res);
  } else {
    res.statusCode = 404;
    res.end('not found\n');
  }
}

http2.createServer(handler).listen(@H2C_PORT@, '@BIND@');
http2.createSecureServer({ key: fs.readFileSync('@KEY@'), cert: fs.readFileSync('@CERT@') }, handler)
  .listen(@TLS_PORT@, '@BIND@');
process.on('SIGTERM', () => process.exit(0));
