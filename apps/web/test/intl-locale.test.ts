import { describe, expect, it } from "vitest";
import { formatPercentTick, formatShortDay } from "../app/components/hangar/format.ts";
import { formatChange, formatMetric } from "../app/components/hangar/metrics.ts";
import { formatDateTime, formatDay } from "../app/lib/dates.ts";
import { percentFormat } from "../app/lib/intl-format.ts";
import { intlLocale } from "../app/lib/intl-locale.ts";

describe("locale formats", () => {
  it("German as in Germany, English as in Britain, full tags kept", () => {
    expect(intlLocale("de")).toBe("de-DE");
    expect(intlLocale("en")).toBe("en-GB");
    expect(intlLocale("en-US")).toBe("en-US");
  });

  it("Hangar's days, money, ratios and changes follow the UI language", () => {
    expect(formatDay("2026-12-31", "de")).toBe("31.12.2026");
    expect(formatDay("2026-12-31", "en")).toBe("31/12/2026");
    expect(formatShortDay("2026-12-31", "en")).toBe("31/12");
    expect(formatMetric("cost", 1234.56, "de", "EUR")).toBe("1.234,56\u00a0€");
    expect(formatMetric("cost", 1234.56, "en", "EUR")).toBe("€1,234.56");
    expect(formatMetric("acos", 0.055, "de", "EUR")).toBe("5,5\u00a0%");
    expect(formatChange(0.125, "en")).toBe("+12.5%");
  });

  it("percentages keep the screen's one decimal, chart axes the locale's spacing", () => {
    // "TACoS 4 %" beside "ACoS 27,5 %" read as different precisions.
    expect(percentFormat("de-DE").format(0.04)).toBe("4,0\u00a0%");
    expect(percentFormat("en-GB").format(0.275)).toBe("27.5%");
    expect(formatPercentTick(0, "en")).toBe("0%");
    expect(formatPercentTick(20, "de")).toBe("20\u00a0%");
  });

  it("history moments carry the four-digit year", () => {
    expect(formatDateTime("2026-12-31T13:05:00Z", "de", "UTC")).toBe("31.12.2026, 13:05");
    expect(formatDateTime("2026-12-31T13:05:00Z", "en", "UTC")).toBe("31/12/2026, 13:05");
  });
});
