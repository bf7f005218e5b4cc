import {
  AppShell,
  Box,
  Burger,
  Container,
  Group,
  NavLink,
  Paper,
  ScrollArea,
  Text,
  useMantineTheme,
} from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import {
  IconAdjustments,
  IconAdjustmentsDollar,
  IconBolt,
  IconBox,
  IconChartBar,
  IconHistory,
  IconHome,
  IconList,
  IconRocket,
  IconSettings,
  IconShieldLock,
  IconUpload,
} from "@tabler/icons-react";
import { memo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useMatches } from "react-router";
import { useCspNonce } from "../lib/csp-nonce.tsx";
import { darkFrameCss, FRAME_ATTRIBUTE } from "../lib/theme-config.ts";
import { useLocalizedPath } from "../lib/use-locale.ts";
import { entryForRouteId, splitLocale } from "../route-table.ts";
import { useIsAdmin } from "../session/SessionKeeper.tsx";
import { ImpersonationBanner } from "./admin/ImpersonationBanner.tsx";
import { BackButton } from "./BackButton.tsx";
import { HelpBadge } from "./HelpBadge.tsx";
import { LanguageSwitch } from "./LanguageSwitch.tsx";
import { ProfilePicker } from "./ProfilePicker.tsx";
import { ThemeSwitch } from "./ThemeSwitch.tsx";
import { UserMenu } from "./UserMenu.tsx";

interface NavItem {
  labelKey: string;
  path: string;
  icon: ReactNode;
  children?: NavItem[];
  /** Shown to administrators only (the server refuses the pages to others with a 403 too). */
  adminOnly?: boolean;
}

const ICON = 18;
const NAVIGATION: NavItem[] = [
  { labelKey: "nav.home", path: "/", icon: <IconHome size={ICON} /> },
  {
    labelKey: "nav.hangar",
    path: "/hangar/campaigns",
    icon: <IconRocket size={ICON} />,
    children: [
      { labelKey: "nav.campaigns", path: "/hangar/campaigns", icon: <IconChartBar size={ICON} /> },
      {
        labelKey: "nav.bidOptimisation",
        path: "/hangar/bid-optimisation",
        icon: <IconAdjustmentsDollar size={ICON} />,
      },
    ],
  },
  {
    labelKey: "nav.cargoBay",
    path: "/cargo-bay/collections",
    icon: <IconBox size={ICON} />,
    children: [
      {
        labelKey: "nav.collections",
        path: "/cargo-bay/collections",
        icon: <IconBox size={ICON} />,
      },
    ],
  },
  {
    labelKey: "nav.products",
    path: "/product/list",
    icon: <IconList size={ICON} />,
    children: [
      { labelKey: "nav.productList", path: "/product/list", icon: <IconList size={ICON} /> },
      {
        labelKey: "nav.productImports",
        path: "/product/imports",
        icon: <IconUpload size={ICON} />,
      },
    ],
  },
  {
    labelKey: "nav.strategyCenter",
    path: "/strategy-center",
    icon: <IconAdjustments size={ICON} />,
  },
  { labelKey: "nav.actionCenter", path: "/action-center", icon: <IconBolt size={ICON} /> },
  { labelKey: "nav.settings", path: "/settings", icon: <IconSettings size={ICON} /> },
  {
    labelKey: "nav.admin",
    path: "/admin/users",
    icon: <IconShieldLock size={ICON} />,
    adminOnly: true,
    children: [
      { labelKey: "nav.adminUsers", path: "/admin/users", icon: <IconShieldLock size={ICON} /> },
      { labelKey: "nav.adminAudit", path: "/admin/audit", icon: <IconHistory size={ICON} /> },
      {
        labelKey: "nav.adminStrategy",
        path: "/admin/strategy",
        icon: <IconAdjustments size={ICON} />,
      },
    ],
  },
];

function isActive(current: string, path: string): boolean {
  return path === "/" ? current === "/" : current === path || current.startsWith(`${path}/`);
}

/** The sidebar, drawn again only when the page (its path) changes, not its query. */
const Navigation = memo(function Navigation({ current }: { current: string }) {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  const admin = useIsAdmin();
  const items = NAVIGATION.filter((item) => admin || !item.adminOnly);
  return (
    <nav aria-label={t("nav.label")} data-testid="sidebar">
      {items.map((item) =>
        item.children ? (
          <NavLink
            key={item.labelKey}
            label={t(item.labelKey)}
            leftSection={item.icon}
            defaultOpened={item.children.some((child) => isActive(current, child.path))}
            active={item.children.some((child) => isActive(current, child.path))}
            variant="subtle"
          >
            {item.children.map((child) => (
              <NavLink
                key={child.path}
                component={Link}
                to={localized(child.path)}
                label={t(child.labelKey)}
                active={isActive(current, child.path)}
              />
            ))}
          </NavLink>
        ) : (
          <NavLink
            key={item.labelKey}
            component={Link}
            to={localized(item.path)}
            label={t(item.labelKey)}
            leftSection={item.icon}
            active={isActive(current, item.path)}
          />
        ),
      )}
    </nav>
  );
});

/**
 * The top bar's tools (profile and marketplace pickers, language, theme, user menu). Memoised
 * like the sidebar and the frame's other parts: a sort or a filter navigates (the query changes),
 * and redrawing the whole frame with its menus was part of every such click; each part still
 * follows what it reads itself (the language switch the location).
 */
const FrameTools = memo(function FrameTools() {
  return (
    <Group gap="sm" wrap="nowrap">
      <Group gap="xs" data-testid="profile-picker-slot" visibleFrom="sm">
        <ProfilePicker />
      </Group>
      <LanguageSwitch />
      <ThemeSwitch />
      <UserMenu />
    </Group>
  );
});
const FrameBanner = memo(ImpersonationBanner);
const FrameHelp = memo(HelpBadge);

/**
 * The top bar and the sidebar are dark in both schemes (the interface reads as dark-framed on
 * first visit, in the default light theme): they carry the dark scheme's variables.
 */
const DARK_FRAME = { [FRAME_ATTRIBUTE]: "", "data-mantine-color-scheme": "dark" } as const;

const DarkFrameStyles = memo(function DarkFrameStyles() {
  const theme = useMantineTheme();
  const nonce = useCspNonce();
  // biome-ignore lint/security/noDangerouslySetInnerHtml: CSS variables generated from our theme.
  return <style nonce={nonce} dangerouslySetInnerHTML={{ __html: darkFrameCss(theme) }} />;
});

/** The app shell of the `default` and `default-boxed` layouts. */
export function AppFrame({ boxed, children }: { boxed: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  const [opened, { toggle }] = useDisclosure(false);
  const localized = useLocalizedPath();
  const matches = useMatches();
  const current = splitLocale(useLocation().pathname).path;
  const entry = entryForRouteId(matches.at(-1)?.id);
  const content = (
    <>
      {entry?.backButton ? (
        <Box mb="sm">
          <BackButton />
        </Box>
      ) : null}
      {children}
    </>
  );
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 260, breakpoint: "sm", collapsed: { mobile: !opened } }}
      padding="md"
      data-layout={boxed ? "default-boxed" : "default"}
    >
      <DarkFrameStyles />
      <AppShell.Header {...DARK_FRAME}>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t("nav.toggle")}
            />
            <Text component={Link} to={localized("/")} fw={700} size="lg" c="indigo" td="none">
              {t("app.name")}
            </Text>
          </Group>
          <FrameTools />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" {...DARK_FRAME}>
        <ScrollArea>
          <Navigation current={current} />
        </ScrollArea>
      </AppShell.Navbar>
      {/* Room below the content for the floating help badge: a table's last row scrolls clear of it. */}
      <AppShell.Main pb={88}>
        <Box
          mx="calc(var(--mantine-spacing-md) * -1)"
          mt="calc(var(--mantine-spacing-md) * -1)"
          mb="md"
        >
          <FrameBanner />
        </Box>
        {boxed ? (
          <Container size="xl" data-testid="boxed-content">
            <Paper withBorder p="lg" radius="md">
              {content}
            </Paper>
          </Container>
        ) : (
          content
        )}
      </AppShell.Main>
      <FrameHelp />
    </AppShell>
  );
}
