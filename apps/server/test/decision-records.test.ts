/**
 * The decision records (`docs/decisions/NNNN-title.md`, issue 35 point 7) each say where they
 * stand: right under the title, before the first `##` section, a `Status:` line — `accepted` or
 * `superseded by NNNN`, optionally followed by words (`accepted; amended by 0049 (…)`) — and a
 * `Date: YYYY-MM-DD` line (the day the record was first committed). A record that replaces
 * another says `Supersedes: NNNN`, one that changes part of another `Amends: NNNN (…)`, and the
 * older record names the newer one back. No two records share a number. Plain file reads.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const folder = fileURLToPath(new URL("../../../docs/decisions/", import.meta.url));
const RECORD_NAME = /^(\d{4})-[a-z0-9][a-z0-9-]*\.md$/;
const STATUS = /^Status: (accepted|superseded by (\d{4}))(?=$|[\s;,.:(—–-])(.*)$/;
const DATE = /^Date: (\d{4})-(\d{2})-(\d{2})$/;

type DecisionRecord = {
  file: string;
  number: string;
  lines: string[];
  /** The lines between the title and the first `##` section. */
  header: string[];
};

/** Four-digit record numbers named in `text`, parenthesised remarks left out. */
function numbersIn(text: string) {
  return [...text.replace(/\([^)]*\)/g, "").matchAll(/\b(\d{4})\b/g)].map((m) => m[1]!);
}

function readRecords(): DecisionRecord[] {
  return readdirSync(folder)
    .filter((file) => file.endsWith(".md") && file !== "README.md")
    .sort()
    .map((file) => {
      const lines = readFileSync(join(folder, file), "utf8").split("\n");
      const end = lines.findIndex((line, i) => i > 0 && line.startsWith("## "));
      return {
        file,
        number: RECORD_NAME.exec(file)?.[1] ?? "",
        lines,
        header: lines.slice(1, end === -1 ? lines.length : end),
      };
    });
}

/** Whether `line` is a real calendar day (2026-02-30 is not). */
function isCalendarDay(line: string) {
  const m = DATE.exec(line);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/** What is wrong with the records, one sentence per fault (empty: nothing). */
function decisionRecordFaults(records: DecisionRecord[]): string[] {
  const faults: string[] = [];
  const byNumber = new Map<string, DecisionRecord[]>();
  for (const record of records) {
    if (!record.number) {
      faults.push(`${record.file}: not named NNNN-title.md`);
      continue;
    }
    byNumber.set(record.number, [...(byNumber.get(record.number) ?? []), record]);
  }
  for (const [number, same] of byNumber) {
    if (same.length > 1) {
      faults.push(
        `${number} is used by ${same.length} records: ${same.map((r) => r.file).join(", ")}`,
      );
    }
  }

  const statusOf = new Map<string, { supersededBy?: string; amendedBy: string[] }>();
  const claims = new Map<string, { supersedes: string[]; amends: string[] }>();
  for (const record of records) {
    if (!record.number) continue;
    const { file, number, header } = record;
    const title = record.lines[0] ?? "";
    if (!title.startsWith(`# ${number} `)) {
      faults.push(`${file}: its first line is not its title "# ${number} — …"`);
    }

    const statusLines = header.filter((line) => line.startsWith("Status:"));
    const dateLines = header.filter((line) => line.startsWith("Date:"));
    if (statusLines.length !== 1) {
      faults.push(
        `${file}: needs one "Status: accepted" or "Status: superseded by NNNN" line under its title (found ${statusLines.length})`,
      );
    } else {
      const m = STATUS.exec(statusLines[0]!);
      if (!m) {
        faults.push(
          `${file}: "${statusLines[0]}" is neither "Status: accepted…" nor "Status: superseded by NNNN…"`,
        );
      } else {
        const rest = m[3] ?? "";
        const amended = /\bamended by\b(.*)$/.exec(rest);
        statusOf.set(number, {
          supersededBy: m[2],
          amendedBy: amended ? numbersIn(amended[1]!) : [],
        });
        if (amended && numbersIn(amended[1]!).length === 0) {
          faults.push(`${file}: "amended by" names no record number`);
        }
      }
    }
    if (dateLines.length !== 1) {
      faults.push(
        `${file}: needs one "Date: YYYY-MM-DD" line under its title (found ${dateLines.length})`,
      );
    } else if (!isCalendarDay(dateLines[0]!)) {
      faults.push(`${file}: "${dateLines[0]}" is not "Date: YYYY-MM-DD" with a real day`);
    }

    const listed = (label: string) =>
      header.filter((line) => line.startsWith(`${label}:`)).flatMap((line) => numbersIn(line));
    claims.set(number, { supersedes: listed("Supersedes"), amends: listed("Amends") });
  }

  const exists = (number: string) => byNumber.has(number);
  for (const [number, status] of statusOf) {
    const file = byNumber.get(number)![0]!.file;
    if (status.supersededBy) {
      const by = status.supersededBy;
      if (!exists(by)) faults.push(`${file}: superseded by ${by}, which does not exist`);
      else if (by <= number) faults.push(`${file}: superseded by ${by}, which is not later`);
      else if (!claims.get(by)?.supersedes.includes(number)) {
        faults.push(`${file}: superseded by ${by}, but ${by} has no "Supersedes: ${number}" line`);
      }
    }
    for (const by of status.amendedBy) {
      if (!exists(by)) faults.push(`${file}: amended by ${by}, which does not exist`);
      else if (by <= number) faults.push(`${file}: amended by ${by}, which is not later`);
      else if (!claims.get(by)?.amends.includes(number)) {
        faults.push(`${file}: amended by ${by}, but ${by} has no "Amends: ${number}" line`);
      }
    }
  }
  for (const [number, claim] of claims) {
    const file = byNumber.get(number)![0]!.file;
    for (const older of claim.supersedes) {
      if (!exists(older)) faults.push(`${file}: supersedes ${older}, which does not exist`);
      else if (statusOf.get(older) && statusOf.get(older)!.supersededBy !== number) {
        faults.push(
          `${file}: supersedes ${older}, whose Status does not say "superseded by ${number}"`,
        );
      }
    }
    for (const older of claim.amends) {
      if (!exists(older)) faults.push(`${file}: amends ${older}, which does not exist`);
      else if (statusOf.get(older) && !statusOf.get(older)!.amendedBy.includes(number)) {
        faults.push(`${file}: amends ${older}, whose Status does not say "amended by ${number}"`);
      }
    }
  }
  return faults;
}

const record = (file: string, ...header: string[]): DecisionRecord => {
  const number = RECORD_NAME.exec(file)?.[1] ?? "";
  const lines = [`# ${number} — A title`, "", ...header, "", "## Context", "Text."];
  return { file, number, lines, header: lines.slice(1, lines.indexOf("## Context")) };
};

describe("decision records", () => {
  it("each has a Status and a Date under its title, and supersessions name existing records both ways", () => {
    const records = readRecords();
    expect(records.length).toBeGreaterThanOrEqual(59);
    expect(decisionRecordFaults(records)).toEqual([]);
  });

  it("refuses a missing Status or Date, a bad date, a dangling supersession and a shared number", () => {
    const ok = record("0001-one.md", "Status: accepted", "Date: 2026-11-22");
    expect(decisionRecordFaults([ok])).toEqual([]);
    expect(
      decisionRecordFaults([
        record("0001-one.md", "Status: accepted; amended by 0002 (a part)", "Date: 2026-11-22"),
        record("0002-two.md", "Status: accepted", "Date: 2026-11-23", "Amends: 0001 (a part)"),
        record("0003-three.md", "Status: superseded by 0004 (what changed)", "Date: 2026-11-23"),
        record("0004-four.md", "Status: accepted", "Date: 2026-11-24", "Supersedes: 0003"),
      ]),
    ).toEqual([]);

    const faults = (...records: DecisionRecord[]) => decisionRecordFaults(records).join("\n");
    expect(faults(record("0001-one.md", "Date: 2026-11-22"))).toMatch(/needs one "Status/);
    expect(faults(record("0001-one.md", "Status: accepted"))).toMatch(/needs one "Date/);
    expect(faults(record("0001-one.md", "Status: proposed", "Date: 2026-11-22"))).toMatch(
      /neither "Status: accepted/,
    );
    expect(faults(record("0001-one.md", "Status: acceptedish", "Date: 2026-11-22"))).toMatch(
      /neither/,
    );
    expect(faults(record("0001-one.md", "Status: accepted", "Date: 2026-02-30"))).toMatch(
      /real day/,
    );
    expect(faults(record("0001-one.md", "Status: accepted", "Date: 22/11/2026"))).toMatch(
      /real day/,
    );
    expect(
      faults(record("0001-one.md", "Status: superseded by 0009 (gone)", "Date: 2026-11-22")),
    ).toMatch(/superseded by 0009, which does not exist/);
    expect(
      faults(
        record("0001-one.md", "Status: superseded by 0002", "Date: 2026-11-22"),
        record("0002-two.md", "Status: accepted", "Date: 2026-11-23"),
      ),
    ).toMatch(/0002 has no "Supersedes: 0001" line/);
    expect(
      faults(
        record("0001-one.md", "Status: accepted", "Date: 2026-11-22"),
        record("0002-two.md", "Status: accepted", "Date: 2026-11-23", "Supersedes: 0001"),
      ),
    ).toMatch(/whose Status does not say "superseded by 0002"/);
    expect(
      faults(
        record("0001-one.md", "Status: accepted; amended by 0003", "Date: 2026-11-22"),
        record("0002-two.md", "Status: accepted", "Date: 2026-11-23"),
      ),
    ).toMatch(/amended by 0003, which does not exist/);
    expect(
      faults(
        record("0007-one.md", "Status: accepted", "Date: 2026-11-22"),
        record("0007-two.md", "Status: accepted", "Date: 2026-11-22"),
      ),
    ).toMatch(/0007 is used by 2 records/);
    expect(faults(record("notes.md", "Status: accepted", "Date: 2026-11-22"))).toMatch(
      /not named NNNN-title\.md/,
    );
  });
});
