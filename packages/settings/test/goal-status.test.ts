import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { goalStatus, ON_TARGET_POINTS } from "../src/goal-status.ts";

describe("goal status", () => {
  it("is on target within the band, above and below outside it", () => {
    expect(goalStatus(30, 0.3)).toBe("onTarget");
    expect(goalStatus(30, 0.32)).toBe("onTarget");
    expect(goalStatus(30, 0.28)).toBe("onTarget");
    expect(goalStatus(30, 0.3201)).toBe("above");
    expect(goalStatus(30, 0.2799)).toBe("below");
    expect(goalStatus(12.5, 0)).toBe("below");
  });

  it("spending more per sale than the goal is never on target or below", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.1, max: 100, noNaN: true }),
        fc.double({ min: 0, max: 5, noNaN: true }),
        (target, actual) => {
          const status = goalStatus(target, actual);
          const points = actual * 100 - target;
          if (points > ON_TARGET_POINTS) expect(status).toBe("above");
          else if (points < -ON_TARGET_POINTS) expect(status).toBe("below");
          else expect(status).toBe("onTarget");
        },
      ),
    );
  });
});
