/** Types of scripts/chunk-modules.mjs, for the TypeScript that imports it (e2e/budgets.spec.ts). */
export interface ChunkModules {
  /** The chunk's path under dist/client, e.g. `assets/index-CbpIjyH3.js`. */
  chunk: string;
  /** Its size, raw (UTF-8 bytes). */
  bytes: number;
  /** Its source modules (or packages), largest first. */
  modules: { module: string; bytes: number }[];
}
export function resolveChunk(chunk: string): string;
export function packageOf(module: string): string;
export function chunkModules(chunk: string, options?: { byPackage?: boolean }): ChunkModules;
export function describeChunk(chunk: string, top?: number): string;
