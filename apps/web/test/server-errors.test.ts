import { afterEach, describe, expect, it, vi } from "vitest";
import { reportServerError } from "../app/lifecycle/server-errors.server.ts";

/** React Router's 4xx route answers as handleError receives them (an ErrorResponseImpl). */
const routeError = (status: number, statusText: string) => ({
  status,
  statusText,
  internal: true,
  data: `Error: ${statusText}`,
});

describe("reporting uncaught server errors", () => {
  afterEach(() => vi.restoreAllMocks());
  const logged = () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    return spy;
  };

  it("logs no error line for React Router's 405 or 404 (PUT /login, a path no route matches)", () => {
    const spy = logged();
    reportServerError(routeError(405, "Method Not Allowed"), new Request("http://x/login"));
    reportServerError(routeError(404, "Not Found"), new Request("http://x/nowhere"));
    expect(spy).not.toHaveBeenCalled();
  });

  it("logs faults with what they were, never [object Object]", () => {
    const spy = logged();
    reportServerError(new Error("boom"), new Request("http://x/a"));
    reportServerError(routeError(503, "Service Unavailable"), new Request("http://x/b"));
    reportServerError({ reason: "odd" }, new Request("http://x/c"));
    const lines = spy.mock.calls.map(([line]) => JSON.parse(String(line)));
    expect(lines.map((l) => [l.level, l.path, l.err.message])).toEqual([
      [50, "/a", "boom"],
      [50, "/b", "503 Service Unavailable"],
      [50, "/c", '{"reason":"odd"}'],
    ]);
  });
});
