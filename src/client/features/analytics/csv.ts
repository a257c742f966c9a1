/**
 * A chart's figures as a CSV download (issue #17 §3): Papa Parse's `unparse` (quoting, line ends),
 * a UTF-8 byte order mark so spreadsheets read Persian names, and a file name that names the
 * chart and the range, e.g. `analytics-applications-2026-01-05-to-2026-03-29.csv`.
 */
import Papa from "papaparse";

export type CsvValue = string | number | null;

/** The CSV text of `rows` under the header `fields` (values in that order). Pure. */
export function toCsv(fields: string[], rows: CsvValue[][]): string {
  return Papa.unparse({ fields, data: rows.map((r) => r.map((v) => (v === null ? "" : v))) }, { newline: "\n" });
}

/** The file name of a chart's CSV for a range. Pure. */
export function csvFileName(chart: string, from: string, to: string): string {
  const slug = chart.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  return `analytics-${slug}-${from}-to-${to}.csv`;
}

/** Makes the browser save `csv` as `fileName`. */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([`\uFEFF${csv}`], { type: "text/csv;charset=utf-8" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
