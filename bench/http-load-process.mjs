// The HTTP load of `requestCost` (lib.ts) in a process of its own, so that its CPU is measured apart from the
// server's: the same loop as http-clients.mjs (keep-alive node:http connections, each sending the request again as soon
// as the answer has been read). One slice per message { seconds } → { requests, failed, elapsed, cpuMs, bytes }.
import http from 'node:http';
import { URL } from 'node:url';
import { performance } from 'node:perf_hooks';
import process from 'node:process';

const { url, method, headers, body, clients } = JSON.parse(process.argv[2]);
const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
const target = new URL(url);
let bytes = 0;

function once() {
  return new Promise((resolve) => {
    const req = http.request(
      { host: target.hostname, port: target.port, path: target.pathname + target.search, method, headers, agent },
      (res) => {
        res.on('data', (chunk) => void (bytes += chunk.length));
        res.on('end', () => resolve(res.statusCode >= 200 && res.statusCode < 300));
        res.on('error', () => resolve(false));
      },
    );
    req.on('error', () => resolve(false));
    req.end(body);
  });
}

process.on('message', async ({ seconds }) => {
  let requests = 0;
  let failed = 0;
  bytes = 0;
  const cpu = process.cpuUsage();
  const begin = performance.now();
  const until = begin + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) {
        if (await once()) requests++;
        else failed++;
      }
    }),
  );
  const used = process.cpuUsage(cpu);
  process.send({ requests, failed, elapsed: performance.now() - begin, cpuMs: (used.user + used.system) / 1000, bytes });
});
