/**
 * Several replicas of one Kennel service (docs/deploy.md): calls are spread over their
 * transports in turn. A call that fails with UNAVAILABLE (a replica that is down) is sent again
 * by the SDK, and that next try goes to the next replica, as the Python SDK does.
 */

import type { Transport } from "@connectrpc/connect";

/** One transport that sends each call through the next of `transports`, round robin. */
export function roundRobin(transports: readonly Transport[]): Transport {
  if (transports.length === 0) throw new Error("roundRobin needs at least one transport");
  if (transports.length === 1) return transports[0]!;
  let next = 0;
  const pick = (): Transport => {
    const transport = transports[next]!;
    next = (next + 1) % transports.length;
    return transport;
  };
  return {
    unary: (method, signal, timeoutMs, header, input, contextValues) =>
      pick().unary(method, signal, timeoutMs, header, input, contextValues),
    stream: (method, signal, timeoutMs, header, input, contextValues) =>
      pick().stream(method, signal, timeoutMs, header, input, contextValues),
  };
}

/** "host:port,host:port" (or a list of them) as separate addresses, blanks dropped. */
export function addresses(address: string | readonly string[]): string[] {
  const all = (typeof address === "string" ? [address] : address).flatMap((a) => a.split(","));
  const found = all.map((a) => a.trim()).filter((a) => a.length > 0);
  if (found.length === 0) throw new Error("no server address given");
  return found;
}
