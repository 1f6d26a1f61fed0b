/** Node: gRPC over HTTP/2 straight to the Python server (`kennel serve`). */

import { createGrpcTransport } from "@connectrpc/connect-node";
import type { Interceptor, Transport } from "@connectrpc/connect";
import { addresses, roundRobin } from "./spread.js";

/**
 * A transport to `host:port` (plaintext, as `kennel serve` listens), or to several replicas
 * ("a:50051,b:50051" or a list): calls are then spread over them in turn (spread.ts).
 */
export function grpcTransport(address: string | readonly string[], interceptors: Interceptor[] = []): Transport {
  return roundRobin(
    addresses(address).map((one) => {
      const baseUrl = /^https?:\/\//.test(one) ? one : `http://${one}`;
      return createGrpcTransport({ baseUrl, interceptors });
    }),
  );
}
