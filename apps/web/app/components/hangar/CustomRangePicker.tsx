import "dayjs/locale/de";
import { DatePickerInput, DatesProvider } from "@mantine/dates";
import { useTranslation } from "react-i18next";
import { DATE_FORMATS } from "../DateField.tsx";
import { useFormat } from "./format.ts";

/** The calendar of a custom range (@mantine/dates), loaded only when a custom range is shown. */
export default function CustomRangePicker({
  from,
  to,
  today,
  onChange,
}: {
  from: string;
  to: string;
  today: string;
  onChange: (from: string, to: string) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <DatesProvider settings={{ locale: format.locale, firstDayOfWeek: 1 }}>
      <DatePickerInput
        type="range"
        size="xs"
        aria-label={t("hangar.range.custom")}
        valueFormat={DATE_FORMATS[format.locale === "en" ? "en" : "de"]}
        maxDate={today}
        value={[from, to]}
        onChange={([start, end]) => {
          if (start && end) onChange(String(start).slice(0, 10), String(end).slice(0, 10));
        }}
        w={220}
      />
    </DatesProvider>
  );
}
