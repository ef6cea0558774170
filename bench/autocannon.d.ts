// The part of autocannon 9's programmatic API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  namespace autocannon {
    interface RequestParams {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string | Buffer;
      [key: string]: unknown;
    }
    interface Request extends RequestParams {
      setupRequest?: (request: RequestParams, context: Record<string, unknown>) => RequestParams | null | undefined;
      onResponse?: (status: number, body: string, context: Record<string, unknown>, headers: Record<string, string>) => void;
    }
    interface Options {
      url: string;
      connections?: number;
      duration?: number;
      /** A number of requests instead of a duration. */
      amount?: number;
      pipelining?: number;
      timeout?: number;
      headers?: Record<string, string>;
      requests?: Request[];
      workers?: number;
    }
    interface Histogram {
      average: number;
      mean: number;
      stddev: number;
      min: number;
      max: number;
      total: number;
      p50: number;
      p90: number;
      p99: number;
      p999?: number;
    }
    interface Result {
      url: string;
      duration: number;
      connections: number;
      requests: Histogram;
      latency: Histogram;
      throughput: Histogram;
      errors: number;
      timeouts: number;
      non2xx: number;
      '1xx': number;
      '2xx': number;
      '3xx': number;
      '4xx': number;
      '5xx': number;
    }
  }
  function autocannon(options: autocannon.Options): Promise<autocannon.Result>;
  export = autocannon;
}
