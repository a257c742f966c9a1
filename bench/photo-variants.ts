/**
 * `npx tsx bench/photo-variants.ts <photo.jpg|png> [runs] [--label <text>] [--raw]`: the figures
 * of ADR 0014 for one photo, printed as JSON — its bytes, the bytes of each resized copy the
 * upload makes (files/photos.ts `renderPhotoVariants`, exactly what `storeUpload` runs), and the
 * time to make them all (median, min and max of `runs`, default 10, after one warm-up), plus the
 * process's peak RSS, with the load average (the machine may be shared). The photo must be an
 * upload the club accepts (JPEG or PNG, at most 1 MB).
 *
 * The headline figures go to bench/results/photo-variants.json, one section per photo format
 * (jpeg, png: a run replaces its format's), and a line to bench/results/history.jsonl
 * (bench/harness.ts `recordRun`); --raw also writes the whole output, every run's time included,
 * to bench/results/raw/ (not tracked).
 */
import { stat } from "node:fs/promises";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import sharp from "sharp";
import { renderPhotoVariants } from "../src/server/files/photos";
import { gitCommit, loadAvg, logger, machine, recordRun, round } from "./harness";

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: { label: { type: "string", default: "" }, raw: { type: "boolean", default: false } },
});
const [file, runsArg] = positionals;
if (!file) {
  console.error("usage: tsx bench/photo-variants.ts <photo> [runs] [--label <text>] [--raw]");
  process.exit(2);
}
const log = logger("photo-variants");
const timestamp = new Date().toISOString();
const loadAvgAtStart = loadAvg();
const runs = Number(runsArg ?? 10);
const meta = await sharp(file).metadata();
const original = { bytes: (await stat(file)).size, width: meta.width, height: meta.height, format: meta.format };

const variants = await renderPhotoVariants(file); // warm-up, and the copies reported
const times: number[] = [];
for (let i = 0; i < runs; i++) {
  const start = performance.now();
  await renderPhotoVariants(file);
  times.push(performance.now() - start);
}
const sorted = [...times].sort((a, b) => a - b);

const files = recordRun(
  "photo-variants",
  {
    timestamp,
    commit: gitCommit(),
    label: args.label,
    photo: path.basename(file),
    original,
    variants: variants
      .map((v) => ({ format: v.format, width: v.width, height: v.height, bytes: v.data.length }))
      .sort((a, b) => a.width - b.width || a.format.localeCompare(b.format)),
    totalVariantBytes: variants.reduce((sum, v) => sum + v.data.length, 0),
    renderMs: {
      median: round(sorted[Math.floor(sorted.length / 2)] ?? 0, 1),
      min: round(sorted[0] ?? 0, 1),
      max: round(sorted.at(-1) ?? 0, 1),
      runs,
    },
    renderRunsMs: times.map((t) => round(t, 1)),
    sharp: sharp.versions.sharp,
    vips: sharp.versions.vips,
    concurrency: sharp.concurrency(),
    peakRssMB: Math.round(process.resourceUsage().maxRSS / 1024),
    ...machine(),
    loadAvgAtStart,
    loadAvgAtEnd: loadAvg(),
  },
  { raw: args.raw === true },
);
log(`written to ${files.map((f) => path.relative(process.cwd(), f)).join(", ")}`);
