// The sequential lines' client (see httpCaller in lib.ts), in a worker thread of its own: one request per message,
// over one keep-alive connection, timed here from the request's start to its answer's last byte.
import { Buffer } from 'node:buffer';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { URL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';

const target = new URL(workerData.base);
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

parentPort.on('message', ({ method, path, headers, body }) => {
  const start = performance.now();
  const chunks = [];
  const req = http.request({ host: target.hostname, port: target.port, path, method, headers, agent }, (res) => {
    res.on('data', (c) => chunks.push(c));
    res.on('end', () =>
      parentPort.postMessage({ ms: performance.now() - start, statusCode: res.statusCode, body: Buffer.concat(chunks).toString() }),
    );
  });
  req.on('error', (error) => parentPort.postMessage({ error: String(error) }));
  req.end(body);
});
