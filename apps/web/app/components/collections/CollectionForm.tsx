import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { violationsOf } from "../../lib/api/hydra.ts";
import { browserHydra } from "../../lib/api/session-hydra.ts";
import { RuleEditor } from "./RuleEditor.tsx";
import { blankCondition, isCompleteRuleSet, type RuleSet, toWire } from "./types.ts";

export interface CollectionValues {
  name: string;
  description: string;
  membership: "manual" | "rules";
  priority: number;
  rules: RuleSet;
}

export const EMPTY_COLLECTION: CollectionValues = {
  name: "",
  description: "",
  membership: "rules",
  priority: 100,
  rules: { match: "all", conditions: [blankCondition("tag")] },
};

/**
 * The live count of an unsaved rule set: asked again 300 ms after the last change, and only once
 * every condition is filled in (an incomplete rule is named as such without asking the API).
 */
function usePreviewCount(sellerProfile: string, rules: RuleSet, enabled: boolean) {
  const [state, setState] = useState<{ count: number | null; invalid: boolean }>({
    count: null,
    invalid: false,
  });
  const complete = isCompleteRuleSet(rules);
  const key = JSON.stringify(toWire(rules));
  useEffect(() => {
    if (!enabled) return;
    if (!complete) {
      setState({ count: null, invalid: true });
      return;
    }
    let cancelled = false;
    const timer = setTimeout(async () => {
      try {
        const body = await browserHydra().json<{ count: number }>(
          "/api/catalogue/collections/preview",
          {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ sellerProfile, rules: JSON.parse(key) }),
          },
        );
        if (!cancelled) setState({ count: body.count, invalid: false });
      } catch {
        if (!cancelled) setState({ count: null, invalid: true });
      }
    }, 300);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [key, sellerProfile, enabled, complete]);
  return state;
}

/** Name, membership, priority and (rule-based) the rules with their live product count. */
export function CollectionForm({
  sellerProfile,
  initial,
  lockMembership = false,
  submitLabel,
  onSubmit,
}: {
  sellerProfile: string;
  initial: CollectionValues;
  lockMembership?: boolean;
  submitLabel: string;
  onSubmit(values: CollectionValues & { rules: RuleSet }): Promise<void>;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState(initial);
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const rulesBased = values.membership === "rules";
  const preview = usePreviewCount(sellerProfile, values.rules, rulesBased);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setSaving(true);
    setErrors([]);
    try {
      await onSubmit({ ...values, rules: toWire(values.rules) });
    } catch (error) {
      const violations = violationsOf(error);
      setErrors(
        violations.length
          ? violations.map(
              (v) => `${v.propertyPath}: ${t(`formValidationError.${v.code}`, v.message)}`,
            )
          : [t("cargoBay.saveFailed")],
      );
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Card withBorder padding="lg">
          <Stack gap="sm">
            <TextInput
              label={t("cargoBay.form.name")}
              required
              maxLength={120}
              value={values.name}
              onChange={(e) => setValues({ ...values, name: e.currentTarget.value })}
            />
            <Textarea
              label={t("cargoBay.form.description")}
              maxLength={1000}
              value={values.description}
              onChange={(e) => setValues({ ...values, description: e.currentTarget.value })}
            />
            {!lockMembership && (
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  {t("cargoBay.form.membership")}
                </Text>
                <SegmentedControl
                  w="fit-content"
                  value={values.membership}
                  onChange={(m) =>
                    setValues({ ...values, membership: m as CollectionValues["membership"] })
                  }
                  data={[
                    { value: "rules", label: t("cargoBay.membership.rules") },
                    { value: "manual", label: t("cargoBay.membership.manual") },
                  ]}
                />
              </Stack>
            )}
            <NumberInput
              label={t("cargoBay.form.priority")}
              description={t("cargoBay.form.priorityHint")}
              min={1}
              max={1000}
              w={220}
              value={values.priority}
              onChange={(v) => setValues({ ...values, priority: Number(v) || 100 })}
            />
          </Stack>
        </Card>
        {rulesBased ? (
          <Card withBorder padding="lg">
            <Stack gap="sm">
              <Group justify="space-between">
                <Text fw={600}>{t("cargoBay.rules.title")}</Text>
                <Badge size="lg" variant="light" data-testid="preview-count">
                  {preview.invalid
                    ? t("cargoBay.rules.incomplete")
                    : preview.count === null
                      ? "…"
                      : t(
                          preview.count === 1
                            ? "cargoBay.rules.matchesOne"
                            : "cargoBay.rules.matchesMany",
                          { count: preview.count },
                        )}
                </Badge>
              </Group>
              <RuleEditor
                value={values.rules}
                onChange={(rules) => setValues({ ...values, rules })}
              />
            </Stack>
          </Card>
        ) : (
          <Text c="dimmed">{t("cargoBay.form.manualHint")}</Text>
        )}
        {errors.length > 0 && (
          <Alert color="red" role="alert">
            {errors.map((e) => (
              <div key={e}>{e}</div>
            ))}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={saving}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
