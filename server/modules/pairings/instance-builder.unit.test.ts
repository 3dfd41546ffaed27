import { describe, expect, it } from 'vitest';
import { TOGETHER_LIMIT, tablesInstance } from '../../matching/instance';
import {
  buildTablesInstance,
  type PairingData,
  TooManyTogetherPairs,
  tableThemes,
  togetherPairs,
} from './instance-builder';

const q = { id: 'q', weight: 2, reversed: false };
const tables = ['T1', 'T2', 'T3', 'T4'].map((id) => ({ id, seats: 4, vip: id === 'T4' }));

function data(overrides: Partial<PairingData> = {}): PairingData {
  return {
    rounds: 2,
    algorithm: 1,
    objective: 'none',
    choiceCount: null,
    question: null,
    choiceIds: [],
    questions: [q, { id: 'q2', weight: 1, reversed: true }],
    tables,
    people: ['a', 'b', 'c', 'd'].map((id) => ({ id, vip: id === 'd', assigned: id === 'a' ? ['T3'] : [] })),
    answers: new Map([
      ['a', new Map([['q', ['x', 'y']]])],
      [
        'b',
        new Map([
          ['q', ['y']],
          ['q2', ['z']],
        ]),
      ],
      ['c', new Map([['q', ['x', 'y', 'z']]])],
    ]),
    neverRules: [],
    meetRules: [],
    heldTables: [],
    ...overrides,
  };
}

describe('a pairing’s tables instance', () => {
  it('is a valid instance of the solvers’ shape', () => {
    expect(tablesInstance.safeParse(buildTablesInstance(data({ objective: 'similar' }))).success).toBe(true);
  });

  it('rotation (1): no scores; the tables assigned on the J7 page are the chosen ones; VIPs kept', () => {
    const instance = buildTablesInstance(data());
    expect(instance.questions).toEqual([]);
    expect(instance.people).toEqual([
      { id: 'a', vip: false, tables: ['T3'], answers: {} },
      { id: 'b', vip: false, tables: [], answers: {} },
      { id: 'c', vip: false, tables: [], answers: {} },
      { id: 'd', vip: true, tables: [], answers: {} },
    ]);
  });

  it('similar / diverse (2, 3): every question used for matching, or the pairing’s question and its ticked choices', () => {
    const all = buildTablesInstance(data({ algorithm: 2, objective: 'similar' }));
    expect(all.questions.map((x) => x.id)).toEqual(['q', 'q2']);
    expect(all.people[1].answers).toEqual({ q: ['y'], q2: ['z'] });
    const narrowed = buildTablesInstance(
      data({ algorithm: 3, objective: 'diverse', question: q, choiceIds: ['x', 'z'] }),
    );
    expect(narrowed.questions).toEqual([q]);
    expect(narrowed.people.map((p) => p.answers)).toEqual([{ q: ['x'] }, {}, { q: ['x', 'z'] }, {}]);
  });

  it('by question (7): table i shows the ticked choice i mod k; people choose the tables of their choices', () => {
    expect([...tableThemes(tables, ['x', 'y'])]).toEqual([
      ['x', ['T1', 'T3']],
      ['y', ['T2', 'T4']],
    ]);
    const instance = buildTablesInstance(
      data({ algorithm: 7, objective: 'none', question: q, choiceIds: ['x', 'y'] }),
    );
    expect(instance.people.map((p) => [p.id, [...p.tables].sort()])).toEqual([
      ['a', ['T1', 'T2', 'T3', 'T4']],
      ['b', ['T2', 'T4']],
      ['c', ['T1', 'T2', 'T3', 'T4']],
      ['d', []],
    ]);
  });

  it('number of choices (below 0): every choice a theme, only each person’s first N answers count', () => {
    const instance = buildTablesInstance(
      data({ algorithm: -1, objective: 'none', choiceCount: 1, question: q, choiceIds: ['x', 'y', 'z'] }),
    );
    // Themes: T1 x, T2 y, T3 z, T4 x. c answered x, y, z: only x counts.
    expect(instance.people.map((p) => [p.id, [...p.tables].sort()])).toEqual([
      ['a', ['T1', 'T3', 'T4']],
      ['b', ['T2']],
      ['c', ['T1', 'T4']],
      ['d', []],
    ]);
  });

  it('never rules become blocked pairs (each once, seated people only); held tables become met pairs', () => {
    const instance = buildTablesInstance(
      data({
        neverRules: [
          { a: ['a', 'b'], b: ['b', 'c', 'outsider'] },
          { a: ['c'], b: ['a'] },
        ],
        heldTables: [
          ['a', 'b', 'gone'],
          ['c', 'd'],
        ],
      }),
    );
    expect(instance.blocked).toEqual([
      ['a', 'b'],
      ['a', 'c'],
      ['b', 'c'],
    ]);
    expect(instance.met).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });

  it('« rencontre » rules become together pairs: seated people only, each pair once, not the blocked ones', () => {
    const instance = buildTablesInstance(
      data({
        meetRules: [
          { a: ['a', 'b'], b: ['b', 'c', 'outsider'] },
          { a: ['c'], b: ['a', 'd'] },
        ],
        neverRules: [{ a: ['c'], b: ['d'] }],
      }),
    );
    expect(instance.together).toEqual([
      ['a', 'b'],
      ['a', 'c'],
      ['b', 'c'],
    ]);
    expect(tablesInstance.safeParse(instance).success).toBe(true);
  });

  it('refuses more « rencontre » pairs than an instance takes (two groups of 1,000: 1 M pairs)', () => {
    const side = (prefix: string) => Array.from({ length: 1000 }, (_, i) => `${prefix}${i}`);
    const big = data({
      people: [...side('x'), ...side('y')].map((id) => ({ id, vip: false, assigned: [] })),
      meetRules: [{ a: side('x'), b: side('y') }],
    });
    expect(togetherPairs(big)).toEqual({ pairs: [], requested: 1_000_000 });
    expect(() => buildTablesInstance(big)).toThrow(TooManyTogetherPairs);
    expect(() => buildTablesInstance(big)).toThrow(`1000000 « rencontre » pairs, at most ${TOGETHER_LIMIT}`);
  });
});
