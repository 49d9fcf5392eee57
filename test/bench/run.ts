/**
 * `npm run bench`: the library's size and the pipeline's speed, as a table. No assertions: the
 * figures go to docs/performance.md. About 20-40 s on two shared cores,
 * depending on the load.
 */
import os from 'node:os';
import { existsSync, statSync } from 'node:fs';
import { kb, printTable, thousands, verdict, type Row } from './table';
import { bundledSize, ensureLibraryBuilt, ESM_FILE, extraChunks, IIFE_FILE, PEER_ENTRIES, sizeOf } from './sizes';
import { runtimeSubject } from './runtime-subject';
import { domainSubject, type Subject } from './subjects';
import { consentWaitRound, LARGE_QUEUE, pageDataWaitRound, scaling, SMALL_QUEUE, throughput, type ScalingResult } from './throughput';
import type { Summary } from './measure';
import { contactRouteRows, lighthouseRows } from './support-app';

const SIZE_TARGET = 12 * 1024;
const RATE_TARGET = 250_000;
const RATIO_TARGET = 1.5;
const THROUGHPUT_EVENTS = 50_000;
const ROUNDS = { warmup: 2, rounds: 5 };

const rows: Row[] = [];
const progress = (text: string) => process.stderr.write(`bench: ${text}\n`);

async function sizeRows(): Promise<void> {
  try {
    if (ensureLibraryBuilt()) progress('built dist/lib');
    libraryRows();
  } catch (error) {
    rows.push({ row: 'IIFE build', figure: `could not be built: ${String(error).split('\n')[0]}`, target: `<= ${kb(SIZE_TARGET)}`, met: 'NO' });
  }
  for (const [name, source] of Object.entries(PEER_ENTRIES)) {
    const row = `For scale: ${name}, gzip -9 (raw)`;
    try {
      const size = await bundledSize(name, source);
      rows.push({ row, figure: `${kb(size.gzip)} = ${thousands(size.gzip)} B (${thousands(size.raw)} B raw)`, target: '', met: '' });
    } catch (error) {
      const missing = /failed to resolve import "([^"]+)"/.exec(String(error))?.[1];
      rows.push({ row, figure: missing ? `not measured: ${missing} is not installed` : `not measured: ${String(error).split('\n')[0]}`, target: '', met: '' });
    }
  }
}

function libraryRows(): void {
  const iife = sizeOf(IIFE_FILE);
  const esm = sizeOf(ESM_FILE);
  const chunks = extraChunks();
  rows.push({
    row: 'IIFE build, gzip -9 (raw)',
    figure: `${kb(iife.gzip)} = ${thousands(iife.gzip)} B (${thousands(iife.raw)} B raw)`,
    target: `<= ${kb(SIZE_TARGET)}`,
    met: verdict(iife.gzip <= SIZE_TARGET),
  });
  if (existsSync(`${IIFE_FILE}.br`)) {
    const brotli = statSync(`${IIFE_FILE}.br`).size;
    rows.push({ row: 'IIFE build as served (Brotli copy)', figure: `${kb(brotli)} = ${thousands(brotli)} B`, target: '', met: '' });
  }
  rows.push({
    row: 'ESM build, gzip -9 (raw)',
    figure: `${kb(esm.gzip)} = ${thousands(esm.gzip)} B (${thousands(esm.raw)} B raw)`,
    target: '',
    met: '',
  });
  rows.push({
    row: 'Other script files in dist/lib (lazy chunks)',
    figure: chunks.length === 0 ? 'none' : chunks.join(', '),
    target: 'none',
    met: verdict(chunks.length === 0),
  });
}

const rate = (summary: Summary) => 1e9 / summary.nsPerEvent;
const perEvent = (summary: Summary) => `${(summary.nsPerEvent / 1000).toFixed(2)} µs`;

function scalingRows(what: string, subject: Subject, result: ScalingResult): void {
  rows.push({
    row: `${subject.name}: cost per event, ${thousands(SMALL_QUEUE)} vs ${thousands(LARGE_QUEUE)} ${what}`,
    figure: `${perEvent(result.small)} vs ${perEvent(result.large)}: ${result.ratio.toFixed(2)}x (best rounds ${(result.large.minNs / result.small.minNs).toFixed(2)}x)`,
    target: `<= ${RATIO_TARGET}x`,
    met: verdict(result.ratio <= RATIO_TARGET),
  });
}

async function pipelineRows(subject: Subject): Promise<void> {
  progress(`${subject.name}: throughput`);
  const summary = await throughput(subject, THROUGHPUT_EVENTS, ROUNDS);
  rows.push({
    row: `${subject.name}: events/s into the data layer`,
    figure: `${thousands(rate(summary))}/s (${perEvent(summary)}/event; rounds ${thousands(1e9 / summary.maxNs)}-${thousands(1e9 / summary.minNs)}/s)`,
    target: `>= ${thousands(RATE_TARGET)}/s`,
    met: verdict(rate(summary) >= RATE_TARGET),
  });
  progress(`${subject.name}: waiting for the page data`);
  scalingRows('waiting for the page data', subject, await scaling(pageDataWaitRound, subject, ROUNDS));
  progress(`${subject.name}: waiting for consent`);
  scalingRows('waiting for consent', subject, await scaling(consentWaitRound, subject, ROUNDS));
}

const started = performance.now();
const loadBefore = os.loadavg()[0] ?? 0;
await sizeRows();
for (const subject of [runtimeSubject, domainSubject]) await pipelineRows(subject);
progress('support app: contact route size and Lighthouse');
try {
  rows.push(...contactRouteRows(), ...(await lighthouseRows()));
} catch (error) {
  rows.push({ row: 'Support app rows', figure: `not measured: ${String(error).split('\n')[0]}`, target: '', met: '' });
}
printTable(rows);
console.log(
  `\n${os.cpus().length} CPU(s) (${os.cpus()[0]?.model ?? 'unknown'}), Node ${process.version}; ` +
    `load average ${loadBefore.toFixed(1)} before, ${(os.loadavg()[0] ?? 0).toFixed(1)} after; ` +
    `${ROUNDS.warmup} warm-up + ${ROUNDS.rounds} rounds, median; ${((performance.now() - started) / 1000).toFixed(1)} s in all.`,
);
