/** Node: gRPC over HTTP/2 straight to the Python server (`kennel serve`). */

import { createGrpcTransport } from "@connectrpc/connect-node";
import type { Interceptor, Transport } from "@connectrpc/connect";

/** A transport to `host:port` (plaintext, as `kennel serve` listens). */
export function grpcTransport(address: string, interceptors: Interceptor[] = []): Transport {
  const baseUrl = /^https?:\/\//.test(address) ? address : `http://${address}`;
  return createGrpcTransport({ baseUrl, interceptors });
}
