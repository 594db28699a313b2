import type { ReportQuery, ReportType } from '../../../domain/schemas/report';
import type { ReportAnswers } from '../../../src/dataProviders/coreDataProvider';
import { P1, P2, aProject, memoryDataProvider } from '../harness';

export const T1 = '33333333-3333-4333-8333-333333333333';

/** 2026-11-22 10:00 UTC: the "now" of every report test, so that default ranges are known. */
export const NOW = new Date('2026-11-22T10:00:00Z');

/** Only Date is faked: react-admin, MUI and testing-library keep their real timers. */
export function freezeDate(now = NOW) {
  jest.useFakeTimers({
    now,
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });
}

type Answers = { [Type in ReportType]?: ReportAnswers[Type] | Array<ReportAnswers[Type]> };

/**
 * The in-memory core API with two projects, a template of P1, and a report call answering from `answers`
 * (a list answers one item per call, the last one from then on).
 */
export function reportDataProvider(answers: Answers) {
  const memory = memoryDataProvider({
    project: [aProject({ id: P1, name: 'Acme' }), aProject({ id: P2, name: 'Zeta' })],
  });
  memory.tables.template = [{ id: T1, name: 'Coffee card', projectId: P1 }];
  const calls = new Map<ReportType, number>();
  const getReport = jest.fn(async (type: ReportType, _query: ReportQuery) => {
    const answer = answers[type];
    if (answer === undefined) throw new Error(`No fake answer for ${type}`);
    if (!Array.isArray(answer)) return answer;
    const call = calls.get(type) ?? 0;
    calls.set(type, call + 1);
    return answer[Math.min(call, answer.length - 1)];
  });
  // the templates of P1's passes, for readers of passes who cannot list templates
  const getReportTemplates = jest.fn(async (projectId: string) =>
    projectId === P1 ? [{ id: T1, name: 'Coffee card' }] : [],
  );
  Object.assign(memory.provider, { getReport, getReportTemplates });
  return { ...memory, getReport, getReportTemplates };
}
