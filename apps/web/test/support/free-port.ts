import { type AddressInfo, createServer } from "node:net";

/** A TCP port free on the loopback now (the tests' server processes listen on it). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, "127.0.0.1", done));
  const { port } = probe.address() as AddressInfo;
  await new Promise((done) => probe.close(done));
  return port;
}
