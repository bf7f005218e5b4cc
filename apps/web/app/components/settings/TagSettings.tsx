import { ActionIcon, Button, Card, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { deleteWithToast } from "../../lib/entry-toasts.ts";
import { useHydraForm } from "../../lib/hydra-form.ts";
import { useRouteWrite } from "../../lib/route-write.ts";
import { useConfirm } from "../ConfirmModal.tsx";
import type { Tag } from "./types.ts";

/** The profile's tags, sorted by text (spec §7), with add and delete (the settings action). */
export function TagSettings({ tags, onChanged }: { tags: readonly Tag[]; onChanged(): void }) {
  const { t } = useTranslation();
  const write = useRouteWrite();
  const form = useHydraForm(
    { text: "" },
    (values) => write("tag.create", {}, { text: values.text }),
    {
      onSaved: () => {
        form.reset({ text: "" });
        onChanged();
      },
    },
  );

  const { confirm, modal: confirmation } = useConfirm();
  function remove(tag: Tag) {
    confirm({
      title: t("settings.confirmDelete.title"),
      text: t("settings.confirmDelete.tag", { name: tag.text }),
      confirmLabel: t("settings.delete"),
      run: async () => {
        if (await deleteWithToast(() => write("tag.remove", { iri: tag["@id"] }), t)) onChanged();
      },
    });
  }

  return (
    <Stack gap="lg">
      {confirmation}
      <Card withBorder padding="lg">
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t("settings.tags.title")}
          </Title>
          {tags.length === 0 && <Text c="dimmed">{t("settings.tags.empty")}</Text>}
          {tags.map((tag) => (
            <Group key={tag.id} justify="space-between" data-testid="tag-row">
              <Text>{tag.text}</Text>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t("settings.delete")}
                onClick={() => remove(tag)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      </Card>
      <Card withBorder padding="lg">
        <form onSubmit={form.onSubmit} noValidate data-testid="tag-form">
          <Group align="flex-start">
            <TextInput
              style={{ flex: 1 }}
              label={t("settings.tags.text")}
              name="text"
              value={form.values.text}
              onChange={(event) => form.set("text", event.currentTarget.value)}
              error={form.error("text")}
            />
            <Button type="submit" mt={24} loading={form.submitting} data-testid="save-tag">
              {t("settings.tags.add")}
            </Button>
          </Group>
        </form>
      </Card>
    </Stack>
  );
}
