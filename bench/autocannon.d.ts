/**
 * Minimal types for the parts of autocannon's programmatic API the benchmark uses
 * (autocannon ships no types and @types/autocannon is not installed).
 */
declare module "autocannon" {
  export interface AutocannonOptions {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    title?: string;
  }

  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p2_5: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
  }

  export interface AutocannonResult {
    title?: string;
    url: string;
    connections: number;
    duration: number;
    start: Date;
    finish: Date;
    errors: number;
    timeouts: number;
    non2xx: number;
    resets: number;
    "2xx": number;
    statusCodeStats: Record<string, { count: number }>;
    latency: Histogram;
    requests: Histogram & { sent: number };
    throughput: Histogram;
  }

  export interface AutocannonInstance extends PromiseLike<AutocannonResult> {
    stop(): void;
  }

  function autocannon(opts: AutocannonOptions): AutocannonInstance & Promise<AutocannonResult>;
  export default autocannon;
}
