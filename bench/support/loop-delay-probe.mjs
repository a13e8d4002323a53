// While a file `${LOOP_DELAY_FILE}.profile` exists, the process is CPU-profiled; when the file is
// removed, the profile is written to `${LOOP_DELAY_FILE}.<server>.cpuprofile`.
// It also times every HTTP request the process serves, from the 'request' event to the answer's
// 'finish', by route (ids in the path replaced by :id), and writes the durations of each second.
// Loaded into a server process with NODE_OPTIONS="--import <this file>" by a bench: once a second
// it appends the process's event-loop delay (p50, p99, max), utilisation and GC pauses over that second to
// `${LOOP_DELAY_FILE}`, so a bench can tell a stalled event loop from a slow database. Only the
// process running a `main.ts` writes (not the npx and tsx wrappers around it).
import { appendFileSync, existsSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { Session } from 'node:inspector';
import { monitorEventLoopDelay, PerformanceObserver, performance } from 'node:perf_hooks';

const file = process.env.LOOP_DELAY_FILE;
const script = process.argv[1] ?? '';
if (file && script.endsWith('main.ts')) {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  let utilisation = performance.eventLoopUtilization();
  let gcMs = 0;
  let gcMaxMs = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gcMs += entry.duration;
      gcMaxMs = Math.max(gcMaxMs, entry.duration);
    }
  }).observe({ entryTypes: ['gc'] });
  const served = new Map();
  const routeOf = (url) => (url ?? '').split('?')[0].replace(/\/[A-Za-z0-9_-]{16,}/g, '/:id');
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (event, ...rest) {
    const [request, response] = rest;
    if (event === 'request') {
      const startedAt = performance.now();
      const route = `${request.method} ${routeOf(request.url)}`;
      response.once('finish', () => {
        const list = served.get(route) ?? [];
        list.push(Number((performance.now() - startedAt).toFixed(2)));
        served.set(route, list);
      });
    }
    return emit.call(this, event, ...rest);
  };
  const session = new Session();
  session.connect();
  let profiling = false;
  const profileOnDemand = () => {
    const wanted = existsSync(`${file}.profile`);
    if (wanted && !profiling) {
      profiling = true;
      session.post('Profiler.enable', () => session.post('Profiler.start'));
    } else if (!wanted && profiling) {
      profiling = false;
      session.post('Profiler.stop', (error, result) => {
        if (!error)
          writeFileSync(
            `${file}.${script.includes('house') ? 'house' : 'server'}.cpuprofile`,
            JSON.stringify(result.profile),
          );
      });
    }
  };
  const timer = setInterval(() => {
    profileOnDemand();
    const now = performance.eventLoopUtilization();
    const ms = (ns) => Number((ns / 1e6).toFixed(2));
    appendFileSync(
      file,
      `${JSON.stringify({
        at: Date.now(),
        script: script.replace(/.*\/apps\//, ''),
        p50: ms(histogram.percentile(50)),
        p99: ms(histogram.percentile(99)),
        max: ms(histogram.max),
        elu: Number(performance.eventLoopUtilization(now, utilisation).utilization.toFixed(3)),
        gcMs: Number(gcMs.toFixed(2)),
        gcMaxMs: Number(gcMaxMs.toFixed(2)),
        served: Object.fromEntries(served),
      })}\n`,
    );
    gcMs = 0;
    gcMaxMs = 0;
    served.clear();
    utilisation = now;
    histogram.reset();
  }, 1000);
  timer.unref();
}
