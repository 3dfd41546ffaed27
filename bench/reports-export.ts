/**
 * The reports bench's PF3 case: the T1 Excel export of every filtered row through the app (the response read as a
 * stream, as a browser downloads it) against a raw exceljs streaming write (WorkbookWriter) of the same rows
 * fetched with the same SQL — the report's select in one statement, then its groups and answers by 1,000 ids as the
 * export reads them. One extra untimed run measures the time to the first byte and the memory above idle.
 */
import { PassThrough, type Writable } from 'node:stream';
import { and, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../server/db/client';
import { participantAnswers } from '../server/db/schema';
import {
  baseSelect,
  groupsOfQuery,
  listOrder,
  type ParticipantListParams,
} from '../server/modules/participants/repository';
import { answerColumns } from '../server/modules/questions/repository';
import { type ReportWhere, reportWhere } from '../server/modules/reports/report-repository';
import { withMemoryPeak } from './campaign-support';
import type { BenchCase } from './harness';

/** Bytes read from a stream to its end; the instant of the first chunk. */
async function drain(stream: AsyncIterable<Buffer | string>, started: number) {
  let bytes = 0;
  let firstByte = Number.NaN;
  for await (const chunk of stream) {
    if (bytes === 0) firstByte = performance.now() - started;
    bytes += chunk.length;
  }
  return { bytes, firstByte, total: performance.now() - started };
}

/** A sink that only counts: what a socket to a fast client would be. */
function sink(): { stream: Writable; done: Promise<number> } {
  const out = new PassThrough();
  let bytes = 0;
  out.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
  });
  const done = new Promise<number>((resolve, reject) => {
    out.on('end', () => resolve(bytes));
    out.on('error', reject);
  });
  return { stream: out, done };
}

export interface ExportCaseInput {
  app: FastifyInstance;
  cookies: Record<string, string>;
  database: Database;
  companyId: string;
  projectId: string;
  /** The query string of the export (the filters), and the same filters as the repository reads them. */
  query: string;
  filters: ReportWhere;
  expectedRows: number;
  quick: boolean;
  log(message: string): void;
}

export function exportCase(input: ExportCaseInput): BenchCase {
  const { app, cookies, database, companyId, projectId } = input;
  const url = `/api/projects/${projectId}/report/export.xlsx?${input.query}`;
  const params: ParticipantListParams = {
    sort: 'lastName',
    dir: 'asc',
    page: 1,
    pageSize: 25,
    language: 'fr',
  };
  const where = reportWhere(companyId, projectId, { ...params, filters: input.filters });
  const select = baseSelect(database.db)
    .where(where)
    .orderBy(...listOrder(params))
    .toSQL();

  const subject = async () => {
    const started = performance.now();
    const res = await app.inject({ method: 'GET', url, cookies, payloadAsStream: true });
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}`);
    return drain(res.stream(), started);
  };

  const baseline = async () => {
    const started = performance.now();
    const { rows } = await database.sql.query<Record<string, unknown>>(select.sql, select.params);
    const out = sink();
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out.stream,
      useStyles: true,
      useSharedStrings: false,
    });
    const sheet = workbook.addWorksheet('Rapport');
    for (let at = 0; at < rows.length; at += 1000) {
      const batch = rows.slice(at, at + 1000);
      const ids = batch.map((r) => Object.values(r)[0] as string);
      const groups = groupsOfQuery(database.db, ids).toSQL();
      await database.sql.query(groups.sql, groups.params);
      // The statement of questions' listAnswersOf.
      const answers = database.db
        .select(answerColumns)
        .from(participantAnswers)
        .where(
          and(eq(participantAnswers.projectId, projectId), inArray(participantAnswers.participantId, ids)),
        )
        .toSQL();
      await database.sql.query(answers.sql, answers.params);
      for (const row of batch) sheet.addRow(Object.values(row).map((v) => (v === null ? '' : v))).commit();
    }
    sheet.commit();
    await workbook.commit();
    return { bytes: await out.done, rows: rows.length, total: performance.now() - started };
  };

  return {
    name: 'export-xlsx',
    description: `PF3 Excel export of ${input.expectedRows.toLocaleString('en')} filtered rows, read as a stream: GET ${url.replace(projectId, ':id')} vs raw exceljs WorkbookWriter of the same SQL`,
    subject,
    baseline,
    rounds: input.quick ? { warmup: 1, iterations: 5 } : { warmup: 1, iterations: 7 },
    async check() {
      const direct = await baseline();
      if (direct.rows !== input.expectedRows) {
        throw new Error(`export-xlsx: the baseline read ${direct.rows} rows, ${input.expectedRows} expected`);
      }
      const { value, peak } = await withMemoryPeak(subject);
      input.log(
        `    export-xlsx: ${(value.bytes / 2 ** 20).toFixed(1)} MB in ${value.total.toFixed(0)} ms, first byte after ` +
          `${value.firstByte.toFixed(0)} ms; peak above idle: RSS ${peak.rssMb.toFixed(0)} MB, heap ` +
          `${peak.heapMb.toFixed(0)} MB; kept after: ${peak.retainedMb.toFixed(0)} MB (goal: RSS < 150 MB)`,
      );
    },
    explain: [{ label: 'export rows', sql: select.sql, params: select.params }],
  };
}
