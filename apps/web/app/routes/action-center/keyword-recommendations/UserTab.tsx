import { Anchor, Paper, Stack, Text, Textarea } from "@mantine/core";
import { useDeferredValue, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFormat } from "../../../components/hangar/format.ts";
import { CandidateTable } from "./CandidateTable.tsx";
import type { KeywordPageData } from "./keywords.server.ts";
import { type Candidate, checkIdeas, type IdeaLine } from "./model.ts";

interface IdeaRow extends Candidate {
  line: number;
}

/** The "own ideas" tab: pasted keywords, one a line, checked line by line. */
export function UserTab({ data }: { data: KeywordPageData }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [text, setText] = useState("");
  // Typing stays quick with 5,000 lines: the check runs on the deferred text.
  const deferred = useDeferredValue(text);
  const keywords = useMemo(() => new Set(data.keywords), [data.keywords]);
  const negatives = useMemo(() => new Set(data.negatives), [data.negatives]);
  const lines = useMemo<IdeaLine[]>(
    () => (deferred.trim() ? checkIdeas(deferred, keywords, negatives) : []),
    [deferred, keywords, negatives],
  );
  const valid = useMemo<IdeaRow[]>(
    () =>
      lines
        .filter((l) => l.problem === null)
        .map((l) => ({
          key: l.text.toLowerCase(),
          line: l.line,
          keywordText: l.text,
          matchType: "EXACT",
          bid: data.baseBid,
        })),
    [lines, data.baseBid],
  );
  const problems = lines.filter((l) => l.problem !== null);
  const [showAll, setShowAll] = useState(false);
  const PROBLEMS_SHOWN = 20;
  return (
    <Stack gap="xs">
      <Textarea
        label={t("keywordRecs.user.label")}
        description={t("keywordRecs.user.description", {
          bid: format.money(data.baseBid, data.currency),
        })}
        autosize
        minRows={4}
        maxRows={12}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        data-testid="kw-ideas"
      />
      {lines.length > 0 ? (
        <Text size="sm" data-testid="kw-ideas-summary">
          {t("keywordRecs.user.summary", {
            lines: format.number(lines.length),
            valid: format.number(valid.length),
            problems: format.number(problems.length),
          })}
        </Text>
      ) : null}
      {problems.length > 0 ? (
        <Paper withBorder p="xs" data-testid="kw-ideas-problems">
          <Stack gap={2}>
            {(showAll ? problems : problems.slice(0, PROBLEMS_SHOWN)).map((p) => (
              <Text size="xs" key={p.line} data-testid="kw-idea-problem" data-problem={p.problem}>
                {p.text
                  ? t("keywordRecs.user.lineText", {
                      line: format.number(p.line),
                      text: `${p.text.slice(0, 60)}${p.text.length > 60 ? "…" : ""}`,
                    })
                  : t("keywordRecs.user.line", { line: format.number(p.line) })}{" "}
                <Text span size="xs" c="red">
                  {t(`keywordRecs.user.problem.${p.problem}`)}
                </Text>
              </Text>
            ))}
            {problems.length > PROBLEMS_SHOWN ? (
              <Anchor
                component="button"
                type="button"
                size="xs"
                onClick={() => setShowAll((s) => !s)}
              >
                {showAll
                  ? t("keywordRecs.user.fewer")
                  : t("keywordRecs.user.more", {
                      count: problems.length - PROBLEMS_SHOWN,
                    })}
              </Anchor>
            ) : null}
          </Stack>
        </Paper>
      ) : null}
      <CandidateTable<IdeaRow>
        tab="user"
        data={data}
        records={valid}
        empty={lines.length === 0 ? t("keywordRecs.user.empty") : t("keywordRecs.user.noneValid")}
        extra={[
          {
            accessor: "line",
            title: t("keywordRecs.column.line"),
            textAlign: "right",
            render: (row) => format.number(row.line),
          },
        ]}
      />
    </Stack>
  );
}
