import {
  Alert,
  Anchor,
  Button,
  FileButton,
  Group,
  Paper,
  Stack,
  Text,
  Textarea,
} from "@mantine/core";
import { useDeferredValue, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFormat } from "../../../components/hangar/format.ts";
import { violationsOf } from "../../../lib/api/hydra.ts";
import { browserHydra } from "../../../lib/api/session-hydra.ts";
import { CandidateTable } from "./CandidateTable.tsx";
import type { KeywordPageData } from "./keywords.server.ts";
import {
  type Candidate,
  checkIdeas,
  clampBid,
  type IdeaLine,
  type MatchType,
  normaliseKeyword,
} from "./model.ts";

/** A line of an imported keyword list, as POST /api/keyword_lists/read answers it. */
interface ListLine {
  row: number;
  keywordText: string;
  matchType: MatchType | null;
  bid: number | null;
}

/** The import's refusals the screen names (keywordRecs.user.import.error.*). */
const IMPORT_ERRORS = [
  "noFile",
  "malformed",
  "tooLarge",
  "unsupportedType",
  "empty",
  "unreadable",
  "tooManyLines",
] as const;

interface IdeaRow extends Candidate {
  line: number;
}

/**
 * The "own ideas" tab: keywords typed, pasted or imported from a CSV or XLSX (read by the API),
 * one a line, checked line by line; an imported line's match type and bid are the file's.
 */
export function UserTab({ data }: { data: KeywordPageData }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [text, setText] = useState("");
  // Match types and bids an imported file gave its keywords (by normalised text).
  const [fromFile, setFromFile] = useState<Map<string, ListLine>>(new Map());
  const [importing, setImporting] = useState(false);
  const [imported, setImported] = useState<{ file: string; lines: number } | null>(null);
  const [importError, setImportError] = useState<string | null>(null);
  async function importFile(file: File | null) {
    if (!file) return;
    setImporting(true);
    setImportError(null);
    setImported(null);
    try {
      const form = new FormData();
      form.append("file", file);
      const result = await browserHydra().json<{ lines: ListLine[] }>("/api/keyword_lists/read", {
        method: "POST",
        body: form,
      });
      setFromFile((prev) => {
        const next = new Map(prev);
        // The first line of a keyword is the one kept (later ones are duplicates).
        const seen = new Set<string>();
        for (const line of result.lines) {
          const key = normaliseKeyword(line.keywordText);
          if (seen.has(key)) continue;
          seen.add(key);
          next.set(key, line);
        }
        return next;
      });
      // The file's lines join what is already typed, each checked like a pasted line.
      const lines = result.lines.map((l) => l.keywordText).join("\n");
      setText((prev) => (prev.trim() ? `${prev.replace(/\n+$/, "")}\n${lines}` : lines));
      setImported({ file: file.name, lines: result.lines.length });
    } catch (error) {
      const code = violationsOf(error)[0]?.code;
      setImportError(
        t(
          `keywordRecs.user.import.error.${(IMPORT_ERRORS as readonly (string | undefined)[]).includes(code) ? code : "unknown"}`,
        ),
      );
    } finally {
      setImporting(false);
    }
  }
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
        .map((l) => {
          const key = l.text.toLowerCase();
          const file = fromFile.get(key);
          return {
            key,
            line: l.line,
            keywordText: l.text,
            matchType: file?.matchType ?? "EXACT",
            bid: file?.bid ? clampBid(file.bid, data.limits) : data.baseBid,
          };
        }),
    [lines, data.baseBid, data.limits, fromFile],
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
      <Group gap="xs">
        <FileButton
          onChange={(file) => void importFile(file)}
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          inputProps={{ "data-testid": "kw-import-input" } as never}
        >
          {(props) => (
            <Button
              {...props}
              size="xs"
              variant="default"
              loading={importing}
              data-testid="kw-import"
            >
              {t("keywordRecs.user.import.button")}
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          {t("keywordRecs.user.import.help")}
        </Text>
      </Group>
      {imported ? (
        <Text size="sm" c="teal" data-testid="kw-imported">
          {t("keywordRecs.user.import.done", {
            file: imported.file,
            count: imported.lines,
            lines: format.number(imported.lines),
          })}
        </Text>
      ) : null}
      {importError ? (
        <Alert color="red" p="xs" data-testid="kw-import-error">
          {importError}
        </Alert>
      ) : null}
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
