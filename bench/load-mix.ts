/**
 * The load bench's mix (issue 22, RS6): what one signed-in session asks, drawn by weight at every request. Each
 * session edits only its own participants (a slice of the project's), loading one before saving it with the version
 * it read (RS4): a 409 is therefore an error of the run, never an expected answer. bench/README.md has the table.
 */
import type { random } from './harness';
import type { Kind, Session } from './load-client';
import type { LoadSeed } from './load-seed';

/** One session of the run: its cookies, its own records and the one it has open in the edition panel. */
export interface VirtualUser {
  index: number;
  session: Session;
  random: ReturnType<typeof random>;
  /** The participants this session edits (nobody else does). */
  records: string[];
  next: number;
  /** The participant last loaded, as the edition panel holds it (with its version). */
  open: Record<string, unknown> | null;
  edits: number;
}

export interface Call {
  method: 'GET' | 'PUT' | 'POST';
  path: string;
  body?: unknown;
}

export interface MixEntry {
  name: string;
  kind: Kind;
  weight: number;
  /** What the user does, for the table of bench/README.md. */
  what: string;
  call(vu: VirtualUser, seed: LoadSeed): Call;
  /** Reads the answer (a 2xx) when the session keeps something of it. */
  answered?(vu: VirtualUser, body: string): void;
}

const SEARCHES = [
  'Tremblay',
  'Côté',
  'gagnon',
  'Müller',
  'Élise',
  'francois',
  'Nguyễn',
  '李娜',
  'Énergie',
  'rapport-1',
];
const PROJECT_SEARCHES = ['Salon n° 1', 'Québec', 'fair #4', 'grande'];
const ACTIVITY_SEARCHES = ['Atelier n° 1', 'économie', 'Workshop #2', 'atelier n° 19'];
const get = (path: string): Call => ({ method: 'GET', path });
const dir = (vu: VirtualUser) => (vu.random.chance(0.5) ? 'asc' : 'desc');

const openNext = (vu: VirtualUser, seed: LoadSeed): Call => {
  const id = vu.records[vu.next++ % vu.records.length];
  return get(`/api/projects/${seed.projectId}/participants/${id}`);
};

/** The participant answered (loaded or saved) is the one the edition panel holds, with its version. */
const keepOpen = (vu: VirtualUser, body: string) => {
  vu.open = JSON.parse(body);
};

/** The edition panel's save: every field as loaded, a new job title, the version read. */
function editOf(p: Record<string, unknown>, n: number) {
  return {
    version: p.version,
    roleId: (p.role as { id: string }).id,
    firstName: p.firstName,
    lastName: p.lastName,
    email: p.email,
    organisation: p.organisation,
    jobTitle: `Chargée de projets (modif. n° ${n})`,
    phone: p.phone,
    phonePro: p.phonePro,
    language: p.language,
    status: p.status,
    profile: p.profile,
  };
}

export const MIX: MixEntry[] = [
  {
    name: 'projects list',
    kind: 'read',
    weight: 8,
    what: 'projects list (61 projects): sorted by name, start or creation, either way; a search one time in three',
    call: (vu) => {
      const sort = vu.random.pick(['name', 'startsOn', 'createdAt']);
      const q = vu.random.chance(1 / 3) ? `&q=${encodeURIComponent(vu.random.pick(PROJECT_SEARCHES))}` : '';
      return get(`/api/projects?sort=${sort}&dir=${dir(vu)}${q}`);
    },
  },
  {
    name: 'participants search',
    kind: 'read',
    weight: 14,
    what: 'participants list (2,000): a search by name, e-mail or organisation (accents, other scripts), sorted by last name',
    call: (vu, seed) =>
      get(
        `/api/projects/${seed.projectId}/participants?q=${encodeURIComponent(vu.random.pick(SEARCHES))}&sort=lastName&dir=${dir(vu)}`,
      ),
  },
  {
    name: 'participants sorted',
    kind: 'read',
    weight: 10,
    what: 'participants list: a sort (creation, organisation, role, e-mail), page 1–8 of 25, a role or group filter one time in two',
    call: (vu, seed) => {
      const sort = vu.random.pick(['createdAt', 'organisation', 'role', 'email']);
      const filter = vu.random.chance(0.5)
        ? vu.random.chance(0.5)
          ? `&roleId=${vu.random.pick(seed.roleIds)}`
          : `&groupId=${vu.random.pick(seed.groupIds)}`
        : '';
      return get(
        `/api/projects/${seed.projectId}/participants?sort=${sort}&dir=${dir(vu)}&page=${vu.random.int(1, 8)}${filter}`,
      );
    },
  },
  {
    name: 'activities list',
    kind: 'read',
    weight: 10,
    what: 'activities list (200): sorted by start, title, type or duration; a search one time in two',
    call: (vu, seed) => {
      const sort = vu.random.pick(['startsAt', 'title', 'type', 'duration']);
      const q = vu.random.chance(0.5) ? `&q=${encodeURIComponent(vu.random.pick(ACTIVITY_SEARCHES))}` : '';
      return get(`/api/projects/${seed.projectId}/activities?sort=${sort}&dir=${dir(vu)}${q}`);
    },
  },
  {
    name: 'participant',
    kind: 'read',
    weight: 10,
    what: 'one participant opened in the edition panel (the next of the session’s own)',
    call: openNext,
    answered: keepOpen,
  },
  {
    name: 'report',
    kind: 'read',
    weight: 6,
    what: 'report (T1): a role and a group, or an answer and a creation period, sorted, page 1–3',
    call: (vu, seed) => {
      const filters = vu.random.chance(0.5)
        ? `roleIds=${vu.random.pick(seed.roleIds)}&groupIds=${vu.random.pick(seed.groupIds)}`
        : `questionId=${seed.questionIds[0]}&choiceIds=${vu.random.pick(seed.choiceIds)}&createdFrom=2026-03-01&createdTo=2026-10-31`;
      return get(
        `/api/projects/${seed.projectId}/report?${filters}&sort=lastName&dir=${dir(vu)}&page=${vu.random.int(1, 3)}`,
      );
    },
  },
  {
    name: 'session status',
    kind: 'read',
    weight: 4,
    what: 'the session check the web app makes every minute',
    call: () => get('/api/session/status'),
  },
  {
    name: 'export xlsx',
    kind: 'read',
    weight: 1,
    what: 'participants export (Excel) of one group (about 150–300 rows) or of a search',
    call: (vu, seed) => {
      const filter = vu.random.chance(0.7)
        ? `groupId=${vu.random.pick(seed.groupIds)}`
        : `q=${encodeURIComponent(vu.random.pick(SEARCHES))}`;
      return get(`/api/projects/${seed.projectId}/participants/export.xlsx?${filter}&sort=lastName`);
    },
  },
  {
    name: 'participant save',
    kind: 'write',
    weight: 12,
    what: 'the edition panel’s save (PUT with the version loaded) of the participant open, else the next one is opened first',
    call: (vu, seed) => {
      if (!vu.open) return openNext(vu, seed);
      vu.edits++;
      return {
        method: 'PUT',
        path: `/api/projects/${seed.projectId}/participants/${vu.open.id}`,
        body: editOf(vu.open, vu.edits),
      };
    },
    answered: keepOpen,
  },
  {
    name: 'session extend',
    kind: 'write',
    weight: 2,
    what: '« Prolonger la session » (POST): the session’s end pushed back',
    call: () => ({ method: 'POST', path: '/api/session/extend', body: {} }),
  },
];

const TOTAL = MIX.reduce((s, e) => s + e.weight, 0);

/** The next request of a session: an entry drawn by weight, and the call it makes. */
export function draw(vu: VirtualUser, seed: LoadSeed): { entry: MixEntry; call: Call } {
  let roll = vu.random.next() * TOTAL;
  for (const entry of MIX) {
    roll -= entry.weight;
    if (roll < 0) {
      const call = entry.call(vu, seed);
      // A save with nothing open opens the participant first: it counts as that read.
      const asked = call.method === 'GET' && entry.kind === 'write' ? MIX[4] : entry;
      return { entry: asked, call };
    }
  }
  return { entry: MIX[0], call: MIX[0].call(vu, seed) };
}

/** The mix as the Markdown table of bench/README.md. */
export function mixTable(): string {
  const lines = [
    '| request | kind | weight | share | what the session does |',
    '| --- | --- | ---: | ---: | --- |',
  ];
  for (const e of MIX) {
    lines.push(
      `| ${e.name} | ${e.kind} | ${e.weight} | ${((100 * e.weight) / TOTAL).toFixed(1)} % | ${e.what} |`,
    );
  }
  return lines.join('\n');
}
