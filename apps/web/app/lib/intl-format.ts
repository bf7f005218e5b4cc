/**
 * Intl formatters, built once per locale and options: constructing an Intl.NumberFormat costs
 * tens of microseconds, and a Hangar table formats thousands of cells per render (it showed in the
 * browser's profile). Same signatures as the constructors, so a call site reads as one.
 */
function cachedBy<Options, Format>(create: (locale: string, options?: Options) => Format) {
  const formats = new Map<string, Format>();
  return (locale: string, options?: Options): Format => {
    const key = `${locale}|${options ? JSON.stringify(options) : ""}`;
    let format = formats.get(key);
    if (!format) {
      format = create(locale, options);
      formats.set(key, format);
    }
    return format;
  };
}

export const numberFormat = cachedBy(
  (locale, options?: Intl.NumberFormatOptions) => new Intl.NumberFormat(locale, options),
);

export const dateTimeFormat = cachedBy(
  (locale, options?: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, options),
);

/**
 * A measured share (ACoS, TACoS, margin, organic share) as every screen shows it: always one
 * decimal, so figures side by side read alike ("4,0 %" beside "27,5 %", never "4 %"). Takes a
 * fraction (0.275 → 27,5 %).
 */
export const percentFormat = (locale: string): Intl.NumberFormat =>
  numberFormat(locale, { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 });

/**
 * A rate set by law or by the seller (VAT 20 %, 5,5 %, 7,7 %): as precise as it was set, no
 * padding decimal ("19 %", not "19,0 %"). Takes a fraction (0.055 → 5,5 %).
 */
export const ratePercentFormat = (locale: string): Intl.NumberFormat =>
  numberFormat(locale, { style: "percent", minimumFractionDigits: 0, maximumFractionDigits: 2 });
