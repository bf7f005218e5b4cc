import { Button, NumberInput, Popover, Radio, SegmentedControl, Stack, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { useLocalizedPath } from "../../lib/use-locale.ts";
import type { QueueActionResult } from "../../routes/action-center/queue-model.ts";
import { useFormat } from "../hangar/format.ts";

const MATCH_TYPES = {
  keyword: ["EXACT", "PHRASE", "BROAD"],
  negative: ["NEGATIVE_EXACT", "NEGATIVE_PHRASE"],
} as const;
const STATES = ["ENABLED", "PAUSED", "ARCHIVED"] as const;

/** The number the seller edits: a bid or budget, or a new keyword's bid. */
function numberOf(kind: string, proposed: unknown): number | null {
  if (typeof proposed === "number") return proposed;
  if (kind === "keyword" && proposed && typeof proposed === "object") {
    const bid = (proposed as Record<string, unknown>).bid;
    return typeof bid === "number" ? bid : null;
  }
  return null;
}

/**
 * Edit then accept (issue 21 §1): another bid or budget, a new keyword's bid and match type (a
 * negative's match type), or another state than proposed (archive instead of pause: the states
 * but the current one), then accept; the API validates it as an edit by hand and its message
 * shows here. Keyboard: the popover takes the focus, Enter accepts, Escape closes.
 */
export function EditAccept({
  id,
  kind,
  current,
  proposed,
  currency,
}: {
  id: string;
  kind: string;
  /** The value in force (a state's choices leave it out: keeping it is a rejection). */
  current: unknown;
  proposed: unknown;
  /** The marketplace's currency (the limits in a refusal read as money). */
  currency: string;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const localize = useLocalizedPath();
  const fetcher = useFetcher<QueueActionResult>();
  const [opened, setOpened] = useState(false);
  const initial = numberOf(kind, proposed);
  const [value, setValue] = useState<number | string>(initial ?? "");
  const matchTypes = kind === "keyword" || kind === "negative" ? MATCH_TYPES[kind] : null;
  const [matchType, setMatchType] = useState<string>(matchTypes?.[0] ?? "");
  const states = kind === "state" ? STATES.filter((s) => s !== current) : null;
  const [state, setState] = useState<string>(typeof proposed === "string" ? proposed : "");
  const editable = kind === "bid" || kind === "budget" || matchTypes !== null || states !== null;
  const result = fetcher.data;
  useEffect(() => {
    if (fetcher.state === "idle" && result?.ok && result.failed.length === 0) setOpened(false);
  }, [fetcher.state, result]);
  if (!editable) return null;
  const decimal = format.locale.startsWith("de") ? "," : ".";
  const thousands = decimal === "," ? "." : ",";
  /** What the field shows when the form is sent (not the last state: Enter may come first). */
  const typed = (shown: FormDataEntryValue | null): string => {
    if (typeof shown !== "string" || shown.trim() === "") return value === "" ? "" : String(value);
    return shown.trim().split(thousands).join("").replace(decimal, ".");
  };
  const submit = (shown: FormDataEntryValue | null) => {
    const form = new FormData();
    form.set("intent", "accept");
    form.append("id", id);
    form.set("kind", kind);
    if (states) form.set("state", state);
    else {
      const number = typed(shown);
      if (kind !== "negative" && number !== "") form.set("value", number);
    }
    if (matchTypes) form.set("matchType", matchType);
    void fetcher.submit(form, { method: "post", action: localize("/action-center") });
  };
  const error =
    result && !result.ok
      ? result.violation
        ? t(`changes.violation.${result.violation.code.replace(/^changes\.violation\./, "")}`, {
            ...Object.fromEntries(
              Object.entries(result.violation.params).map(([key, v]) => [
                key,
                typeof v === "number" && (key === "min" || key === "max")
                  ? format.money(v, currency)
                  : v,
              ]),
            ),
            defaultValue: result.message,
          })
        : result.message
      : result?.ok && result.failed.length > 0
        ? result.failed[0]?.message
        : null;
  return (
    <Popover opened={opened} onChange={setOpened} trapFocus position="bottom-end" withArrow>
      <Popover.Target>
        <Button
          size="compact-xs"
          variant="subtle"
          onClick={(event) => {
            event.stopPropagation();
            setOpened((o) => !o);
          }}
          data-testid="queue-edit"
        >
          {t("actionCenter.edit")}
        </Button>
      </Popover.Target>
      <Popover.Dropdown onClick={(event) => event.stopPropagation()}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submit(new FormData(event.currentTarget).get("value"));
          }}
        >
          <Stack gap="xs" w={220}>
            {states ? (
              <Radio.Group
                label={t("actionCenter.editValue.state")}
                value={state}
                onChange={setState}
                size="xs"
                data-testid="queue-edit-state"
              >
                <Stack gap={6} mt={4}>
                  {states.map((s, index) => (
                    <Radio
                      key={s}
                      value={s}
                      label={t(`hangar.state.${s}`)}
                      data-testid={`queue-edit-state-${s}`}
                      {...(index === 0 ? { "data-autofocus": true } : {})}
                    />
                  ))}
                </Stack>
              </Radio.Group>
            ) : kind !== "negative" ? (
              <NumberInput
                label={t(`actionCenter.editValue.${kind === "budget" ? "budget" : "bid"}`)}
                value={value}
                onChange={setValue}
                decimalScale={2}
                name="value"
                decimalSeparator={decimal}
                thousandSeparator={thousands}
                allowNegative={false}
                hideControls
                // Enter sends what the field shows, itself: the form's implicit submission
                // depends on the state of its button, and a CI run once saw a corrected value
                // entered after a refusal go nowhere.
                onKeyDown={(event) => {
                  if (event.key !== "Enter" || event.nativeEvent.isComposing) return;
                  event.preventDefault();
                  submit(event.currentTarget.value);
                }}
                size="xs"
                data-autofocus
                data-testid="queue-edit-value"
              />
            ) : null}
            {matchTypes ? (
              <SegmentedControl
                size="xs"
                value={matchType}
                onChange={setMatchType}
                data={matchTypes.map((m) => ({ value: m, label: t(`hangar.enum.${m}`) }))}
                data-testid="queue-edit-match"
              />
            ) : null}
            {error ? (
              <Text size="xs" c="red" data-testid="queue-edit-error">
                {error}
              </Text>
            ) : null}
            {/* Busy only while submitting: the queue may still reload after another decision
                while the seller corrects this value */}
            <Button
              type="submit"
              size="compact-xs"
              loading={fetcher.state === "submitting"}
              data-testid="queue-edit-accept"
            >
              {t("actionCenter.editAccept")}
            </Button>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}
