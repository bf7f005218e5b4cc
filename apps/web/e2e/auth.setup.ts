import { writeFileSync } from "node:fs";
import { test as setup } from "@playwright/test";
import {
  ACCOUNTS,
  type AccountKey,
  firstProfileId,
  loginViaApi,
  STATE,
  sessionCookies,
} from "./session.ts";

// Signs the demo accounts in once per run; tests reuse the cookies (storageState).
for (const key of Object.keys(ACCOUNTS) as AccountKey[]) {
  setup(`sign in as ${key}`, async ({ request, baseURL }) => {
    const { email, password, profile } = ACCOUNTS[key];
    const token = await loginViaApi(request, email, password);
    const profileId = profile ? await firstProfileId(request, token) : undefined;
    writeFileSync(
      STATE[key],
      JSON.stringify({ cookies: sessionCookies(baseURL!, token, profileId), origins: [] }),
    );
  });
}
