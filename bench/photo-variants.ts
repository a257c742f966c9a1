/**
 * `npx tsx bench/photo-variants.ts <photo.jpg|png> [runs]`: the figures of ADR 0014 for one
 * photo, printed as JSON — its bytes, the bytes of each resized copy the upload makes
 * (files/photos.ts `renderPhotoVariants`, exactly what `storeUpload` runs), and the time to make
 * them all (median, min and max of `runs`, default 10, after one warm-up), plus the process's
 * peak RSS, with the load average (the machine may be shared). The photo must be an upload the
 * club accepts (JPEG or PNG, at most 1 MB). Results of ADR 0014: bench/results/photo-variants-*.json.
 */
import { stat } from "node:fs/promises";
import os from "node:os";
import { performance } from "node:perf_hooks";
import sharp from "sharp";
import { renderPhotoVariants } from "../src/server/files/photos";

const [file, runsArg] = process.argv.slice(2);
if (!file) {
  console.error("usage: tsx bench/photo-variants.ts <photo> [runs]");
  process.exit(2);
}
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
times.sort((a, b) => a - b);
const ms = (n: number) => Math.round(n * 10) / 10;

console.log(
  JSON.stringify(
    {
      original,
      variants: variants
        .map((v) => ({ format: v.format, width: v.width, height: v.height, bytes: v.data.length }))
        .sort((a, b) => a.width - b.width || a.format.localeCompare(b.format)),
      totalVariantBytes: variants.reduce((sum, v) => sum + v.data.length, 0),
      renderMs: {
        median: ms(times[Math.floor(times.length / 2)] ?? 0),
        min: ms(times[0] ?? 0),
        max: ms(times.at(-1) ?? 0),
        runs,
      },
      sharp: sharp.versions.sharp,
      vips: sharp.versions.vips,
      concurrency: sharp.concurrency(),
      peakRssMB: Math.round(process.resourceUsage().maxRSS / 1024),
      loadAverage1m: Math.round(os.loadavg()[0]! * 10) / 10,
      cpus: os.cpus().length,
    },
    null,
    2,
  ),
);
