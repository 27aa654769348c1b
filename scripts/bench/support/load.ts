import autocannon from 'autocannon';

/*
 * Run as its own process by the benchmarks (`node --import tsx scripts/bench/support/load.ts
 * URLS CONNECTIONS SECONDS`), so the load generator does not share the server's event loop.
 * URLS is a JSON array of URL templates on one origin, taken in turn; `{n}` in a template becomes
 * the request's sequence number, so a benchmark can make every request a different one (and
 * miss any cache). A template may also be `{ url, cookie }`: that request goes with that Cookie
 * header (a session of its own, as a different user each). Prints the autocannon result as one
 * JSON line.
 */
type Template = string | { url: string; cookie?: string };
const [urlsJson, connections, seconds] = process.argv.slice(2);
const templates = (JSON.parse(urlsJson!) as Template[]).map((t) => (typeof t === 'string' ? { url: t } : t));
const origin = new URL(templates[0]!.url).origin;
let n = 0;
const nextRequest = (): { path: string; headers?: Record<string, string> } => {
  const template = templates[n % templates.length]!;
  const url = new URL(template.url.replaceAll('{n}', String(n)));
  n++;
  return { path: url.pathname + url.search, ...(template.cookie ? { headers: { cookie: template.cookie } } : {}) };
};

const result = await autocannon({
  url: origin,
  connections: Number(connections),
  duration: Number(seconds),
  requests: [
    {
      setupRequest: (request) => {
        const next = nextRequest();
        return { ...request, path: next.path, headers: { ...request.headers, ...next.headers } };
      },
    },
  ],
});
console.log(
  JSON.stringify({
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    total: result.requests.total,
  }),
);
