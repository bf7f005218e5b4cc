import { Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { redirect, useNavigate } from "react-router";
import {
  CollectionForm,
  EMPTY_COLLECTION,
} from "../../../components/collections/CollectionForm.tsx";
import { getI18n } from "../../../i18n/i18n.ts";
import { useRouteWrite } from "../../../lib/route-write.ts";
import { useLocalizedPath } from "../../../lib/use-locale.ts";
import { localizePath, splitLocale } from "../../../route-table.ts";
import { sessionContext } from "../../../session/server-session.ts";
import type { Route } from "./+types/new";
import { createCollectionAction } from "./collection.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const profile = context.get(sessionContext).profile;
  if (!profile)
    throw redirect(
      localizePath("/profile-selection", splitLocale(new URL(request.url).pathname).locale),
    );
  return { profile: { id: profile.id } };
}

export async function action({ request, context }: Route.ActionArgs) {
  return createCollectionAction(context, request);
}

export function meta({ location }: Route.MetaArgs) {
  const t = getI18n(splitLocale(location.pathname).locale).t;
  return [{ title: `${t("pages.collection-new.title")} · Starport` }];
}

/** A new collection: rule-based with a live count, or manual (filled from the product list). */
export default function CollectionNewPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const to = useLocalizedPath();
  const { profile } = loaderData;
  const write = useRouteWrite();
  return (
    <Stack gap="md" data-testid="page" data-page="collection-new">
      <Title order={1}>{t("pages.collection-new.title")}</Title>
      <Text c="dimmed">{t("pages.collection-new.description")}</Text>
      <CollectionForm
        sellerProfile={profile.id}
        initial={EMPTY_COLLECTION}
        submitLabel={t("cargoBay.create")}
        onSubmit={async (values) => {
          const created = await write(
            "collection.create",
            {},
            {
              name: values.name,
              description: values.description,
              membership: values.membership,
              priority: values.priority,
              ...(values.membership === "rules" ? { rules: values.rules } : {}),
            },
          );
          navigate(to(`/cargo-bay/collections/${created.id}`));
        }}
      />
    </Stack>
  );
}
