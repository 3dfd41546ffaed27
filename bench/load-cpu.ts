/**
 * Where the load bench's CPU went (Linux /proc): the two server processes (found by their PORT), the PostgreSQL
 * server's processes (the postmaster of the harness's port and its children), this process (autocannon and the
 * bench), and the whole machine, so that the figures say whether the time went to our processes or to others'.
 */
import fs from 'node:fs';

const TICK = 100; // USER_HZ: clock ticks a second on Linux

function statOf(pid: number): { ppid: number; ticks: number; childTicks: number } | null {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    // After the name: state(0) ppid(1) … utime(11) stime(12) cutime(13) cstime(14)
    return {
      ppid: Number(fields[1]),
      ticks: Number(fields[11]) + Number(fields[12]),
      childTicks: Number(fields[13]) + Number(fields[14]),
    };
  } catch {
    return null;
  }
}

const pids = () =>
  fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number);

function read(pid: number, file: string): string {
  try {
    return fs.readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return '';
  }
}

/** The server processes listening on these ports (their environment holds PORT=…). */
export function serverPids(ports: number[]): number[] {
  return ports.map(
    (port) =>
      pids().find(
        (pid) =>
          read(pid, 'cmdline').includes('server/main.js') &&
          read(pid, 'environ').split('\0').includes(`PORT=${port}`),
      ) ?? -1,
  );
}

/** The postmaster of the server on this port (its command line names the data folder; its port is in the conf). */
export function postmasterPid(port: number): number {
  return (
    pids().find((pid) => {
      const cmd = read(pid, 'cmdline').split('\0');
      if (!cmd[0]?.endsWith('/postgres') || !cmd.includes('-D')) return false;
      const dataDir = cmd[cmd.indexOf('-D') + 1];
      try {
        return fs.readFileSync(`${dataDir}/postmaster.pid`, 'utf8').split('\n')[3]?.trim() === String(port);
      } catch {
        return false;
      }
    }) ?? -1
  );
}

/** CPU seconds so far: the process and, with `children`, its live children and those it reaped. */
function cpuSeconds(pid: number, children: boolean): number {
  const own = statOf(pid);
  if (!own) return Number.NaN;
  let ticks = own.ticks + (children ? own.childTicks : 0);
  if (children) {
    for (const p of pids()) {
      const s = statOf(p);
      if (s?.ppid === pid) ticks += s.ticks;
    }
  }
  return ticks / TICK;
}

function machineTicks() {
  const [, ...values] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = values.map(Number);
  return { busy: user + nice + system + irq + softirq + steal, idle: idle + iowait };
}

export interface CpuSnapshot {
  servers: number[];
  postgres: number;
  bench: number;
  machine: { busy: number; idle: number };
}

export function snapshot(servers: number[], postmaster: number): CpuSnapshot {
  const usage = process.cpuUsage();
  return {
    servers: servers.map((pid) => cpuSeconds(pid, false)),
    postgres: cpuSeconds(postmaster, true),
    bench: (usage.user + usage.system) / 1e6,
    machine: machineTicks(),
  };
}

/** CPU seconds of each part between two snapshots, the machine's busy share and what others used. */
export function cpuBetween(a: CpuSnapshot, b: CpuSnapshot, seconds: number) {
  const servers = b.servers.map((x, i) => x - a.servers[i]);
  const postgres = b.postgres - a.postgres;
  const bench = b.bench - a.bench;
  const busy = (b.machine.busy - a.machine.busy) / TICK;
  const idle = (b.machine.idle - a.machine.idle) / TICK;
  const ours = servers.reduce((s, x) => s + x, 0) + postgres + bench;
  return {
    seconds,
    serverA: servers[0],
    serverB: servers[1],
    postgres,
    bench,
    machineBusy: busy,
    machineIdle: idle,
    others: busy - ours,
    cores: (busy + idle) / seconds,
  };
}

export function describeCpu(c: ReturnType<typeof cpuBetween>) {
  const f = (x: number) => x.toFixed(1);
  return (
    `CPU seconds over ${f(c.seconds)} s on ${f(c.cores)} cores: instance A ${f(c.serverA)}, B ${f(c.serverB)}, ` +
    `PostgreSQL ${f(c.postgres)}, this process (autocannon, bench) ${f(c.bench)}; ` +
    `the machine busy ${f(c.machineBusy)}, idle ${f(c.machineIdle)}; other work ${f(c.others)}`
  );
}

/** A snapshot every `everyMs` while the run lasts: the CPU of each window, to set beside its latencies. */
export function sampleCpu(servers: number[], postmaster: number, everyMs: number) {
  const snapshots: { at: number; cpu: CpuSnapshot }[] = [
    { at: performance.now(), cpu: snapshot(servers, postmaster) },
  ];
  const timer = setInterval(
    () => snapshots.push({ at: performance.now(), cpu: snapshot(servers, postmaster) }),
    everyMs,
  );
  return {
    stop() {
      clearInterval(timer);
      snapshots.push({ at: performance.now(), cpu: snapshot(servers, postmaster) });
      return snapshots.slice(1).map((s, i) => ({
        from: snapshots[i].at,
        to: s.at,
        cpu: cpuBetween(snapshots[i].cpu, s.cpu, (s.at - snapshots[i].at) / 1000),
      }));
    },
  };
}
