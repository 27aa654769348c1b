import autocannon from 'autocannon';

/*
 * Run as its own process by the benchmarks (`node --import tsx scripts/bench/support/load.ts URL
 * CONNECTIONS SECONDS`), so the load generator does not share the server's event loop. Prints the
 * autocannon result as one JSON line.
 */
const [url, connections, seconds] = process.argv.slice(2);
const result = await autocannon({ url: url!, connections: Number(connections), duration: Number(seconds) });
console.log(JSON.stringify({
  requestsPerSecond: result.requests.average,
  p50: result.latency.p50,
  p99: result.latency.p99,
  errors: result.errors + result.non2xx,
  total: result.requests.total,
}));
