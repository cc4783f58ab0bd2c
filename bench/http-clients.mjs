// The HTTP load of a throughput line, in a worker thread of its own (see httpClients in lib.ts): `clients`
// keep-alive connections, each sending the request again as soon as the answer has been read, for a slice's seconds.
import http from 'node:http';
import { URL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';

const { url, method, headers, body, clients } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
const target = new URL(url);

function once() {
  return new Promise((resolve) => {
    const req = http.request(
      { host: target.hostname, port: target.port, path: target.pathname + target.search, method, headers, agent },
      (res) => {
        res.on('data', () => {});
        res.on('end', () => resolve(res.statusCode >= 200 && res.statusCode < 300));
        res.on('error', () => resolve(false));
      },
    );
    req.on('error', () => resolve(false));
    req.end(body);
  });
}

// one slice per message: { seconds } → { times, failed, elapsed }; the agent's connections are kept between slices
parentPort.on('message', async ({ seconds }) => {
  const times = [];
  let failed = 0;
  const begin = performance.now();
  const until = begin + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) {
        const start = performance.now();
        if (await once()) times.push(performance.now() - start);
        else failed++;
      }
    }),
  );
  parentPort.postMessage({ times, failed, elapsed: performance.now() - begin });
});
