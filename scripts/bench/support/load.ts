import autocannon from 'autocannon';

/*
 * Run as its own process by the benchmarks (`node --import tsx scripts/bench/support/load.ts
 * URLS CONNECTIONS SECONDS`), so the load generator does not share the server's event loop.
 * URLS is a JSON array of URL templates on one origin, taken in turn; `{n}` in a template becomes
 * the request's sequence number, so a benchmark can make every request a different one (and
 * miss any cache). Prints the autocannon result as one JSON line.
 */
const [urlsJson, connections, seconds] = process.argv.slice(2);
const templates = JSON.parse(urlsJson!) as string[];
const origin = new URL(templates[0]!).origin;
let n = 0;
const nextPath = () => {
  const url = new URL(templates[n % templates.length]!.replaceAll('{n}', String(n)));
  n++;
  return url.pathname + url.search;
};

const result = await autocannon({
  url: origin,
  connections: Number(connections),
  duration: Number(seconds),
  requests: [{ setupRequest: (request) => ({ ...request, path: nextPath() }) }],
});
console.log(JSON.stringify({
  requestsPerSecond: result.requests.average,
  p50: result.latency.p50,
  p99: result.latency.p99,
  errors: result.errors + result.non2xx,
  total: result.requests.total,
}));
