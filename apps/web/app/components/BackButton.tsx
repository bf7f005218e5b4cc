import { Button } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";

/** Goes back in history when the user came from inside the app, else one level up. */
export function BackButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <Button
      variant="subtle"
      leftSection={<IconArrowLeft size={16} />}
      data-testid="back-button"
      onClick={() => {
        if (location.key !== "default") navigate(-1);
        else navigate(location.pathname.replace(/\/[^/]+\/?$/, "") || "/");
      }}
    >
      {t("page.back")}
    </Button>
  );
}
