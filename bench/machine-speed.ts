import { execFileSync } from 'node:child_process';

/**
 * The machine's speed, so that runs on different machines can be compared: a fixed piece of the kind of
 * work the server does (JSON, escaping, building a long string), on one core, in a fresh Node process
 * (the bench's own heap, which holds the seeds, would add its garbage collection), timed in CPU time
 * (what other processes take from the machine matters less than to wall time). The median of 9 runs
 * after one to warm up, in ms. On the machine where decision 0068's figures were read, the bare Express
 * baseline answered about 7,800 requests/s; on one where it answered 3,700, this read 130–175 ms from
 * one call to the next, and everything else in the bench was about twice as slow too.
 */
const WORK = `
const rows = Array.from({ length: 2000 }, (_, i) => ({ id: i, nome: 'Advogada Número ' + i + ' <&> "Família"', tags: ['a:familia', 'c:sp_' + (i % 50), 'online'] }));
const escape = (text) => text.replace(/[&<>"]/g, (c) => '&#' + c.charCodeAt(0) + ';');
const runs = [];
let bytes = 0;
for (let run = 0; run < 10; run++) {
  const before = process.cpuUsage();
  for (let k = 0; k < 20; k++) {
    const copy = JSON.parse(JSON.stringify(rows));
    bytes += copy.map((r) => '<li data-id="' + r.id + '">' + escape(r.nome) + ' ' + r.tags.map(escape).join(' · ') + '</li>').join('').length;
  }
  const used = process.cpuUsage(before);
  runs.push((used.user + used.system) / 1000);
}
if (bytes === 0) throw new Error('unreachable');
console.log(runs.slice(1).sort((a, b) => a - b)[4]);
`;

export function machineSpeedMs(): number {
  const out = execFileSync(process.execPath, ['-e', WORK], { encoding: 'utf8' });
  const ms = Number(out.trim());
  if (!Number.isFinite(ms)) throw new Error(`machine-speed: unexpected output ${out}`);
  return ms;
}
