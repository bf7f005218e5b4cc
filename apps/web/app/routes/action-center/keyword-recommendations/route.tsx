/**
 * /action-center/keyword-recommendations/{marketplace}/{id} (issue 21 §2): keywords worth adding
 * to one ad group, in three tabs (in the URL: `?tab=search|user|amazon`) — its converting search
 * terms (and those of the campaign's other ad groups' auto, broad and phrase sources, with the
 * source negation) not yet keywords, the seller's own ideas (typed, pasted or imported from a
 * CSV or XLSX, one a line, checked line by line) and Amazon's recommendations for its products.
 * Each tab: select rows, adjust match type and bid, add → creations in the seller's change tray
 * (the route action), pushed from the page or the tray; each added row then shows its result.
 */
import { Alert, Anchor, Badge, Group, Stack, Tabs, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { ChangesTrayButton } from "../../../components/hangar/changes/ChangesTray.tsx";
import { HangarEditing } from "../../../components/hangar/changes/HangarEditing.tsx";
import { getI18n } from "../../../i18n/i18n.ts";
import { useLocalizedPath } from "../../../lib/use-locale.ts";
import { splitLocale } from "../../../route-table.ts";
import type { Route } from "./+types/route";
import { AddedRowsProvider } from "./AddedRows.tsx";
import { AmazonTab } from "./AmazonTab.tsx";
import { keywordAction } from "./add-keywords.server.ts";
import { loadKeywordPage } from "./keywords.server.ts";
import { KEYWORD_TABS, type KeywordTab, tabOf } from "./model.ts";
import { SearchTab } from "./SearchTab.tsx";
import { UserTab } from "./UserTab.tsx";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadKeywordPage(context, request, params);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return keywordAction(context, request, params.id);
}

export function meta({ loaderData, location }: Route.MetaArgs) {
  const t = getI18n(splitLocale(location.pathname).locale).t;
  const title = t("pages.keyword-recommendations.title");
  return [{ title: `${loaderData ? `${title}: ${loaderData.adGroup.name}` : title} · Starport` }];
}

export default function KeywordRecommendations({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const localize = useLocalizedPath();
  const [params, setParams] = useSearchParams();
  const data = loaderData;
  const tab = tabOf(params);
  const setTab = (next: string | null) => {
    const query = new URLSearchParams(params);
    if (next && next !== "search") query.set("tab", next);
    else query.delete("tab");
    setParams(query, { preventScrollReset: true });
  };
  const counts: Record<KeywordTab, number | null> = {
    search: data.search.length,
    user: null,
    amazon: data.amazon?.state === "ok" ? data.amazon.rows.length : null,
  };
  return (
    <HangarEditing
      sellerProfileId={data.sellerProfileId}
      advertisingProfileId={data.advertisingProfileId}
      currency={data.currency}
    >
      <Stack gap="md" data-testid="page" data-page="keyword-recommendations">
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
            <Text size="sm" c="dimmed">
              {t("pages.keyword-recommendations.title")}
            </Text>
            <Title order={1} size="h2" data-testid="kw-ad-group">
              {data.adGroup.name}
            </Title>
            <Group gap="xs">
              <Badge variant="outline" color="gray" data-testid="kw-marketplace">
                {data.marketplace}
              </Badge>
              {data.campaign ? (
                <Anchor
                  component={Link}
                  size="sm"
                  to={localize(`/hangar/campaigns/detail/${data.campaign.id}`)}
                  data-testid="kw-campaign"
                >
                  {t("hangar.adGroup.inCampaign", { campaign: data.campaign.name })}
                </Anchor>
              ) : null}
              <Anchor
                component={Link}
                size="sm"
                to={localize(`/hangar/campaigns/adgroup/${data.adGroup.id}`)}
                data-testid="kw-back"
              >
                {t("keywordRecs.backToAdGroup")}
              </Anchor>
            </Group>
          </Stack>
          <ChangesTrayButton />
        </Group>
        {data.campaign?.targetingType === "AUTO" ? (
          <Alert color="yellow" data-testid="kw-auto">
            {t("keywordRecs.autoCampaign")}
          </Alert>
        ) : null}
        {data.adGroup.state === "ARCHIVED" ? (
          <Alert color="yellow" data-testid="kw-archived">
            {t("keywordRecs.archived")}
          </Alert>
        ) : null}
        <AddedRowsProvider>
          <Tabs value={tab} onChange={setTab} keepMounted={false}>
            <Tabs.List>
              {KEYWORD_TABS.map((key) => (
                <Tabs.Tab key={key} value={key} data-testid={`kw-tab-${key}`}>
                  {t(`keywordRecs.tab.${key}`)}
                  {counts[key] !== null ? ` (${counts[key]})` : ""}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            <Tabs.Panel value="search" pt="sm">
              <SearchTab data={data} />
            </Tabs.Panel>
            <Tabs.Panel value="user" pt="sm">
              <UserTab data={data} />
            </Tabs.Panel>
            <Tabs.Panel value="amazon" pt="sm">
              <AmazonTab data={data} />
            </Tabs.Panel>
          </Tabs>
        </AddedRowsProvider>
      </Stack>
    </HangarEditing>
  );
}
