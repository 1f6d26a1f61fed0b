/** Browsers: the Connect protocol to `kennel serve --web PORT`, which forwards to the gRPC service. */

import { createConnectTransport } from "@connectrpc/connect-web";
import type { Transport } from "@connectrpc/connect";

/** A transport to the web port that served the page (or another base URL). */
export function connectTransport(baseUrl: string = globalThis.location?.origin ?? ""): Transport {
  return createConnectTransport({ baseUrl, useBinaryFormat: true });
}
