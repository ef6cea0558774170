// One autocannon run in a process of its own, for bench/load.ts: options as JSON in argv[2], the figures
// the bench reads as JSON on stdout. The bench's own process holds the seed's and the back office's data,
// and its garbage collection paused a load generator that ran inside it: after the back-office seed, bare
// Express read 2,700 requests/s instead of 6,500, and the app's figures fell with it (docs/decisions/0068).
import autocannon from 'autocannon';

const options = JSON.parse(process.argv[2] ?? '{}');
const result = await autocannon(options);
process.stdout.write(
  JSON.stringify({
    requests: { average: result.requests.average, total: result.requests.total },
    latency: { p50: result.latency.p50, p99: result.latency.p99, average: result.latency.average },
    '2xx': result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  }),
);
